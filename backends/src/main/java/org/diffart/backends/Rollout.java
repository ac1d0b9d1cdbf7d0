package org.diffart.backends;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.history.HistoryInit;
import org.diffart.sim.algo.kinematics.Configuration;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;

/**
 * Runs a backend from one initial state (copied to every world) for a number of steps with constant
 * controls or a control per step, recording world 0's trajectory at a fixed stride. Long rollouts
 * step in chunks of about {@link #CHUNK_NANOS} so a {@link Listener} can show progress and stop the
 * run.
 */
public final class Rollout {
  /** The wall time a chunk aims at, ns: how often a listener hears of progress. */
  public static final long CHUNK_NANOS = 50_000_000L;

  private Rollout() {}

  /**
   * An initial state.
   *
   * @param time simulation time, s
   * @param qpos positions (nq)
   * @param qvel velocities (nv)
   * @param ctrl controls, held constant (nu)
   * @param act actuator activations (na)
   * @param history how the history buffers start, in every world from its own state ({@link
   *     Step#initHistory}); models without history ignore it
   */
  public record Start(
      double time, double[] qpos, double[] qvel, double[] ctrl, double[] act, HistoryInit history) {
    /** A start whose history buffers are MuJoCo's reset ({@link HistoryInit#ZERO}). */
    public Start(double time, double[] qpos, double[] qvel, double[] ctrl, double[] act) {
      this(time, qpos, qvel, ctrl, act, HistoryInit.ZERO);
    }

    /** The reference configuration {@code qpos0} at rest with zero controls and activations. */
    public static Start reference(Model m) {
      return new Start(0, m.qpos0(), new double[m.nv()], new double[m.nu()], new double[m.na()]);
    }

    /** The same start with its history buffers started as {@code init}. */
    public Start withHistory(HistoryInit init) {
      return new Start(time, qpos, qvel, ctrl, act, init);
    }

    /** Keyframe k of the model. */
    public static Start key(Model m, int k) {
      if (k < 0 || k >= m.nkey()) {
        throw new IllegalArgumentException(
            "keyframe index " + k + " out of range: the model has " + m.nkey() + " keyframes");
      }
      return new Start(m.keyTime(k), m.keyQpos(k), m.keyQvel(k), m.keyCtrl(k), m.keyAct(k));
    }

    /**
     * The configurations of W worlds around this start (W×nq): world 0 exactly at it, world w > 0
     * moved by {@code scale}·N(0, 1) along each dof (in the tangent space, so quaternions stay
     * unit), drawn from a generator seeded by {@code (seed, w)}, so that every backend starts from
     * the same worlds.
     */
    public double[] perturbedQpos(Model m, int worlds, double scale, long seed) {
      double[] out = new double[worlds * m.nq()], dq = new double[m.nv()], q = new double[m.nq()];
      for (int w = 0; w < worlds; w++) {
        System.arraycopy(qpos, 0, q, 0, m.nq());
        if (w > 0 && scale != 0) {
          java.util.Random rnd = new java.util.Random(31 * seed + w);
          for (int k = 0; k < m.nv(); k++) {
            dq[k] = scale * rnd.nextGaussian();
          }
          Configuration.integratePos(m, q, dq, 1.0);
        }
        System.arraycopy(q, 0, out, w * m.nq(), m.nq());
      }
      return out;
    }
  }

  /** Hears of progress after each chunk; may stop the rollout by throwing. */
  @FunctionalInterface
  public interface Listener {
    /**
     * Called after each chunk of steps.
     *
     * @param done steps taken so far
     * @throws InterruptedException to stop the rollout
     */
    void stepsDone(int done) throws InterruptedException;
  }

  /**
   * The outcome of a rollout.
   *
   * @param backend the backend's name
   * @param steps steps taken per world
   * @param worlds number of worlds
   * @param finalQpos positions at the end (worlds×nq)
   * @param finalQvel velocities at the end (worlds×nv)
   * @param finalAct actuator activations at the end (worlds×na)
   * @param ms wall time of the stepping alone (recording excluded), milliseconds
   * @param times simulation time of each recorded sample of world 0
   * @param qpos world 0's positions at each sample (samples×nq)
   * @param qvel world 0's velocities at each sample (samples×nv)
   * @param act world 0's activations at each sample (samples×na)
   * @param sensordata world 0's sensors at each sample's state, as MuJoCo's {@code mj_forward}
   *     gives them (samples×nsensordata; empty rows when the model has no sensors)
   */
  public record Result(
      String backend,
      int steps,
      int worlds,
      double[] finalQpos,
      double[] finalQvel,
      double[] finalAct,
      double ms,
      double[] times,
      double[][] qpos,
      double[][] qvel,
      double[][] act,
      double[][] sensordata) {}

