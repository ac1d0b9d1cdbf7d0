package org.diffart.reproduce;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;
import org.diffart.sim.optim.Lbfgs;
import org.diffart.sim.optim.LeastSquares;
import org.diffart.sim.optim.Stop;
import org.diffart.sim.optim.Trace;
import org.diffart.sim.task.Identification;
import org.diffart.sim.task.PushedBlock;
import org.diffart.sim.task.SlidingBox;

/**
 * Parameter estimation (issue 27): the paper's sliding-car friction (Qiao et al. 2021, {@code
 * exp_car.py}) on a box, DiffSDFSim's system identification of a pushed body (the seed-001
 * numbers), and the pendulum fits of MuJoCo 3.14's {@code mujoco.sysid} on the same noisy
 * measurements. Each estimate starts wrong, the truth hidden, and is reported against the truth;
 * Levenberg–Marquardt and Gauss–Newton run on the exact residual Jacobian (forward sensitivities),
 * gradient descent and L-BFGS on the adjoint gradient of the loss. A sweep ({@link Swept}) of
 * independent units: the sliding box, each pendulum, the cost of an evaluation of each seed-001
 * problem, and each seed-001 run (whose rollouts are counted with its problem's cost when the
 * report gathers them).
 */
final class Estimation implements Swept {
  /** L-BFGS's budget of iterations. */
  static final int LBFGS_ITERATIONS = 200;

  @Override
  public String name() {
    return "estimation";
  }

  @Override
  public String title() {
    return "Parameter estimation: the sliding box's friction (Qiao et al. 2021), the pushed block"
        + " (DiffSDFSim), pendulums beside mujoco.sysid (MuJoCo 3.14)";
  }

  /** Seed-001 runs per unknown: the seed's 50, or 10 for CI. */
  static int runs(Size size) {
    return size == Size.QUICK ? 10 : 50;
  }

  /** The units' keys: the box, the pendulums, then per seed-001 unknown its cost and its runs. */
  static List<String> keys(Size size) {
    List<String> keys = new ArrayList<>(List.of(CAR, "pendulum2", "chain4"));
    for (PushedBlock.Unknown u : PushedBlock.Unknown.values()) {
      keys.add(seed001(u) + COST);
      for (int seed = 0; seed < runs(size); seed++) {
        keys.add(seed001(u) + "_seed" + seed);
      }
    }
    return keys;
  }

  private static final String CAR = "sliding-box", COST = "_cost";

  private static String seed001(PushedBlock.Unknown u) {
    return "seed001-" + u.name().toLowerCase(Locale.ROOT);
  }

  @Override
  public List<UnitSpec> units(Size size, Selection selection, java.nio.file.Path work) {
    check(selection);
    return keys(size).stream().map(k -> new UnitSpec(name(), size, k, null)).toList();
  }

  @Override
  public UnitResult runUnit(UnitSpec unit, Consumer<String> progress) {
    long t0 = System.nanoTime();
    List<EstimationRow> rows = new ArrayList<>();
    java.io.Serializable extra;
    String key = unit.key();
    Size size = unit.size();
    if (key.equals(CAR)) {
      extra = car(size, rows);
    } else if (key.equals("pendulum2") || key.equals("chain4")) {
      extra = sysid(key, size, rows);
    } else {
      PushedBlock.Unknown u = unknown(key);
      if (key.endsWith(COST)) {
        extra =
            PushedBlock.of(u, 0)
                .identification()
                .cost(PushedBlock.of(u, 0).start(0), size == Size.QUICK ? 5 : 15, true, true);
      } else {
        int seed = Integer.parseInt(key.substring(key.lastIndexOf("_seed") + 5));
        extra = seed001(u, seed, rows);
      }
    }
    return new UnitResult(unit, List.copyOf(rows), extra, null, (System.nanoTime() - t0) / 1e6);
  }

  private PushedBlock.Unknown unknown(String key) {
    for (PushedBlock.Unknown u : PushedBlock.Unknown.values()) {
      if (key.equals(seed001(u) + COST) || key.startsWith(seed001(u) + "_seed")) {
        return u;
      }
    }
    throw new IllegalArgumentException(name() + " has no unit '" + key + "'");
  }

  /** A unit that failed leaves no row: the report's checks name what is missing. */
  @Override
  public List<Measurement> failedRows(UnitSpec unit, String message) {
    return List.of();
  }

