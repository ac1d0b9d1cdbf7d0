package org.diffart.sim.compiler;

import org.diffart.sim.algo.ModelConstants;
import org.diffart.sim.model.ActuatorType;
import org.diffart.sim.model.DynType;
import org.diffart.sim.model.EqualityType;
import org.diffart.sim.model.FrameType;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.LengthRangeOptions;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.SensorType;
import org.diffart.sim.spatial.Quat;

/**
 * Compiles a {@link ModelBuilder} into the flat arrays of a {@link Model}: {@link TreeCompiler} and
 * {@link GeomCompiler} compile the tree and its geometry, this class tendons, actuators, sensors,
 * equality constraints and keyframes, then the constants that need the engine ({@link
 * ModelConstants}).
 */
final class ModelCompiler extends GeomCompiler {
  private ModelCompiler(ModelBuilder b) {
    super(b);
  }

  static Model compile(ModelBuilder b) {
    ModelCompiler c = new ModelCompiler(b);
    c.bodies();
    c.joints();
    c.sites();
    c.inertia();
    c.geoms();
    c.tendons();
    c.pairs();
    c.actuators();
    c.sensors();
    c.history();
    c.equalities();
    c.keyframes();
    c.custom(b);
    c.users(b);
    c.treeStructure();
    // constants computed on the model compiled so far, then compiled in: spring rest lengths of
    // spatial tendons, the joints' springdamper, MuJoCo's acc0 and the length ranges of muscles.
    // None feeds another (the length-range simulation runs without passive forces and actuation),
    // so one model serves them all.
    Model m = new Model(c, b.options);
    boolean computed = c.restLengths(m);
    computed |= c.springDampers(m);
    computed |= c.dampRatios(m);
    if (c.muscles() || b.lengthRange.mode() == LengthRangeOptions.Mode.ALL) {
      c.acc0(m);
      c.lengthRanges(m);
      computed = true;
    }
    return computed ? new Model(c, b.options) : m;
  }

  /**
   * The history buffers in {@code Data.history}, actuators' first, then sensors', as MuJoCo 3.14
   * lays them out: per buffer a time header, a cursor, nsample timestamps and nsample × dim values.
   */
  private void history() {
    actHistoryNum = new int[nu];
    actHistoryInterp = new int[nu];
    actHistoryAdr = new int[nu];
    actDelay = new double[nu];
    sensorHistoryNum = new int[nsensor];
    sensorHistoryInterp = new int[nsensor];
    sensorHistoryAdr = new int[nsensor];
    sensorDelay = new double[nsensor];
    sensorInterval = new double[nsensor];
    int adr = 0;
    for (int a = 0; a < nu; a++) {
      ActuatorSpec s = b.actuators.get(a);
      actHistoryNum[a] = s.historyNum;
      actHistoryInterp[a] = s.historyInterp;
      actDelay[a] = s.delay;
      actHistoryAdr[a] = s.historyNum > 0 ? adr : -1;
      adr += s.historyNum > 0 ? 2 + 2 * s.historyNum : 0;
    }
    for (int i = 0; i < nsensor; i++) {
      SensorSpec s = b.sensors.get(i);
      sensorHistoryNum[i] = s.historyNum;
      sensorHistoryInterp[i] = s.historyInterp;
      sensorDelay[i] = s.delay;
      sensorInterval[i] = s.interval;
      sensorHistoryAdr[i] = s.historyNum > 0 ? adr : -1;
      adr += s.historyNum > 0 ? 2 + s.historyNum * (1 + sensorDim[i]) : 0;
    }
    nhistory = adr;
  }

