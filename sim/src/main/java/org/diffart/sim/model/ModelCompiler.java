package org.diffart.sim.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.diffart.sim.spatial.Mat3;
import org.diffart.sim.spatial.Quat;
import org.diffart.sim.spatial.SpatialOps;

/** Compiles a {@link ModelBuilder} into the flat arrays of a {@link Model}. */
final class ModelCompiler extends ModelFields {
  final ModelBuilder b;
  /** The joints in model order: compile-time only. */
  private List<JointSpec> jointOrder;
  /** Each geom's margin and gap: compile-time only, the pairs keep the mix. */
  private double[] geomMargin;

  private ModelCompiler(ModelBuilder b) {
    this.b = b;
    name = b.name();
    warnings.addAll(b.warnings);
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
    c.equalities();
    c.keyframes();
    c.treeStructure();
    // constants computed on the model compiled so far, then compiled in: spring rest lengths of spatial tendons,
    // the joints' springdamper, MuJoCo's acc0 and the length ranges of muscles. None feeds another (the length-range
    // simulation runs without passive forces and actuation), so one model serves them all.
    Model m = new Model(c, b.options);
    boolean computed = c.restLengths(m);
    computed |= c.springDampers(m);
    if (c.muscles() || b.lengthRange.mode() == LengthRangeOptions.Mode.ALL) {
      c.acc0(m);
      c.lengthRanges(m);
      computed = true;
    }
    return computed ? new Model(c, b.options) : m;
  }

  // ---- bodies ----

  private void bodies() {
    nbody = b.bodies.size();
    bodyParent = new int[nbody];
    bodyDepth = new int[nbody];
    bodyRoot = new int[nbody];
    bodyPos = new double[3 * nbody];
    bodyQuat = new double[4 * nbody];
    bodyName = new String[nbody];
    for (BodySpec s : b.bodies) {
      int i = s.id;
      bodyParent[i] = s.parent;
      bodyDepth[i] = i == 0 ? 0 : bodyDepth[s.parent] + 1;
      bodyRoot[i] = i == 0 ? 0 : s.parent == 0 ? i : bodyRoot[s.parent];
      System.arraycopy(s.pos, 0, bodyPos, 3 * i, 3);
      System.arraycopy(s.quat, 0, bodyQuat, 4 * i, 4);
      bodyName[i] = s.name;
    }
  }

  /** The tree's derived structure: each body's fixed rotation axis and the dof range of its kinematic tree. */
  private void treeStructure() {
    bodyRotationAxis = rotationAxes();
    bodyTreeDofAdr = new int[nbody];
    bodyTreeDofEnd = new int[nbody];
    // the dofs of each body's kinematic tree are contiguous, since bodies and their dofs are numbered parent first
    int[] lo = new int[nbody], hi = new int[nbody];
    Arrays.fill(lo, nv);
    for (int i = 1; i < nbody; i++) {
      int r = bodyRoot[i];
      if (bodyDofNum[i] > 0) {
        lo[r] = Math.min(lo[r], bodyDofAdr[i]);
        hi[r] = Math.max(hi[r], bodyDofAdr[i] + bodyDofNum[i]);
      }
    }
    for (int i = 1; i < nbody; i++) {
      int r = bodyRoot[i];
      bodyTreeDofAdr[i] = Math.min(lo[r], hi[r]);
      bodyTreeDofEnd[i] = hi[r];
    }
  }

  /**
   * For each body, the coordinate axis (0, 1, 2) that its rotation relative to its parent always turns about, or -1:
   * welded or with one hinge along x, y or z, its offset rotation about the same axis (or none).
   */
  private int[] rotationAxes() {
    int[] a = new int[nbody];
    Arrays.fill(a, -1);
    for (int i = 1; i < nbody; i++) {
      int k = -1;
      if (bodyJntNum[i] == 1 && jntType[bodyJntAdr[i]] == JointType.HINGE.ordinal()) {
        k = coordinateAxis(jntAxis, 3 * bodyJntAdr[i]);
      } else if (bodyJntNum[i] == 0) {
        // welded: the identity turns about any axis
        k = quatAxis(i) == 3 ? 0 : quatAxis(i);
      }
      if (k >= 0 && (quatAxis(i) == k || quatAxis(i) == 3)) {
        a[i] = k;
      }
    }
    return a;
  }

  /** The coordinate axis a 3-vector lies along exactly (two zero components), or -1. */
  private static int coordinateAxis(double[] v, int o) {
    int zeros = 0, k = -1;
    for (int r = 0; r < 3; r++) {
      if (v[o + r] == 0) {
        zeros++;
      } else {
        k = r;
      }
    }
    return zeros == 2 ? k : -1;
  }

  /** Body i's offset rotation: 3 for the identity, the axis it turns about, or -1. */
  private int quatAxis(int i) {
    int o = 4 * i;
    if (bodyQuat[o + 1] == 0 && bodyQuat[o + 2] == 0 && bodyQuat[o + 3] == 0) {
      return 3;
    }
    return coordinateAxis(bodyQuat, o + 1);
  }

  // ---- joints and degrees of freedom ----

