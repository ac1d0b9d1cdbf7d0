package org.diffart.kernel.magic;

import io.github.spencerpark.jupyter.kernel.display.DisplayDataRenderable;
import io.github.spencerpark.jupyter.kernel.display.RenderContext;
import io.github.spencerpark.jupyter.kernel.display.mime.MIMEType;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.diffart.backends.Rollout;
import org.diffart.kernel.display.Displays;
import org.diffart.kernel.display.Figure;
import org.diffart.kernel.display.Readable;
import org.diffart.kernel.display.TrajectoryFigure;
import org.diffart.sim.model.Model;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.numbers.NumberColumnFormatter;

/**
 * What {@code %rollout} returns: the rollout of one model on each selected backend. It shows as a
 * table of final state and timing per backend above a plot of the trajectory; in Java, {@link
 * #result}, {@link #table()} and {@link #figure()} give the numbers and figures.
 *
 * @param model the model that was run
 * @param start where the initial state came from, e.g. {@code qpos0} or {@code key hang}
 * @param results one per backend, in the order they ran, timed after a warm-up
 * @param setupMs per backend, the wall time of creating it (an OpenCL program build included) and
 *     of its warm-up steps, ms
 */
public record RolloutReport(
    Model model, String start, List<Rollout.Result> results, List<Double> setupMs)
    implements DisplayDataRenderable {

  /** Copies the lists. */
  public RolloutReport {
    results = List.copyOf(results);
    setupMs = List.copyOf(setupMs);
    if (setupMs.size() != results.size()) {
      throw new IllegalArgumentException(
          "one setup time per result, got " + setupMs.size() + " and " + results.size());
    }
  }

  /**
   * The result of one backend.
   *
   * @param backend a backend name, e.g. {@code cpu}
   * @throws IllegalArgumentException when that backend did not run
   */
  public Rollout.Result result(String backend) {
    return results.stream()
        .filter(r -> r.backend().equals(backend))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "backend " + backend + " did not run; ran: " + backends()));
  }

  /** World 0's positions at the end of the first backend's rollout (nq). */
  public double[] finalQpos() {
    return Arrays.copyOf(results.get(0).finalQpos(), model.nq());
  }

  /** World 0's velocities at the end of the first backend's rollout (nv). */
  public double[] finalQvel() {
    return Arrays.copyOf(results.get(0).finalQvel(), model.nv());
  }

  /**
   * One row per backend: backend, worlds, steps, the backend's build and warm-up time, stepping
   * time after it (both ms, shown as {@link Readable#duration}), world-steps per second, world 0's
   * final qpos and qvel, and the largest difference of any world's final qpos from the reference
   * backend's ({@code cpu} when it ran, else the first).
   */
  public Table table() {
    StringColumn backend = StringColumn.create("backend");
    IntColumn worlds = IntColumn.create("worlds");
    IntColumn steps = IntColumn.create("steps");
    DoubleColumn setup = Readable.durations(DoubleColumn.create("build + warm-up", setupMs));
    DoubleColumn ms = Readable.durations(DoubleColumn.create("stepping time"));
    DoubleColumn rate = DoubleColumn.create("world-steps per second");
    rate.setPrintFormatter(new NumberColumnFormatter(Readable.significant(3)));
    StringColumn qpos = StringColumn.create("final qpos, world 0 (" + units(false) + ")");
    StringColumn qvel = StringColumn.create("final qvel, world 0 (" + units(true) + ")");
    Rollout.Result ref = reference();
    DoubleColumn diff =
        DoubleColumn.create("max |Δ final qpos| vs " + ref.backend() + ", all worlds");
    for (Rollout.Result r : results) {
      backend.append(r.backend());
      worlds.append(r.worlds());
      steps.append(r.steps());
      ms.append(r.ms());
      rate.append(r.ms() == 0 ? Double.NaN : (double) r.steps() * r.worlds() / (r.ms() / 1e3));
      qpos.append(Readable.vector(r.finalQpos(), model.nq()));
      qvel.append(Readable.vector(r.finalQvel(), model.nv()));
      double max = 0;
      for (int i = 0; i < Math.min(r.finalQpos().length, ref.finalQpos().length); i++) {
        max = Math.max(max, Math.abs(r.finalQpos()[i] - ref.finalQpos()[i]));
      }
      diff.append(max);
    }
    return Table.create(
        "rollout of " + model.name() + " from " + start,
        backend,
        worlds,
        steps,
        setup,
        ms,
        rate,
        qpos,
        qvel,
        diff);
  }

  /**
   * The units of the model's qpos (a free joint's position in m and orientation as a quaternion, a
   * ball's quaternion, hinge angles in rad, slides in m) or qvel (m/s and rad/s), in that order,
   * each once.
   */
  private String units(boolean velocity) {
    java.util.Set<String> units = new java.util.LinkedHashSet<>();
    for (int j = 0; j < model.njnt(); j++) {
      switch (model.jntType(j)) {
        case FREE -> {
          units.add(velocity ? "m/s" : "m");
          units.add(velocity ? "rad/s" : "quaternion");
        }
        case BALL -> units.add(velocity ? "rad/s" : "quaternion");
        case HINGE -> units.add(velocity ? "rad/s" : "rad");
        case SLIDE -> units.add(velocity ? "m/s" : "m");
      }
    }
    return String.join(", ", units);
  }

  /** The result the others are compared with: the CPU backend's when it ran, else the first. */
  private Rollout.Result reference() {
    return results.stream()
        .filter(r -> r.backend().equals("cpu"))
        .findFirst()
        .orElse(results.get(0));
  }

  /**
   * The trajectory of world 0 on the first backend, as small multiples (one quantity per panel).
   */
  public Figure figure() {
    return TrajectoryFigure.of(model, results.get(0));
  }

  /** The backends that ran, in order. */
  public List<String> backends() {
    return results.stream().map(Rollout.Result::backend).toList();
  }

  @Override
  public Set<MIMEType> getPreferredRenderTypes() {
    return Set.of(MIMEType.TEXT_HTML, MIMEType.IMAGE_PNG);
  }

  @Override
  public void render(RenderContext ctx) {
    Displays.renderTableAndFigure(ctx, table(), figure());
  }

  @Override
  public String toString() {
    return "RolloutReport[" + model.name() + " from " + start + " on " + backends() + "]";
  }
}
