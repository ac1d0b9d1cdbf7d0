package org.diffart.backends.capability;

import java.util.Arrays;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.diffart.backends.Backend;
import org.diffart.backends.Backends;
import org.diffart.backends.Capability;
import org.diffart.backends.capability.Capabilities.Verdict;
import org.diffart.sim.algo.kinematics.Configuration;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.Derivatives;
import org.diffart.sim.diff.KinematicJacobian;
import org.diffart.sim.diff.SmoothDerivatives;
import org.diffart.sim.diff.Transition;
import org.diffart.sim.model.Model;

/**
 * The derivatives at one state: a kinematic Jacobian against central differences of the point's
 * position and the body's orientation, and the internal derivatives of the smooth dynamics against
 * the simulator's central differences, on a floating base with a ball-jointed pendulum at a random
 * state; refused ones must fail naming the backend.
 */
final class LocalDerivativeProbes implements ProbeFamily {
  private static final double EPS = 1e-6;

  @Override
  public void verify(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = Probes.scene("floating_pendulum.xml");
    Data d = randomState(m);
    int body = m.nbody() - 1;
    double[] point = {0.3, -0.2, 0.8};
    try (Backend b = Backends.create(name, m, 1)) {
      b.setQpos(d.qpos);
      b.setQvel(d.qvel);
      b.setCtrl(d.ctrl);
      Probes.verdict(
          out,
          Capability.DERIVATIVE_JACOBIAN,
          claims,
          name,
          () -> {
            KinematicJacobian j = b.pointJacobian(0, body, point);
            double err = jacobianError(m, d, body, point, j);
            return new Verdict(
                Capability.DERIVATIVE_JACOBIAN,
                true,
                err < 1e-7 && scale(j.translation()) > 0.1,
                String.format(
                    Locale.ROOT,
                    "a point on the pendulum of a floating base (nq 12, nv 10): largest difference %.3g"
                        + " from central differences of its position and orientation",
                    err));
          });
      Probes.verdict(
          out,
          Capability.DERIVATIVE_SMOOTH,
          claims,
          name,
          () -> {
            SmoothDerivatives s = b.smoothDerivatives(0);
            SmoothDerivatives fd = Derivatives.smoothFiniteDifferences(m, d, EPS);
            double err =
                Math.max(
                    relative(fd.qaccDqpos(), s.qaccDqpos()),
                    Math.max(
                        relative(fd.qaccDqvel(), s.qaccDqvel()),
                        relative(fd.qaccDctrl(), s.qaccDctrl())));
            return new Verdict(
                Capability.DERIVATIVE_SMOOTH,
                true,
                err < 1e-6 && scale(s.qfrcSmoothDqvel()) > 0.1,
                String.format(
                    Locale.ROOT,
                    "∂qacc_smooth/∂(q, qvel, ctrl) of the floating pendulum: relative difference %.3g"
                        + " from central differences",
                    err));
          });
      Probes.verdict(
          out,
          Capability.DERIVATIVE_TRANSITION,
          claims,
          name,
          () -> {
            Transition t = b.transition(0, false);
            Transition fd = Transition.finiteDifferences(m, d, true, EPS);
            double err = Math.max(relative(fd.A(), t.A()), relative(fd.B(), t.B()));
            return new Verdict(
                Capability.DERIVATIVE_TRANSITION,
                true,
                err < 1e-6 && t.A().length == 2 * m.nv() + m.na(),
                String.format(
                    Locale.ROOT,
                    "A (%d×%d: 2nv+na, not 2nq+na) and B of the floating pendulum's step: relative"
                        + " difference %.3g from central differences",
                    t.A().length,
                    t.A().length,
                    err));
          });
    }
  }

  private static Data randomState(Model m) {
    Random r = new Random(20261202);
    Data d = new Data(m);
    double[] dq = new double[m.nv()];
    for (int k = 0; k < m.nv(); k++) {
      dq[k] = r.nextGaussian();
      d.qvel[k] = r.nextGaussian();
    }
    Configuration.integratePos(m, d.qpos, dq, 1);
    for (int k = 0; k < m.nu(); k++) {
      d.ctrl[k] = r.nextGaussian();
    }
    return d;
  }

  /**
   * The largest difference of j's columns from central differences along each tangent direction: of
   * the point carried by the body ({@code x_b + R_b R_b0ᵀ (p - x_b0)}) and of the body's
   * orientation ({@code [ω]× = Ṙ R_0ᵀ}).
   */
  private static double jacobianError(
      Model m, Data d, int body, double[] point, KinematicJacobian j) {
    Data at = pose(m, d, new double[m.nv()], 0);
    double[] local = new double[3];
    for (int c = 0; c < 3; c++) {
      for (int r = 0; r < 3; r++) {
        local[c] += at.xmat[9 * body + 3 * r + c] * (point[r] - at.xpos[3 * body + r]);
      }
    }
    double err = 0;
    double[] unit = new double[m.nv()];
    for (int k = 0; k < m.nv(); k++) {
      Arrays.fill(unit, 0);
      unit[k] = 1;
      Data p = pose(m, d, unit, EPS), n = pose(m, d, unit, -EPS);
      for (int r = 0; r < 3; r++) {
        double v = 0;
        for (int c = 0; c < 3; c++) {
          v += (p.xmat[9 * body + 3 * r + c] - n.xmat[9 * body + 3 * r + c]) * local[c];
        }
        v = (v + p.xpos[3 * body + r] - n.xpos[3 * body + r]) / (2 * EPS);
        err = Math.max(err, Math.abs(v - j.translation()[r][k]));
      }
      // ω_x = (Ṙ R₀ᵀ)[2][1], ω_y = [0][2], ω_z = [1][0]
      int[][] at2 = {{2, 1}, {0, 2}, {1, 0}};
      for (int r = 0; r < 3; r++) {
        double w = 0;
        for (int c = 0; c < 3; c++) {
          double rDot =
              (p.xmat[9 * body + 3 * at2[r][0] + c] - n.xmat[9 * body + 3 * at2[r][0] + c])
                  / (2 * EPS);
          w += rDot * at.xmat[9 * body + 3 * at2[r][1] + c];
        }
        err = Math.max(err, Math.abs(w - j.rotation()[r][k]));
      }
    }
    return err;
  }

  /** Body poses at {@code q ⊕ h·dq}. */
  private static Data pose(Model m, Data d, double[] dq, double h) {
    Data k = new Data(m);
    k.copyStateFrom(d);
    Configuration.integratePos(m, k.qpos, dq, h);
    Kinematics.forward(m, k);
    return k;
  }

  private static double scale(double[][] a) {
    double s = 0;
    for (double[] r : a) {
      for (double x : r) {
        s = Math.max(s, Math.abs(x));
      }
    }
    return s;
  }

  private static double relative(double[][] ref, double[][] ours) {
    double err = 0;
    for (int i = 0; i < ref.length; i++) {
      for (int k = 0; k < ref[i].length; k++) {
        err = Math.max(err, Math.abs(ref[i][k] - ours[i][k]));
      }
    }
    return err / Math.max(1, scale(ref));
  }
}
