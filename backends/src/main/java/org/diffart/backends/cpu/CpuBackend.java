package org.diffart.backends.cpu;

import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;
import java.util.function.Function;
import org.diffart.backends.Backend;
import org.diffart.backends.Capability;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.SimulationException;
import org.diffart.sim.diff.AdjointGradient;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.Derivatives;
import org.diffart.sim.diff.FiniteDifferenceGradient;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.KinematicJacobian;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.diff.SmoothDerivatives;
import org.diffart.sim.diff.TapeGradient;
import org.diffart.sim.diff.Transition;
import org.diffart.sim.model.Model;

/**
 * The reference backend: one {@link Data} per world, stepped by {@link Step#step} on the calling
 * thread, or split across one worker per core when there are enough worlds to pay for it.
 */
public final class CpuBackend implements Backend {
  /**
   * What the CPU steps: every joint, integrator, collision pair, contact option, tendon, actuator
   * and sensor.
   */
  public static final Set<Capability> STEPPING = Collections.unmodifiableSet(stepping());

  /** The stepping, every derivative method and every checkpointing schedule. */
  public static final Set<Capability> CAPABILITIES = Collections.unmodifiableSet(all());

  private static final int WORLDS_PER_TASK = 4;

  /**
   * One worker per core: the common pool keeps one core for the caller (parallelism 1 on a 2-core
   * machine), which here would only wait.
   */
  private static final ForkJoinPool POOL =
      new ForkJoinPool(
          Runtime.getRuntime().availableProcessors(),
          pool -> {
            var t = ForkJoinPool.defaultForkJoinWorkerThreadFactory.newThread(pool);
            t.setDaemon(true);
            t.setName("diffart-cpu-" + t.getPoolIndex());
            return t;
          },
          null,
          false);

  private final Model model;
  private final Data[] data;
  private final int worldsPerTask;

  /** W worlds of model m, each reset to {@code qpos0}. */
  public CpuBackend(Model m, int worlds) {
    this(m, worlds, WORLDS_PER_TASK);
  }

  /**
   * W worlds of model m, stepped in tasks of at most {@code worldsPerTask} worlds, one worker per
   * core. The split never changes the results: each world has its own Data and is stepped by one
   * thread.
   */
  public CpuBackend(Model m, int worlds, int worldsPerTask) {
    if (worlds < 1) {
      throw new IllegalArgumentException("worlds must be >= 1, got " + worlds);
    }
    if (worldsPerTask < 1) {
      throw new IllegalArgumentException("worldsPerTask must be >= 1, got " + worldsPerTask);
    }
    this.worldsPerTask = worldsPerTask;
    model = m;
    data = new Data[worlds];
    for (int w = 0; w < worlds; w++) {
      data[w] = new Data(m);
    }
  }

  @Override
  public String name() {
    return "cpu";
  }

  @Override
  public Set<Capability> capabilities() {
    return CAPABILITIES;
  }

  private static Set<Capability> stepping() {
    Set<Capability> s = EnumSet.range(Capability.JOINT_FREE, Capability.CONTACT_RESTITUTION);
    s.addAll(
        List.of(
            Capability.PRECISION_FP64,
            Capability.SENSORS_MUJOCO,
            Capability.CONTACT_DOF_FRICTION,
            Capability.CONTACT_SPIN_ROLL,
            Capability.CONTACT_MARGIN,
            Capability.CONTACT_INTERIOR_POINT,
            Capability.TENDONS_FIXED,
            Capability.CONSTRAINTS_EQUALITY,
            Capability.FORCES_FLUID,
            Capability.TENDONS_SPATIAL,
            Capability.TENDONS_WRAPPING,
            Capability.ACTUATORS_ACTIVATION,
            Capability.ACTUATORS_SLIDER_CRANK,
            Capability.ACTUATORS_SITE,
            Capability.ACTUATORS_MUSCLE,
            Capability.ACTUATORS_ADHESION,
            Capability.HISTORY_ACTUATOR_DELAY,
            Capability.HISTORY_ACTUATOR_ZOH,
            Capability.HISTORY_ACTUATOR_LINEAR,
            Capability.HISTORY_ACTUATOR_CUBIC,
            Capability.HISTORY_SENSOR_DELAY,
            Capability.HISTORY_SENSOR_INTERVAL,
            Capability.HISTORY_SENSOR_LINEAR,
            Capability.HISTORY_SENSOR_CUBIC,
            Capability.HISTORY_FORWARD_PURE,
            Capability.HISTORY_INIT_ZERO,
            Capability.HISTORY_INIT_FILLED));
    return s;
  }

  private static Set<Capability> all() {
    Set<Capability> s = EnumSet.copyOf(stepping());
    s.addAll(EnumSet.range(Capability.DERIVATIVE_ADJOINT, Capability.CHECKPOINTING_REVOLVE));
    s.addAll(
        List.of(
            Capability.HISTORY_GRADIENT_ACTUATOR,
            Capability.HISTORY_GRADIENT_SENSOR,
            Capability.HISTORY_TRANSITION,
            Capability.CONTACT_IMPACT_BISECTION));
    return s;
  }

  @Override
  public Model model() {
    return model;
  }

  @Override
  public int worlds() {
    return data.length;
  }

  /** The Data of world w, for inspection of intermediates. */
  public Data data(int w) {
    return data[w];
  }

  @Override
  public void setQpos(double[] qpos) {
    scatter(qpos, model.nq(), "qpos", d -> d.qpos);
  }