  private void joints() {
    List<JointSpec> order = new ArrayList<>(b.joints);
    order.sort(Comparator.comparingInt(j -> j.body));
    jointOrder = order;
    njnt = order.size();
    jntType = new int[njnt];
    jntBody = new int[njnt];
    jntQposAdr = new int[njnt];
    jntDofAdr = new int[njnt];
    jntLimited = new int[njnt];
    jntPos = new double[3 * njnt];
    jntAxis = new double[3 * njnt];
    jntRange = new double[2 * njnt];
    jntStiffness = new double[njnt];
    jntName = new String[njnt];
    bodyJntAdr = new int[nbody];
    bodyJntNum = new int[nbody];
    bodyDofAdr = new int[nbody];
    bodyDofNum = new int[nbody];
    bodyWeld = new int[nbody];
    Arrays.fill(bodyJntAdr, -1);
    Arrays.fill(bodyDofAdr, -1);
    for (int j = 0; j < njnt; j++) {
      JointSpec s = order.get(j);
      s.compiledIndex = j;
      JointType t = s.type;
      jntType[j] = t.ordinal();
      jntBody[j] = s.body;
      jntQposAdr[j] = nq;
      jntDofAdr[j] = nv;
      nq += t.nq;
      nv += t.nv;
      jntLimited[j] = s.limited ? 1 : 0;
      System.arraycopy(s.pos, 0, jntPos, 3 * j, 3);
      double an = Math.sqrt(s.axis[0] * s.axis[0] + s.axis[1] * s.axis[1] + s.axis[2] * s.axis[2]);
      if ((t == JointType.HINGE || t == JointType.SLIDE) && an < 1e-12) {
        throw new IllegalArgumentException("joint '" + s.name + "': axis must be non-zero");
      }
      for (int k = 0; k < 3; k++) {
        jntAxis[3 * j + k] = an < 1e-12 ? 0 : s.axis[k] / an;
      }
      jntRange[2 * j] = s.range[0];
      jntRange[2 * j + 1] = s.range[1];
      if (s.limited && s.range[0] > s.range[1] && t != JointType.BALL) {
        throw new IllegalArgumentException("joint '" + s.name + "': range lower bound exceeds upper bound");
      }
      if (s.limited && (t == JointType.FREE || t == JointType.BALL)) {
        throw new IllegalArgumentException("joint '" + s.name + "': limits of " + t.name().toLowerCase()
            + " joints are not supported");
      }
      jntStiffness[j] = s.stiffness;
      jntName[j] = s.name;
      int body = s.body;
      if (bodyJntAdr[body] < 0) {
        bodyJntAdr[body] = j;
        bodyDofAdr[body] = jntDofAdr[j];
      }
      bodyJntNum[body]++;
      bodyDofNum[body] += t.nv;
      if (t == JointType.FREE) {
        if (bodyParent[body] != 0) {
          throw new IllegalArgumentException("joint '" + s.name + "': a free joint is only allowed in a body whose"
              + " parent is the world (body '" + bodyName[body] + "')");
        }
        if (s.pos[0] != 0 || s.pos[1] != 0 || s.pos[2] != 0) {
          throw new IllegalArgumentException("joint '" + s.name + "': a free joint must have its anchor at the body"
              + " origin");
        }
      }
    }
    for (int i = 1; i < nbody; i++) {
      if (bodyDofNum[i] > 6) {
        throw new IllegalArgumentException("body '" + bodyName[i] + "' has " + bodyDofNum[i]
            + " degrees of freedom; at most 6 per body are supported");
      }
      boolean hasFree = false;
      for (int j = bodyJntAdr[i]; j >= 0 && j < bodyJntAdr[i] + bodyJntNum[i]; j++) {
        hasFree |= jntType[j] == JointType.FREE.ordinal();
      }
      if (hasFree && bodyJntNum[i] > 1) {
        throw new IllegalArgumentException("body '" + bodyName[i] + "': a free joint must be the body's only joint");
      }
      bodyWeld[i] = bodyJntNum[i] > 0 ? i : bodyWeld[bodyParent[i]];
    }
    // dofs
    dofBody = new int[nv];
    dofJnt = new int[nv];
    dofParent = new int[nv];
    dofDamping = new double[nv];
    dofArmature = new double[nv];
    dofFrictionloss = new double[nv];
    for (int j = 0; j < njnt; j++) {
      JointSpec s = order.get(j);
      for (int k = 0; k < s.type.nv; k++) {
        int d = jntDofAdr[j] + k;
        dofBody[d] = s.body;
        dofJnt[d] = j;
        dofDamping[d] = s.damping;
        dofArmature[d] = s.armature;
        dofFrictionloss[d] = s.frictionloss;
        nfrictionloss += s.frictionloss > 0 ? 1 : 0;
      }
    }
    for (int d = 0; d < nv; d++) {
      int body = dofBody[d];
      if (d > bodyDofAdr[body]) {
        dofParent[d] = d - 1;
      } else {
        int p = bodyParent[body];
        while (p > 0 && bodyDofNum[p] == 0) {
          p = bodyParent[p];
        }
        dofParent[d] = p > 0 ? bodyDofAdr[p] + bodyDofNum[p] - 1 : -1;
      }
    }
    // reference configuration
    qpos0 = new double[nq];
    qposSpring = new double[nq];
    for (int j = 0; j < njnt; j++) {
      JointSpec s = order.get(j);
      int a = jntQposAdr[j];
      switch (s.type) {
        case FREE -> {
          System.arraycopy(bodyPos, 3 * s.body, qpos0, a, 3);
          System.arraycopy(bodyQuat, 4 * s.body, qpos0, a + 3, 4);
          System.arraycopy(qpos0, a, qposSpring, a, 7);
        }
        case BALL -> {
          Quat.identity(qpos0, a);
          Quat.identity(qposSpring, a);
        }
        case SLIDE, HINGE -> {
          qpos0[a] = s.ref;
          qposSpring[a] = s.springref;
        }
      }
    }
  }

  // ---- inertia ----

  private void inertia() {
    bodyMass = new double[nbody];
    bodyIpos = new double[3 * nbody];
    bodyIquat = new double[4 * nbody];
    bodyInertia = new double[3 * nbody];
    bodyInert = new double[10 * nbody];
    for (int i = 0; i < nbody; i++) {
      Quat.identity(bodyIquat, 4 * i);
    }
    for (BodySpec s : b.bodies) {
      int i = s.id;
      if (i == 0) {
        continue;
      }
      boolean fromGeoms = switch (b.inertiaFromGeom) {
        // as MuJoCo 2.2.2: a body without geoms keeps its explicit inertial
        case TRUE -> !s.explicitInertial || b.geoms.stream().anyMatch(g -> g.body == i);
        case FALSE -> false;
        case AUTO -> !s.explicitInertial;
      };
      if (fromGeoms) {
        inertiaFromGeoms(i);
      } else if (s.explicitInertial) {
        bodyMass[i] = s.mass;
        System.arraycopy(s.ipos, 0, bodyIpos, 3 * i, 3);
        System.arraycopy(s.iquat, 0, bodyIquat, 4 * i, 4);
        System.arraycopy(s.inertia, 0, bodyInertia, 3 * i, 3);
      }
      if (bodyMass[i] < 0 || bodyInertia[3 * i] < 0 || bodyInertia[3 * i + 1] < 0 || bodyInertia[3 * i + 2] < 0) {
        throw new IllegalArgumentException("body '" + bodyName[i] + "': mass and inertia must be non-negative");
      }
      double[] in = bodyInertia;
      int o = 3 * i;
      double tol = 1e-12 * (in[o] + in[o + 1] + in[o + 2]);
      if (in[o] + in[o + 1] < in[o + 2] - tol || in[o] + in[o + 2] < in[o + 1] - tol
          || in[o + 1] + in[o + 2] < in[o] - tol) {
        throw new IllegalArgumentException("body '" + bodyName[i] + "': inertia violates the triangle inequality");
      }
    }
    if (b.totalMass > 0) {
      scaleToTotalMass(b.totalMass);
    }
    for (int i = 1; i < nbody; i++) {
      SpatialOps.inertFromPrincipal(bodyInert, 10 * i, bodyMass[i], bodyIpos, 3 * i, bodyIquat, 4 * i, bodyInertia,
          3 * i);
    }
    checkMovingMass();
  }

