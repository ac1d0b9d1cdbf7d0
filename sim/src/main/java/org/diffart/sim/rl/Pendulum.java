package org.diffart.sim.rl;

import java.util.SplittableRandom;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.Derivatives;
import org.diffart.sim.diff.KinematicJacobian;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;

/**
 * The paper's n-link pendulum (Qiao et al. 2021, {@code diffarti_mbpo/mbpo/env/pendulumours.py} on
 * {@code data/pendulum{n}.urdf}), n = 1..7: a chain fixed at the origin, links of 0.5 m along +y at
 * q = 0 (horizontal), hinges about x, the first link 1 kg and the others 2.16 kg with their centres
 * of mass at the far ends and the URDF's small inertias, plus the URDF's 0.01 kg marker at the tip;
 * gravity −9.8 m/s²; time step 1/60 s, one substep per environment step; actions in [−1, 1]ⁿ become
 * torques ×10 (motors with gear 10); 100-step episodes.
 *
 * <p>Observation (1 + n + 3(n+1)): the joint velocities (n), the world positions of the n joints
 * and of the tip (3(n+1); the first joint's is the origin), the episode's step count / 100. Reward:
 * with {@code dist = ‖tip − (0, 0, 0.5n)‖²}, the upright target, {@code dist_before − dist_after},
 * and at the episode's last step additionally {@code −dist_after}, so an episode's return is {@code
 * dist_0 − 2·dist_T}. No termination; start q = qd = 0 without noise, as the paper's reset.
 *
 * <p>Deviations from the paper's env: the paper's simulator steps in float32 (its torch tensors)
 * and ours in float64; its semi-implicit Euler is ours ({@code integrator="Euler"}); the URDF's
 * joint damping and friction are not parsed by the paper's URDF reader and are absent here too; its
 * collision spheres (no ground, no self-collision in the env) are left out. The observation's point
 * positions follow the paper's layout in our frame order (joint origins link by link, then the
 * tip).
 */
public final class Pendulum implements Task {
  /** Link length, m. */
  static final double LINK = 0.5;

  private final int links;
  private final Model model;
  private final int tip;
  private final double[] target;

  private Pendulum(int links) {
    if (links < 1 || links > 7) {
      throw new IllegalArgumentException(
          "links must be 1..7 (the paper's pendulums), got " + links);
    }
    this.links = links;
    this.model = ModelLoader.loadMjcfString(mjcf(links), "pendulum-" + links);
    this.tip = Derivatives.bodyId(model, "tip");
    this.target = new double[] {0, 0, LINK * links};
  }

  /** The task of the n-link pendulum. */
  public static Pendulum task(int links) {
    return new Pendulum(links);
  }

  /** W worlds of the n-link pendulum on the CPU. */
  public static VectorEnv create(int links, int worlds) {
    return new TaskEnv(task(links), worlds);
  }

  /** The model as MJCF: links along +y, hinges about x, the tip marker welded to the last link. */
  static String mjcf(int n) {
    StringBuilder s = new StringBuilder();
    s.append("<mujoco model=\"pendulum-")
        .append(n)
        .append("\">\n")
        .append("  <option timestep=\"")
        .append(1.0 / 60)
        .append("\" gravity=\"0 0 -9.8\"")
        .append(" integrator=\"Euler\"/>\n")
        .append("  <default><joint type=\"hinge\" axis=\"1 0 0\"/>")
        .append("<geom contype=\"0\" conaffinity=\"0\"/></default>\n  <worldbody>\n");
    for (int i = 0; i < n; i++) {
      String inertia =
          i == 0 ? "0.00494875 0.00494174 0.002219" : "0.00539427 0.0048979 0.00311573";
      s.append("<body name=\"link")
          .append(i)
          .append("\" pos=\"0 ")
          .append(i == 0 ? 0 : LINK)
          .append(" 0\"><joint name=\"joint")
          .append(i)
          .append("\"/>")
          .append("<inertial pos=\"0 0.5 0\" mass=\"")
          .append(i == 0 ? "1" : "2.16")
          .append("\" diaginertia=\"")
          .append(inertia)
          .append("\"/>")
          .append("<geom type=\"sphere\" size=\"0.05\" pos=\"0 0.5 0\"/>\n");
    }
    s.append("<body name=\"tip\" pos=\"0 0.5 0\"><inertial pos=\"0 0 0\" mass=\"0.01\"")
        .append(" diaginertia=\"0.0001 0.0001 0.0001\"/></body>\n");
    s.append("</body>".repeat(n)).append("\n  </worldbody>\n  <actuator>\n");
    for (int i = 0; i < n; i++) {
      s.append("<motor joint=\"joint")
          .append(i)
          .append("\" gear=\"10\" ctrllimited=\"true\" ctrlrange=\"-1 1\"/>\n");
    }
    return s.append("  </actuator>\n</mujoco>\n").toString();
  }