  private void sensors() {
    nsensor = b.sensors.size();
    sensorType = new int[nsensor];
    sensorFrame = new int[nsensor];
    sensorObj = new int[nsensor];
    sensorRefFrame = new int[nsensor];
    sensorRefObj = new int[nsensor];
    sensorAdr = new int[nsensor];
    sensorDim = new int[nsensor];
    sensorCutoff = new double[nsensor];
    sensorName = new String[nsensor];
    int adr = 0;
    for (int i = 0; i < nsensor; i++) {
      SensorSpec s = b.sensors.get(i);
      sensorType[i] = s.type.ordinal();
      sensorFrame[i] = frameOf(s).ordinal();
      sensorObj[i] = sensorObject(s);
      sensorRefFrame[i] = s.refFrame.ordinal();
      sensorRefObj[i] =
          s.refFrame == FrameType.NONE
              ? -1
              : SensorSpec.frameObject(
                  "sensor '" + s.name + "' (" + s.type.mjcfName() + ") reference",
                  s.refFrame,
                  s.refTarget,
                  nbody);
      sensorAdr[i] = adr;
      sensorDim[i] = s.type.dim;
      sensorCutoff[i] = s.cutoff;
      sensorName[i] = s.name;
      adr += s.type.dim;
    }
    nsensordata = adr;
  }

  /** The compiled index of what sensor s reads, checked against its type. */
  private int sensorObject(SensorSpec s) {
    String what = "sensor '" + s.name + "' (" + s.type.mjcfName() + ")";
    switch (s.type.object) {
      case SITE -> {
        if (!(s.target instanceof SiteSpec site)) {
          throw new IllegalArgumentException(what + " needs a site");
        }
        return site.compiledIndex;
      }
      case JOINT -> {
        int j = index(s, b.joints.size(), what + " needs a joint");
        JointSpec spec = b.joints.get(j);
        boolean ball = s.type == SensorType.BALLQUAT || s.type == SensorType.BALLANGVEL;
        boolean limit =
            s.type == SensorType.JOINTLIMITPOS
                || s.type == SensorType.JOINTLIMITVEL
                || s.type == SensorType.JOINTLIMITFRC;
        String type = spec.type.name().toLowerCase();
        if (ball && spec.type != JointType.BALL) {
          throw new IllegalArgumentException(
              what
                  + ": joint '"
                  + spec.name
                  + "' is a "
                  + type
                  + " joint; it reads ball joints (MuJoCo too)");
        }
        if (!ball && spec.type != JointType.HINGE && spec.type != JointType.SLIDE) {
          throw new IllegalArgumentException(
              what
                  + ": joint '"
                  + spec.name
                  + "' is a "
                  + type
                  + " joint; joint sensors read hinge and slide joints (MuJoCo too)");
        }
        if (limit && !spec.limited) {
          throw new IllegalArgumentException(
              what + ": joint '" + spec.name + "' is not limited (MuJoCo requires it)");
        }
        return spec.compiledIndex;
      }
      case ACTUATOR -> {
        return index(s, b.actuators.size(), what + " needs an actuator");
      }
      case TENDON -> {
        int t = index(s, b.tendons.size(), what + " needs a tendon");
        boolean limit =
            s.type == SensorType.TENDONLIMITPOS
                || s.type == SensorType.TENDONLIMITVEL
                || s.type == SensorType.TENDONLIMITFRC;
        if (limit && !b.tendons.get(t).limited) {
          throw new IllegalArgumentException(
              what
                  + ": tendon '"
                  + b.tendons.get(t).name
                  + "' is not limited (MuJoCo requires it)");
        }
        return t;
      }
      case NONE -> {
        return 0;
      }
      case BODY -> {
        return index(s, nbody, what + " needs a body");
      }
      default -> {
        if (s.frame == null || s.frame == FrameType.NONE) {
          throw new IllegalArgumentException(
              what + " needs a frame type (body, xbody, geom or site)");
        }
        return SensorSpec.frameObject(what, s.frame, s.target, nbody);
      }
    }
  }

  private static FrameType frameOf(SensorSpec s) {
    return switch (s.type.object) {
      case SITE -> FrameType.SITE;
      case BODY -> FrameType.XBODY;
      case FRAME -> s.frame;
      default -> FrameType.NONE;
    };
  }

  private static int index(int i, int n, String message) {
    if (i < 0 || i >= n) {
      throw new IllegalArgumentException(message + ", got " + i);
    }
    return i;
  }

  private static int index(SensorSpec s, int n, String message) {
    if (!(s.target instanceof Integer i) || i < 0 || i >= n) {
      throw new IllegalArgumentException(message + ", got " + s.target);
    }
    return i;
  }

