package org.diffart.reproduce;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The paper's RL curves (Qiao et al. 2021, Sec. 6, "Integration with reinforcement learning"): the
 * n-link pendulum (policy enhancement against MBPO and SAC) or the ant (sample enhancement against
 * MBPO and SAC), each with the analytic policy gradient beyond the paper; every (links, method,
 * seed) an independent run ({@link RlUnit}), evaluated at fixed environment steps: a unit of the
 * sweep ({@link Swept}), run on whichever runner is chosen; their rows come back in the units'
 * order, so the report does not depend on which finished first or where.
 */
final class RlExperiment implements Swept {
  /** Every method an RL experiment knows. */
  static final List<String> METHODS = List.of("sac", "mbpo", "pe", "se", "shac");

  /** The pendulum check's link count, as the issue asks: the 3-link pendulum. */
  static final int CHECK_LINKS = 3;

  private final String task;
  private final RlUnit.Factory factory;

  private RlExperiment(String task, RlUnit.Factory factory) {
    this.task = task;
    this.factory = factory;
  }

  static RlExperiment pendulum() {
    return new RlExperiment("pendulum", new RlAgents());
  }

  static RlExperiment ant() {
    return new RlExperiment("ant", new RlAgents());
  }

  /** The same experiment with another factory (tests). */
  RlExperiment with(RlUnit.Factory f) {
    return new RlExperiment(task, f);
  }

  boolean pendulumTask() {
    return task.equals("pendulum");
  }

  @Override
  public String name() {
    return "rl-" + task;
  }

  @Override
  public String title() {
    return pendulumTask()
        ? "RL on the n-link pendulum: policy enhancement and the analytic policy gradient against"
            + " MBPO and SAC (Qiao et al. 2021, Sec. 6)"
        : "RL on the ant: sample enhancement and the analytic policy gradient against MBPO and SAC"
            + " (Qiao et al. 2021, Sec. 6)";
  }

  /** The methods run unless --methods chooses: the paper's baseline and method, SAC, SHAC. */
  List<String> defaultMethods() {
    return pendulumTask()
        ? List.of("sac", "mbpo", "pe", "shac")
        : List.of("sac", "mbpo", "se", "shac");
  }

  /** The paper's gradient-enhanced method on this task. */
  String papersMethod() {
    return pendulumTask() ? "pe" : "se";
  }

  List<Integer> links(Size size, Selection s) {
    if (!pendulumTask()) {
      return List.of(0);
    }
    if (!s.links().isEmpty()) {
      return s.links();
    }
    return switch (size) {
      case QUICK -> List.of(1, CHECK_LINKS);
      case DEFAULT -> List.of(1, 3, 5, 7);
      case FULL -> List.of(1, 2, 3, 4, 5, 6, 7);
    };
  }

  int seeds(Size size, Selection s) {
    if (s.seeds() > 0) {
      return s.seeds();
    }
    return size == Size.QUICK ? 2 : pendulumTask() ? 3 : 4;
  }

  List<String> methods(Selection s) {
    return s.methods().isEmpty() ? defaultMethods() : s.methods();
  }

  /** A run's size: the plan every seed of a (link count, method) shares. */
  RlPlan plan(Size size, int links, String method) {
    return RlAgents.plan(task, links, size, method);
  }

  @Override
  public void check(Selection s) {
    if (!pendulumTask() && !s.links().isEmpty()) {
      throw new IllegalArgumentException(
          "--links is the pendulum's option: " + name() + " has none");
    }
    for (int n : s.links()) {
      if (n < 1 || n > 7) {
        throw new IllegalArgumentException(
            "--links: the paper's pendulums have 1 to 7 links, got " + n);
      }
    }
    for (String m : s.methods()) {
      if (!METHODS.contains(m)) {
        throw new IllegalArgumentException(
            "--methods: unknown method '" + m + "'; available: " + String.join(", ", METHODS));
      }
    }
  }

  List<RlUnit> units(Size size, Selection s) {
    check(s);
    List<RlUnit> units = new ArrayList<>();
    for (int n : links(size, s)) {
      for (String m : methods(s)) {
        for (int seed = 0; seed < seeds(size, s); seed++) {
          units.add(new RlUnit(task, n, m, seed, plan(size, n, m)));
        }
      }
    }
    return units;
  }

  /** Each run a unit, keyed by its name; its state kept under {@code work/NAME-runs}. */
  @Override
  public List<UnitSpec> units(Size size, Selection s, Path work) {
    String dir = work == null ? null : work.resolve(name() + "-runs").toString();
    return units(size, s).stream().map(u -> new UnitSpec(name(), size, u.id(), dir)).toList();
  }

