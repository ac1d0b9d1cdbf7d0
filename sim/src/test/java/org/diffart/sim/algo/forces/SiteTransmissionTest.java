package org.diffart.sim.algo.forces;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.kinematics.Configuration;
import org.diffart.sim.compiler.ModelBuilder;
import org.diffart.sim.compiler.SiteSpec;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.ActuatorType;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.diffart.sim.testing.TapeCheck;
import org.junit.jupiter.api.Test;

/**
 * {@link SiteTransmission} on the MuJoCo 3.14 reference arm ({@code sites314/site_arm.xml}): where
 * MuJoCo's moment arms are the length's derivative (a translation measured in the frame of a site
 * on an ancestor) and where they are not (a rotation), the velocity they give, and what the builder
 * refuses.
 */
class SiteTransmissionTest {
  private static final int TRANS_ONLY = 3, ROT_ONLY = 4;

  private static Model arm() {
    return ModelLoader.load(
        ReferenceFiles.repoRoot().resolve("datasets/reference/sites314/site_arm.xml").toString());
  }

  /** Central differences of every actuator's length along the tangent direction of dof k. */
  private static double[] lengthDerivative(Model m, Data d, int k, double eps) {
    double[] q0 = d.qpos.clone(), dq = new double[m.nv()], out = new double[m.nu()];
    dq[k] = eps;
    for (int sign = 1; sign >= -1; sign -= 2) {
      System.arraycopy(q0, 0, d.qpos, 0, m.nq());
      Configuration.integratePos(m, d.qpos, dq, sign);
      Step.forward(m, d);
      for (int a = 0; a < m.nu(); a++) {
        out[a] += sign * d.actuatorLength[a] / (2 * eps);
      }
    }
    System.arraycopy(q0, 0, d.qpos, 0, m.nq());
    Step.forward(m, d);
    return out;
  }

  @Test
  void momentArmsAreTheLengthsDerivativeForATranslationInAnAncestorsFrameOnly() {
    Model m = arm();
    Data d = new Data(m);
    Random rnd = new Random(3);
    double[] row = new double[m.nv()];
    double rotGap = 0;
    for (int c = 0; c < 3; c++) {
      System.arraycopy(m.qpos0(), 0, d.qpos, 0, m.nq());
      Configuration.integratePos(m, d.qpos, TapeCheck.random(rnd, m.nv(), 0.5), 1);
      Step.forward(m, d);
      for (int k = 0; k < m.nv(); k++) {
        double[] fd = lengthDerivative(m, d, k, 1e-6);
        Forces.moment(m, d, TRANS_ONLY, row);
        assertEquals(fd[TRANS_ONLY], row[k], 1e-8, "trans_only, dof " + k);
        Forces.moment(m, d, ROT_ONLY, row);
        rotGap = Math.max(rotGap, Math.abs(fd[ROT_ONLY] - row[k]));
      }
    }
    // MuJoCo's rotational moment arms ignore the log map and the turning reference frame
    assertTrue(rotGap > 0.1, "rot_only's moment arms equal its length's derivative: " + rotGap);
  }

  @Test
  void velocityIsTheMomentArmsTimesQvel() {
    Model m = arm();
    Data d = new Data(m);
    Random rnd = new Random(4);
    Configuration.integratePos(m, d.qpos, TapeCheck.random(rnd, m.nv(), 0.5), 1);
    System.arraycopy(TapeCheck.random(rnd, m.nv(), 1), 0, d.qvel, 0, m.nv());
    Step.forward(m, d);
    double[] row = new double[m.nv()];
    for (int a = 0; a < m.nu(); a++) {
      Forces.moment(m, d, a, row);
      double v = 0;
      for (int k = 0; k < m.nv(); k++) {
        v += row[k] * d.qvel[k];
      }
      assertEquals(v, d.actuatorVelocity[a], 1e-14, m.actName(a));
      assertTrue(Math.abs(v) > 1e-6, m.actName(a) + " does not move");
    }
  }

  @Test
  void theBuilderRefusesSitesOnMusclesAndAdhesion() {
    ModelBuilder b = new ModelBuilder("sites");
    SiteSpec s = b.addSite(0, GeomType.SPHERE, "s");
    for (ActuatorType t : new ActuatorType[] {ActuatorType.MUSCLE, ActuatorType.ADHESION}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> b.addSiteActuator(t, s, null, "a"));
      assertTrue(e.getMessage().contains("cannot act on a site"), e.getMessage());
    }
  }
}
