package org.diffart.sim.algo.sensor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.util.EnumSet;
import java.util.Map;
import java.util.Random;
import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.kinematics.Configuration;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.algo.kinematics.KinematicsAdjoint;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.diff.AdjointGradient;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.FiniteDifferenceGradient;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.diff.TapeGradient;
import org.diffart.sim.diff.Wrt;
import org.diffart.sim.io.MjcfLoader;
import org.diffart.sim.io.ModelFormatException;
import org.diffart.sim.model.FrameType;
import org.diffart.sim.model.Model;
import org.diffart.sim.tape.Tape;
import org.diffart.sim.testing.DataTape;
import org.diffart.sim.testing.ReferenceFiles;
import org.diffart.sim.testing.TapeCheck;
import org.junit.jupiter.api.Test;

/**
 * Frame sensors read in a reference frame (MJCF {@code reftype}/{@code refname}) against MuJoCo
 * 3.14 (datasets/reference/elements314/sensors.json, made by probes/elements_314.py; semantics §
 * 7): the values at random states and along 100 Euler steps, seven sensor types in seven pairs of
 * frames of every kind; their adjoint against the tape and central differences; the attributes
 * where MuJoCo refuses them.
 */
class SensorReferenceFrameTest {
  private static JsonObject reference() {
    return ReferenceFiles.json("elements314/sensors");
  }

  private static Model model() {
    return MjcfLoader.loadString(reference().get("xml").getAsString(), "s.xml");
  }

  private static Data state(Model m, JsonObject s) {
    Data d = new Data(m);
    System.arraycopy(ReferenceFiles.doubles(s.get("qpos")), 0, d.qpos, 0, m.nq());
    System.arraycopy(ReferenceFiles.doubles(s.get("qvel")), 0, d.qvel, 0, m.nv());
    return d;
  }

  @Test
  void valuesAreMujoco314sAtRandomStates() {
    Model m = model();
    JsonObject ref = reference();
    JsonArray names = ref.getAsJsonArray("sensor_name");
    assertEquals(names.size(), m.nsensor());
    int referenced = 0;
    for (int i = 0; i < m.nsensor(); i++) {
      assertEquals(names.get(i).getAsString(), m.sensorName(i));
      int type = ref.getAsJsonArray("sensor_reftype").get(i).getAsInt();
      assertEquals(
          type == 0 ? -1 : ref.getAsJsonArray("sensor_refid").get(i).getAsInt(),
          m.sensorRefObj(i),
          m.sensorName(i));
      referenced += m.sensorRefFrame(i) != FrameType.NONE ? 1 : 0;
    }
    assertEquals(49, referenced);
    for (var e : ref.getAsJsonArray("states")) {
      JsonObject s = e.getAsJsonObject();
      Data d = state(m, s);
      Step.forward(m, d);
      close(m, ReferenceFiles.doubles(s.get("sensordata")), d.sensordata, 1e-12, "state");
    }
  }

  @Test
  void trajectoryIsMujoco314s() {
    Model m = model();
    JsonObject traj = reference().getAsJsonObject("trajectory");
    JsonArray qpos = traj.getAsJsonArray("qpos"), qvel = traj.getAsJsonArray("qvel");
    JsonArray sensors = traj.getAsJsonArray("sensordata");
    Data d = new Data(m);
    System.arraycopy(ReferenceFiles.doubles(qpos.get(0)), 0, d.qpos, 0, m.nq());
    System.arraycopy(ReferenceFiles.doubles(qvel.get(0)), 0, d.qvel, 0, m.nv());
    for (int t = 0; t < qpos.size(); t++) {
      Step.forward(m, d);
      close(m, ReferenceFiles.doubles(sensors.get(t)), d.sensordata, 1e-9, "step " + t);
      Step.step(m, d);
    }
  }

  private static void close(Model m, double[] want, double[] got, double tol, String at) {
    for (int i = 0; i < m.nsensor(); i++) {
      for (int k = m.sensorAdr(i); k < m.sensorAdr(i) + m.sensorDim(i); k++) {
        assertEquals(
            want[k],
            got[k],
            tol * (1 + Math.abs(want[k])),
            at + " " + m.sensorName(i) + "[" + k + "]");
      }
    }
  }

  /** The adjoint of every sensor from qpos and qvel, through the kinematics. */
  private static DataBar adjoint(Model m, Data d, double[] bar) {
    DataBar b = new DataBar(m);
    System.arraycopy(bar, 0, b.sensordataBar, 0, bar.length);
    SensorsAdjoint.compute(m, d, b);
    KinematicsAdjoint.velocity(m, d, b);
    KinematicsAdjoint.geoms(m, d, b);
    KinematicsAdjoint.sites(m, d, b);
    KinematicsAdjoint.forward(m, d, b);
    return b;
  }

  @Test
  void adjointMatchesTheTape() {
    Model m = model();
    Data d = state(m, reference().getAsJsonArray("states").get(0).getAsJsonObject());
    Step.forward(m, d);
    double[] bar = TapeCheck.random(new Random(3), m.nsensordata(), 1);
    DataBar b = adjoint(m, d, bar);
    Data td = new Data(m);
    td.copyStateFrom(d);
    System.arraycopy(d.qacc, 0, td.qacc, 0, m.nv());
    double[] qposBar, qvelBar;
    try (Tape t = Tape.begin(1 << 22)) {
      double[][] h = DataTape.box(t, td, "qpos", "qvel", "qacc");
      DataTape.run(Kinematics.class, "forward", m, td);
      DataTape.run(Kinematics.class, "velocity", m, td);
      DataTape.run(Sensors.class, "compute", m, td);
      DataTape.seed(t, td, new String[] {"sensordata"}, new double[][] {bar});
      t.reverse();
      qposBar = DataTape.adjoints(t, h[0]);
      qvelBar = DataTape.adjoints(t, h[1]);
    }
    assertTrue(TapeCheck.maxAbs(qposBar) > 1e-3 && TapeCheck.maxAbs(qvelBar) > 1e-3);
    double eq = TapeCheck.relativeError(b.qposBar, qposBar);
    double ev = TapeCheck.relativeError(b.qvelBar, qvelBar);
    assertTrue(eq < 1e-10 && ev < 1e-10, "qpos " + eq + ", qvel " + ev);
  }