  /** The run a unit's key names, e.g. {@code pendulum-3_pe_seed0}, at the unit's size. */
  RlUnit unit(UnitSpec spec) {
    String[] parts = spec.key().split("_");
    try {
      String where = parts[0];
      int links = pendulumTask() ? Integer.parseInt(where.substring(where.indexOf('-') + 1)) : 0;
      String method = parts[1];
      long seed = Long.parseLong(parts[2].substring("seed".length()));
      if (METHODS.contains(method)) {
        RlUnit u = new RlUnit(task, links, method, seed, plan(spec.size(), links, method));
        if (u.id().equals(spec.key())) {
          return u;
        }
      }
    } catch (RuntimeException e) {
      // not a run's name: said below
    }
    throw new IllegalArgumentException(name() + " has no run '" + spec.key() + "'");
  }

  /** Trains one run, a progress line per evaluation. */
  @Override
  public UnitResult runUnit(UnitSpec spec, Consumer<String> progress) {
    RlUnit u = unit(spec);
    long t0 = System.nanoTime();
    List<RlPoint> points =
        u.run(
            factory,
            spec.work() == null ? null : Path.of(spec.work()),
            p ->
                progress.accept(
                    String.format(
                        Locale.ROOT,
                        "%s: %d environment steps, return %.4g",
                        u.id(),
                        p.envSteps(),
                        p.meanReturn())));
    return new UnitResult(spec, List.copyOf(points), null, null, (System.nanoTime() - t0) / 1e6);
  }

  /** A run that threw: one row saying so. */
  @Override
  public List<Measurement> failedRows(UnitSpec spec, String message) {
    RlUnit u = unit(spec);
    return List.of(
        new RlPoint(
            u.task(),
            u.links(),
            u.method(),
            u.seed(),
            0,
            Double.NaN,
            Double.NaN,
            "failed: " + message));
  }

  @Override
  public Report report(Size size, Selection s, List<UnitResult> results, String runner) {
    List<RlUnit> units = units(size, s);
    List<RlPoint> rows =
        results.stream().flatMap(r -> r.rows().stream()).map(RlPoint.class::cast).toList();
    List<RlCurves.Curve> curves = RlCurves.of(rows);
    List<Check> checks = new ArrayList<>();
    checks.add(finished(rows, units.size()));
    checks.addAll(shapeChecks(size, curves));
    checks.add(reproducible(units.get(0), rows));
    return new Report(
        name(),
        title(),
        size,
        rows,
        table(curves),
        RlFigure.of(task, curves, methods(s), pendulumTask() ? CHECK_LINKS : 0),
        checks,
        notes(size, s, units, curves, runner));
  }

  /** Every run trained to its end with finite returns; a failed run names its error. */
  private static Check finished(List<RlPoint> rows, int runs) {
    List<String> failed =
        rows.stream()
            .filter(p -> !p.ok())
            .map(p -> p.run() + ": " + p.status())
            .distinct()
            .toList();
    return new Check(
        "every run trained to its end with finite returns",
        failed.isEmpty(),
        failed.isEmpty()
            ? runs + " runs, " + rows.size() + " evaluations"
            : failed.size() + " of " + runs + " runs did not: " + String.join("; ", failed));
  }

