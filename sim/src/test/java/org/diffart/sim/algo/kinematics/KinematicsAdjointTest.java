package org.diffart.sim.algo.kinematics;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.tape.Tape;
import org.diffart.sim.testing.DataTape;
import org.diffart.sim.testing.RandomModels;
import org.diffart.sim.testing.TapeCheck;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The adjoints of the position, geom and velocity kinematics together, on random trees with every
 * joint type (free root, ball, hinges with anchors, slides, several joints on one body, welded
 * bodies), against the tape and central differences.
 */
class KinematicsAdjointTest {
  private static final String[] OUT = {
    "xpos",
    "xquat",
    "xmat",
    "xquatRel",
    "xRot",
    "xTrans",
    "dofS",
    "geomXpos",
    "geomXmat",
    "bodyVel",
    "bodyBias"
  };

  private static void forward(Model m, Data d) {
    Kinematics.forward(m, d);
    Kinematics.velocity(m, d);
    Kinematics.geoms(m, d);
  }

  private static Model model(long seed) {
    return seed == 0
        ? ModelLoader.load("builtin:humanoid")
        : RandomModels.tree(RandomModels.Spec.full(10), seed);
  }

  @ParameterizedTest
  @ValueSource(longs = {0, 1, 2, 3, 4, 5, 6})
  void adjointMatchesTapeAndCentralDifferences(long seed) {
    Model m = model(seed);
    Data d = new Data(m);
    RandomModels.randomState(m, d, seed + 10);
    Random rnd = new Random(seed);
    forward(m, d);
    double[][] bars = DataTape.randomBars(d, OUT, rnd);
    DataBar b = new DataBar(m);
    DataTape.setBars(b, OUT, bars);
    KinematicsAdjoint.geoms(m, d, b);
    KinematicsAdjoint.velocity(m, d, b);
    KinematicsAdjoint.forward(m, d, b);

    // tape
    Data td = new Data(m);
    td.copyStateFrom(d);
    double[] gq, gv;
    try (Tape t = Tape.begin(1L << 28)) {
      double[][] h = DataTape.box(t, td, "qpos", "qvel");
      DataTape.run(Kinematics.class, "forward", m, td);
      DataTape.run(Kinematics.class, "velocity", m, td);
      DataTape.run(Kinematics.class, "geoms", m, td);
      DataTape.seed(t, td, OUT, bars);
      t.reverse();
      gq = DataTape.adjoints(t, h[0]);
      gv = DataTape.adjoints(t, h[1]);
    }
    assertTrue(TapeCheck.maxAbs(gq) > 0.1 && TapeCheck.maxAbs(gv) > 0.1, "non-trivial gradients");
    double eq = TapeCheck.relativeError(b.qposBar, gq), ev = TapeCheck.relativeError(b.qvelBar, gv);
    assertTrue(eq < 1e-12, m.name() + ": qpos adjoint vs tape " + eq);
    assertTrue(ev < 1e-12, m.name() + ": qvel adjoint vs tape " + ev);

    // central differences along a random direction: <bars, J v> = <adjoint, v>
    double[] vq = TapeCheck.random(rnd, m.nq(), 1), vv = TapeCheck.random(rnd, m.nv(), 1);
    double eps = 1e-6;
    Data p = new Data(m);
    double[] f = new double[2];
    for (int s = 0; s < 2; s++) {
      p.copyStateFrom(d);
      double sign = s == 0 ? 1 : -1;
      for (int k = 0; k < m.nq(); k++) {
        p.qpos[k] += sign * eps * vq[k];
      }
      for (int k = 0; k < m.nv(); k++) {
        p.qvel[k] += sign * eps * vv[k];
      }
      forward(m, p);
      f[s] = DataTape.dot(p, OUT, bars);
    }
    double fd = (f[0] - f[1]) / (2 * eps), adj = 0;
    for (int k = 0; k < m.nq(); k++) {
      adj += b.qposBar[k] * vq[k];
    }
    for (int k = 0; k < m.nv(); k++) {
      adj += b.qvelBar[k] * vv[k];
    }
    assertTrue(
        Math.abs(fd - adj) < 1e-6 * (1 + Math.abs(adj)),
        m.name() + ": FD " + fd + " vs adjoint " + adj);
  }
}
