package org.diffart.sim.diff;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.StepAdjoint;
import org.diffart.sim.algo.dynamics.Crba;
import org.diffart.sim.algo.kinematics.Configuration;
import org.diffart.sim.algo.kinematics.Jacobians;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Model;

/**
 * The four kinds of derivative a simulator can mean, each with the object that holds it:
 *
 * <ol>
 *   <li><b>Kinematic Jacobians</b> ({@link #bodyJacobian}, {@link #bodyComJacobian}, {@link
 *       #siteJacobian}, {@link #pointJacobian} → {@link KinematicJacobian}): how a point fixed to a
 *       body and the body's orientation move with {@code qvel} at one configuration, 3×nv each,
 *       MuJoCo's {@code mj_jac} family.
 *   <li><b>Internal dynamics derivatives</b> ({@link #smooth}, {@link #smoothFiniteDifferences} →
 *       {@link SmoothDerivatives}): {@code ∂qfrc_smooth/∂qvel} (MuJoCo's {@code qDeriv}) and {@code
 *       ∂qacc_smooth/∂(q, qvel, act, ctrl)} at one state, before any constraint or integrator.
 *   <li><b>The discrete transition</b> ({@link Transition#exact}, {@link
 *       Transition#finiteDifferences}): {@code A, B, C, D} of one whole step, {@code nx = 2nv + na}
 *       in the tangent space (not {@code 2nq + na}), MuJoCo's {@code mjd_transitionFD}; B is the
 *       derivative with respect to the controls, not a parameter gradient.
 *   <li><b>Reverse-mode rollout gradients</b> ({@link AdjointGradient}, {@link TapeGradient},
 *       {@link FiniteDifferenceGradient} → {@link GradientResult}): the gradient of one scalar loss
 *       of a T-step rollout with respect to the start state, every control or per-world parameters
 *       ({@link Wrt}), not a Jacobian.
 * </ol>
 *
 * <p>None of them changes the {@link Data} it is given: each works on a copy of its state and
 * parameters.
 */
public final class Derivatives {
  private Derivatives() {}

  // ---- kinematic Jacobians ----

  /** The body named {@code name}, or an error that lists the model's bodies. */
  public static int bodyId(Model m, String name) {
    return found(m, "body", "bodies", name, m.bodyId(name), m.nbody(), m::bodyName);
  }

  /** The site named {@code name}, or an error that lists the model's sites. */
  public static int siteId(Model m, String name) {
    return found(m, "site", "sites", name, m.siteId(name), m.nsite(), m::siteName);
  }