  /**
   * Runs the first unit again from nothing, interrupted after half its evaluations and resumed from
   * its kept state: its returns must equal the sweep's bit for bit.
   */
  private Check reproducible(RlUnit u, List<RlPoint> rows) {
    List<RlPoint> original = rows.stream().filter(p -> p.run().equals(u.id())).toList();
    Path tmp;
    try {
      tmp = Files.createTempDirectory("diffart-rl-resume");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    try {
      u.run(factory, tmp, Math.max(1, u.evaluations() / 2), p -> {});
      List<RlPoint> again = u.run(factory, tmp, p -> {});
      boolean same = again.size() == original.size();
      for (int k = 0; same && k < again.size(); k++) {
        same =
            again.get(k).envSteps() == original.get(k).envSteps()
                && Double.doubleToLongBits(again.get(k).meanReturn())
                    == Double.doubleToLongBits(original.get(k).meanReturn());
      }
      return new Check(
          "a fixed seed reproduces its curve bit for bit, interrupted half way and resumed",
          same,
          String.format(
              Locale.ROOT,
              "%s: %d evaluations run again, interrupted after %d and resumed from its state; the"
                  + " returns %s",
              u.id(),
              again.size(),
              Math.max(1, u.evaluations() / 2),
              same ? "equal the sweep's bit for bit" : "differ from the sweep's"));
    } finally {
      deleteTree(tmp);
    }
  }

  private static void deleteTree(Path dir) {
    try (var paths = Files.walk(dir)) {
      paths.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // a temporary directory left behind is harmless
    }
  }

  /**
   * The paper's shape, judged at the main job's and the paper's sizes (CI's runs are too short to
   * learn): the gradient-enhanced methods reach the baseline's (MBPO's) final return in fewer
   * environment steps than the baseline itself. Not judged when the baseline's final return is not
   * above its untrained policy's (it did not learn, and "reaching" its final return says nothing).
   */
  private List<Check> shapeChecks(Size size, List<RlCurves.Curve> curves) {
    List<Check> checks = new ArrayList<>();
    if (size == Size.QUICK) {
      return checks;
    }
    int links = pendulumTask() ? CHECK_LINKS : 0;
    RlCurves.Curve base = RlCurves.find(curves, links, "mbpo");
    String where = pendulumTask() ? "the " + links + "-link pendulum" : "the ant";
    List<String> faster = pendulumTask() ? List.of("pe", "shac") : List.of("se");
    for (String m : faster) {
      RlCurves.Curve c = RlCurves.find(curves, links, m);
      if (base == null || c == null) {
        continue;
      }
      checks.add(reachesFaster(where, m, base, c));
    }
    return checks;
  }

  /**
   * Whether {@code c} reaches the baseline's final return in fewer environment steps than the
   * baseline; not judged when the baseline's final return is not above its untrained policy's.
   */
  static Check reachesFaster(String where, String m, RlCurves.Curve base, RlCurves.Curve c) {
    double target = base.finalMean();
    String name =
        "on " + where + ", " + m + " reaches MBPO's final return in fewer environment steps";
    if (!(target > base.mean(0))) {
      return Check.notJudged(
          name,
          String.format(
              Locale.ROOT,
              "MBPO did not learn in these runs: its final return %.4g (the mean over %d"
                  + " seeds of its last evaluations) is not above its untrained policy's"
                  + " %.4g, so every curve that does not fall below it reaches it at once;"
                  + " %s's final return %.4g, untrained %.4g",
              target,
              base.seeds(),
              base.mean(0),
              m,
              c.finalMean(),
              c.mean(0)));
    }
    long ours = c.stepsToReach(target), theirs = base.stepsToReach(target);
    return new Check(
        name,
        ours >= 0 && ours < theirs,
        String.format(
            Locale.ROOT,
            "MBPO's final return %.4g (the mean over %d seeds of its last evaluations) first"
                + " reached by MBPO after %d"
                + " steps, by %s after %s",
            target,
            base.seeds(),
            theirs,
            m,
            ours < 0 ? "never (within " + c.envSteps()[c.envSteps().length - 1] + ")" : ours + ""));
  }

  /**
   * Per (links, method): the untrained policy's return (the mean over the seeds of the first
   * evaluation), the final return (the mean over the seeds of the last three evaluations), its
   * spread over the seeds, the best mean return, and the steps to MBPO's final return.
   */
  private Table table(List<RlCurves.Curve> curves) {
    IntColumn links = IntColumn.create("links"), seeds = IntColumn.create("seeds");
    StringColumn method = StringColumn.create("method");
    DoubleColumn untrained = DoubleColumn.create("untrained policy's return"),
        fin = DoubleColumn.create("final return (mean)"),
        std = DoubleColumn.create("final return (std over seeds)"),
        best = DoubleColumn.create("best mean return"),
        steps = DoubleColumn.create("env steps to MBPO's final return");
    StringColumn paper = StringColumn.create("the paper says");
    for (RlCurves.Curve c : curves) {
      links.append(c.links());
      method.append(c.method());
      seeds.append(c.seeds());
      untrained.append(c.mean(0));
      fin.append(c.finalMean());
      std.append(c.finalStd());
      best.append(Arrays.stream(c.means()).max().orElse(Double.NaN));
      RlCurves.Curve base = RlCurves.find(curves, c.links(), "mbpo");
      long s = base == null ? -1 : c.stepsToReach(base.finalMean());
      steps.append(s < 0 ? Double.NaN : s);
      paper.append(RlClaims.stated(task, c.links(), c.method()));
    }
    Table t = Table.create(name() + ": final returns");
    if (pendulumTask()) {
      t.addColumns(links);
    }
    return t.addColumns(method, seeds, untrained, fin, std, best, steps, paper);
  }

  private List<String> notes(
      Size size, Selection s, List<RlUnit> units, List<RlCurves.Curve> curves, String runner) {
    List<String> notes = new ArrayList<>();
    notes.add(RlAgents.sizeNote(task, size));
    RlPlan p = units.get(0).plan();
    notes.add(
        String.format(
            Locale.ROOT,
            "%d runs (%s; methods %s; %d seeds), each trained for %d environment steps and"
                + " evaluated every %d (the deterministic policy, %d episodes); the runs went side"
                + " by side (%s, one thread each), so wall times include their sharing",
            units.size(),
            pendulumTask() ? "links " + links(size, s) : "ant",
            String.join(", ", methods(s)),
            seeds(size, s),
            p.envSteps(),
            p.evalEvery(),
            p.evalEpisodes(),
            runner));
    notes.addAll(RlClaims.verdicts(task, curves, n -> RlAgents.bestReturn(task, n)));
    return notes;
  }
}