  /** MJCF's {@code compiler settotalmass}: every body's mass and inertia scaled by one factor to the given total. */
  private void scaleToTotalMass(double total) {
    double sum = 0;
    for (int i = 1; i < nbody; i++) {
      sum += bodyMass[i];
    }
    if (!(sum > 0)) {
      throw new IllegalArgumentException("settotalmass needs bodies with mass, but the model's total mass is 0");
    }
    double scale = total / sum;
    for (int i = 1; i < nbody; i++) {
      bodyMass[i] *= scale;
      for (int k = 0; k < 3; k++) {
        bodyInertia[3 * i + k] *= scale;
      }
    }
  }

  /** A moving body whose whole subtree is massless has a singular mass matrix: refuse it, naming the body. */
  private void checkMovingMass() {
    double[] subtree = bodyMass.clone();
    for (int i = nbody - 1; i > 0; i--) {
      subtree[bodyParent[i]] += subtree[i];
    }
    for (int i = 1; i < nbody; i++) {
      if (bodyDofNum[i] > 0 && !(subtree[i] > 0)) {
        throw new IllegalArgumentException("body '" + bodyName[i] + "' has joints but neither it nor its children"
            + " have mass: give it an inertial or geoms with mass");
      }
    }
  }

  /** The half-sizes that give geom g's principal moments: a mesh's inertia box, else its size. */
  private static double[] inertiaSize(GeomSpec g) {
    return g.mesh != null ? g.mesh.box : g.size;
  }

  /**
   * Geom g's position in its body: as given, or for a mesh moved to the mesh's centre of mass, {@code pos + R(quat)
   * com} as MuJoCo's {@code mjuu_frameaccum} computes it.
   */
  private static double[] framePos(GeomSpec g) {
    if (g.mesh == null) {
      return g.pos;
    }
    double[] r = new double[9], out = g.pos.clone();
    Quat.toMat(r, 0, g.quat, 0);
    for (int k = 0; k < 3; k++) {
      out[k] += r[3 * k] * g.mesh.com[0] + r[3 * k + 1] * g.mesh.com[1] + r[3 * k + 2] * g.mesh.com[2];
    }
    return out;
  }

  /**
   * Geom g's orientation in its body: as given, or for a mesh turned to the mesh's principal axes, {@code quat ⊗
   * frame} normalised by division as MuJoCo's {@code mjuu_mulquat}.
   */
  private static double[] frameQuat(GeomSpec g) {
    if (g.mesh == null) {
      return g.quat;
    }
    double[] q = new double[4];
    Quat.mul(q, 0, g.quat, 0, g.mesh.frame, 0);
    Quat.normalizeByDivision(q, 0);
    return q;
  }

  /** Combines the geoms of body i (parallel-axis theorem) and diagonalises the result, as MuJoCo's compiler. */
  private void inertiaFromGeoms(int i) {
    double mass = 0;
    double[] com = new double[3];
    List<double[]> parts = new ArrayList<>();
    for (GeomSpec g : b.geoms) {
      if (g.body != i || g.type == GeomType.PLANE || g.type == GeomType.HFIELD) {
        continue;
      }
      if (g.mesh != null && g.mesh.problem != null) {
        // MuJoCo raises a mesh's problem when a geom's inertia needs it
        throw new IllegalArgumentException("geom '" + g.name + "' in body '" + bodyName[i] + "': mesh '"
            + g.mesh.name + "': " + g.mesh.problem);
      }
      double volume = g.mesh != null ? g.mesh.volume : MassProperties.volume(g.type, g.size);
      double gm = Double.isNaN(g.mass) ? g.density * volume : g.mass;
      if (gm < 0) {
        throw new IllegalArgumentException("geom '" + g.name + "' in body '" + bodyName[i] + "': negative mass");
      }
      parts.add(new double[] {gm, g.id});
      mass += gm;
      for (int k = 0; k < 3; k++) {
        com[k] += gm * framePos(g)[k];
      }
    }
    if (mass <= 0) {
      return;
    }
    for (int k = 0; k < 3; k++) {
      com[k] /= mass;
    }
    if (parts.size() == 1) {
      // as MuJoCo 2.2.2: one geom gives its own frame and its principal moments, unsorted
      GeomSpec g = b.geoms.get((int) parts.get(0)[1]);
      double[] moments = new double[3];
      MassProperties.inertia(g.type, inertiaSize(g), mass, moments);
      bodyMass[i] = mass;
      System.arraycopy(framePos(g), 0, bodyIpos, 3 * i, 3);
      System.arraycopy(frameQuat(g), 0, bodyIquat, 4 * i, 4);
      System.arraycopy(moments, 0, bodyInertia, 3 * i, 3);
      return;
    }
    double[] full = new double[9];
    double[] diag = new double[3];
    double[] r = new double[9];
    double[] tmp = new double[9];
    double[] rot = new double[9];
    for (double[] p : parts) {
      GeomSpec g = b.geoms.get((int) p[1]);
      double gm = p[0];
      MassProperties.inertia(g.type, inertiaSize(g), gm, diag);
      Quat.toMat(r, 0, frameQuat(g), 0);
      // R diag Rᵀ
      for (int row = 0; row < 3; row++) {
        for (int col = 0; col < 3; col++) {
          tmp[3 * row + col] = r[3 * row + col] * diag[col];
        }
      }
      for (int row = 0; row < 3; row++) {
        for (int col = 0; col < 3; col++) {
          rot[3 * row + col] = tmp[3 * row] * r[3 * col] + tmp[3 * row + 1] * r[3 * col + 1]
              + tmp[3 * row + 2] * r[3 * col + 2];
        }
      }
      double[] gp = framePos(g);
      double dx = gp[0] - com[0], dy = gp[1] - com[1], dz = gp[2] - com[2];
      double dd = dx * dx + dy * dy + dz * dz;
      double[] d = {dx, dy, dz};
      for (int row = 0; row < 3; row++) {
        for (int col = 0; col < 3; col++) {
          full[3 * row + col] += rot[3 * row + col] + gm * ((row == col ? dd : 0) - d[row] * d[col]);
        }
      }
    }
    double[] vec = new double[9];
    double[] eig = new double[3];
    Mat3.eigSymmetric(full, vec, eig);
    bodyMass[i] = mass;
    System.arraycopy(com, 0, bodyIpos, 3 * i, 3);
    Quat.fromMat(bodyIquat, 4 * i, vec, 0);
    System.arraycopy(eig, 0, bodyInertia, 3 * i, 3);
  }