  /** As {@link #run(Backend, Start, int, int, Listener)} without a listener. */
  public static Result run(Backend b, Start start, int steps, int stride) {
    return run(b, start, steps, stride, (double[][]) null);
  }

  /**
   * As {@link #run(Backend, Start, double, long, int, int, double[][], Listener)} without a
   * listener or perturbation: {@code controls[t]} given at step t, or {@code start.ctrl()} held
   * when it is null.
   */
  public static Result run(Backend b, Start start, int steps, int stride, double[][] controls) {
    try {
      return run(b, start, 0, 0, steps, stride, controls, done -> {});
    } catch (InterruptedException e) {
      throw new IllegalStateException("a rollout without a listener cannot be interrupted", e);
    }
  }

  /**
   * Sets every world to {@code start} and steps {@code steps} times, sampling world 0 every {@code
   * stride} steps (and at the start and the end).
   *
   * @throws InterruptedException when the listener stops the rollout
   */
  public static Result run(Backend b, Start start, int steps, int stride, Listener listener)
      throws InterruptedException {
    return run(b, start, 0, 0, steps, stride, listener);
  }

  /**
   * As {@link #run(Backend, Start, int, int, Listener)}, each world w > 0 starting from a
   * configuration perturbed by {@code perturbation} ({@link Start#perturbedQpos}).
   *
   * @throws InterruptedException when the listener stops the rollout
   */
  public static Result run(
      Backend b,
      Start start,
      double perturbation,
      long seed,
      int steps,
      int stride,
      Listener listener)
      throws InterruptedException {
    return run(b, start, perturbation, seed, steps, stride, null, listener);
  }

  /**
   * As {@link #run(Backend, Start, double, long, int, int, Listener)}, with {@code controls[t]} (nu
   * numbers) given at step t when {@code controls} is not null (then {@code start.ctrl()} is only
   * the start's own control, which {@link HistoryInit#FILLED} writes into the buffers).
   *
   * @throws InterruptedException when the listener stops the rollout
   */
  public static Result run(
      Backend b,
      Start start,
      double perturbation,
      long seed,
      int steps,
      int stride,
      double[][] controls,
      Listener listener)
      throws InterruptedException {
    if (controls != null && controls.length != steps) {
      throw new IllegalArgumentException(
          "a control per step: "
              + steps
              + " steps need "
              + steps
              + " rows, got "
              + controls.length);
    }
    if (steps < 0) {
      throw new IllegalArgumentException("steps must be >= 0, got " + steps);
    }
    if (stride < 1) {
      throw new IllegalArgumentException("stride must be >= 1, got " + stride);
    }
    int w = b.worlds(), nq = b.model().nq(), nv = b.model().nv();
    tile(start.qpos(), w, nq, "qpos");
    b.setQpos(start.perturbedQpos(b.model(), w, perturbation, seed));
    b.setQvel(tile(start.qvel(), w, nv, "qvel"));
    b.setCtrl(tile(start.ctrl(), w, b.model().nu(), "ctrl"));
    b.setAct(tile(start.act(), w, b.model().na(), "act"));
    b.setTime(start.time());
    if (b.model().nhistory() > 0) {
      b.setHistory(initialHistory(b, start));
    }
    Recorder rec = new Recorder(b, start.ctrl());
    rec.sample();
    long nanos = 0;
    int done = 0, chunk = 1;
    while (done < steps) {
      int toSample = stride - done % stride;
      int n = Math.min(Math.min(chunk, toSample), steps - done);
      if (controls != null) {
        n = 1;
        b.setCtrl(tile(controls[done], w, b.model().nu(), "the control of step " + done));
        rec.control(controls[done]);
      }
      long t0 = System.nanoTime();
      b.step(n);
      long dt = System.nanoTime() - t0;
      nanos += dt;
      done += n;
      if (done % stride == 0 || done == steps) {
        rec.sample();
      }
      listener.stepsDone(done);
      // aim the next chunk at CHUNK_NANOS, growing at most tenfold
      chunk = (int) Math.max(1, Math.min(10L * n, CHUNK_NANOS * n / Math.max(1, dt)));
    }
    double[] fq = new double[w * nq];
    double[] fv = new double[w * nv];
    double[] fa = new double[w * b.model().na()];
    b.getQpos(fq);
    b.getQvel(fv);
    b.getAct(fa);
    return new Result(
        b.name(),
        steps,
        w,
        fq,
        fv,
        fa,
        nanos / 1e6,
        rec.times.stream().mapToDouble(Double::doubleValue).toArray(),
        rec.qpos.toArray(double[][]::new),
        rec.qvel.toArray(double[][]::new),
        rec.act.toArray(double[][]::new),
        rec.sensors.toArray(double[][]::new));
  }