  // ---- tendons ----

  /**
   * Tendons in the order given: a fixed tendon's joints as (qpos address, dof address, coefficient)
   * wraps; a spatial tendon's path as wraps of a site ({@code wrapSite}), a sphere or cylinder
   * ({@code wrapGeom}, with its side site {@code wrapSide} or -1) or a pulley (neither; its divisor
   * in {@code wrapCoef}), checked as MuJoCo 2.2.2 checks them. A spatial tendon's spring without
   * springlength rests at its length at the joints' spring references, which needs the compiled
   * model ({@link #restLengths}).
   */
  private void tendons() {
    ntendon = b.tendons.size();
    nwrap = b.tendons.stream().mapToInt(t -> t.joints.size() + t.path.size()).sum();
    tendonAdr = new int[ntendon];
    tendonNum = new int[ntendon];
    tendonLimited = new int[ntendon];
    tendonSpatial = new int[ntendon];
    tendonStiffness = new double[ntendon];
    tendonDamping = new double[ntendon];
    tendonLengthSpring = new double[ntendon];
    tendonRange = new double[2 * ntendon];
    tendonName = new String[ntendon];
    wrapQposAdr = new int[nwrap];
    wrapDofAdr = new int[nwrap];
    wrapSite = new int[nwrap];
    wrapGeom = new int[nwrap];
    wrapSide = new int[nwrap];
    wrapCoef = new double[nwrap];
    java.util.Arrays.fill(wrapQposAdr, -1);
    java.util.Arrays.fill(wrapDofAdr, -1);
    java.util.Arrays.fill(wrapSite, -1);
    java.util.Arrays.fill(wrapGeom, -1);
    java.util.Arrays.fill(wrapSide, -1);
    int w = 0;
    for (TendonSpec t : b.tendons) {
      int i = t.id;
      tendonAdr[i] = w;
      tendonNum[i] = t.joints.size() + t.path.size();
      tendonSpatial[i] = t.spatial() ? 1 : 0;
      double length0 = 0;
      if (t.spatial()) {
        if (!t.joints.isEmpty()) {
          throw new IllegalArgumentException("tendon '" + t.name + "' has both joints and a path");
        }
        t.checkPath();
        for (TendonSpec.PathElement e : t.path) {
          wrapSite[w] = e.site() != null ? e.site().compiledIndex : -1;
          wrapGeom[w] = e.geom() != null ? e.geom().compiledIndex : -1;
          wrapSide[w] = e.side() != null ? e.side().compiledIndex : -1;
          wrapCoef[w] = e.divisor();
          w++;
        }
      } else {
        if (t.joints.isEmpty()) {
          throw new IllegalArgumentException("tendon '" + t.name + "' has no joints");
        }
        // MuJoCo 2.2.2 rests a spring without springlength at the length of the joints' spring
        // references
        for (int k = 0; k < t.joints.size(); k++, w++) {
          JointSpec j = b.joints.get(t.joints.get(k)[0]);
          if (j.type != JointType.HINGE && j.type != JointType.SLIDE) {
            throw new IllegalArgumentException(
                "tendon '"
                    + t.name
                    + "': joint '"
                    + j.name
                    + "' is a "
                    + j.type.name().toLowerCase()
                    + " joint; a fixed tendon sums hinge and slide joints (MuJoCo too)");
          }
          wrapQposAdr[w] = jntQposAdr[j.compiledIndex];
          wrapDofAdr[w] = jntDofAdr[j.compiledIndex];
          wrapCoef[w] = t.coefs.get(k);
          length0 += wrapCoef[w] * qposSpring[wrapQposAdr[w]];
        }
      }
      tendonStiffness[i] = t.stiffness;
      tendonDamping[i] = t.damping;
      tendonLengthSpring[i] = t.springLength < 0 ? length0 : t.springLength;
      tendonLimited[i] = t.limited ? 1 : 0;
      tendonRange[2 * i] = t.range[0];
      tendonRange[2 * i + 1] = t.range[1];
      tendonName[i] = t.name;
    }
  }