  // ---- geoms and collision pairs ----

  private void geoms() {
    List<GeomSpec> order = new ArrayList<>(b.geoms);
    order.sort(Comparator.comparingInt(g -> g.body));
    ngeom = order.size();
    geomType = new int[ngeom];
    geomBody = new int[ngeom];
    geomContype = new int[ngeom];
    geomConaffinity = new int[ngeom];
    geomCondim = new int[ngeom];
    geomPriority = new int[ngeom];
    geomMargin = new double[2 * ngeom];
    geomSize = new double[3 * ngeom];
    geomRbound = new double[ngeom];
    geomPos = new double[3 * ngeom];
    geomQuat = new double[4 * ngeom];
    geomFriction = new double[3 * ngeom];
    geomName = new String[ngeom];
    geomHfield = new int[ngeom];
    geomMesh = new int[ngeom];
    hfields();
    meshes();
    for (int g = 0; g < ngeom; g++) {
      GeomSpec s = order.get(g);
      if ((s.type == GeomType.PLANE || s.type == GeomType.HFIELD) && bodyWeld[s.body] != 0) {
        throw new IllegalArgumentException("geom '" + s.name + "': a " + (s.type == GeomType.PLANE ? "plane"
            : "height field") + " must belong to a static body");
      }
      if ((s.type == GeomType.MESH) != (s.mesh != null)) {
        throw new IllegalArgumentException("geom '" + s.name + "': " + (s.mesh == null
            ? "a mesh geom needs its mesh" : "only a mesh geom has a mesh"));
      }
      if ((s.type == GeomType.HFIELD) != (s.hfield != null)) {
        throw new IllegalArgumentException("geom '" + s.name + "': " + (s.hfield == null
            ? "a height field geom needs its height field" : "only a height field geom has a height field"));
      }
      if (!validCondim(s.condim)) {
        throw new IllegalArgumentException("geom '" + s.name + "': condim " + s.condim + CONDIMS);
      }
      s.compiledIndex = g;
      geomType[g] = s.type.ordinal();
      geomBody[g] = s.body;
      geomContype[g] = s.contype;
      geomConaffinity[g] = s.conaffinity;
      geomCondim[g] = s.condim;
      geomPriority[g] = s.priority;
      if (!(s.margin >= 0 && s.gap >= 0) || Double.isInfinite(s.margin + s.gap)) {
        throw new IllegalArgumentException("geom '" + s.name + "': margin and gap must be finite and >= 0, got "
            + s.margin + " and " + s.gap);
      }
      geomMargin[2 * g] = s.margin;
      geomMargin[2 * g + 1] = s.gap;
      System.arraycopy(s.size, 0, geomSize, 3 * g, 3);
      geomHfield[g] = s.hfield == null ? -1 : b.hfields.indexOf(s.hfield);
      if (s.hfield != null) {
        // MuJoCo's: the half-extents and half the height from the base to the top
        geomSize[3 * g] = s.hfield.size[0];
        geomSize[3 * g + 1] = s.hfield.size[1];
        geomSize[3 * g + 2] = 0.5 * (s.hfield.size[2] + s.hfield.size[3]);
      }
      geomRbound[g] = rbound(s.type, s.size);
      geomMesh[g] = s.mesh == null ? -1 : b.meshes.indexOf(s.mesh);
      if (s.mesh != null) {
        // MuJoCo's: the largest |coordinate| per principal axis, and its length
        System.arraycopy(s.mesh.extent, 0, geomSize, 3 * g, 3);
        double[] e = s.mesh.extent;
        geomRbound[g] = Math.sqrt(e[0] * e[0] + e[1] * e[1] + e[2] * e[2]);
      }
      System.arraycopy(framePos(s), 0, geomPos, 3 * g, 3);
      System.arraycopy(frameQuat(s), 0, geomQuat, 4 * g, 4);
      System.arraycopy(s.friction, 0, geomFriction, 3 * g, 3);
      geomName[g] = s.name;
    }
  }