  /**
   * Every world's history buffers as {@code start.history()} makes them from that world's state
   * (W×nhistory): with {@link HistoryInit#FILLED} they hold its own control and sensor values.
   */
  private static double[] initialHistory(Backend b, Start start) {
    Model m = b.model();
    int w = b.worlds(), nh = m.nhistory();
    double[] q = new double[w * m.nq()], out = new double[w * nh];
    b.getQpos(q);
    Data d = new Data(m);
    for (int k = 0; k < w; k++) {
      System.arraycopy(q, k * m.nq(), d.qpos, 0, m.nq());
      System.arraycopy(start.qvel(), 0, d.qvel, 0, m.nv());
      System.arraycopy(start.ctrl(), 0, d.ctrl, 0, m.nu());
      System.arraycopy(start.act(), 0, d.act, 0, m.na());
      d.time = start.time();
      Step.initHistory(m, d, start.history());
      System.arraycopy(d.history, 0, out, k * nh, nh);
    }
    return out;
  }

  /**
   * Records world 0: time, positions, velocities, activations and, for models with sensors, the
   * sensors at that state (with the world's history buffers as they stand).
   */
  private static final class Recorder {
    private final Backend b;
    private final double[] q, v, a, h;
    private final Data d;
    final List<Double> times = new ArrayList<>();
    final List<double[]> qpos = new ArrayList<>();
    final List<double[]> qvel = new ArrayList<>();
    final List<double[]> act = new ArrayList<>();
    final List<double[]> sensors = new ArrayList<>();

    Recorder(Backend b, double[] ctrl) {
      this.b = b;
      Model m = b.model();
      q = new double[b.worlds() * m.nq()];
      v = new double[b.worlds() * m.nv()];
      a = new double[b.worlds() * m.na()];
      h = new double[b.worlds() * m.nhistory()];
      d = m.nsensor() > 0 ? new Data(m) : null;
      control(ctrl);
    }

    /** The control in force from now on: the sensors of actuators read it. */
    void control(double[] ctrl) {
      if (d != null) {
        System.arraycopy(ctrl, 0, d.ctrl, 0, b.model().nu());
      }
    }

    void sample() {
      Model m = b.model();
      b.getQpos(q);
      b.getQvel(v);
      b.getAct(a);
      times.add(b.time(0));
      qpos.add(Arrays.copyOf(q, m.nq()));
      qvel.add(Arrays.copyOf(v, m.nv()));
      act.add(Arrays.copyOf(a, m.na()));
      if (d == null) {
        sensors.add(new double[0]);
        return;
      }
      // the sensors of this state: one forward evaluation of world 0 on the host, which reads the
      // world's history buffers and leaves them as they were
      System.arraycopy(q, 0, d.qpos, 0, m.nq());
      System.arraycopy(v, 0, d.qvel, 0, m.nv());
      System.arraycopy(a, 0, d.act, 0, m.na());
      if (m.nhistory() > 0) {
        b.getHistory(h);
        System.arraycopy(h, 0, d.history, 0, m.nhistory());
      }
      d.time = b.time(0);
      Step.forward(m, d);
      sensors.add(d.sensordata.clone());
    }
  }

  private static double[] tile(double[] one, int worlds, int n, String what) {
    if (one.length != n) {
      throw new IllegalArgumentException(what + " must have " + n + " values, got " + one.length);
    }
    double[] out = new double[worlds * n];
    for (int k = 0; k < worlds; k++) {
      System.arraycopy(one, 0, out, k * n, n);
    }
    return out;
  }
}