  /**
   * Rests every spatial tendon spring without springlength at the tendon's length with the joints
   * at their spring references (MuJoCo 2.2.2's meaning, measured: {@code
   * datasets/reference/models/tendons.xml}); that length comes from the compiled model's kinematics
   * and wrapping. Returns whether any was set.
   */
  private boolean restLengths(Model m) {
    boolean any = false;
    for (TendonSpec t : b.tendons) {
      any |= t.spatial() && t.springLength < 0;
    }
    if (!any) {
      return false;
    }
    double[] length = ModelConstants.tendonLengths(m, qposSpring);
    for (TendonSpec t : b.tendons) {
      if (t.spatial() && t.springLength < 0) {
        tendonLengthSpring[t.id] = length[t.id];
      }
    }
    return true;
  }

  /**
   * The stiffness and damping of joints with a {@code springdamper} ({@link
   * JointSpec#springdamper}), from the mass matrix at qpos0 with armature (MuJoCo's {@code
   * dof_invweight0}, averaged over the joint's dofs).
   */
  private boolean springDampers(Model m) {
    double[] diag = null;
    for (int j = 0; j < njnt; j++) {
      JointSpec s = jointOrder.get(j);
      double tc = s.springdamper[0], dr = s.springdamper[1];
      if (tc > 0) {
        if (diag == null) {
          diag = ModelConstants.inverseDiagonal(m, qpos0);
        }
        int n = s.type.nv;
        double mean = 0;
        for (int k = 0; k < n; k++) {
          mean += diag[jntDofAdr[j] + k] / n;
        }
        double mass = 1 / mean;
        jntStiffness[j] = mass / (tc * tc * dr * dr);
        for (int k = 0; k < n; k++) {
          dofDamping[jntDofAdr[j] + k] = 2 * mass / tc;
        }
      }
    }
    return diag != null;
  }

  // ---- equality constraints ----

  /** Numbers per equality constraint in {@code eqData}, as MuJoCo's {@code mjNEQDATA}. */
  static final int EQ_DATA = 11;