  private static int found(
      Model m, String kind, String kinds, String name, int id, int n, IntFunction<String> names) {
    if (id >= 0) {
      return id;
    }
    List<String> all = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      all.add(names.apply(i));
    }
    throw new IllegalArgumentException(
        "unknown "
            + kind
            + " '"
            + name
            + "' of model "
            + m.name()
            + (all.isEmpty() ? "; it has no " + kinds : "; " + kinds + ": " + all));
  }

  /** The Jacobian of body b's origin ({@code mj_jacBody}) at d's configuration. */
  public static KinematicJacobian bodyJacobian(Model m, Data d, int body) {
    Data k = kinematics(m, d);
    checkBody(m, body);
    return jacobian(m, k, "body", m.bodyName(body), body, copy(k.xpos, 3 * body));
  }

  /** The Jacobian of body b's centre of mass ({@code mj_jacBodyCom}) at d's configuration. */
  public static KinematicJacobian bodyComJacobian(Model m, Data d, int body) {
    Data k = kinematics(m, d);
    checkBody(m, body);
    double[] p = copy(k.xpos, 3 * body);
    for (int r = 0; r < 3; r++) {
      for (int c = 0; c < 3; c++) {
        p[r] += k.xmat[9 * body + 3 * r + c] * m.bodyIpos(body, c);
      }
    }
    return jacobian(m, k, "body_com", m.bodyName(body), body, p);
  }

  /** The Jacobian of a site ({@code mj_jacSite}) at d's configuration. */
  public static KinematicJacobian siteJacobian(Model m, Data d, int site) {
    if (site < 0 || site >= m.nsite()) {
      throw new IllegalArgumentException(
          "site " + site + " out of range: model " + m.name() + " has " + m.nsite());
    }
    Data k = kinematics(m, d);
    int body = m.siteBody(site);
    return jacobian(m, k, "site", m.siteName(site), body, copy(k.siteXpos, 3 * site));
  }

  /**
   * The Jacobian of the world point {@code point} moving with body b ({@code mj_jac}) at d's
   * configuration.
   *
   * @param point x, y, z in the world frame at d's configuration (3)
   */
  public static KinematicJacobian pointJacobian(Model m, Data d, int body, double[] point) {
    if (point.length != 3) {
      throw new IllegalArgumentException(
          "point needs exactly 3 coordinates (x, y, z in the world frame), got " + point.length);
    }
    Data k = kinematics(m, d);
    checkBody(m, body);
    return jacobian(m, k, "point", m.bodyName(body), body, point.clone());
  }

  private static void checkBody(Model m, int body) {
    if (body < 0 || body >= m.nbody()) {
      throw new IllegalArgumentException(
          "body " + body + " out of range: model " + m.name() + " has " + m.nbody());
    }
  }

  /** A copy of d's configuration with its body and site poses. */
  private static Data kinematics(Model m, Data d) {
    Data k = copyOf(m, d);
    Kinematics.forward(m, k);
    Kinematics.sites(m, k);
    return k;
  }

  /** Row r: the point's velocity and the body's angular velocity along world axis r. */
  private static KinematicJacobian jacobian(
      Model m, Data k, String frame, String name, int body, double[] point) {
    int nv = m.nv();
    double[][] jacp = new double[3][nv], jacr = new double[3][nv];
    double[] axis = new double[3];
    for (int r = 0; r < 3; r++) {
      java.util.Arrays.fill(axis, 0);
      axis[r] = 1;
      Jacobians.addPointJacobian(m, k, jacp[r], 0, body, point, 0, axis, 0, 1);
      Jacobians.addAngularJacobian(m, k, jacr[r], 0, body, axis, 0, 1);
    }
    return new KinematicJacobian(m, frame, name, body, point, jacp, jacr);
  }

  // ---- internal derivatives of the smooth dynamics ----

  /**
   * Exactly, from the adjoint of the smooth dynamics ({@link StepAdjoint#smooth}: ABA, forces,
   * kinematics): one reverse sweep per row of {@code ∂qacc_smooth/∂(q, qvel, act, ctrl)}, then
   * {@code ∂qfrc_smooth/∂qvel = M ∂qacc_smooth/∂qvel} (M does not depend on qvel). A delayed
   * actuator's column of {@code ∂qacc/∂ctrl} is zero: at this instant it reads its buffer, not
   * {@code ctrl}, and the buffers are not among these inputs.
   */
  public static SmoothDerivatives smooth(Model m, Data d) {
    long t0 = System.nanoTime();
    int nv = m.nv(), na = m.na(), nu = m.nu();
    Data work = copyOf(m, d);
    Step.smooth(m, work);
    DataBar bar = new DataBar(m);
    double[][] dq = new double[nv][nv],
        dv = new double[nv][nv],
        da = new double[nv][na],
        du = new double[nv][nu];
    double[] row = new double[nv];
    for (int i = 0; i < nv; i++) {
      bar.clearInputs();
      bar.qaccSmoothBar[i] = 1;
      StepAdjoint.smooth(m, work, bar, 0);
      Configuration.tangentGradient(m, work.qpos, bar.qposBar, row);
      System.arraycopy(row, 0, dq[i], 0, nv);
      System.arraycopy(bar.qvelBar, 0, dv[i], 0, nv);
      System.arraycopy(bar.actBar, 0, da[i], 0, na);
      System.arraycopy(bar.ctrlBar, 0, du[i], 0, nu);
    }
    return result(m, work, dq, dv, da, du, "adjoint", t0);
  }

  /**
   * By central differences of {@link Step#smooth} with step {@code eps} (configurations moved as
   * {@code q ⊕ ±eps e_j}).
   */
  public static SmoothDerivatives smoothFiniteDifferences(Model m, Data d, double eps) {
    if (!(eps > 0)) {
      throw new IllegalArgumentException("eps must be > 0, got " + eps);
    }
    long t0 = System.nanoTime();
    int nv = m.nv(), na = m.na(), nu = m.nu();
    double[][] dq = new double[nv][nv],
        dv = new double[nv][nv],
        da = new double[nv][na],
        du = new double[nv][nu];
    double[] unit = new double[nv];
    Data plus = new Data(m), minus = new Data(m);
    for (int j = 0; j < 2 * nv + na + nu; j++) {
      perturbed(m, d, plus, j, eps, unit);
      perturbed(m, d, minus, j, -eps, unit);
      double[][] out = j < nv ? dq : j < 2 * nv ? dv : j < 2 * nv + na ? da : du;
      int c = j < nv ? j : j < 2 * nv ? j - nv : j < 2 * nv + na ? j - 2 * nv : j - 2 * nv - na;
      for (int i = 0; i < nv; i++) {
        out[i][c] = (plus.qaccSmooth[i] - minus.qaccSmooth[i]) / (2 * eps);
      }
    }
    Data work = copyOf(m, d);
    Step.smooth(m, work);
    return result(m, work, dq, dv, da, du, "fd", t0);
  }

  /** {@code out}: d's state with input j of (q tangent, qvel, act, ctrl) moved by h, smoothed. */
  private static void perturbed(Model m, Data d, Data out, int j, double h, double[] unit) {
    out.copyStateFrom(d);
    out.copyParametersFrom(d);
    Transition.perturb(m, out, j, h, unit, new int[0]);
    Step.smooth(m, out);
  }

  /** The record, with {@code ∂qfrc_smooth/∂qvel = M ∂qacc_smooth/∂qvel} at {@code work}'s state. */
  private static SmoothDerivatives result(
      Model m,
      Data work,
      double[][] dq,
      double[][] dv,
      double[][] da,
      double[][] du,
      String method,
      long t0) {
    int nv = m.nv();
    Crba.massMatrix(m, work);
    double[][] qDeriv = new double[nv][nv];
    for (int i = 0; i < nv; i++) {
      for (int k = 0; k < nv; k++) {
        double mik = work.qM[nv * i + k];
        if (mik != 0) {
          for (int j = 0; j < nv; j++) {
            qDeriv[i][j] += mik * dv[k][j];
          }
        }
      }
    }
    return new SmoothDerivatives(
        m, work.qaccSmooth.clone(), qDeriv, dq, dv, da, du, method, (System.nanoTime() - t0) / 1e6);
  }

  private static Data copyOf(Model m, Data d) {
    Data k = new Data(m);
    k.copyStateFrom(d);
    k.copyParametersFrom(d);
    return k;
  }

  private static double[] copy(double[] a, int o) {
    return new double[] {a[o], a[o + 1], a[o + 2]};
  }
}