  @Override
  public void setQvel(double[] qvel) {
    scatter(qvel, model.nv(), "qvel", d -> d.qvel);
  }

  @Override
  public void setCtrl(double[] ctrl) {
    scatter(ctrl, model.nu(), "ctrl", d -> d.ctrl);
  }

  @Override
  public void setAct(double[] act) {
    scatter(act, model.na(), "act", d -> d.act);
  }

  @Override
  public void setHistory(double[] history) {
    scatter(history, model.nhistory(), "history", d -> d.history);
  }

  @Override
  public void getHistory(double[] out) {
    gather(out, model.nhistory(), d -> d.history);
  }

  @Override
  public void getQpos(double[] out) {
    gather(out, model.nq(), d -> d.qpos);
  }

  @Override
  public void getAct(double[] out) {
    gather(out, model.na(), d -> d.act);
  }

  @Override
  public void getQvel(double[] out) {
    gather(out, model.nv(), d -> d.qvel);
  }

  @Override
  public void getSensordata(double[] out) {
    gather(out, model.nsensordata(), d -> d.sensordata);
  }

  @Override
  public void forward() {
    for (int w = 0; w < data.length; w++) {
      try {
        Step.forward(model, data[w]);
      } catch (SimulationException e) {
        throw new SimulationException("world " + w + ": " + e.getMessage(), e.step(), e.dof());
      }
    }
  }

  @Override
  public double time(int w) {
    return data[w].time;
  }

  @Override
  public void setTime(double time) {
    for (Data d : data) {
      d.time = time;
    }
  }

  /**
   * The simulator's own gradients: {@code adjoint}, {@code tape} (default budget) and central
   * {@code fd}.
   */
  @Override
  public GradientResult gradient(RolloutProblem p, String method, Checkpointing schedule) {
    return switch (method) {
      case "adjoint" -> AdjointGradient.compute(p, schedule);
      case "tape" -> TapeGradient.compute(p, TapeGradient.defaultBudget());
      case "fd" ->
          FiniteDifferenceGradient.compute(p, FiniteDifferenceGradient.Settings.defaults());
      default ->
          throw new IllegalArgumentException(
              "unknown derivative method '" + method + "'; available: adjoint, tape, fd");
    };
  }

  /** World w's Jacobian by {@link Derivatives#pointJacobian}. */
  @Override
  public KinematicJacobian pointJacobian(int world, int body, double[] point) {
    return Derivatives.pointJacobian(model, data[world], body, point);
  }

  /** World w's exact transition ({@link Transition#exact}). */
  @Override
  public Transition transition(int world, boolean history) {
    return Transition.exact(model, data[world], history);
  }

  /** World w's derivatives by {@link Derivatives#smooth}. */
  @Override
  public SmoothDerivatives smoothDerivatives(int world) {
    return Derivatives.smooth(model, data[world]);
  }

  /**
   * The problems' gradients side by side, one worker per core; each is the simulator's, as {@link
   * #gradient}.
   */
  @Override
  public java.util.List<GradientResult> gradients(
      java.util.List<RolloutProblem> problems, String method, Checkpointing schedule) {
    if (problems.size() < 2 || POOL.getParallelism() < 2) {
      return problems.stream().map(p -> gradient(p, method, schedule)).toList();
    }
    return POOL.submit(
            () -> problems.parallelStream().map(p -> gradient(p, method, schedule)).toList())
        .join();
  }

  @Override
  public void step(int steps) {
    if (data.length < 2 * worldsPerTask || POOL.getParallelism() < 2) {
      stepRange(0, data.length, steps);
    } else {
      POOL.invoke(new StepTask(0, data.length, steps));
    }
  }

  private void stepRange(int from, int to, int steps) {
    for (int w = from; w < to; w++) {
      Data d = data[w];
      try {
        for (int s = 0; s < steps; s++) {
          Step.step(model, d);
        }
      } catch (SimulationException e) {
        throw new SimulationException("world " + w + ": " + e.getMessage(), e.step(), e.dof());
      }
    }
  }

  /** Splits the worlds in halves until a task holds at most WORLDS_PER_TASK. */
  private final class StepTask extends RecursiveAction {
    private static final long serialVersionUID = 1L;
    private final int from, to, steps;

    StepTask(int from, int to, int steps) {
      this.from = from;
      this.to = to;
      this.steps = steps;
    }

    @Override
    protected void compute() {
      if (to - from <= worldsPerTask) {
        stepRange(from, to, steps);
      } else {
        int mid = (from + to) >>> 1;
        invokeAll(new StepTask(from, mid, steps), new StepTask(mid, to, steps));
      }
    }
  }

  private void scatter(double[] src, int n, String what, Function<Data, double[]> field) {
    if (src.length != n * data.length) {
      throw new IllegalArgumentException(
          what + " must have worlds×" + n + " = " + n * data.length + " values, got " + src.length);
    }
    for (int w = 0; w < data.length; w++) {
      System.arraycopy(src, w * n, field.apply(data[w]), 0, n);
    }
  }

  private void gather(double[] out, int n, Function<Data, double[]> field) {
    if (out.length < n * data.length) {
      throw new IllegalArgumentException(
          "the output needs worlds×" + n + " = " + n * data.length + " values, got " + out.length);
    }
    for (int w = 0; w < data.length; w++) {
      System.arraycopy(field.apply(data[w]), 0, out, w * n, n);
    }
  }
}
