package org.diffart.backends;

/**
 * Runs a backend from one initial state (copied to every world) for a number of steps with constant controls,
 * recording world 0's trajectory at a fixed stride.
 */
public final class Rollout {
  private Rollout() {}

  /**
   * The outcome of a rollout.
   *
   * @param backend the backend's name
   * @param steps steps taken per world
   * @param worlds number of worlds
   * @param finalQpos positions at the end (worlds×nq)
   * @param finalQvel velocities at the end (worlds×nv)
   * @param ms wall time of the stepping alone (recording excluded), milliseconds
   * @param times simulation time of each recorded sample of world 0
   * @param qpos world 0's positions at each sample (samples×nq)
   */
  public record Result(String backend, int steps, int worlds, double[] finalQpos, double[] finalQvel, double ms,
      double[] times, double[][] qpos) {}

  /**
   * Sets every world to {@code (qpos, qvel, ctrl)} and steps {@code steps} times, sampling world 0 every {@code
   * stride} steps (and at the start and the end).
   */
  public static Result run(Backend b, double[] qpos, double[] qvel, double[] ctrl, int steps, int stride) {
    if (steps < 0) {
      throw new IllegalArgumentException("steps must be >= 0, got " + steps);
    }
    if (stride < 1) {
      throw new IllegalArgumentException("stride must be >= 1, got " + stride);
    }
    int w = b.worlds(), nq = b.model().nq(), nv = b.model().nv();
    b.setQpos(tile(qpos, w, nq, "qpos"));
    b.setQvel(tile(qvel, w, nv, "qvel"));
    b.setCtrl(tile(ctrl, w, b.model().nu(), "ctrl"));
    int samples = steps / stride + 1 + (steps % stride == 0 ? 0 : 1);
    double[] times = new double[samples];
    double[][] traj = new double[samples][];
    double[] all = new double[w * nq];
    double t0 = b.time(0);
    int sample = 0;
    long nanos = 0;
    b.getQpos(all);
    times[sample] = t0;
    traj[sample++] = java.util.Arrays.copyOf(all, nq);
    int done = 0;
    while (done < steps) {
      int chunk = Math.min(stride, steps - done);
      long start = System.nanoTime();
      b.step(chunk);
      nanos += System.nanoTime() - start;
      done += chunk;
      b.getQpos(all);
      times[sample] = b.time(0);
      traj[sample++] = java.util.Arrays.copyOf(all, nq);
    }
    double[] fq = new double[w * nq];
    double[] fv = new double[w * nv];
    b.getQpos(fq);
    b.getQvel(fv);
    return new Result(b.name(), steps, w, fq, fv, nanos / 1e6, times, traj);
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
