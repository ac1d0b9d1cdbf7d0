package org.diffart.sim.compiler;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.ModelFields;
import org.diffart.sim.sdf.ShapeInertia;
import org.diffart.sim.spatial.Inertia;
import org.diffart.sim.spatial.Mat3;
import org.diffart.sim.spatial.Quat;

/**
 * The first floor of the model compiler: bodies, joints and degrees of freedom, masses and
 * inertias, and the tree's derived structure. {@link GeomCompiler} adds the geometry, {@link
 * ModelCompiler} the rest; each layer fills the {@link ModelFields} its elements declare. Below it,
 * {@link CustomCompiler} holds the pass over the custom data, which no physics reads.
 */
abstract class TreeCompiler extends CustomCompiler {
  final ModelBuilder b;

  /** The joints in model order: compile-time only. */
  List<JointSpec> jointOrder;

  TreeCompiler(ModelBuilder b) {
    this.b = b;
    name = b.name();
    warnings.addAll(b.warnings);
  }

  // ---- bodies ----

  void bodies() {
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

  /**
   * The tree's derived structure: each body's fixed rotation axis and the dof range of its
   * kinematic tree.
   */
  void treeStructure() {
    bodyRotationAxis = rotationAxes();
    bodyTreeDofAdr = new int[nbody];
    bodyTreeDofEnd = new int[nbody];
    // the dofs of each body's kinematic tree are contiguous, since bodies and their dofs are
    // numbered parent first
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
   * For each body, the coordinate axis (0, 1, 2) that its rotation relative to its parent always
   * turns about, or -1: welded or with one hinge along x, y or z, its offset rotation about the
   * same axis (or none).
   */
  int[] rotationAxes() {
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
  static int coordinateAxis(double[] v, int o) {
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
  int quatAxis(int i) {
    int o = 4 * i;
    if (bodyQuat[o + 1] == 0 && bodyQuat[o + 2] == 0 && bodyQuat[o + 3] == 0) {
      return 3;
    }
    return coordinateAxis(bodyQuat, o + 1);
  }

  // ---- joints and degrees of freedom ----

  void joints() {
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
    jntActFrcLimited = new int[njnt];
    jntActFrcRange = new double[2 * njnt];
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
      jntActFrcLimited[j] = s.actFrcLimited ? 1 : 0;
      System.arraycopy(s.actFrcRange, 0, jntActFrcRange, 2 * j, 2);
      if (s.limited && s.range[0] > s.range[1] && t != JointType.BALL) {
        throw new IllegalArgumentException(
            "joint '" + s.name + "': range lower bound exceeds upper bound");
      }
      if (s.limited && (t == JointType.FREE || t == JointType.BALL)) {
        throw new IllegalArgumentException(
            "joint '"
                + s.name
                + "': limits of "
                + t.name().toLowerCase()
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
          throw new IllegalArgumentException(
              "joint '"
                  + s.name
                  + "': a free joint is only allowed in a body whose"
                  + " parent is the world (body '"
                  + bodyName[body]
                  + "')");
        }
        if (s.pos[0] != 0 || s.pos[1] != 0 || s.pos[2] != 0) {
          throw new IllegalArgumentException(
              "joint '" + s.name + "': a free joint must have its anchor at the body" + " origin");
        }
      }
    }
    for (int i = 1; i < nbody; i++) {
      if (bodyDofNum[i] > 6) {
        throw new IllegalArgumentException(
            "body '"
                + bodyName[i]
                + "' has "
                + bodyDofNum[i]
                + " degrees of freedom; at most 6 per body are supported");
      }
      boolean hasFree = false;
      for (int j = bodyJntAdr[i]; j >= 0 && j < bodyJntAdr[i] + bodyJntNum[i]; j++) {
        hasFree |= jntType[j] == JointType.FREE.ordinal();
      }
      if (hasFree && bodyJntNum[i] > 1) {
        throw new IllegalArgumentException(
            "body '" + bodyName[i] + "': a free joint must be the body's only joint");
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

  /** Whether each body's inertia comes from its geoms (compile-time only). */
  boolean[] bodyFromGeoms;

  void inertia() {
    bodyMass = new double[nbody];
    bodyIpos = new double[3 * nbody];
    bodyIquat = new double[4 * nbody];
    bodyInertia = new double[3 * nbody];
    bodyInert = new double[10 * nbody];
    bodyFromGeoms = new boolean[nbody];
    for (int i = 0; i < nbody; i++) {
      Quat.identity(bodyIquat, 4 * i);
    }
    for (BodySpec s : b.bodies) {
      int i = s.id;
      if (i == 0) {
        continue;
      }
      boolean fromGeoms =
          switch (b.inertiaFromGeom) {
            // as MuJoCo 2.2.2: a body without geoms keeps its explicit inertial
            case TRUE -> !s.explicitInertial || b.geoms.stream().anyMatch(g -> g.body == i);
            case FALSE -> false;
            case AUTO -> !s.explicitInertial;
          };
      bodyFromGeoms[i] = fromGeoms;
      if (fromGeoms) {
        inertiaFromGeoms(i);
      } else if (s.explicitInertial) {
        bodyMass[i] = s.mass;
        System.arraycopy(s.ipos, 0, bodyIpos, 3 * i, 3);
        System.arraycopy(s.iquat, 0, bodyIquat, 4 * i, 4);
        System.arraycopy(s.inertia, 0, bodyInertia, 3 * i, 3);
      }
      if (bodyMass[i] < 0
          || bodyInertia[3 * i] < 0
          || bodyInertia[3 * i + 1] < 0
          || bodyInertia[3 * i + 2] < 0) {
        throw new IllegalArgumentException(
            "body '" + bodyName[i] + "': mass and inertia must be non-negative");
      }
      double[] in = bodyInertia;
      int o = 3 * i;
      double tol = 1e-12 * (in[o] + in[o + 1] + in[o + 2]);
      if (in[o] + in[o + 1] < in[o + 2] - tol
          || in[o] + in[o + 2] < in[o + 1] - tol
          || in[o + 1] + in[o + 2] < in[o] - tol) {
        throw new IllegalArgumentException(
            "body '" + bodyName[i] + "': inertia violates the triangle inequality");
      }
    }
    if (b.totalMass > 0) {
      if (b.geoms.stream().anyMatch(g -> g.sdf != null)) {
        throw new IllegalArgumentException(
            "compiler settotalmass with SDF geoms: their inertia's derivative in their shape"
                + " assumes their own density or mass; give those instead");
      }
      scaleToTotalMass(b.totalMass);
    }
    for (int i = 1; i < nbody; i++) {
      Inertia.inertFromPrincipal(
          bodyInert, 10 * i, bodyMass[i], bodyIpos, 3 * i, bodyIquat, 4 * i, bodyInertia, 3 * i);
    }
    checkMovingMass();
  }

  /**
   * MJCF's {@code compiler settotalmass}: every body's mass and inertia scaled by one factor to the
   * given total.
   */
  void scaleToTotalMass(double total) {
    double sum = 0;
    for (int i = 1; i < nbody; i++) {
      sum += bodyMass[i];
    }
    if (!(sum > 0)) {
      throw new IllegalArgumentException(
          "settotalmass needs bodies with mass, but the model's total mass is 0");
    }
    double scale = total / sum;
    for (int i = 1; i < nbody; i++) {
      bodyMass[i] *= scale;
      for (int k = 0; k < 3; k++) {
        bodyInertia[3 * i + k] *= scale;
      }
    }
  }

  /**
   * A moving body whose whole subtree is massless has a singular mass matrix: refuse it, naming the
   * body.
   */
  void checkMovingMass() {
    double[] subtree = bodyMass.clone();
    for (int i = nbody - 1; i > 0; i--) {
      subtree[bodyParent[i]] += subtree[i];
    }
    for (int i = 1; i < nbody; i++) {
      if (bodyDofNum[i] > 0 && !(subtree[i] > 0)) {
        throw new IllegalArgumentException(
            "body '"
                + bodyName[i]
                + "' has joints but neither it nor its children"
                + " have mass: give it an inertial or geoms with mass");
      }
    }
  }

  /** The half-sizes that give geom g's principal moments: a mesh's inertia box, else its size. */
  static double[] inertiaSize(GeomSpec g) {
    return g.mesh != null ? g.mesh.box : g.size;
  }

  /**
   * Geom g's position in its body: as given, or for a mesh moved to the mesh's centre of mass,
   * {@code pos + R(quat) com} as MuJoCo's {@code mjuu_frameaccum} computes it.
   */
  static double[] framePos(GeomSpec g) {
    if (g.mesh == null) {
      return g.pos;
    }
    double[] r = new double[9], out = g.pos.clone();
    Quat.toMat(r, 0, g.quat, 0);
    for (int k = 0; k < 3; k++) {
      out[k] +=
          r[3 * k] * g.mesh.com[0] + r[3 * k + 1] * g.mesh.com[1] + r[3 * k + 2] * g.mesh.com[2];
    }
    return out;
  }

  /**
   * Geom g's orientation in its body: as given, or for a mesh turned to the mesh's principal axes,
   * {@code quat ⊗ frame} normalised by division as MuJoCo's {@code mjuu_mulquat}.
   */
  static double[] frameQuat(GeomSpec g) {
    if (g.mesh == null) {
      return g.quat;
    }
    double[] q = new double[4];
    Quat.mul(q, 0, g.quat, 0, g.mesh.frame, 0);
    Quat.normalizeByDivision(q, 0);
    return q;
  }

  /**
   * Combines the geoms of body i (parallel-axis theorem) and diagonalises the result, as MuJoCo's
   * compiler.
   */
  void inertiaFromGeoms(int i) {
    double mass = 0;
    boolean sdf = false;
    double[] com = new double[3];
    List<double[]> parts = new ArrayList<>();
    for (GeomSpec g : b.geoms) {
      if (g.body != i || g.type == GeomType.PLANE || g.type == GeomType.HFIELD) {
        continue;
      }
      if (g.mesh != null && g.mesh.problem != null) {
        // MuJoCo raises a mesh's problem when a geom's inertia needs it
        throw new IllegalArgumentException(
            "geom '"
                + g.name
                + "' in body '"
                + bodyName[i]
                + "': mesh '"
                + g.mesh.name
                + "': "
                + g.mesh.problem);
      }
      double volume =
          g.sdf != null
              ? g.sdfUnitInertia().mass()
              : g.mesh != null ? g.mesh.volume : MassProperties.volume(g.type, g.size);
      double gm = Double.isNaN(g.mass) ? g.density * volume : g.mass;
      if (gm < 0) {
        throw new IllegalArgumentException(
            "geom '" + g.name + "' in body '" + bodyName[i] + "': negative mass");
      }
      parts.add(new double[] {gm, g.id, volume});
      mass += gm;
      double[] pc = partCom(g);
      for (int k = 0; k < 3; k++) {
        com[k] += gm * pc[k];
      }
      sdf |= g.sdf != null;
    }
    if (mass <= 0) {
      return;
    }
    for (int k = 0; k < 3; k++) {
      com[k] /= mass;
    }
    if (parts.size() == 1 && !sdf) {
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
      Quat.toMat(r, 0, frameQuat(g), 0);
      if (g.sdf != null) {
        // the solid inside the SDF's mesh: its full inertia about its centre, in the geom frame
        System.arraycopy(ShapeInertia.of(g.sdfMesh(), gm / p[2]).inertia(), 0, tmp, 0, 9);
        rotate(r, tmp, rot);
      } else {
        MassProperties.inertia(g.type, inertiaSize(g), gm, diag);
        // R diag Rᵀ
        for (int row = 0; row < 3; row++) {
          for (int col = 0; col < 3; col++) {
            tmp[3 * row + col] = r[3 * row + col] * diag[col];
          }
        }
        for (int row = 0; row < 3; row++) {
          for (int col = 0; col < 3; col++) {
            rot[3 * row + col] =
                tmp[3 * row] * r[3 * col]
                    + tmp[3 * row + 1] * r[3 * col + 1]
                    + tmp[3 * row + 2] * r[3 * col + 2];
          }
        }
      }
      double[] gp = partCom(g);
      double dx = gp[0] - com[0], dy = gp[1] - com[1], dz = gp[2] - com[2];
      double dd = dx * dx + dy * dy + dz * dz;
      double[] d = {dx, dy, dz};
      for (int row = 0; row < 3; row++) {
        for (int col = 0; col < 3; col++) {
          full[3 * row + col] +=
              rot[3 * row + col] + gm * ((row == col ? dd : 0) - d[row] * d[col]);
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

  /**
   * The centre of geom g's mass in its body's frame: its frame's origin, or for an SDF geom the
   * centre of the solid inside its mesh.
   */
  double[] partCom(GeomSpec g) {
    double[] p = framePos(g).clone();
    if (g.sdf != null) {
      double[] c = g.sdfUnitInertia().com(), r = new double[9];
      Quat.toMat(r, 0, frameQuat(g), 0);
      for (int k = 0; k < 3; k++) {
        p[k] += r[3 * k] * c[0] + r[3 * k + 1] * c[1] + r[3 * k + 2] * c[2];
      }
    }
    return p;
  }

  /** out = R a Rᵀ for row-major 3×3 matrices. */
  static void rotate(double[] r, double[] a, double[] out) {
    for (int row = 0; row < 3; row++) {
      for (int col = 0; col < 3; col++) {
        double v = 0;
        for (int i = 0; i < 3; i++) {
          for (int j = 0; j < 3; j++) {
            v += r[3 * row + i] * a[3 * i + j] * r[3 * col + j];
          }
        }
        out[3 * row + col] = v;
      }
    }
  }
}