  @Override
  public Report report(Size size, Selection selection, List<UnitResult> results, String runner) {
    List<EstimationRow> rows = new ArrayList<>();
    Map<String, Identification.Cost> costs = new LinkedHashMap<>();
    Car car = null;
    List<Sysid> sysid = new ArrayList<>();
    List<String> failed = new ArrayList<>();
    for (UnitResult r : results) {
      if (!r.ok()) {
        failed.add(r.unit().key() + ": " + r.failure());
        continue;
      }
      if (r.extra() instanceof Car c) {
        car = c;
        costs.put(CAR, c.cost());
      } else if (r.extra() instanceof Sysid s) {
        sysid.add(s);
        costs.put(s.name(), s.cost());
      } else if (r.extra() instanceof Identification.Cost c) {
        costs.put(r.unit().key().replace(COST, ""), c);
      }
      if (r.extra() instanceof Evaluations e) {
        Identification.Cost c = costs.get(seed001(unknown(r.unit().key())));
        r.rows().forEach(m -> rows.add(e.counted((EstimationRow) m, c)));
      } else {
        r.rows().forEach(m -> rows.add((EstimationRow) m));
      }
    }
    if (!failed.isEmpty() || car == null) {
      throw new IllegalStateException(
          name() + ": " + failed.size() + " units failed: " + String.join("; ", failed));
    }
    return EstimationReport.of(this, size, rows, car, sysid, costs, runner);
  }

  // ---- the sliding box ----

  /**
   * What the figures need of the box: the landscape over μ, the tangents and the error per
   * iteration.
   */
  record Car(
      double truth,
      double target,
      double[] mus,
      double[] loss,
      double[][] tangents,
      List<Path> paths,
      Identification.Cost cost)
      implements java.io.Serializable {}

  /** One method's estimate per iteration: the relative error of each parameter, worst first. */
  record Path(String label, int[] iterations, double[] error) implements java.io.Serializable {}

  private static Car car(Size size, List<EstimationRow> rows) {
    SlidingBox box = SlidingBox.standard();
    Identification id = box.identification();
    double[] start = {SlidingBox.PAPER_START};
    // (one Jacobian of the box is 1000 steps of 12 one-step adjoints: few repetitions suffice)
    // the box's Jacobian (one residual) by a reverse sweep; forward sensitivities (12 step adjoints
    // per step) measured beside it at full size
    Identification.Cost cost = id.cost(start, size == Size.QUICK ? 2 : 5, size != Size.QUICK, true);
    List<Path> paths = new ArrayList<>();
    String task = "sliding-box";
    double[] truth = {box.truth()};
    String[] names = {"friction"};
    // the paper's rule as stated: lr 0.05, stop at loss < 1e-4
    int gdBudget = size == Size.QUICK ? 10 : 100;
    Stop paperStop = Stop.atLoss(SlidingBox.PAPER_STOP).or(Stop.afterIterations(gdBudget));
    double perGradient = cost.gradientRollouts(), perRow = cost.rowsRollouts();
    Fit car = new Fit(rows, paths, task, names, truth, start, box.steps(), id, 0);
    car.run(
        "gd-paper",
        perGradient,
        i -> i.gradientDescent(start, new double[] {SlidingBox.PAPER_RATE}, paperStop),
        "the paper's rule: mu <- mu - 0.05 dL/dmu from 0.002, stop at loss < 1e-4");
    car.run(
        "gd",
        perGradient,
        i -> i.gradientDescent(start, new double[] {0.02}, paperStop),
        "rate 0.02 (the box's loss has curvature 2(g/2)^2 = 48 while it slides: 0.05 overshoots),"
            + " the paper's stop at loss < 1e-4");
    car.run(
        "lm",
        perRow,
        i -> i.withJacobianByRows(true).levenbergMarquardt(start, LeastSquares.Settings.defaults()),
        "Hipparchus Levenberg-Marquardt on the exact residual Jacobian, by one reverse sweep (one"
            + " residual: cheaper than forward sensitivities' 12 step adjoints per step)");
    car.run(
        "lbfgs",
        perGradient,
        i -> i.lbfgs(start, Lbfgs.Settings.defaults(), Stop.afterIterations(LBFGS_ITERATIONS)),
        "lbfgs4j over log mu on the adjoint gradient");
    int n = size == Size.QUICK ? 21 : 101;
    double[] mus = new double[n];
    for (int i = 0; i < n; i++) {
      mus[i] = 0.2 * i / (n - 1);
    }
    double[] loss = box.landscape(mus);
    double[] at = {0.02, 0.05, 0.08, 0.13, 0.18};
    double[][] tangents = new double[at.length][];
    for (int i = 0; i < at.length; i++) {
      double[] ls = box.lossAndSlope(at[i]);
      tangents[i] = new double[] {at[i], ls[0], ls[1]};
    }
    return new Car(box.truth(), box.target(), mus, loss, tangents, paths, cost);
  }