  /**
   * Equality constraints with MuJoCo 2.2.2's {@code eq_data} (see {@link EqualityType}): the second
   * point of a connect and a weld's relative pose (when its quaternion is zero) come from the
   * bodies' poses at {@code qpos0}.
   */
  private void equalities() {
    neq = b.equalities.size();
    eqType = new int[neq];
    eqObj1 = new int[neq];
    eqObj2 = new int[neq];
    eqActive = new int[neq];
    eqData = new double[EQ_DATA * neq];
    eqName = new String[neq];
    double[][] pose0 = neq > 0 ? bodyPoses0() : null;
    double[] t = new double[24];
    for (int e = 0; e < neq; e++) {
      EqualitySpec s = b.equalities.get(e);
      String what = "equality '" + s.name + "' (" + s.type.name().toLowerCase() + ")";
      eqType[e] = s.type.ordinal();
      eqActive[e] = s.active ? 1 : 0;
      eqName[e] = s.name;
      neqRows += s.active ? s.type.rows : 0;
      int o = EQ_DATA * e;
      switch (s.type) {
        case CONNECT, WELD -> {
          int b1 = index(s.obj1, nbody, what + " needs body1");
          int b2 = s.obj2 < 0 ? 0 : index(s.obj2, nbody, what + " needs an existing body2");
          eqObj1[e] = b1;
          eqObj2[e] = b2;
          double[] xp = pose0[0], xq = pose0[1];
          // the anchor in the world at qpos0, through body 1 (connect) or body 2 (weld)
          int from = s.type == EqualityType.CONNECT ? b1 : b2,
              to = s.type == EqualityType.CONNECT ? b2 : b1;
          Quat.rotate(t, 0, xq, 4 * from, s.anchor, 0);
          for (int k = 0; k < 3; k++) {
            t[k] += xp[3 * from + k] - xp[3 * to + k];
          }
          System.arraycopy(s.anchor, 0, eqData, o, 3);
          if (s.type == EqualityType.CONNECT) {
            Quat.conjugate(t, 4, xq, 4 * to);
            Quat.rotate(eqData, o + 3, t, 4, t, 0);
          } else if (s.relpose[3] == 0
              && s.relpose[4] == 0
              && s.relpose[5] == 0
              && s.relpose[6] == 0) {
            // the pose at qpos0: body 2's anchor in body 1's frame, and q₁⁻¹ q₂
            Quat.conjugate(t, 4, xq, 4 * to);
            Quat.rotate(eqData, o + 3, t, 4, t, 0);
            Quat.mul(eqData, o + 6, t, 4, xq, 4 * from);
          } else {
            System.arraycopy(s.relpose, 0, eqData, o + 3, 7);
            if (Quat.normalize(eqData, o + 6) == 0) {
              throw new IllegalArgumentException(what + ": relpose has a zero quaternion");
            }
          }
          if (s.type == EqualityType.WELD) {
            eqData[o + 10] = s.torquescale;
          }
        }
        case JOINT -> {
          for (int k = 0; k < 2; k++) {
            int j = k == 0 ? index(s.obj1, b.joints.size(), what + " needs joint1") : s.obj2;
            if (j < 0) {
              eqObj2[e] = -1;
              continue;
            }
            JointSpec js =
                b.joints.get(index(j, b.joints.size(), what + " needs an existing joint2"));
            if (js.type != JointType.HINGE && js.type != JointType.SLIDE) {
              throw new IllegalArgumentException(
                  what
                      + ": joint '"
                      + js.name
                      + "' is a "
                      + js.type.name().toLowerCase()
                      + " joint; a joint equality couples hinges and slides (MuJoCo too)");
            }
            (k == 0 ? eqObj1 : eqObj2)[e] = js.compiledIndex;
          }
          System.arraycopy(s.polycoef, 0, eqData, o, 5);
        }
        case TENDON -> {
          eqObj1[e] = index(s.obj1, ntendon, what + " needs tendon1");
          eqObj2[e] = s.obj2 < 0 ? -1 : index(s.obj2, ntendon, what + " needs an existing tendon2");
          for (int ten : new int[] {eqObj1[e], eqObj2[e]}) {
            if (ten >= 0 && tendonSpatial[ten] != 0) {
              throw new IllegalArgumentException(
                  what
                      + ": tendon '"
                      + tendonName[ten]
                      + "' is spatial; couplings of"
                      + " spatial tendons are not supported yet (of fixed tendons they are)");
            }
          }
          System.arraycopy(s.polycoef, 0, eqData, o, 5);
        }
      }
    }
  }

  /**
   * World positions {@code [0]} (3 per body) and orientations {@code [1]} (4 per body) of the
   * bodies at qpos0.
   */
  private double[][] bodyPoses0() {
    double[] xp = new double[3 * nbody], xq = new double[4 * nbody];
    Quat.identity(xq, 0);
    for (int i = 1; i < nbody; i++) {
      int p = bodyParent[i];
      // every joint is at its reference at qpos0: a body sits where its parent frame puts it
      Quat.rotate(xp, 3 * i, xq, 4 * p, bodyPos, 3 * i);
      for (int k = 0; k < 3; k++) {
        xp[3 * i + k] += xp[3 * p + k];
      }
      Quat.mul(xq, 4 * i, xq, 4 * p, bodyQuat, 4 * i);
    }
    return new double[][] {xp, xq};
  }

  // ---- actuators ----

