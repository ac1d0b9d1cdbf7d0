package org.diffart.sim.algo.collision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.algo.kinematics.KinematicsAdjoint;
import org.diffart.sim.compiler.BodySpec;
import org.diffart.sim.compiler.GeomSpec;
import org.diffart.sim.compiler.MeshSpec;
import org.diffart.sim.compiler.ModelBuilder;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.Options;
import org.diffart.sim.tape.Tape;
import org.diffart.sim.testing.DataTape;
import org.diffart.sim.testing.RandomModels;
import org.diffart.sim.testing.TapeCheck;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The contact geometry adjoint of every collision pair (and configuration: a sphere inside a box,
 * parallel capsules; the convex pairs through MPR's whole iteration), from the bars of the contact
 * points, frames and distances to the free-joint configurations of the two bodies, against the tape
 * and central differences.
 */
class CollisionAdjointTest {
  private static final String[] OUT = {"conPos", "conFrame", "conDist"};

  /** Geom a (on the world when a plane) and geom b, each on a free body. */
  private static Model pair(GeomType a, GeomType b) {
    return pair(a, b, 0, 0);
  }

  /** As {@link #pair(GeomType, GeomType)}, geom b with the contact margin and gap given. */
  private static Model pair(GeomType a, GeomType b, double margin, double gap) {
    ModelBuilder mb = new ModelBuilder(a + "-" + b);
    mb.options(Options.builder().gravity(0, 0, 0).build());
    int ba = 0;
    if (a != GeomType.PLANE && a != GeomType.HFIELD) {
      BodySpec body = mb.addBody(0, "A");
      mb.addJoint(body.id(), JointType.FREE, "fa");
      ba = body.id();
    }
    geom(mb, ba, a, "ga");
    BodySpec body = mb.addBody(0, "B");
    mb.addJoint(body.id(), JointType.FREE, "fb");
    geom(mb, body.id(), b, "gb").margin(margin, gap);
    return mb.build();
  }

  private static GeomSpec geom(ModelBuilder mb, int body, GeomType t, String name) {
    return switch (t) {
      case PLANE -> mb.addGeom(body, t, name).size(0, 0, 1);
      case MESH -> {
        // an irregular gem: a hexagonal bipyramid of radius about 0.25
        float[] v = new float[24];
        for (int i = 0; i < 6; i++) {
          double r = 0.25 + 0.03 * ((i * 7) % 4), a = Math.PI / 3 * i + 0.1 * i;
          v[3 * i] = (float) (r * Math.cos(a));
          v[3 * i + 1] = (float) (r * Math.sin(a));
          v[3 * i + 2] = (float) (0.02 * (i % 2 == 0 ? 1 : -1));
        }
        v[18] = 0.02f;
        v[19] = -0.01f;
        v[20] = 0.3f;
        v[21] = -0.02f;
        v[22] = 0.01f;
        v[23] = -0.25f;
        int[] f = new int[36];
        for (int i = 0; i < 6; i++) {
          int j = (i + 1) % 6;
          f[6 * i] = i;
          f[6 * i + 1] = j;
          f[6 * i + 2] = 6;
          f[6 * i + 3] = j;
          f[6 * i + 4] = i;
          f[6 * i + 5] = 7;
        }
        MeshSpec gem =
            mb.addMesh(
                name + "-gem",
                v,
                f,
                new double[3],
                new double[] {1, 0, 0, 0},
                new double[] {1, 1, 1},
                false);
        yield mb.addGeom(body, t, name).mesh(gem);
      }
      case HFIELD -> {
        // 5 rows, 6 columns of bumps 0.3 high over 1.2 x 1 m, turned about z
        float[] h = new float[30];
        for (int i = 0; i < h.length; i++) {
          h[i] = (float) (0.5 + 0.5 * Math.sin(1.3 * (i % 6) + 0.7 * (i / 6)));
        }
        yield mb.addGeom(body, t, name)
            .hfield(mb.addHfield("bumps", 5, 6, new double[] {0.6, 0.5, 0.3, 0.1}, h))
            .quat(Math.cos(0.2), 0, 0, Math.sin(0.2));
      }
      case SPHERE -> mb.addGeom(body, t, name).size(0.3).mass(1);
      case CAPSULE -> mb.addGeom(body, t, name).size(0.2, 0.4).mass(1);
      case BOX -> mb.addGeom(body, t, name).size(0.3, 0.2, 0.25).mass(1);
      case ELLIPSOID -> mb.addGeom(body, t, name).size(0.3, 0.15, 0.2).mass(1);
      case CYLINDER -> mb.addGeom(body, t, name).size(0.2, 0.25).mass(1);
      default -> throw new IllegalArgumentException(t.toString());
    };
  }

  private static void place(Model m, Data d, Random rnd, double[] posB, boolean alignAxes) {
    int qb = m.jntQposAdr(m.njnt() - 1);
    double[] qa = alignAxes ? new double[] {1, 0, 0, 0} : RandomModels.randomQuat(rnd);
    if (m.njnt() == 2) {
      d.qpos[0] = 0;
      d.qpos[1] = 0;
      d.qpos[2] = 0;
      System.arraycopy(qa, 0, d.qpos, 3, 4);
    }
    System.arraycopy(posB, 0, d.qpos, qb, 3);
    System.arraycopy(alignAxes ? qa : RandomModels.randomQuat(rnd), 0, d.qpos, qb + 3, 4);
  }

  private static boolean isPolytope(GeomType t) {
    return t == GeomType.BOX || t == GeomType.MESH || t == GeomType.HFIELD;
  }

  private static boolean isConvex(GeomType t) {
    return t == GeomType.ELLIPSOID || t == GeomType.CYLINDER;
  }

  /**
   * Central difference of the bars' dot product with the contact outputs along v, step eps; NaN
   * when an evaluation leaves d's smooth piece ({@link #sameBranch}).
   */
  private static double difference(
      Model m, Data d, double[] v, double eps, String[] out, double[][] bars, int n) {
    double[] f = new double[2];
    for (int s = 0; s < 2; s++) {
      Data p = new Data(m);
      p.copyStateFrom(d);
      for (int k = 0; k < m.nq(); k++) {
        p.qpos[k] += (s == 0 ? eps : -eps) * v[k];
      }
      forward(m, p);
      assertEquals(n, p.ncon, "the perturbation keeps the contacts");
      if (!sameBranch(d, p)) {
        return Double.NaN;
      }
      f[s] = DataTape.dot(p, out, bars);
    }
    return (f[0] - f[1]) / (2 * eps);
  }

  /**
   * Whether p's MPR ran the same program as d's: as many support evaluations, each made by the same
   * rule from the same earlier ones, every support point and the contact normal within 1e-3 of d's
   * (a box corner or a normal fix that switches moves them by the geom's size).
   */
  private static boolean sameBranch(Data d, Data p) {
    Model m = d.model;
    if (m.geomType(0) == GeomType.BOX && m.geomType(1) == GeomType.BOX) {
      // box–box: the same case, reference face and candidates
      for (int c = 0; c < d.ncon; c++) {
        if (d.conSlot[c] != p.conSlot[c]) {
          return false;
        }
      }
      return d.boxScratch[BoxBox.CASE] == p.boxScratch[BoxBox.CASE]
          && d.boxScratch[BoxBox.FACE] == p.boxScratch[BoxBox.FACE]
          && d.boxScratch[BoxBox.REF] == p.boxScratch[BoxBox.REF];
    }
    if (m.geomType(0) == GeomType.HFIELD) {
      // one MPR per prism: each contact's, run again from its prism, must keep its branch
      for (int c = 0; c < d.ncon; c++) {
        if (d.conFeature[c] != p.conFeature[c]) {
          return false;
        }
        rerun(m, d, c);
        rerun(m, p, c);
        if (!sameMpr(d, p)) {
          return false;
        }
      }
      return true;
    }
    return sameMpr(d, p);
  }

  /**
   * MPR of height field contact c again, from its prism, leaving its log in the scratch (as its
   * adjoint does).
   */
  private static void rerun(Model m, Data d, int c) {
    ConvexCollision.prism(m, d, 0, d.conFeature[c]);
    ConvexCollision.localPose(d, 0, d.conGeom[2 * c + 1]);
    d.convexScratch[ConvexCollision.FRAME] = 1;
    ConvexCollision.mpr(m, d, 0, d.conGeom[2 * c + 1], 0);
    d.convexScratch[ConvexCollision.FRAME] = 0;
  }

  /** Whether the MPR logs in d's and p's scratch ran the same program (see {@link #sameBranch}). */
  private static boolean sameMpr(Data d, Data p) {
    double[] a = d.convexScratch, b = p.convexScratch, la = d.convexLog, lb = p.convexLog;
    if (a[ConvexCollision.COUNT] != b[ConvexCollision.COUNT]
        || a[ConvexCollision.RES] != b[ConvexCollision.RES]) {
      return false;
    }
    for (int k = 0; k < (int) a[ConvexCollision.COUNT]; k++) {
      int e = ConvexCollision.LOG * k;
      for (int i = 0; i < ConvexCollision.LOG; i++) {
        double tol = i < 4 ? 0 : 1e-3;
        if (Math.abs(la[e + i] - lb[e + i]) > tol) {
          return false;
        }
      }
    }
    for (int c = 0; c < d.ncon; c++) {
      for (int k = 0; k < 3; k++) {
        if (Math.abs(d.conFrame[9 * c + k] - p.conFrame[9 * c + k]) > 1e-3) {
          return false;
        }
      }
    }
    return true;
  }

  private static void forward(Model m, Data d) {
    Kinematics.forward(m, d);
    Kinematics.geoms(m, d);
    Collision.detect(m, d);
  }

  @ParameterizedTest
  @CsvSource({
    "PLANE, SPHERE, 0, 0, 0.25, false",
    "PLANE, CAPSULE, 0, 0, 0.2, false",
    "PLANE, BOX, 0, 0, 0.15, false",
    "PLANE, ELLIPSOID, 0, 0, 0.12, false",
    "PLANE, CYLINDER, 0, 0, 0.2, false",
    "SPHERE, ELLIPSOID, 0.2, 0.15, 0.25, false",
    "SPHERE, CYLINDER, 0.2, 0.15, 0.3, false",
    "CAPSULE, ELLIPSOID, 0.2, 0.15, 0.25, false",
    "CAPSULE, CYLINDER, 0.2, 0.15, 0.3, false",
    "ELLIPSOID, ELLIPSOID, 0.15, 0.1, 0.2, false",
    "ELLIPSOID, CYLINDER, 0.2, 0.15, 0.25, false",
    "ELLIPSOID, BOX, 0.2, 0.15, 0.25, false",
    "CYLINDER, CYLINDER, 0.2, 0.15, 0.3, false",
    "CYLINDER, BOX, 0.2, 0.15, 0.3, false",
    "CAPSULE, BOX, 0.15, 0.1, 0.3, false",
    "CAPSULE, BOX, 0.05, 0.3, 0.1, false",
    "CAPSULE, BOX, 0.02, 0.03, 0.5, true",
    "BOX, BOX, 0.2, 0.15, 0.35, false",
    "BOX, BOX, 0.05, 0.1, 0.42, false",
    "BOX, BOX, 0.3, -0.1, 0.3, false",
    "SPHERE, SPHERE, 0.3, 0.2, 0.3, false",
    "SPHERE, CAPSULE, 0.2, 0.3, 0.1, false",
    "SPHERE, BOX, 0.35, 0.1, 0.1, false",
    "SPHERE, BOX, 0.05, 0.02, 0.03, false",
    "CAPSULE, CAPSULE, 0.2, 0.25, 0.1, false",
    "CAPSULE, CAPSULE, 0.3, 0.05, 0.1, true",
    // height fields: MPR against each prism under the geom, in the height field's frame
    "HFIELD, SPHERE, 0.05, 0.02, 0.3, false",
    "HFIELD, CAPSULE, -0.1, 0.1, 0.25, false",
    "HFIELD, ELLIPSOID, 0.1, -0.1, 0.25, false",
    "HFIELD, CYLINDER, 0.05, 0.05, 0.3, false",
    "HFIELD, BOX, -0.05, 0.02, 0.3, false",
    // meshes: the deepest vertex and two more on a plane; MPR with the vertex search as support
    // otherwise
    "PLANE, MESH, 0, 0, 0.2, false",
    "SPHERE, MESH, 0.2, 0.15, 0.35, false",
    "CAPSULE, MESH, 0.1, 0.1, 0.2, false",
    "ELLIPSOID, MESH, 0.1, 0.1, 0.15, false",
    "BOX, MESH, 0.1, 0.1, 0.2, false",
    "MESH, MESH, 0.1, 0.1, 0.2, false",
    "HFIELD, MESH, 0.05, 0.02, 0.25, false"
  })
  void contactGeometryAdjointMatchesTapeAndDifferences(
      GeomType a, GeomType b, double x, double y, double z, boolean parallel) {
    check(pair(a, b), a, b, x, y, z, parallel, null);
  }

  /**
   * The same with a contact margin of 6 cm and a gap of 2 cm: the contacts reach out to the margin
   * (MPR's support points move out by half of it). Geom b is lifted until the nearest contact lies
   * at 1 cm (seeds 1 and 2, active), at 5 cm (seed 3, in the gap) or at −1 cm (seed 4, in
   * penetration).
   */
  @ParameterizedTest
  @CsvSource({
    "PLANE, SPHERE, 0, 0, 0.3",
    "PLANE, BOX, 0, 0, 0.3",
    "PLANE, MESH, 0, 0, 0.25",
    "SPHERE, SPHERE, 0.3, 0.2, 0.45",
    "SPHERE, BOX, 0.35, 0.1, 0.3",
    "CAPSULE, BOX, 0.15, 0.1, 0.5",
    "SPHERE, ELLIPSOID, 0.2, 0.15, 0.4",
    "CAPSULE, CYLINDER, 0.2, 0.15, 0.5",
    "ELLIPSOID, BOX, 0.2, 0.15, 0.45",
    "CYLINDER, CYLINDER, 0.2, 0.15, 0.5",
    "BOX, BOX, 0.2, 0.15, 0.5"
  })
  void marginContactAdjointMatchesTapeAndDifferences(
      GeomType a, GeomType b, double x, double y, double z) {
    check(pair(a, b, 0.06, 0.02), a, b, x, y, z, false, new double[] {0.01, 0.01, 0.05, -0.01});
  }

  /**
   * Lifts geom b's body (the last free joint) along z until the nearest contact lies at {@code
   * target} (bisection from its placed height, contact-free below and above).
   */
  private static void lift(Model m, Data d, double target) {
    int qz = m.jntQposAdr(m.njnt() - 1) + 2;
    double lo = d.qpos[qz] - 0.5, hi = d.qpos[qz] + 0.5;
    for (int it = 0; it < 60; it++) {
      d.qpos[qz] = 0.5 * (lo + hi);
      forward(m, d);
      if (nearest(d) > target) {
        hi = d.qpos[qz];
      } else {
        lo = d.qpos[qz];
      }
    }
    forward(m, d);
  }

  /** The smallest contact distance, infinite without contacts. */
  private static double nearest(Data d) {
    double nearest = Double.POSITIVE_INFINITY;
    for (int c = 0; c < d.ncon; c++) {
      nearest = Math.min(nearest, d.conDist[c]);
    }
    return nearest;
  }

  private static void check(
      Model m,
      GeomType a,
      GeomType b,
      double x,
      double y,
      double z,
      boolean parallel,
      double[] targets) {
    int checked = 0;
    for (long seed = 1; seed <= 4; seed++) {
      Random rnd = new Random(seed);
      Data d = new Data(m);
      place(m, d, rnd, new double[] {x, y, z}, parallel);
      forward(m, d);
      if (targets != null) {
        lift(m, d, targets[(int) seed - 1]);
        assertEquals(
            targets[(int) seed - 1], nearest(d), 1e-4, a + "-" + b + " seed " + seed + ": lifted");
      }
      assertTrue(d.ncon > 0, a + "-" + b + " seed " + seed + ": the geoms touch");
      int n = d.ncon;
      double[][] bars = {
        TapeCheck.random(rnd, 3 * n, 1),
        TapeCheck.random(rnd, 9 * n, 1),
        TapeCheck.random(rnd, n, 1)
      };
      DataBar bar = new DataBar(m);
      DataTape.setBars(bar, OUT, bars);
      CollisionAdjoint.detect(m, d, bar);
      KinematicsAdjoint.geoms(m, d, bar);
      KinematicsAdjoint.forward(m, d, bar);

      Data td = new Data(m);
      td.copyStateFrom(d);
      double[] tape;
      try (Tape t = Tape.begin(1 << 24)) {
        double[][] h = DataTape.box(t, td, "qpos");
        DataTape.run(Kinematics.class, "forward", m, td);
        DataTape.run(Kinematics.class, "geoms", m, td);
        DataTape.run(Collision.class, "detect", m, td);
        DataTape.seed(t, td, OUT, bars);
        t.reverse();
        tape = DataTape.adjoints(t, h[0]);
      }
      assertTrue(TapeCheck.maxAbs(tape) > 1e-3, "non-trivial");
      // MPR's tens of chained steps round differently in the tape's and the adjoint's order
      // (and box–box's tangent mode)
      boolean mpr =
          a != GeomType.PLANE
              && (isConvex(a)
                  || isConvex(b)
                  || a == GeomType.BOX && b == GeomType.BOX
                  || a == GeomType.HFIELD
                  || b == GeomType.MESH);
      double err = TapeCheck.relativeError(bar.qposBar, tape);
      assertTrue(
          err < (mpr ? 1e-10 : 1e-12), a + "-" + b + " seed " + seed + ": adjoint vs tape " + err);

      // central differences along a random direction that keeps the contact set. MPR's contact is
      // piecewise smooth:
      // its loops stop after a number of support evaluations that changes with the pose, a box's
      // support point jumps
      // between corners, and the pieces meet with jumps of the order of its tolerance. The
      // differences are taken
      // with the first step (1e-5 .. 1e-8) whose two evaluations stay on the pose's piece
      // (sameBranch), and the seed
      // is skipped when none does.
      double[] v = TapeCheck.random(rnd, m.nq(), 1);
      double adj = 0;
      for (int k = 0; k < m.nq(); k++) {
        adj += bar.qposBar[k] * v[k];
      }
      double fd = Double.NaN;
      for (double eps = mpr ? 1e-5 : 1e-7; eps > 5e-9 && Double.isNaN(fd); eps /= 10) {
        fd = difference(m, d, v, eps, OUT, bars, n);
      }
      if (Double.isNaN(fd)) {
        continue;
      }
      assertTrue(
          Math.abs(fd - adj) < 1e-6 * (1 + Math.abs(adj)),
          a + "-" + b + ": fd " + fd + " vs " + adj);
      checked++;
    }
    // two polytopes (boxes, meshes, a height field's prisms; and a cylinder's flat cap on a prism):
    // along MPR's
    // iterations the support directions lie near face normals, so a vertex switches under any
    // perturbation that
    // finite differences can resolve; the tape alone checks the adjoint there
    boolean polytopes =
        isPolytope(a)
            && (isPolytope(b) || a == GeomType.HFIELD && b == GeomType.CYLINDER)
            && !(a == GeomType.BOX && b == GeomType.BOX);
    assertTrue(
        polytopes || checked >= 2,
        a + "-" + b + ": central differences checked on " + checked + " of 4 seeds");
  }
}
