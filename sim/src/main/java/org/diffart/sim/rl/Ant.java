package org.diffart.sim.rl;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.SplittableRandom;
import org.diffart.sim.algo.kinematics.Configuration;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.Derivatives;
import org.diffart.sim.io.MjcfLoader;
import org.diffart.sim.model.Model;

/**
 * The paper's ant (Qiao et al. 2021, {@code diffarti_mbpo/mbpo/env/antours.py} on {@code
 * ant_torso1.urdf}): a floating torso with four two-joint legs on a plane, the model {@code
 * datasets/models/rl/ant.xml} (its header gives every number's source). An environment step is 5
 * substeps of 0.01 s by RK4 (as the paper's, whose substeps are RK4 built from its simulator's
 * steps); actions in [−1, 1]⁸ become torques ×150 (motors with gear 150); joint damping 1 and
 * armature 1; friction 1.
 *
 * <p>Observation (27): the torso's orientation quaternion (4), its height and the 8 joint angles
 * (9), 0.05 × the 14 velocities. Reward {@code Δx_COM/0.05 − 0.5‖a‖² + 1}, x_COM the whole body's
 * centre of mass. Terminated when the torso's height leaves [0.2, 1.0]. Reset: every coordinate of
 * the standing configuration (torso at 0.75 m, upright, joints at 0) moved by U(−0.1, 0.1), every
 * velocity by N(0, 0.1²). Episodes truncated at 1000 steps (the paper's epoch length).
 *
 * <p>Deviations from the paper's env: its joint limits are a penalty torque {@code
 * 150·clip(10·violation, −5, 5)} and ours are our solver's limit constraints (both push the ankles,
 * which start 30° outside their ranges, into them; ours keeps the step's exact derivatives in
 * {@code Transition}); its quaternion is (x, y, z, w) and ours (w, x, y, z), and the reset's noisy
 * quaternion is normalised here (its simulator takes it as it is); its free-joint velocity order is
 * its own, ours MuJoCo's (linear in the world frame, then angular in the torso's frame); float64
 * instead of its float32; the contact model is ours (soft constraints solved by PGS), not its.
 *
 * <p>The armature: the URDF's (Gymnasium's ant, of which it is a copy, has the same), which the
 * paper's URDF reader does not read. We keep it: without it a 0.07 kg foot under 150 N·m
 * accelerates at about 5·10⁴ rad/s² and our RK4 at 0.01 s gained energy in resting contact (from
 * four resets with zero actions the ant spun up to |qvel| ≈ 40 and flew past the height bound in
 * 100 to 350 steps; under uniform random actions episodes ended within 4 to 9 steps). With it
 * (measured by the same four resets): zero actions rest on the torso for all 1000 steps (|qvel| ≤
 * 3), random actions in [−0.3, 0.3] walk all 1000 steps, random actions in [−1, 1] throw the ant
 * past 1.0 m in 64 to 169 steps, as Gymnasium's ant. Episodes end at the height bounds, as the
 * paper's.
 */
public final class Ant implements Task {
  private static final String RESOURCE = "org/diffart/sim/models/rl/ant.xml";
  private static final double LOW = 0.2;
  private static final double HIGH = 1.0;
  private static final double START_HEIGHT = 0.75;

  private final Model model;
  private final double mass;

  private Ant() {
    this.model = load();
    double s = 0;
    for (int b = 1; b < model.nbody(); b++) {
      s += model.bodyMass(b);
    }
    this.mass = s;
  }