  /**
   * Each actuator's transmission as (qpos address, dof address, coefficient) terms: {@code length =
   * Σ c q}, {@code qfrc += c force}; one term {@code gear} on a joint, and {@code gear·coef} per
   * joint of a tendon.
   */
  private void transmissions() {
    actTrnAdr = new int[nu];
    actTrnNum = new int[nu];
    actCrankSite = new int[nu];
    actSliderSite = new int[nu];
    actCrankLength = new double[nu];
    actSite = new int[nu];
    actRefSite = new int[nu];
    actSiteGear = new double[6 * nu];
    actBody = new int[nu];
    java.util.Arrays.fill(actSite, -1);
    java.util.Arrays.fill(actRefSite, -1);
    java.util.Arrays.fill(actBody, -1);
    java.util.Arrays.fill(actCrankSite, -1);
    java.util.Arrays.fill(actSliderSite, -1);
    ntrn = 0;
    for (ActuatorSpec s : b.actuators) {
      ntrn +=
          s.tendon >= 0
              ? b.tendons.get(s.tendon).joints.size()
              : s.crank != null || s.site != null || s.body >= 0 ? 0 : 1;
    }
    trnQposAdr = new int[ntrn];
    trnDofAdr = new int[ntrn];
    trnCoef = new double[ntrn];
    int n = 0;
    for (int a = 0; a < nu; a++) {
      ActuatorSpec s = b.actuators.get(a);
      actTrnAdr[a] = n;
      if (s.crank != null) {
        // a slider-crank: its length and moment arms depend on the configuration (Forces.actuation)
        actCrankSite[a] = s.crank.compiledIndex;
        actSliderSite[a] = s.slider.compiledIndex;
        actCrankLength[a] = s.crankLength;
      } else if (s.site != null) {
        // a site: its length and moment arms depend on the configuration (SiteTransmission)
        actSite[a] = s.site.compiledIndex;
        actRefSite[a] = s.refSite == null ? -1 : s.refSite.compiledIndex;
        System.arraycopy(s.siteGear, 0, actSiteGear, 6 * a, 6);
      } else if (s.body >= 0) {
        // adhesion: its moment arms come from the body's contacts (Forces.adhesion)
        actBody[a] = s.body;
      } else if (s.tendon >= 0 && tendonSpatial[s.tendon] != 0) {
        // a spatial tendon: its moment arms are the tendon's Jacobian (Forces.actuation)
      } else if (s.tendon >= 0) {
        for (int w = tendonAdr[s.tendon]; w < tendonAdr[s.tendon] + tendonNum[s.tendon]; w++, n++) {
          trnQposAdr[n] = wrapQposAdr[w];
          trnDofAdr[n] = wrapDofAdr[w];
          trnCoef[n] = s.gear * wrapCoef[w];
        }
      } else {
        trnQposAdr[n] = jntQposAdr[actJnt[a]];
        trnDofAdr[n] = jntDofAdr[actJnt[a]];
        trnCoef[n] = s.gear;
        n++;
      }
      actTrnNum[a] = n - actTrnAdr[a];
    }
  }