  /**
   * One problem's runs: each method runs once with a probe (its error path and its rows), then
   * {@code reps} times more without, for the median wall time (the probed run's own time when reps
   * is 0).
   */
  private record Fit(
      List<EstimationRow> rows,
      List<Path> paths,
      String task,
      String[] names,
      double[] truth,
      double[] start,
      int steps,
      Identification id,
      int reps) {

    /**
     * @param perEvaluation what one evaluation costs in rollouts, measured
     */
    void run(
        String method, double perEvaluation, Function<Identification, Trace> run, String note) {
      List<double[]> seen = new ArrayList<>();
      long t0 = System.nanoTime();
      Trace t = run.apply(id.withProbe(seen::add));
      double[] ms = {(System.nanoTime() - t0) / 1e6};
      if (reps > 0) {
        ms = new double[reps];
        for (int r = 0; r < reps; r++) {
          long t1 = System.nanoTime();
          run.apply(id);
          ms[r] = (System.nanoTime() - t1) / 1e6;
        }
      }
      add(
          rows,
          task,
          method,
          0,
          t,
          names,
          truth,
          start,
          perEvaluation,
          steps,
          Measure.median(ms),
          Double.NaN,
          note);
      paths.add(path(task + ": " + method, t, seen, truth));
    }
  }

  /** The estimate at each recorded iteration: the point of the evaluation that ended it. */
  static Path path(String label, Trace t, List<double[]> seen, double[] truth) {
    int n = t.iterations().size();
    int[] its = new int[n];
    double[] err = new double[n];
    for (int i = 0; i < n; i++) {
      Trace.Iterate it = t.iterations().get(i);
      long k = Math.min(seen.size(), it.values() + it.gradients()) - 1;
      its[i] = it.iteration();
      err[i] = worst(seen.get((int) Math.max(0, k)), truth);
    }
    return new Path(label, its, err);
  }

  static double worst(double[] estimate, double[] truth) {
    double w = 0;
    for (int k = 0; k < truth.length; k++) {
      w = Math.max(w, Math.abs(estimate[k] - truth[k]) / Math.abs(truth[k]));
    }
    return w;
  }

  private static void add(
      List<EstimationRow> rows,
      String task,
      String method,
      int seed,
      Trace t,
      String[] names,
      double[] truth,
      double[] start,
      double perEvaluation,
      int steps,
      double wallMs,
      double runError,
      String note) {
    Trace.Iterate last = t.last();
    long evaluations = last.values() + last.gradients();
    double rollouts = last.values() + last.gradients() * perEvaluation;
    for (int k = 0; k < names.length; k++) {
      rows.add(
          new EstimationRow(
              task,
              method,
              seed,
              last.iteration(),
              evaluations,
              evaluations * steps,
              rollouts,
              wallMs,
              t.bestLoss(),
              t.status(),
              names[k],
              truth[k],
              start[k],
              t.best()[k],
              Double.isNaN(runError) ? Math.abs(t.best()[k] - truth[k]) : runError,
              note));
    }
  }

  // ---- beside mujoco.sysid ----

  /**
   * A mujoco.sysid comparison: the reference, our runs' error paths, and the measured cost of an
   * evaluation.
   */
  record Sysid(String name, List<Path> paths, Identification.Cost cost)
      implements java.io.Serializable {
    /** The reference the fits ran against. */
    SysidReference ref() {
      return SysidReference.load(name);
    }
  }

