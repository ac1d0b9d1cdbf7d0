package org.diffart.sim.algo.sensor;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.dynamics.RneaAdjoint;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.algo.kinematics.KinematicsAdjoint;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.tape.Tape;
import org.diffart.sim.testing.DataTape;
import org.diffart.sim.testing.ReferenceFiles;
import org.diffart.sim.testing.TapeCheck;
import org.junit.jupiter.api.Test;

/**
 * The pieces of the sensors' adjoint against the tape: RNEA's body accelerations and subtree forces
 * ({@link RneaAdjoint#bodies}) from the configuration, velocities and accelerations.
 */
class SensorsAdjointTest {
  @Test
  void rneaBodyQuantitiesMatchTheTape() {
    Model m =
        ModelLoader.load(
            ReferenceFiles.repoRoot().resolve("datasets/reference/models/sensors.xml"));
    Random rnd = new Random(5);
    Data d = new Data(m);
    for (int k = 0; k < m.nv(); k++) {
      d.qvel[k] = rnd.nextGaussian();
    }
    Step.forward(m, d);
    String[] out = {"rneaAcc", "rneaForce"};
    double[][] bars = {
      TapeCheck.random(rnd, 6 * m.nbody(), 1), TapeCheck.random(rnd, 6 * m.nbody(), 1)
    };
    bars[0][0] = bars[0][1] = bars[0][2] = bars[0][3] = bars[0][4] = bars[0][5] = 0;
    bars[1][0] = bars[1][1] = bars[1][2] = bars[1][3] = bars[1][4] = bars[1][5] = 0;
    DataBar b = new DataBar(m);
    System.arraycopy(bars[0], 0, b.rneaAccBar, 0, bars[0].length);
    System.arraycopy(bars[1], 0, b.rneaForceBar, 0, bars[1].length);
    double[] qaccBar = new double[m.nv()];
    RneaAdjoint.bodies(m, d, b, d.qacc, qaccBar);
    KinematicsAdjoint.velocity(m, d, b);
    KinematicsAdjoint.forward(m, d, b);
    assertAgree(b, qaccBar, tape(m, d, "interactionForces", out, bars));
  }

  /**
   * The tape's bars of qpos, qvel and qacc through the kinematics, the velocities and {@code
   * Sensors.method}.
   */
  private static double[][] tape(Model m, Data d, String method, String[] out, double[][] bars) {
    Data td = new Data(m);
    td.copyStateFrom(d);
    System.arraycopy(d.qacc, 0, td.qacc, 0, m.nv());
    try (Tape t = Tape.begin(1 << 22)) {
      double[][] h = DataTape.box(t, td, "qpos", "qvel", "qacc");
      DataTape.run(Kinematics.class, "forward", m, td);
      DataTape.run(Kinematics.class, "velocity", m, td);
      DataTape.run(Sensors.class, method, m, td);
      DataTape.seed(t, td, out, bars);
      t.reverse();
      return new double[][] {
        DataTape.adjoints(t, h[0]), DataTape.adjoints(t, h[1]), DataTape.adjoints(t, h[2])
      };
    }
  }

  private static void assertAgree(DataBar b, double[] qaccBar, double[][] tape) {
    double eq = TapeCheck.relativeError(b.qposBar, tape[0]),
        ev = TapeCheck.relativeError(b.qvelBar, tape[1]);
    double ea = TapeCheck.relativeError(qaccBar, tape[2]);
    assertTrue(TapeCheck.maxAbs(tape[0]) > 1e-3, "non-trivial");
    assertTrue(
        eq < 1e-10 && ev < 1e-10 && ea < 1e-10, "qpos " + eq + ", qvel " + ev + ", qacc " + ea);
  }

  /**
   * Every sensor of the reference scene but the actuator forces (read, not computed, by {@code
   * Sensors}) from the configuration, velocities and accelerations: the sensors' adjoint, then the
   * kinematics', against the tape of the sensors' forward.
   */
  @Test
  void sensorsMatchTheTapeOfTheirForward() {
    Model m =
        ModelLoader.load(
            ReferenceFiles.repoRoot().resolve("datasets/reference/models/sensors.xml"));
    Random rnd = new Random(7);
    Data d = new Data(m);
    for (int k = 0; k < m.nv(); k++) {
      d.qvel[k] = rnd.nextGaussian();
    }
    Step.forward(m, d);
    double[] bar = TapeCheck.random(rnd, m.nsensordata(), 1);
    for (int i = 0; i < m.nsensor(); i++) {
      if (m.sensorType(i) == org.diffart.sim.model.SensorType.ACTUATORFRC) {
        bar[m.sensorAdr(i)] = 0;
      }
    }
    DataBar b = new DataBar(m);
    System.arraycopy(bar, 0, b.sensordataBar, 0, bar.length);
    SensorsAdjoint.compute(m, d, b);
    double[] qaccBar = b.qaccBar.clone();
    KinematicsAdjoint.velocity(m, d, b);
    KinematicsAdjoint.geoms(m, d, b);
    KinematicsAdjoint.sites(m, d, b);
    KinematicsAdjoint.forward(m, d, b);
    assertAgree(
        b, qaccBar, tape(m, d, "compute", new String[] {"sensordata"}, new double[][] {bar}));
  }
}