  private void actuators() {
    nu = b.actuators.size();
    actTendon = new int[nu];
    actType = new int[nu];
    actJnt = new int[nu];
    actCtrlLimited = new int[nu];
    actForceLimited = new int[nu];
    actGear = new double[nu];
    actCtrlRange = new double[2 * nu];
    actForceRange = new double[2 * nu];
    actGain = new double[ActuatorSpec.PRM * nu];
    actBias = new double[ActuatorSpec.PRM * nu];
    actGainMuscle = new int[nu];
    actBiasMuscle = new int[nu];
    actLengthRange = new double[2 * nu];
    actAcc0 = new double[nu];
    actDynType = new int[nu];
    actDynPrm = new double[2 * nu];
    actActLimited = new int[nu];
    actActRange = new double[2 * nu];
    actActAdr = new int[nu];
    actName = new String[nu];
    na = 0;
    for (int a = 0; a < nu; a++) {
      ActuatorSpec s = b.actuators.get(a);
      actTendon[a] = s.tendon;
      JointSpec j = s.joint >= 0 ? b.joints.get(s.joint) : null;
      if (j != null && j.type != JointType.HINGE && j.type != JointType.SLIDE) {
        throw new IllegalArgumentException(
            "actuator '"
                + s.name
                + "': joint '"
                + j.name
                + "' is a "
                + j.type.name().toLowerCase()
                + " joint; only hinge and slide joints can be actuated");
      }
      if (s.inheritRange > 0) {
        Servos.inheritRange(s, j, s.tendon >= 0 ? b.tendons.get(s.tendon) : null);
      }
      checkRange(s, "ctrlrange", s.ctrlLimited, s.ctrlRange);
      checkRange(s, "forcerange", s.forceLimited, s.forceRange);
      checkRange(s, "actrange", s.actLimited, s.actRange);
      boolean stateful = s.dynType != DynType.NONE;
      if (s.actLimited && !stateful) {
        throw new IllegalArgumentException(
            "actuator '"
                + s.name
                + "': an activation range needs activation"
                + " dynamics, and dyntype is none");
      }
      if (s.type == ActuatorType.INTVELOCITY && !s.actLimited) {
        throw new IllegalArgumentException(
            "actuator '" + s.name + "': an intvelocity actuator needs an actrange");
      }
      if (s.type == ActuatorType.ADHESION
          && (!s.ctrlLimited || s.ctrlRange[0] < 0 || s.ctrlRange[1] < 0)) {
        throw new IllegalArgumentException(
            "actuator '" + s.name + "': adhesion needs a control range that is not" + " negative");
      }
      if (s.type == ActuatorType.DAMPER && (!s.ctrlLimited || s.ctrlRange[0] < 0)) {
        throw new IllegalArgumentException(
            "actuator '" + s.name + "': a damper needs a ctrlrange that is not" + " negative");
      }
      checkMuscle(s, s.gainMuscle, s.gain);
      checkMuscle(s, s.biasMuscle, s.bias);
      if (stateful) {
        actActAdr[a] = na++;
      } else if (na > 0) {
        throw new IllegalArgumentException(
            "actuator '"
                + s.name
                + "' has no activation dynamics but follows one"
                + " that has: actuators without dynamics must come first, as in MuJoCo");
      } else {
        actActAdr[a] = -1;
      }
      actType[a] = s.type.ordinal();
      actJnt[a] = j == null ? -1 : j.compiledIndex;
      actGear[a] = s.gear;
      actCtrlLimited[a] = s.ctrlLimited ? 1 : 0;
      actForceLimited[a] = s.forceLimited ? 1 : 0;
      actActLimited[a] = s.actLimited ? 1 : 0;
      System.arraycopy(s.ctrlRange, 0, actCtrlRange, 2 * a, 2);
      System.arraycopy(s.forceRange, 0, actForceRange, 2 * a, 2);
      System.arraycopy(s.actRange, 0, actActRange, 2 * a, 2);
      System.arraycopy(s.gain, 0, actGain, ActuatorSpec.PRM * a, ActuatorSpec.PRM);
      System.arraycopy(s.bias, 0, actBias, ActuatorSpec.PRM * a, ActuatorSpec.PRM);
      actGainMuscle[a] = s.gainMuscle ? 1 : 0;
      actBiasMuscle[a] = s.biasMuscle ? 1 : 0;
      System.arraycopy(s.lengthRange, 0, actLengthRange, 2 * a, 2);
      actDynType[a] = s.dynType.ordinal();
      System.arraycopy(s.dynPrm, 0, actDynPrm, 2 * a, 2);
      actName[a] = s.name;
    }
    transmissions();
  }

  /** MuJoCo 3's {@code dampratio} resolved at qpos0 ({@link Servos#dampRatios}). */
  private boolean dampRatios(Model m) {
    return Servos.dampRatios(m, b.actuators, actGain, actBias);
  }

