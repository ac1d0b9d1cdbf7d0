package org.diffart.sim.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.RandomModels;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TransitionTest {

  private static double relativeError(double[][] a, double[][] b) {
    double err = 0, scale = 1e-300;
    for (int i = 0; i < a.length; i++) {
      for (int j = 0; j < a[i].length; j++) {
        err = Math.max(err, Math.abs(a[i][j] - b[i][j]));
        scale = Math.max(scale, Math.abs(b[i][j]));
      }
    }
    return err / scale;
  }

  @ParameterizedTest
  @CsvSource({
    "builtin:laikago, stand, 300",
    "builtin:humanoid, '', 40",
    "builtin:pendulum:5, hang, 0",
    "builtin:ant, init, 80"
  })
  void exactMatchesCentralDifferences(String spec, String key, int warmup) {
    Model m = ModelLoader.load(spec);
    Data d = new Data(m);
    if (!key.isEmpty()) {
      d.resetToKey(m.keyLookup(key));
    }
    for (int k = 0; k < m.nu(); k++) {
      d.ctrl[k] = 0.3 * Math.sin(k + 1.0);
    }
    for (int s = 0; s < warmup; s++) {
      Step.step(m, d);
    }
    Transition exact = Transition.exact(m, d), fd = Transition.finiteDifferences(m, d, true, 1e-6);
    assertEquals(2 * m.nv(), exact.A().length);
    assertEquals(m.nu(), exact.B()[0].length);
    double ea = relativeError(exact.A(), fd.A()), eb = relativeError(exact.B(), fd.B());
    assertTrue(ea < 1e-5, spec + ": A exact vs central differences " + ea);
    assertTrue(eb < 1e-5, spec + ": B exact vs central differences " + eb);
    // the reverse sweeps leave nothing behind: a second evaluation is identical
    Transition again = Transition.exact(m, d);
    for (int i = 0; i < exact.A().length; i++) {
      assertEquals(
          0, relativeError(new double[][] {exact.A()[i]}, new double[][] {again.A()[i]}), 0);
    }
  }

  /**
   * The sensors' adjoint fills C and D: on the reference sensors scene (every sensor type but the
   * rangefinder, its acceleration, force and torque sensors included), on it again with contacts (a
   * floor: touch, and the contact forces in the force and torque sensors), on a scene of fixed and
   * spatial tendons with subtree sensors, on one of rangefinders that hit every kind of geom, fixed
   * and moving, and on touch sensors whose sites hold resting contacts (a crate on the floor, a
   * cube on a block), the exact rows equal central differences.
   */
  @ParameterizedTest
  @CsvSource({"sensors", "sensors on a floor", "tendons", "rangefinders", "touch"})
  void exactSensorRowsMatchCentralDifferences(String scene) throws java.io.IOException {
    String hfield =
        org.diffart.sim.testing.ReferenceFiles.repoRoot()
            .resolve("datasets/reference/rays/ray_hfield.bin")
            .toString();
    Model m =
        ModelLoader.loadMjcfString(
            scene.equals("tendons")
                ? TENDON_SENSORS
                : scene.equals("touch")
                    ? TOUCH
                    : scene.equals("rangefinders")
                        ? RANGEFINDERS.replace("HFIELD", hfield)
                        : sensorsScene(scene.endsWith("floor")),
            scene);
    Data d = new Data(m);
    java.util.Random rnd = new java.util.Random(11);
    // random velocities, but the touch scene's bodies settle from rest: sliding puts friction rows
    // at their bounds,
    // where the rows kink within reach of central differences
    for (int k = 0; k < m.nv() && !scene.equals("touch"); k++) {
      d.qvel[k] = 0.2 * rnd.nextGaussian();
    }
    for (int k = 0; k < m.nu(); k++) {
      d.ctrl[k] = 0.3 * Math.sin(k + 1.0);
    }
    for (int s = 0; s < 20; s++) {
      Step.step(m, d);
    }
    // the step the transition linearises, run once to see what the scene holds there
    Data probe = new Data(m);
    probe.copyStateFrom(d);
    Step.step(m, probe);
    if (scene.endsWith("floor")) {
      assertTrue(
          probe.nefc > probe.ncon,
          "the floor's contacts push, with friction: " + probe.nefc + " rows");
    }
    if (scene.equals("touch")) {
      assertTrue(
          probe.sensordata[0] > 1 && probe.sensordata[1] > 1,
          "both touch sensors feel their contacts: "
              + probe.sensordata[0]
              + ", "
              + probe.sensordata[1]);
    }
    if (scene.equals("rangefinders")) {
      java.util.Set<org.diffart.sim.model.GeomType> hit =
          java.util.EnumSet.noneOf(org.diffart.sim.model.GeomType.class);
      for (int i = 0; i < m.nsensor(); i++) {
        int s = m.sensorObj(i), o = 3 * s, r = 9 * s;
        int g =
            org.diffart.sim.algo.collision.Ray.hitGeom(
                m,
                probe,
                probe.siteXpos[o],
                probe.siteXpos[o + 1],
                probe.siteXpos[o + 2],
                probe.siteXmat[r + 2],
                probe.siteXmat[r + 5],
                probe.siteXmat[r + 8],
                m.siteBody(s));
        assertTrue(
            g >= 0 && probe.sensordata[i] > 0,
            "rangefinder " + i + " hits: " + probe.sensordata[i]);
        hit.add(m.geomType(g));
      }
      assertEquals(8, hit.size(), "every kind of geom is hit: " + hit);
    }
    Transition exact = Transition.exact(m, d), fd = Transition.finiteDifferences(m, d, true, 1e-6);
    assertEquals(m.nsensordata(), exact.C().length);
    assertTrue(
        relativeError(exact.C(), fd.C()) < 1e-6, scene + ": C " + relativeError(exact.C(), fd.C()));
    if (m.nu() > 0) {
      assertTrue(
          relativeError(exact.D(), fd.D()) < 1e-6,
          scene + ": D " + relativeError(exact.D(), fd.D()));
    }
    double largest = 0;
    for (double[] row : exact.C()) {
      for (double x : row) {
        largest = Math.max(largest, Math.abs(x));
      }
    }
    assertTrue(largest > 0.1, "non-trivial C");
  }

  /**
   * The limit sensors on violated limits of a hinge, a slide and a tendon over both: the exact rows
   * of their distances, velocities and forces equal central differences.
   */
  @Test
  void exactLimitSensorRowsMatchCentralDifferences() {
    Model m =
        ModelLoader.load(
            org.diffart.sim.testing.ReferenceFiles.repoRoot()
                .resolve("datasets/reference/trajectories/limit_sensors.xml"));
    Data d = new Data(m);
    d.resetToKey(m.keyLookup("violated"));
    Transition exact = Transition.exact(m, d), fd = Transition.finiteDifferences(m, d, true, 1e-6);
    assertTrue(relativeError(exact.C(), fd.C()) < 1e-6, "C " + relativeError(exact.C(), fd.C()));
    assertTrue(relativeError(exact.D(), fd.D()) < 1e-6, "D " + relativeError(exact.D(), fd.D()));
    for (int i = 0; i < m.nsensordata(); i++) {
      double row = 0;
      for (double x : exact.C()[i]) {
        row = Math.max(row, Math.abs(x));
      }
      assertTrue(row > 0.1, "sensor " + i + " moves with the state: " + row);
    }
  }

  /**
   * The reference sensors scene; on a floor: a plane the torso and the hand touch, their friction
   * along the sliding velocity (one friction direction, the MJCF default here), so that the force
   * and torque sensors carry contact forces along merged directions.
   */
  private static String sensorsScene(boolean floor) throws java.io.IOException {
    String xml =
        java.nio.file.Files.readString(
            org.diffart.sim.testing.ReferenceFiles.repoRoot()
                .resolve("datasets/reference/models/sensors.xml"));
    return floor
        ? xml.replace(
            "<worldbody>", "<worldbody><geom type=\"plane\" size=\"0 0 1\" pos=\"0 0 0.97\"/>")
        : xml;
  }

  /**
   * A tumbling probe whose rangefinders hit a floor, a sphere, a rotated box, a capsule's side, a
   * cylinder's side and its flat end, a mesh, a height field (the bumps of the rays' reference, its
   * path put in for HFIELD) and an ellipsoid on a second free body, whose own rangefinder hits the
   * probe.
   */
  private static final String RANGEFINDERS =
      """
      <mujoco><option gravity="0 0 0"/>
        <asset><mesh name="rock" vertex="0 0 0.2  0.2 0 0  0 0.2 0  -0.2 0 0  0 -0.2 0.05  0 0 -0.15"/>
          <hfield name="hills" file="HFIELD" size="0.5 0.5 0.2 0.05"/></asset>
        <worldbody><geom type="plane" size="0 0 1"/>
          <geom type="sphere" size="0.2" pos="1 0 1"/>
          <geom type="box" size="0.2 0.3 0.25" pos="-1 0 1" euler="10 20 30"/>
          <geom type="capsule" fromto="-0.3 1 1 0.3 1 1.1" size="0.1"/>
          <geom type="cylinder" size="0.2 0.15" pos="0 -1 1" euler="0 10 0"/>
          <geom type="cylinder" size="0.3 0.1" pos="0.5 0.5 0.3"/>
          <geom type="mesh" mesh="rock" pos="1 1 1.2"/>
          <geom type="hfield" hfield="hills" pos="-1 -1 0"/>
          <body name="probe" pos="0 0 1"><freejoint/><geom size="0.05"/>
            <site name="down" zaxis="0.1 0.2 -1"/><site name="s" zaxis="1 0.1 0.05"/><site name="b" zaxis="-1 0.1 0.1"/>
            <site name="c" zaxis="0.1 1 0.05"/><site name="y" zaxis="0.05 -1 0.05"/>
            <site name="cap" zaxis="0.5 0.5 -0.6"/><site name="m" zaxis="1 1 0.2"/><site name="h" zaxis="-1 -1 -0.8"/>
            <site name="up" zaxis="0.05 0.1 1"/></body>
          <body name="target" pos="0 0 2"><freejoint/><geom type="ellipsoid" size="0.3 0.2 0.1"/>
            <site name="back" pos="0.02 0 0" zaxis="0 0.05 -1"/></body></worldbody>
        <sensor><rangefinder site="down"/><rangefinder site="s"/><rangefinder site="b"/><rangefinder site="c"/>
          <rangefinder site="y"/><rangefinder site="cap"/><rangefinder site="m"/><rangefinder site="h"/>
          <rangefinder site="up"/><rangefinder site="back"/></sensor></mujoco>""";

  /**
   * Touch sensors on a crate resting on the floor (four plane-box contacts) and on a cube resting
   * on a block (four box-box contacts), their sites' boxes around the bodies' lower halves, so that
   * every contact counts.
   */
  private static final String TOUCH =
      """
      <mujoco><option timestep="0.002"/><worldbody><geom type="plane" size="0 0 1"/>
        <body name="crate" pos="0 0 0.0995"><freejoint/><geom type="box" size="0.2 0.15 0.1" mass="2"/>
          <site name="bottom" type="box" size="0.21 0.16 0.06" pos="0 0 -0.06"/></body>
        <geom type="box" size="0.3 0.3 0.05" pos="1 0 0.05"/>
        <body name="cube" pos="1.02 0.01 0.1495" euler="0 0 20"><freejoint/><geom type="box" size="0.05 0.05 0.05"/>
          <site name="base" type="box" size="0.06 0.06 0.03" pos="0 0 -0.03"/></body></worldbody>
        <sensor><touch site="bottom"/><touch site="base"/></sensor></mujoco>""";

  /**
   * A fixed and a spatial tendon with their sensors, an actuator on the spatial one, and subtree
   * sensors.
   */
  private static final String TENDON_SENSORS =
      """
      <mujoco><option timestep="0.002"/><worldbody><site name="anchor" pos="0 0 1"/>
        <body name="a" pos="0 0 0.5"><joint name="h1" axis="0 1 0" damping="0.1"/>
          <geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.03"/><site name="s1" pos="0.3 0 0"/>
          <body name="b" pos="0.3 0 0"><joint name="h2" axis="0 1 0"/><joint name="sl" type="slide" axis="1 0 0"/>
            <geom type="box" size="0.05 0.04 0.03" pos="0.05 0 0"/><site name="s2" pos="0.1 0 0.02"/></body></body>
        <body name="free" pos="1 0 1"><freejoint/><geom type="ellipsoid" size="0.1 0.06 0.04" pos="0.02 0 0"/></body>
      </worldbody>
      <tendon><fixed name="couple"><joint joint="h1" coef="1"/><joint joint="h2" coef="-0.5"/></fixed>
        <spatial name="rope"><site site="anchor"/><site site="s1"/><site site="s2"/></spatial></tendon>
      <actuator><motor name="pull" tendon="rope" gear="2"/><position joint="sl" kp="10"/></actuator>
      <sensor><tendonpos tendon="couple"/><tendonvel tendon="couple"/><tendonpos tendon="rope"/>
        <tendonvel tendon="rope"/><subtreecom body="a"/><subtreelinvel body="a"/><subtreecom body="free"/>
        <subtreelinvel body="world"/><actuatorfrc actuator="pull"/></sensor></mujoco>""";

  @Test
  void identityPartOfAContactFreeStep() {
    // for a tiny time step, A ≈ [[1, dt], [0, 1]] in the tangent space, on a tree with every joint
    // type
    Model m = RandomModels.tree(RandomModels.Spec.full(6), 3);
    m = m.withOptions(m.opt().toBuilder().timestep(1e-7).build());
    Data d = new Data(m);
    RandomModels.randomState(m, d, 3);
    Transition t = Transition.exact(m, d);
    int nv = m.nv();
    for (int i = 0; i < 2 * nv; i++) {
      for (int j = 0; j < 2 * nv; j++) {
        double expected = i == j ? 1 : (i < nv && j == i + nv ? 1e-7 : 0);
        assertEquals(expected, t.A()[i][j], 1e-5, "A[" + i + "][" + j + "]");
      }
    }
  }

  @Test
  void preparedReversePgsEqualsUndoingTheSweeps() {
    Model m = ModelLoader.load("builtin:laikago");
    Data d = new Data(m);
    d.resetToKey(m.keyLookup("stand"));
    for (int s = 0; s < 300; s++) {
      Step.step(m, d);
    }
    Transition exact = Transition.exact(m, d);
    // row by row through the plain step adjoint, without the prepared basis
    Data next = new Data(m), work = new Data(m);
    next.copyStateFrom(d);
    Step.step(m, next);
    work.copyStateFrom(d);
    Step.dynamics(m, work);
    assertTrue(work.nefc > 0, "contact rows");
    int nv = m.nv();
    for (int i = 0; i < 2 * nv; i++) {
      org.diffart.sim.data.DataBar b = new org.diffart.sim.data.DataBar(m);
      if (i < nv) {
        double[] seed = new double[nv];
        seed[i] = 1;
        org.diffart.sim.algo.kinematics.Configuration.ambientSeed(m, next.qpos, seed, b.qposBar);
      } else {
        b.qvelBar[i - nv] = 1;
      }
      org.diffart.sim.algo.StepAdjoint.step(m, work, b);
      double[] row = new double[nv];
      org.diffart.sim.algo.kinematics.Configuration.tangentGradient(m, work.qpos, b.qposBar, row);
      for (int j = 0; j < nv; j++) {
        assertEquals(
            row[j], exact.A()[i][j], 1e-12 * (1 + Math.abs(row[j])), "A[" + i + "][" + j + "]");
        assertEquals(b.qvelBar[j], exact.A()[i][nv + j], 1e-12 * (1 + Math.abs(b.qvelBar[j])));
      }
      for (int j = 0; j < m.nu(); j++) {
        assertEquals(b.ctrlBar[j], exact.B()[i][j], 1e-12 * (1 + Math.abs(b.ctrlBar[j])));
      }
    }
  }
}