  private static Model load() {
    try (InputStream in = Ant.class.getClassLoader().getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException(
            "the ant's model "
                + RESOURCE
                + " (datasets/models/rl/ant.xml) is not on the classpath");
      }
      return MjcfLoader.load(in, "rl/ant.xml");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the ant's model " + RESOURCE, e);
    }
  }

  /** The ant's task. */
  public static Ant task() {
    return new Ant();
  }

  /** W worlds of the ant on the CPU. */
  public static VectorEnv create(int worlds) {
    return new TaskEnv(task(), worlds);
  }

  @Override
  public String name() {
    return "ant";
  }

  @Override
  public Model model() {
    return model;
  }

  @Override
  public int observationSize() {
    return 27;
  }

  @Override
  public int substeps() {
    return 5;
  }

  @Override
  public int maxEpisodeSteps() {
    return 1000;
  }

  /** The environment step, s. */
  double dt() {
    return substeps() * model.opt().timestep();
  }

  @Override
  public void reset(SplittableRandom random, Data d) {
    double[] q = d.qpos;
    java.util.Arrays.fill(q, 0);
    q[2] = START_HEIGHT;
    q[3] = 1;
    for (int i = 0; i < q.length; i++) {
      q[i] += random.nextDouble(-0.1, 0.1);
    }
    double n = Math.sqrt(q[3] * q[3] + q[4] * q[4] + q[5] * q[5] + q[6] * q[6]);
    for (int i = 3; i < 7; i++) {
      q[i] /= n;
    }
    for (int i = 0; i < d.qvel.length; i++) {
      d.qvel[i] = 0.1 * random.nextGaussian();
    }
    d.time = 0;
  }

  @Override
  public void observe(Data d, int step, double[] obs, int offset) {
    System.arraycopy(d.qpos, 3, obs, offset, 4);
    obs[offset + 4] = d.qpos[2];
    System.arraycopy(d.qpos, 7, obs, offset + 5, 8);
    for (int i = 0; i < 14; i++) {
      obs[offset + 13 + i] = 0.05 * d.qvel[i];
    }
  }

  @Override
  public void observationVjp(Data d, int step, double[] obsBar, int offset, StateBars bars) {
    for (int i = 0; i < 4; i++) {
      bars.qpos()[3 + i] += obsBar[offset + i];
    }
    bars.qpos()[2] += obsBar[offset + 4];
    for (int i = 0; i < 8; i++) {
      bars.qpos()[7 + i] += obsBar[offset + 5 + i];
    }
    for (int i = 0; i < 14; i++) {
      bars.qvel()[i] += 0.05 * obsBar[offset + 13 + i];
    }
  }

  /** The whole body's centre of mass, x, at d's configuration. */
  double comX(Data d) {
    Kinematics.forward(model, d);
    double s = 0;
    for (int b = 1; b < model.nbody(); b++) {
      double x = d.xpos[3 * b];
      for (int c = 0; c < 3; c++) {
        x += d.xmat[9 * b + c] * model.bodyIpos(b, c);
      }
      s += model.bodyMass(b) * x;
    }
    return s / mass;
  }

  /** Adds {@code scale·∂x_COM/∂qpos} at d (in qpos's own coordinates) to {@code qposBar}. */
  private void addComGradient(Data d, double scale, double[] qposBar) {
    int nv = model.nv();
    double[] tangent = new double[nv], ambient = new double[model.nq()];
    for (int b = 1; b < model.nbody(); b++) {
      double[] row = Derivatives.bodyComJacobian(model, d, b).translation()[0];
      for (int k = 0; k < nv; k++) {
        tangent[k] += scale * model.bodyMass(b) / mass * row[k];
      }
    }
    Configuration.ambientSeed(model, d.qpos, tangent, ambient);
    for (int i = 0; i < ambient.length; i++) {
      qposBar[i] += ambient[i];
    }
  }

  @Override
  public double reward(StepData s) {
    double cost = 0;
    for (int j = 0; j < actionSize(); j++) {
      cost += s.a(j) * s.a(j);
    }
    return (comX(s.after()) - comX(s.before())) / dt() - 0.5 * cost + 1;
  }

  @Override
  public void rewardGradient(
      StepData s, StateBars beforeBars, StateBars afterBars, double[] actionBar) {
    addComGradient(s.before(), -1 / dt(), beforeBars.qpos());
    addComGradient(s.after(), 1 / dt(), afterBars.qpos());
    for (int j = 0; j < actionSize(); j++) {
      actionBar[j] -= s.a(j);
    }
  }

  @Override
  public boolean terminated(Data d) {
    double z = d.qpos[2];
    return z < LOW || z > HIGH;
  }
}