  /**
   * A shallow copy with other actuator length ranges (the other arrays are shared: a Model never
   * writes them).
   */
  private boolean muscles() {
    for (int a = 0; a < nu; a++) {
      if (actGainMuscle[a] != 0 || actBiasMuscle[a] != 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether actuator a gets a computed length range under the compiler's mode (MuJoCo's
   * mj_setLengthRange).
   */
  private boolean ranged(int a) {
    boolean muscle = actGainMuscle[a] != 0 || actBiasMuscle[a] != 0;
    return switch (b.lengthRange.mode()) {
      case NONE -> false;
      case MUSCLE, MUSCLEUSER -> muscle;
      case ALL -> true;
    };
  }

  /**
   * MuJoCo's {@code actuator_acc0}: the norm of {@code M⁻¹ ∂length/∂q} at qpos0, the acceleration a
   * unit actuator force gives (a muscle's peak force defaults to {@code scale/acc0}).
   */
  private void acc0(Model m) {
    double[] acc = ModelConstants.acc0(m);
    System.arraycopy(acc, 0, actAcc0, 0, nu);
  }

  /**
   * The length ranges MuJoCo 2.2.2's {@code mj_setLengthRange} computes ({@link
   * LengthRangeOptions}): kept where given with lo &lt; hi ({@code useexisting}), a limited joint's
   * or tendon's range ({@code uselimit}), else simulated ({@link ModelConstants#lengthRange}).
   */
  private void lengthRanges(Model m) {
    LengthRangeOptions o = b.lengthRange;
    for (int a = 0; a < nu; a++) {
      if (!ranged(a) || (o.useExisting() && actLengthRange[2 * a] < actLengthRange[2 * a + 1])) {
        continue;
      }
      int j = actJnt[a], t = actTendon[a];
      if (o.useLimit() && j >= 0 && jntLimited[j] != 0) {
        System.arraycopy(jntRange, 2 * j, actLengthRange, 2 * a, 2);
      } else if (o.useLimit() && t >= 0 && tendonLimited[t] != 0) {
        System.arraycopy(tendonRange, 2 * t, actLengthRange, 2 * a, 2);
      } else {
        double[] r = ModelConstants.lengthRange(m, a, o);
        actLengthRange[2 * a] = r[0];
        actLengthRange[2 * a + 1] = r[1];
      }
    }
  }

  /** MuJoCo 2.2.2's checks of muscle parameters (mjCActuator::Compile). */
  private static void checkMuscle(ActuatorSpec s, boolean muscle, double[] p) {
    String what = "actuator '" + s.name + "': a muscle needs ";
    if (!muscle) {
      return;
    }
    if (!(p[0] < p[1])) {
      throw new IllegalArgumentException(what + "range[0] < range[1], got " + p[0] + " " + p[1]);
    }
    if (!(p[4] < 1 && p[5] > 1)) {
      throw new IllegalArgumentException(
          what + "lmin < 1 < lmax, got lmin " + p[4] + ", lmax " + p[5]);
    }
    if (!(p[3] > 0 && p[6] > 0 && p[7] > 0 && p[8] > 0)) {
      throw new IllegalArgumentException(
          what
              + "positive scale, vmax, fpmax and fvmax, got "
              + p[3]
              + ", "
              + p[6]
              + ", "
              + p[7]
              + ", "
              + p[8]);
    }
  }

  private static void checkRange(ActuatorSpec s, String what, boolean limited, double[] range) {
    if (limited && !(range[0] < range[1])) {
      throw new IllegalArgumentException(
          "actuator '"
              + s.name
              + "': "
              + what
              + " needs lower < upper, got "
              + range[0]
              + " "
              + range[1]);
    }
  }

  // ---- keyframes ----

  private void keyframes() {
    nkey = b.keyframes.size();
    keyName = new String[nkey];
    keyTime = new double[nkey];
    keyQpos = new double[nkey * nq];
    keyQvel = new double[nkey * nv];
    keyCtrl = new double[nkey * nu];
    keyAct = new double[nkey * na];
    for (int k = 0; k < nkey; k++) {
      KeyframeSpec s = b.keyframes.get(k);
      keyName[k] = s.name;
      keyTime[k] = s.time;
      copyKey(s, "qpos", s.qpos, qpos0, keyQpos, k * nq, nq);
      copyKey(s, "qvel", s.qvel, null, keyQvel, k * nv, nv);
      copyKey(s, "ctrl", s.ctrl, null, keyCtrl, k * nu, nu);
      copyKey(s, "act", s.act, null, keyAct, k * na, na);
    }
  }

  private void copyKey(
      KeyframeSpec s, String field, double[] v, double[] dflt, double[] out, int o, int n) {
    if (v == null) {
      if (dflt != null) {
        System.arraycopy(dflt, 0, out, o, n);
      }
      return;
    }
    if (v.length != n) {
      throw new IllegalArgumentException(
          "keyframe '"
              + s.name
              + "': "
              + field
              + " has "
              + v.length
              + " values, the model needs "
              + n);
    }
    System.arraycopy(v, 0, out, o, n);
  }
}