  /** Σ bar · sensordata at (qpos ⊕ s·dq, qvel + s·dv). */
  private static double weighted(
      Model m, Data base, double[] bar, double[] dq, double[] dv, double s) {
    Data d = new Data(m);
    d.copyStateFrom(base);
    Configuration.integratePos(m, d.qpos, dq, s);
    for (int k = 0; k < m.nv(); k++) {
      d.qvel[k] += s * dv[k];
    }
    Step.forward(m, d);
    double sum = 0;
    for (int k = 0; k < bar.length; k++) {
      sum += bar[k] * d.sensordata[k];
    }
    return sum;
  }

  @Test
  void adjointMatchesCentralDifferencesOneSensorAtATime() {
    Model m = model();
    Data d = state(m, reference().getAsJsonArray("states").get(1).getAsJsonObject());
    Step.forward(m, d);
    Random rnd = new Random(9);
    double[] dq = TapeCheck.random(rnd, m.nv(), 1), dv = TapeCheck.random(rnd, m.nv(), 1);
    int nontrivial = 0;
    for (int i = 0; i < m.nsensor(); i++) {
      if (m.sensorRefFrame(i) == FrameType.NONE) {
        continue;
      }
      double[] bar = new double[m.nsensordata()];
      for (int k = 0; k < m.sensorDim(i); k++) {
        bar[m.sensorAdr(i) + k] = rnd.nextGaussian();
      }
      DataBar b = adjoint(m, d, bar);
      // the directional derivative: qpos moves along the tangent dq (its coordinates' rate)
      double[] q1 = d.qpos.clone();
      Configuration.integratePos(m, q1, dq, 1e-7);
      double[] q0 = d.qpos.clone();
      Configuration.integratePos(m, q0, dq, -1e-7);
      double adj = 0;
      for (int k = 0; k < m.nq(); k++) {
        adj += b.qposBar[k] * (q1[k] - q0[k]) / 2e-7;
      }
      for (int k = 0; k < m.nv(); k++) {
        adj += b.qvelBar[k] * dv[k];
      }
      double h = 1e-6;
      double fd = (weighted(m, d, bar, dq, dv, h) - weighted(m, d, bar, dq, dv, -h)) / (2 * h);
      // a frame fixed in its reference (site sA in body A) reads a constant
      nontrivial += Math.abs(fd) > 1e-3 ? 1 : 0;
      assertEquals(fd, adj, 1e-6 * (1 + Math.abs(fd)), m.sensorName(i));
    }
    assertEquals(42, nontrivial, "all but the seven sensors of site sA in body A vary");
  }

  /** Our refusal of each case MuJoCo refuses. */
  private static final Map<String, String> REFUSALS =
      Map.of(
          "acc_sensor", "unknown or unsupported attribute 'reftype'",
          "gyro", "unknown or unsupported attribute 'reftype'",
          "reftype_alone", "attributes 'reftype' and 'refname' must be given together",
          "refname_alone", "attributes 'reftype' and 'refname' must be given together",
          "camera", "attribute 'reftype': cameras are not loaded by diffart",
          "unknown_ref", "unknown body 'Z'");

  @Test
  void refusesWhereMujoco314Refuses() {
    JsonObject ref = reference();
    String xml = ref.get("xml").getAsString();
    String head = xml.substring(0, xml.indexOf("<sensor>"));
    JsonObject errors = ref.getAsJsonObject("errors");
    assertEquals(REFUSALS.keySet(), errors.keySet());
    for (String name : errors.keySet()) {
      JsonObject c = errors.getAsJsonObject(name);
      assertTrue(c.has("error"), name);
      String x = head + "<sensor>" + c.get("sensor").getAsString() + "</sensor></mujoco>";
      ModelFormatException ex =
          assertThrows(ModelFormatException.class, () -> MjcfLoader.loadString(x, "s.xml"), name);
      assertTrue(ex.getMessage().contains(REFUSALS.get(name)), name + ": " + ex.getMessage());
    }
  }

  @Test
  void rolloutGradientOfASensorCostEqualsTheTapeAndCentralDifferences() {
    Model m = model();
    Data d = state(m, reference().getAsJsonArray("states").get(2).getAsJsonObject());
    RolloutProblem p =
        new RolloutProblem(m, d, new double[0], 40, Loss.finalConfigurationAndSensors(1e-2));
    GradientResult adjoint = AdjointGradient.compute(p, new Checkpointing.Every(7));
    GradientResult tape = TapeGradient.compute(p, 1L << 31);
    assertEquals(tape.loss(), adjoint.loss(), 1e-12 * tape.loss());
    TapeCheck.assertAgrees("reftype", adjoint, tape, 1e-10, Wrt.QPOS0, Wrt.QVEL0);
    GradientResult fd =
        FiniteDifferenceGradient.compute(
            p, EnumSet.of(Wrt.QPOS0, Wrt.QVEL0), new FiniteDifferenceGradient.Settings(1e-6, true));
    TapeCheck.assertAgrees("reftype", adjoint, fd, 1e-6, Wrt.QPOS0, Wrt.QVEL0);
  }
}
