package org.diffart.sim.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntFunction;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.Options;

/**
 * Compares two compiled models array by array, exactly, through the public accessors of {@link
 * Model}.
 */
final class ModelComparison {
  private ModelComparison() {}

  /**
   * Every size, option, element name and compiled array of {@code actual} equals {@code
   * expected}'s.
   */
  static void assertSameCompiledModel(Model expected, Model actual) {
    assertArrayEquals(sizes(expected), sizes(actual), "sizes");
    assertEquals(options(expected.opt()), options(actual.opt()), "options");
    same(
        "body",
        expected.nbody(),
        expected,
        actual,
        m ->
            i ->
                new double[] {
                  m.bodyParent(i),
                  m.bodyJntAdr(i),
                  m.bodyJntNum(i),
                  m.bodyDofAdr(i),
                  m.bodyDofNum(i),
                  m.bodyDepth(i),
                  m.bodyWeld(i),
                  m.bodyRoot(i),
                  m.bodyMass(i)
                });
    same(
        "bodyPos/Quat/Ipos/Iquat/Inertia",
        expected.nbody(),
        expected,
        actual,
        m ->
            i ->
                concat(
                    v(3, k -> m.bodyPos(i, k)),
                    v(4, k -> m.bodyQuat(i, k)),
                    v(3, k -> m.bodyIpos(i, k)),
                    v(4, k -> m.bodyIquat(i, k)),
                    v(3, k -> m.bodyInertia(i, k)),
                    v(10, k -> m.bodyInert(i, k))));
    same(
        "joint",
        expected.njnt(),
        expected,
        actual,
        m ->
            j ->
                concat(
                    new double[] {
                      m.jntType(j).ordinal(),
                      m.jntBody(j),
                      m.jntQposAdr(j),
                      m.jntDofAdr(j),
                      m.jntLimited(j) ? 1 : 0,
                      m.jntStiffness(j)
                    },
                    v(3, k -> m.jntPos(j, k)),
                    v(3, k -> m.jntAxis(j, k)),
                    v(2, k -> m.jntRange(j, k))));
    same(
        "dof",
        expected.nv(),
        expected,
        actual,
        m ->
            d ->
                new double[] {
                  m.dofBody(d), m.dofJnt(d), m.dofParent(d), m.dofDamping(d), m.dofArmature(d)
                });
    same(
        "qpos0/qposSpring",
        expected.nq(),
        expected,
        actual,
        m -> q -> new double[] {m.qpos0(q), m.qposSpring(q)});
    same(
        "geom",
        expected.ngeom(),
        expected,
        actual,
        m ->
            g ->
                concat(
                    new double[] {
                      m.geomType(g).ordinal(),
                      m.geomBody(g),
                      m.geomContype(g),
                      m.geomConaffinity(g),
                      m.geomCondim(g)
                    },
                    v(3, k -> m.geomSize(g, k)),
                    v(3, k -> m.geomPos(g, k)),
                    v(4, k -> m.geomQuat(g, k)),
                    v(3, k -> m.geomFriction(g, k))));
    same(
        "pair",
        expected.npair(),
        expected,
        actual,
        m -> p -> new double[] {m.pairGeom1(p), m.pairGeom2(p), m.pairConAdr(p)});
    same(
        "actuator",
        expected.nu(),
        expected,
        actual,
        m ->
            a ->
                concat(
                    new double[] {
                      m.actType(a).ordinal(),
                      m.actJnt(a),
                      m.actGear(a),
                      m.actCtrlLimited(a) ? 1 : 0,
                      m.actForceLimited(a) ? 1 : 0,
                      m.actDynType(a).ordinal(),
                      m.actDynPrm(a, 0),
                      m.actDynPrm(a, 1),
                      m.actActLimited(a) ? 1 : 0,
                      m.actActAdr(a)
                    },
                    v(2, k -> m.actCtrlRange(a, k)),
                    v(2, k -> m.actForceRange(a, k)),
                    v(9, k -> m.actGain(a, k)),
                    v(9, k -> m.actBias(a, k)),
                    v(2, k -> m.actLengthRange(a, k)),
                    v(2, k -> m.actActRange(a, k))));
    same(
        "key",
        expected.nkey(),
        expected,
        actual,
        m -> k -> concat(new double[] {m.keyTime(k)}, m.keyQpos(k), m.keyQvel(k), m.keyCtrl(k)));
    for (int i = 0; i < expected.nbody(); i++) {
      assertEquals(expected.bodyName(i), actual.bodyName(i), "body name " + i);
    }
    for (int j = 0; j < expected.njnt(); j++) {
      assertEquals(expected.jntName(j), actual.jntName(j), "joint name " + j);
    }
    for (int g = 0; g < expected.ngeom(); g++) {
      assertEquals(expected.geomName(g), actual.geomName(g), "geom name " + g);
    }
    for (int a = 0; a < expected.nu(); a++) {
      assertEquals(expected.actName(a), actual.actName(a), "actuator name " + a);
    }
    for (int k = 0; k < expected.nkey(); k++) {
      assertEquals(expected.keyName(k), actual.keyName(k), "key name " + k);
    }
  }

  private static List<Object> options(Options o) {
    return List.of(
        o.timestep(),
        Arrays.toString(o.gravity()),
        o.integrator(),
        o.contact(),
        o.limit(),
        o.iterations(),
        o.tolerance(),
        o.warmStart(),
        o.erp(),
        o.cfm(),
        o.frictionDirections(),
        o.restitution(),
        o.maxNormalImpulse());
  }

  private static int[] sizes(Model m) {
    return new int[] {
      m.nbody(),
      m.njnt(),
      m.nq(),
      m.nv(),
      m.ngeom(),
      m.nu(),
      m.nkey(),
      m.npair(),
      m.nslot(),
      m.nconMax()
    };
  }

  private static void same(
      String what,
      int n,
      Model expected,
      Model actual,
      Function<Model, IntFunction<double[]>> row) {
    for (int i = 0; i < n; i++) {
      assertArrayEquals(row.apply(expected).apply(i), row.apply(actual).apply(i), what + " " + i);
    }
  }

  private static double[] v(int n, IntFunction<Double> f) {
    double[] r = new double[n];
    for (int k = 0; k < n; k++) {
      r[k] = f.apply(k);
    }
    return r;
  }

  private static double[] concat(double[]... parts) {
    int n = 0;
    for (double[] p : parts) {
      n += p.length;
    }
    double[] r = new double[n];
    int o = 0;
    for (double[] p : parts) {
      System.arraycopy(p, 0, r, o, p.length);
      o += p.length;
    }
    return r;
  }
}