  /** The number of links. */
  public int links() {
    return links;
  }

  @Override
  public String name() {
    return "pendulum-" + links;
  }

  @Override
  public Model model() {
    return model;
  }

  @Override
  public int observationSize() {
    return 1 + links + 3 * (links + 1);
  }

  @Override
  public int substeps() {
    return 1;
  }

  @Override
  public int maxEpisodeSteps() {
    return 100;
  }

  @Override
  public void reset(SplittableRandom random, Data d) {
    java.util.Arrays.fill(d.qpos, 0);
    java.util.Arrays.fill(d.qvel, 0);
    d.time = 0;
  }

  /** The bodies whose origins the observation lists: the links, then the tip. */
  private int point(int k) {
    return k < links ? Derivatives.bodyId(model, "link" + k) : tip;
  }

  @Override
  public void observe(Data d, int step, double[] obs, int offset) {
    Kinematics.forward(model, d);
    System.arraycopy(d.qvel, 0, obs, offset, links);
    for (int k = 0; k <= links; k++) {
      System.arraycopy(d.xpos, 3 * point(k), obs, offset + links + 3 * k, 3);
    }
    obs[offset + links + 3 * (links + 1)] = step / 100.0;
  }

  @Override
  public void observationVjp(Data d, int step, double[] obsBar, int offset, StateBars bars) {
    for (int i = 0; i < links; i++) {
      bars.qvel()[i] += obsBar[offset + i];
    }
    Kinematics.forward(model, d);
    for (int k = 0; k <= links; k++) {
      int b = point(k);
      double[] p = {d.xpos[3 * b], d.xpos[3 * b + 1], d.xpos[3 * b + 2]};
      KinematicJacobian jac = Derivatives.pointJacobian(model, d, b, p);
      // hinges only: qpos's coordinates are the tangent space's
      addTransposed(jac.translation(), obsBar, offset + links + 3 * k, 1, bars.qpos());
    }
  }

  /** out += scale · Jᵀ v (v read at {@code offset}, 3 rows). */
  private static void addTransposed(
      double[][] jac, double[] v, int offset, double scale, double[] out) {
    for (int r = 0; r < 3; r++) {
      for (int c = 0; c < out.length; c++) {
        out[c] += scale * jac[r][c] * v[offset + r];
      }
    }
  }

  /** ‖tip − target‖² at d's configuration. */
  double distance(Data d) {
    Kinematics.forward(model, d);
    double s = 0;
    for (int r = 0; r < 3; r++) {
      double e = d.xpos[3 * tip + r] - target[r];
      s += e * e;
    }
    return s;
  }

  /** Adds {@code scale·∂dist/∂q} at d to {@code qposBar}. */
  private void addDistanceGradient(Data d, double scale, double[] qposBar) {
    Kinematics.forward(model, d);
    double[] p = {d.xpos[3 * tip], d.xpos[3 * tip + 1], d.xpos[3 * tip + 2]};
    double[] e = new double[3];
    for (int r = 0; r < 3; r++) {
      e[r] = 2 * (p[r] - target[r]);
    }
    addTransposed(Derivatives.pointJacobian(model, d, tip, p).translation(), e, 0, scale, qposBar);
  }

  @Override
  public double reward(StepData s) {
    double now = distance(s.after());
    return distance(s.before()) - now - (s.last() ? now : 0);
  }

  @Override
  public void rewardGradient(
      StepData s, StateBars beforeBars, StateBars afterBars, double[] actionBar) {
    addDistanceGradient(s.before(), 1, beforeBars.qpos());
    addDistanceGradient(s.after(), s.last() ? -2 : -1, afterBars.qpos());
  }

  @Override
  public boolean terminated(Data d) {
    return false;
  }
}