  private static Sysid sysid(String name, Size size, List<EstimationRow> rows) {
    SysidReference ref = SysidReference.load(name);
    Identification id = ref.problem();
    String[] names = ref.names().toArray(String[]::new);
    Identification.Cost cost = id.cost(ref.start(), size == Size.QUICK ? 5 : 15, true, false);
    int reps = size == Size.QUICK ? 0 : 5;
    List<Path> paths = new ArrayList<>();
    String how =
        reps > 0
            ? ", median wall time of " + reps + " runs after one of warm-up"
            : ", wall time of one run (CI's size)";
    Fit fit = new Fit(rows, paths, name, names, ref.truth(), ref.start(), ref.steps(), id, reps);
    fit.run(
        "lm",
        cost.jacobianRollouts(),
        i -> i.levenbergMarquardt(ref.start(), LeastSquares.Settings.defaults()),
        "Hipparchus Levenberg-Marquardt on the exact residual Jacobian" + how);
    fit.run(
        "gn",
        cost.jacobianRollouts(),
        i -> i.gaussNewton(ref.start(), LeastSquares.Settings.defaults()),
        "Hipparchus Gauss-Newton (QR) on the exact residual Jacobian" + how);
    fit.run(
        "lbfgs",
        cost.gradientRollouts(),
        i ->
            i.lbfgs(ref.start(), Lbfgs.Settings.defaults(), Stop.afterIterations(LBFGS_ITERATIONS)),
        "lbfgs4j over log theta on the adjoint gradient" + how);
    Trace floor = id.levenbergMarquardt(ref.truth(), LeastSquares.Settings.defaults());
    add(
        rows,
        name,
        "lm-from-truth",
        0,
        floor,
        names,
        ref.truth(),
        ref.truth(),
        cost.jacobianRollouts(),
        ref.steps(),
        Double.NaN,
        Double.NaN,
        "the least-squares optimum itself (LM started at the truth): the error the noise allows");
    SysidReference.MujocoFit f = ref.mujoco();
    for (int k = 0; k < names.length; k++) {
      rows.add(
          new EstimationRow(
              name,
              "mujoco.sysid",
              0,
              f.iterations(),
              f.rollouts(),
              f.rollouts() * ref.steps(),
              f.rollouts(),
              f.wallMs(),
              2 * f.cost(),
              f.status().equals("norm(gradient) < tol.") ? "ok" : f.status(),
              names[k],
              ref.truth()[k],
              ref.start()[k],
              f.estimate()[k],
              Math.abs(f.estimate()[k] - ref.truth()[k]),
              "MuJoCo 3.14 mujoco.sysid (Gauss-Newton, finite-difference Jacobian, 2 threads) on the"
                  + " same measurements; from datasets/reference/sysid314/"
                  + name
                  + ".json, median of its recorded runs' wall times; '"
                  + f.status()
                  + "'"));
    }
    int[] its = new int[f.trace().size()];
    double[] err = new double[its.length];
    for (int i = 0; i < its.length; i++) {
      its[i] = i;
      err[i] = worst(f.trace().get(i).params(), ref.truth());
    }
    paths.add(new Path(name + ": mujoco.sysid", its, err));
    return new Sysid(name, List.copyOf(paths), cost);
  }

  // ---- the seed-001 system identification ----

  /**
   * A seed-001 run's evaluations, counted in rollouts when its problem's measured cost (a unit of
   * its own) is known: SGD's gradients at the adjoint's cost, LM's Jacobians at theirs.
   */
  record Evaluations(long sgdValues, long sgdGradients, long lmValues, long lmGradients)
      implements java.io.Serializable {
    EstimationRow counted(EstimationRow r, Identification.Cost c) {
      boolean sgd = r.method().equals("sgd");
      double perEvaluation = sgd ? c.gradientRollouts() : c.jacobianRollouts();
      return r.withRollouts(
          sgd ? sgdValues + sgdGradients * perEvaluation : lmValues + lmGradients * perEvaluation);
    }
  }

  private static Evaluations seed001(PushedBlock.Unknown u, int seed, List<EstimationRow> rows) {
    PushedBlock task = PushedBlock.of(u, seed);
    double[] start = task.start(seed);
    String name = seed001(u);
    String[] names =
        u == PushedBlock.Unknown.FORCE
            ? new String[] {"fx", "fy"}
            : new String[] {u.name().toLowerCase(Locale.ROOT)};
    double[] truth = task.truth().of(u);
    long t0 = System.nanoTime();
    Trace sgd = task.seedSgd(start, 100);
    long t1 = System.nanoTime();
    Trace lm = task.identification().levenbergMarquardt(start, LeastSquares.Settings.defaults());
    long t2 = System.nanoTime();
    add(
        rows,
        name,
        "sgd",
        seed,
        sgd,
        names,
        truth,
        start,
        Double.NaN,
        PushedBlock.STEPS,
        (t1 - t0) / 1e6,
        task.error(sgd.best()),
        "the seed's SGD: rate " + u.seedRate() + ", 100 iterations, adjoint gradient");
    add(
        rows,
        name,
        "lm",
        seed,
        lm,
        names,
        truth,
        start,
        Double.NaN,
        PushedBlock.STEPS,
        (t2 - t1) / 1e6,
        task.error(lm.best()),
        "Hipparchus Levenberg-Marquardt on the exact residual Jacobian; start error "
            + String.format(Locale.ROOT, "%.4g", task.error(start))
            + ", truth "
            + Arrays.toString(truth));
    return new Evaluations(
        sgd.last().values(), sgd.last().gradients(), lm.last().values(), lm.last().gradients());
  }
}