  /**
   * The height fields: sizes, grid dimensions and data normalised as MuJoCo 2.2.2 does (in single precision: minus
   * the minimum, then over the range when it exceeds 1e-15), stored as doubles.
   */
  private void hfields() {
    int n = b.hfields.size(), total = 0;
    hfieldSize = new double[4 * n];
    hfieldNrow = new int[n];
    hfieldNcol = new int[n];
    hfieldAdr = new int[n];
    for (int h = 0; h < n; h++) {
      HfieldSpec s = b.hfields.get(h);
      System.arraycopy(s.size, 0, hfieldSize, 4 * h, 4);
      hfieldNrow[h] = s.nrow;
      hfieldNcol[h] = s.ncol;
      hfieldAdr[h] = total;
      total += s.data.length;
    }
    nhfield = n;
    nhfielddata = total;
    hfieldData = new double[total];
    for (int h = 0; h < n; h++) {
      float[] v = b.hfields.get(h).data;
      float lo = 1e10f, hi = -1e10f;
      for (float x : v) {
        lo = Math.min(lo, x);
        hi = Math.max(hi, x);
      }
      float range = hi - lo;
      for (int i = 0; i < v.length; i++) {
        float x = v[i] - lo;
        if (range > 1e-15) {
          x /= range;
        }
        hfieldData[hfieldAdr[h] + i] = x;
      }
    }
  }

  /** The meshes' vertices (principal frame, single-precision values) and triangles, concatenated. */
  private void meshes() {
    int n = b.meshes.size(), nvert = 0, nf = 0;
    meshVertAdr = new int[n];
    meshVertNum = new int[n];
    meshFaceAdr = new int[n];
    meshFaceNum = new int[n];
    for (int i = 0; i < n; i++) {
      MeshSpec s = b.meshes.get(i);
      meshVertAdr[i] = nvert;
      meshVertNum[i] = s.vert.length / 3;
      meshFaceAdr[i] = nf;
      meshFaceNum[i] = s.face.length / 3;
      nvert += meshVertNum[i];
      nf += meshFaceNum[i];
    }
    nmesh = n;
    nmeshvert = nvert;
    nmeshface = nf;
    meshVert = new double[3 * nvert];
    meshFace = new int[3 * nf];
    for (int i = 0; i < n; i++) {
      MeshSpec s = b.meshes.get(i);
      for (int k = 0; k < s.vert.length; k++) {
        meshVert[3 * meshVertAdr[i] + k] = s.vert[k];
      }
      System.arraycopy(s.face, 0, meshFace, 3 * meshFaceAdr[i], s.face.length);
    }
  }

  private static final String CONDIMS = " is not supported (1: frictionless, 3: sliding friction, 4: and torsional,"
      + " 6: and rolling)";

  /** MuJoCo's contact dimensionalities: the normal, then 2 sliding, 1 torsional and 2 rolling friction rows. */
  private static boolean validCondim(int condim) {
    return condim == 1 || condim == 3 || condim == 4 || condim == 6;
  }

  /** The radius of the geom's bounding sphere about its centre, as MuJoCo's {@code geom_rbound}; 0 for a plane. */
  private static double rbound(GeomType t, double[] s) {
    return switch (t) {
      case SPHERE -> s[0];
      case CAPSULE -> s[0] + s[1];
      case ELLIPSOID -> Math.max(s[0], Math.max(s[1], s[2]));
      case CYLINDER -> Math.sqrt(s[0] * s[0] + s[1] * s[1]);
      case BOX -> Math.sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2]);
      default -> 0;
    };
  }

  // ---- sites and sensors ----

  /** Sites grouped by body in body order, as MuJoCo numbers them. */
  private void sites() {
    List<SiteSpec> order = new ArrayList<>(b.sites);
    order.sort(Comparator.comparingInt(s -> s.body));
    nsite = order.size();
    siteType = new int[nsite];
    siteBody = new int[nsite];
    siteSize = new double[3 * nsite];
    sitePos = new double[3 * nsite];
    siteQuat = new double[4 * nsite];
    siteName = new String[nsite];
    for (int i = 0; i < nsite; i++) {
      SiteSpec s = order.get(i);
      s.compiledIndex = i;
      siteType[i] = s.type.ordinal();
      siteBody[i] = s.body;
      System.arraycopy(s.size, 0, siteSize, 3 * i, 3);
      System.arraycopy(s.pos, 0, sitePos, 3 * i, 3);
      System.arraycopy(s.quat, 0, siteQuat, 4 * i, 4);
      siteName[i] = s.name;
    }
  }

  /** Sensors in the order they were added; each one's values start at sensorAdr in sensordata. */
  private void sensors() {
    nsensor = b.sensors.size();
    sensorType = new int[nsensor];
    sensorFrame = new int[nsensor];
    sensorObj = new int[nsensor];
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
        boolean limit = s.type == SensorType.JOINTLIMITPOS || s.type == SensorType.JOINTLIMITVEL
            || s.type == SensorType.JOINTLIMITFRC;
        String type = spec.type.name().toLowerCase();
        if (ball && spec.type != JointType.BALL) {
          throw new IllegalArgumentException(what + ": joint '" + spec.name + "' is a " + type
              + " joint; it reads ball joints (MuJoCo too)");
        }
        if (!ball && spec.type != JointType.HINGE && spec.type != JointType.SLIDE) {
          throw new IllegalArgumentException(what + ": joint '" + spec.name + "' is a " + type
              + " joint; joint sensors read hinge and slide joints (MuJoCo too)");
        }
        if (limit && !spec.limited) {
          throw new IllegalArgumentException(what + ": joint '" + spec.name + "' is not limited (MuJoCo requires it)");
        }
        return spec.compiledIndex;
      }
      case ACTUATOR -> {
        return index(s, b.actuators.size(), what + " needs an actuator");
      }
      case TENDON -> {
        int t = index(s, b.tendons.size(), what + " needs a tendon");
        boolean limit = s.type == SensorType.TENDONLIMITPOS || s.type == SensorType.TENDONLIMITVEL
            || s.type == SensorType.TENDONLIMITFRC;
        if (limit && !b.tendons.get(t).limited) {
          throw new IllegalArgumentException(what + ": tendon '" + b.tendons.get(t).name
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
          throw new IllegalArgumentException(what + " needs a frame type (body, xbody, geom or site)");
        }
        return switch (s.frame) {
          case BODY, XBODY -> index(s, nbody, what + " with objtype " + s.frame.mjcfName() + " needs a body");
          case GEOM -> {
            if (!(s.target instanceof GeomSpec g)) {
              throw new IllegalArgumentException(what + " with objtype geom needs a geom");
            }
            yield g.compiledIndex;
          }
          case SITE -> {
            if (!(s.target instanceof SiteSpec site)) {
              throw new IllegalArgumentException(what + " with objtype site needs a site");
            }
            yield site.compiledIndex;
          }
          case NONE -> throw new IllegalStateException("unreachable");
        };
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

  /** Whether the contacts between bodies b1 and b2 are excluded (either order). */
  private boolean excluded(int b1, int b2) {
    for (int[] e : b.excludes) {
      if ((e[0] == b1 && e[1] == b2) || (e[0] == b2 && e[1] == b1)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The contact slots of geoms g1 and g2: {@link ContactCapacity#maxContacts}, and for a height field pair no more
   * than the prisms (two per cell) that MPR can collide under the other geom: its bounding box, at most {@code 2
   * rbound} wide (a hair more, for the rounding of its support points), spans at most {@code ceil(2 rbound / cell) +
   * 1} cells per direction.
   */
  private int capacity(int g1, int g2) {
    GeomType t1 = GeomType.values()[geomType[g1]], t2 = GeomType.values()[geomType[g2]];
    int cap = ContactCapacity.maxContacts(t1, t2);
    int hf = t1 == GeomType.HFIELD ? g1 : t2 == GeomType.HFIELD ? g2 : -1;
    if (cap > 0 && hf >= 0) {
      int h = geomHfield[hf];
      double r = geomRbound[hf == g1 ? g2 : g1];
      double dx = 2 * hfieldSize[4 * h] / (hfieldNcol[h] - 1), dy = 2 * hfieldSize[4 * h + 1] / (hfieldNrow[h] - 1);
      long cols = Math.min(hfieldNcol[h] - 1, (long) Math.ceil(2 * r * (1 + 1e-9) / dx) + 1);
      long rows = Math.min(hfieldNrow[h] - 1, (long) Math.ceil(2 * r * (1 + 1e-9) / dy) + 1);
      cap = (int) Math.min(cap, 2 * cols * rows);
    }
    return cap;
  }

  /**
   * Candidate pairs: the explicit pairs first (MJCF {@code <pair>}: no filter applies), then the geom pairs that pass
   * MuJoCo's filters (different weld groups, not parent/child (world excepted), bit masks, the excluded body pairs)
   * and are not explicit pairs already.
   */
  private void pairs() {
    List<int[]> list = new ArrayList<>();
    List<ContactPairSpec> explicit = new ArrayList<>();
    for (ContactPairSpec s : b.contactPairs) {
      int g1 = s.geom1.compiledIndex, g2 = s.geom2.compiledIndex;
      String what = "contact pair '" + s.name + "' of geoms '" + label(g1) + "' and '" + label(g2) + "'";
      if (g1 == g2) {
        throw new IllegalArgumentException(what + ": a geom cannot collide with itself");
      }
      if (!validCondim(s.condim)) {
        throw new IllegalArgumentException(what + ": condim " + s.condim + CONDIMS);
      }
      GeomType t1 = GeomType.values()[geomType[g1]], t2 = GeomType.values()[geomType[g2]];
      int cap = capacity(g1, g2);
      if (cap == 0) {
        throw new IllegalArgumentException(what + ": " + t1.mjcfName() + "-" + t2.mjcfName()
            + " contact is not implemented");
      }
      for (int[] q : list) {
        if ((q[0] == g1 && q[1] == g2) || (q[0] == g2 && q[1] == g1)) {
          throw new IllegalArgumentException(what + ": the two geoms are already a pair");
        }
      }
      boolean swap = t1.ordinal() > t2.ordinal();
      list.add(new int[] {swap ? g2 : g1, swap ? g1 : g2, cap});
      explicit.add(s);
    }
    for (int g1 = 0; g1 < ngeom; g1++) {
      for (int g2 = g1 + 1; g2 < ngeom; g2++) {
        if (isExplicitPair(list, explicit.size(), g1, g2)) {
          continue;
        }
        int w1 = bodyWeld[geomBody[g1]], w2 = bodyWeld[geomBody[g2]];
        if (w1 == w2) {
          continue;
        }
        int p1 = bodyWeld[bodyParent[w1] < 0 ? 0 : bodyParent[w1]];
        int p2 = bodyWeld[bodyParent[w2] < 0 ? 0 : bodyParent[w2]];
        if (w1 != 0 && w2 != 0 && (w1 == p2 || w2 == p1)) {
          continue;
        }
        if ((geomContype[g1] & geomConaffinity[g2]) == 0 && (geomContype[g2] & geomConaffinity[g1]) == 0) {
          continue;
        }
        if (excluded(geomBody[g1], geomBody[g2])) {
          continue;
        }
        GeomType t1 = GeomType.values()[geomType[g1]], t2 = GeomType.values()[geomType[g2]];
        int cap = capacity(g1, g2);
        if (cap == 0) {
          // every pair of the geom types a model can hold collides; a new type must bring its functions
          throw new IllegalArgumentException("geoms '" + label(g1) + "' (" + t1.mjcfName() + ") and '" + label(g2)
              + "' (" + t2.mjcfName() + ") may touch, but " + t1.mjcfName() + "-" + t2.mjcfName()
              + " contact is not implemented: exclude the pair (contype/conaffinity or <exclude>)");
        }
        // plane first, then by type order, so collision functions see a canonical order
        boolean swap = t1.ordinal() > t2.ordinal();
        list.add(new int[] {swap ? g2 : g1, swap ? g1 : g2, cap});
      }
    }
    npair = list.size();
    pairGeom1 = new int[npair];
    pairGeom2 = new int[npair];
    pairConAdr = new int[npair + 1];
    pairCondim = new int[npair];
    pairFriction = new double[3 * npair];
    pairMargin = new double[2 * npair];
    for (int p = 0; p < npair; p++) {
      pairGeom1[p] = list.get(p)[0];
      pairGeom2[p] = list.get(p)[1];
      pairConAdr[p + 1] = pairConAdr[p] + list.get(p)[2];
      boolean isExplicit = p < explicit.size();
      pairCondim[p] = isExplicit ? explicit.get(p).condim : -1;
      if (isExplicit) {
        System.arraycopy(explicit.get(p).friction, 0, pairFriction, 3 * p, 3);
        pairMargin[2 * p] = explicit.get(p).margin;
        pairMargin[2 * p + 1] = explicit.get(p).gap;
      } else {
        // MuJoCo's mix: the larger margin and the larger gap
        int a = pairGeom1[p], c = pairGeom2[p];
        pairMargin[2 * p] = Math.max(geomMargin[2 * a], geomMargin[2 * c]);
        pairMargin[2 * p + 1] = Math.max(geomMargin[2 * a + 1], geomMargin[2 * c + 1]);
      }
      checkMargin(p);
    }
    nslot = pairConAdr[npair];
    nconMax = Math.min(nslot, b.contactCapacity > 0 ? b.contactCapacity : Model.DEFAULT_CONTACT_CAPACITY);
  }

  /**
   * Refuses a margin or gap on a height-field pair: MuJoCo 2.2.2's {@code mjc_ConvexHField} raises the prisms by the
   * margin and inflates the other geom by half of it, yet reports the inflated depth as the distance, so its contacts
   * do not hold the surfaces at {@code margin − gap} as every other pair does.
   */
  private void checkMargin(int p) {
    int g1 = pairGeom1[p], g2 = pairGeom2[p];
    if ((pairMargin[2 * p] != 0 || pairMargin[2 * p + 1] != 0)
        && (geomType[g1] == GeomType.HFIELD.ordinal() || geomType[g2] == GeomType.HFIELD.ordinal())) {
      throw new IllegalArgumentException("geoms '" + label(g1) + "' and '" + label(g2) + "': a contact margin or gap"
          + " on a height field is not supported (MuJoCo 2.2.2 reports such contacts at an inflated depth, not at"
          + " their distance): set margin and gap to 0 on these geoms or their pair");
    }
  }

  /** Whether geoms g1 and g2 (either order) are one of the first n pairs of the list, the explicit ones. */
  private static boolean isExplicitPair(List<int[]> list, int n, int g1, int g2) {
    for (int p = 0; p < n; p++) {
      int[] q = list.get(p);
      if ((q[0] == g1 && q[1] == g2) || (q[0] == g2 && q[1] == g1)) {
        return true;
      }
    }
    return false;
  }

  private String label(int g) {
    return geomName[g].isEmpty() ? "#" + g + " of body " + bodyName[geomBody[g]] : geomName[g];
  }

  // ---- actuators ----

  // ---- tendons ----

  /**
   * Tendons in the order given: a fixed tendon's joints as (qpos address, dof address, coefficient) wraps; a spatial
   * tendon's path as wraps of a site ({@code wrapSite}), a sphere or cylinder ({@code wrapGeom}, with its side site
   * {@code wrapSide} or -1) or a pulley (neither; its divisor in {@code wrapCoef}), checked as MuJoCo 2.2.2 checks
   * them. A spatial tendon's spring without springlength rests at its length at the joints' spring references,
   * which needs the compiled model ({@link #restLengths}).
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
        // MuJoCo 2.2.2 rests a spring without springlength at the length of the joints' spring references
        for (int k = 0; k < t.joints.size(); k++, w++) {
          JointSpec j = b.joints.get(t.joints.get(k)[0]);
          if (j.type != JointType.HINGE && j.type != JointType.SLIDE) {
            throw new IllegalArgumentException("tendon '" + t.name + "': joint '" + j.name + "' is a "
                + j.type.name().toLowerCase() + " joint; a fixed tendon sums hinge and slide joints (MuJoCo too)");
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
   * Rests every spatial tendon spring without springlength at the tendon's length with the joints at their spring
   * references (MuJoCo 2.2.2's meaning, measured: {@code datasets/reference/models/tendons.xml}); that length comes
   * from the compiled model's kinematics and wrapping. Returns whether any was set.
   */
  private boolean restLengths(Model m) {
    boolean any = false;
    for (TendonSpec t : b.tendons) {
      any |= t.spatial() && t.springLength < 0;
    }
    if (!any) {
      return false;
    }
    org.diffart.sim.data.Data d = new org.diffart.sim.data.Data(m);
    System.arraycopy(qposSpring, 0, d.qpos, 0, nq);
    org.diffart.sim.algo.Kinematics.forward(m, d);
    org.diffart.sim.algo.Tendons.spatialLengths(m, d);
    for (TendonSpec t : b.tendons) {
      if (t.spatial() && t.springLength < 0) {
        tendonLengthSpring[t.id] = d.tendonLength[t.id];
      }
    }
    return true;
  }

  /**
   * The stiffness and damping of joints with a {@code springdamper} ({@link JointSpec#springdamper}), from the mass
   * matrix at qpos0 with armature (MuJoCo's {@code dof_invweight0}, averaged over the joint's dofs).
   */
  private boolean springDampers(Model m) {
    double[] diag = null;
    for (int j = 0; j < njnt; j++) {
      JointSpec s = jointOrder.get(j);
      double tc = s.springdamper[0], dr = s.springdamper[1];
      if (tc > 0) {
        if (diag == null) {
          diag = org.diffart.sim.algo.MassMatrixFactor.inverseDiagonal(m, qpos0);
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
   * Equality constraints with MuJoCo 2.2.2's {@code eq_data} (see {@link EqualityType}): the second point of a
   * connect and a weld's relative pose (when its quaternion is zero) come from the bodies' poses at {@code qpos0}.
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
          int from = s.type == EqualityType.CONNECT ? b1 : b2, to = s.type == EqualityType.CONNECT ? b2 : b1;
          Quat.rotate(t, 0, xq, 4 * from, s.anchor, 0);
          for (int k = 0; k < 3; k++) {
            t[k] += xp[3 * from + k] - xp[3 * to + k];
          }
          System.arraycopy(s.anchor, 0, eqData, o, 3);
          if (s.type == EqualityType.CONNECT) {
            Quat.conjugate(t, 4, xq, 4 * to);
            Quat.rotate(eqData, o + 3, t, 4, t, 0);
          } else if (s.relpose[3] == 0 && s.relpose[4] == 0 && s.relpose[5] == 0 && s.relpose[6] == 0) {
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
            JointSpec js = b.joints.get(index(j, b.joints.size(), what + " needs an existing joint2"));
            if (js.type != JointType.HINGE && js.type != JointType.SLIDE) {
              throw new IllegalArgumentException(what + ": joint '" + js.name + "' is a "
                  + js.type.name().toLowerCase() + " joint; a joint equality couples hinges and slides (MuJoCo too)");
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
              throw new IllegalArgumentException(what + ": tendon '" + tendonName[ten] + "' is spatial; couplings of"
                  + " spatial tendons are not supported yet (of fixed tendons they are)");
            }
          }
          System.arraycopy(s.polycoef, 0, eqData, o, 5);
        }
      }
    }
  }

  /** World positions {@code [0]} (3 per body) and orientations {@code [1]} (4 per body) of the bodies at qpos0. */
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
   * Each actuator's transmission as (qpos address, dof address, coefficient) terms: {@code length = Σ c q}, {@code
   * qfrc += c force}; one term {@code gear} on a joint, and {@code gear·coef} per joint of a tendon.
   */
  private void transmissions() {
    actTrnAdr = new int[nu];
    actTrnNum = new int[nu];
    actCrankSite = new int[nu];
    actSliderSite = new int[nu];
    actCrankLength = new double[nu];
    actBody = new int[nu];
    java.util.Arrays.fill(actBody, -1);
    java.util.Arrays.fill(actCrankSite, -1);
    java.util.Arrays.fill(actSliderSite, -1);
    ntrn = 0;
    for (ActuatorSpec s : b.actuators) {
      ntrn += s.tendon >= 0 ? b.tendons.get(s.tendon).joints.size() : s.crank != null || s.body >= 0 ? 0 : 1;
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
        throw new IllegalArgumentException("actuator '" + s.name + "': joint '" + j.name + "' is a "
            + j.type.name().toLowerCase() + " joint; only hinge and slide joints can be actuated");
      }
      checkRange(s, "ctrlrange", s.ctrlLimited, s.ctrlRange);
      checkRange(s, "forcerange", s.forceLimited, s.forceRange);
      checkRange(s, "actrange", s.actLimited, s.actRange);
      boolean stateful = s.dynType != DynType.NONE;
      if (s.actLimited && !stateful) {
        throw new IllegalArgumentException("actuator '" + s.name + "': an activation range needs activation"
            + " dynamics, and dyntype is none");
      }
      if (s.type == ActuatorType.INTVELOCITY && !s.actLimited) {
        throw new IllegalArgumentException("actuator '" + s.name + "': an intvelocity actuator needs an actrange");
      }
      if (s.type == ActuatorType.ADHESION && (!s.ctrlLimited || s.ctrlRange[0] < 0 || s.ctrlRange[1] < 0)) {
        throw new IllegalArgumentException("actuator '" + s.name + "': adhesion needs a control range that is not"
            + " negative");
      }
      if (s.type == ActuatorType.DAMPER && (!s.ctrlLimited || s.ctrlRange[0] < 0)) {
        throw new IllegalArgumentException("actuator '" + s.name + "': a damper needs a ctrlrange that is not"
            + " negative");
      }
      checkMuscle(s, s.gainMuscle, s.gain);
      checkMuscle(s, s.biasMuscle, s.bias);
      if (stateful) {
        actActAdr[a] = na++;
      } else if (na > 0) {
        throw new IllegalArgumentException("actuator '" + s.name + "' has no activation dynamics but follows one"
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

  /** A shallow copy with other actuator length ranges (the other arrays are shared: a Model never writes them). */
  private boolean muscles() {
    for (int a = 0; a < nu; a++) {
      if (actGainMuscle[a] != 0 || actBiasMuscle[a] != 0) {
        return true;
      }
    }
    return false;
  }

  /** Whether actuator a gets a computed length range under the compiler's mode (MuJoCo's mj_setLengthRange). */
  private boolean ranged(int a) {
    boolean muscle = actGainMuscle[a] != 0 || actBiasMuscle[a] != 0;
    return switch (b.lengthRange.mode()) {
      case NONE -> false;
      case MUSCLE, MUSCLEUSER -> muscle;
      case ALL -> true;
    };
  }

  /**
   * MuJoCo's {@code actuator_acc0}: the norm of {@code M⁻¹ ∂length/∂q} at qpos0, the acceleration a unit actuator
   * force gives (a muscle's peak force defaults to {@code scale/acc0}).
   */
  private void acc0(Model m) {
    double[] acc = org.diffart.sim.algo.LengthRange.acc0(m);
    System.arraycopy(acc, 0, actAcc0, 0, nu);
  }

  /**
   * The length ranges MuJoCo 2.2.2's {@code mj_setLengthRange} computes ({@link LengthRangeOptions}): kept where given
   * with lo &lt; hi ({@code useexisting}), a limited joint's or tendon's range ({@code uselimit}), else simulated
   * ({@link org.diffart.sim.algo.LengthRange}).
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
        double[] r = org.diffart.sim.algo.LengthRange.compute(m, a, o);
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
      throw new IllegalArgumentException(what + "lmin < 1 < lmax, got lmin " + p[4] + ", lmax " + p[5]);
    }
    if (!(p[3] > 0 && p[6] > 0 && p[7] > 0 && p[8] > 0)) {
      throw new IllegalArgumentException(what + "positive scale, vmax, fpmax and fvmax, got " + p[3] + ", " + p[6]
          + ", " + p[7] + ", " + p[8]);
    }
  }

  private static void checkRange(ActuatorSpec s, String what, boolean limited, double[] range) {
    if (limited && !(range[0] < range[1])) {
      throw new IllegalArgumentException("actuator '" + s.name + "': " + what + " needs lower < upper, got "
          + range[0] + " " + range[1]);
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

  private void copyKey(KeyframeSpec s, String field, double[] v, double[] dflt, double[] out, int o, int n) {
    if (v == null) {
      if (dflt != null) {
        System.arraycopy(dflt, 0, out, o, n);
      }
      return;
    }
    if (v.length != n) {
      throw new IllegalArgumentException("keyframe '" + s.name + "': " + field + " has " + v.length
          + " values, the model needs " + n);
    }
    System.arraycopy(v, 0, out, o, n);
  }
}
