package org.diffart.cli;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.diffart.backends.Backend;
import org.diffart.backends.Backends;
import org.diffart.backends.Rollout;
import org.diffart.kernel.display.Coordinates;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ControlFile;
import org.diffart.sim.model.Model;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * {@code diffart rollout --model M --steps N [state] [--backend B] [--worlds W] [--stride S]
 * [--ctrl-file F]}: W worlds started from the same state, stepped N times with constant controls or
 * those of a file, one line per step.
 */
@Command(
    name = "rollout",
    description =
        "Step W worlds of a model N times from one starting state, controls held constant or"
            + " given per step by --ctrl-file.",
    footer = {
      "",
      "The state is qpos0 with zero velocity and controls, or keyframe K; --qpos/--qvel/--ctrl then replace their"
          + " part; --history-init says how the buffers of delayed actuators and sensors start.",
      "JSON keys: model, backend, worlds, steps, time (simulated, s), ms (wall time of the stepping loop alone),"
          + " final_qpos and final_qvel (world 0), final_act (world 0, models with activation dynamics),"
          + " final_qpos_all (one row per world, only when W > 1),"
          + " final_sensordata (world 0's sensors at the final state, for models with sensors), trajectory (time,"
          + " qpos, qvel, act (models with activation dynamics) and sensordata (models with sensors) of world 0"
          + " every S steps, only with --stride). Sensors are those of each recorded state, as mj_forward gives"
          + " them (reading the history buffers as they stand, without changing them)."
    })
final class RolloutCommand implements Callable<Integer> {
  @Mixin private ModelOption model;
  @Mixin private StateOptions state;
  @Mixin private Output output;

  @Option(
      names = "--steps",
      paramLabel = "N",
      description =
          "Number of time steps (>= 1); with --ctrl-file, its number of lines unless given.")
  private Integer steps;

  @Option(
      names = "--ctrl-file",
      paramLabel = "F",
      description =
          "CSV of the controls, one line of nu comma-separated numbers per step (line t: the control"
              + " given at step t; blank lines and lines starting with # skipped). Its first line is"
              + " also the start's control.")
  private java.nio.file.Path ctrlFile;

  @Option(
      names = "--backend",
      paramLabel = "B",
      defaultValue = "cpu",
      description = "Backend that runs the worlds (default: ${DEFAULT-VALUE}).")
  private String backend;

  @Option(
      names = "--worlds",
      paramLabel = "W",
      defaultValue = "1",
      description =
          "Number of worlds, all started from the same state (default: ${DEFAULT-VALUE}).")
  private int worlds;

  @Option(
      names = "--stride",
      paramLabel = "S",
      description = "Record world 0's trajectory every S steps (and at the start and the end).")
  private Integer stride;

  @Spec private CommandSpec spec;

  @Override
  public Integer call() {
    Model m = model.load();
    double[][] controls = controls(m);
    checkArguments();
    Data start = state.initial(m);
    if (controls != null) {
      System.arraycopy(controls[0], 0, start.ctrl, 0, m.nu());
    }
    String task =
        "rollout of "
            + m.name()
            + " on "
            + backend
            + ": "
            + steps
            + " steps x "
            + worlds
            + " worlds";
    int every = stride != null ? stride : steps;
    Rollout.Result r;
    try (Backend b = Backends.create(backend, m, worlds)) {
      r =
          TerminalProgress.during(
              spec.commandLine().getErr(),
              task,
              () ->
                  Rollout.run(
                      b,
                      new Rollout.Start(
                          start.time,
                          start.qpos,
                          start.qvel,
                          start.ctrl,
                          start.act,
                          state.historyInit()),
                      steps,
                      every,
                      controls));
    }
    output.print(json(m, r), () -> text(m, r));
    return 0;
  }

  /** The controls of --ctrl-file, which also give the number of steps when --steps is not given. */
  private double[][] controls(Model m) {
    if (ctrlFile == null) {
      if (steps == null) {
        throw usage("--steps is required (or --ctrl-file, whose lines give the number of steps)");
      }
      return null;
    }
    if (state.ctrlGiven()) {
      throw usage(
          "--ctrl and --ctrl-file both give the controls: --ctrl holds one control for every step,"
              + " --ctrl-file gives one per step; choose one");
    }
    double[][] u;
    try {
      u = ControlFile.read(ctrlFile, m.nu());
    } catch (IllegalArgumentException | java.io.UncheckedIOException e) {
      throw usage("--ctrl-file: " + e.getMessage());
    }
    if (steps == null) {
      steps = u.length;
    } else if (steps != u.length) {
      throw usage(
          "--steps "
              + steps
              + " but --ctrl-file "
              + ctrlFile
              + " has "
              + u.length
              + " lines of controls: give one per step, or leave out --steps");
    }
    return u;
  }

  private void checkArguments() {
    if (steps < 1) {
      throw usage("--steps must be >= 1, got " + steps);
    }
    if (worlds < 1) {
      throw usage("--worlds must be >= 1, got " + worlds);
    }
    if (stride != null && stride < 1) {
      throw usage("--stride must be >= 1, got " + stride);
    }
    if (!Backends.names().contains(backend)) {
      throw usage(
          "unknown backend '" + backend + "'; available: " + String.join(", ", Backends.names()));
    }
  }

  private ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }

  private JsonObject json(Model m, Rollout.Result r) {
    int nq = m.nq(), nv = m.nv();
    JsonObject o = new JsonObject();
    o.addProperty("model", m.name());
    o.addProperty("backend", r.backend());
    o.addProperty("worlds", r.worlds());
    o.addProperty("steps", r.steps());
    o.addProperty("time", finalTime(r));
    o.addProperty("ms", r.ms());
    o.add("final_qpos", Output.slice(r.finalQpos(), 0, nq));
    o.add("final_qvel", Output.slice(r.finalQvel(), 0, nv));
    if (m.na() > 0) {
      o.add("final_act", Output.slice(r.finalAct(), 0, m.na()));
    }
    if (r.worlds() > 1) {
      o.add("final_qpos_all", Output.rows(r.finalQpos(), r.worlds(), nq));
    }
    if (m.nsensor() > 0) {
      o.add("final_sensordata", Output.array(r.sensordata()[r.sensordata().length - 1]));
    }
    if (stride != null) {
      JsonObject trajectory = new JsonObject();
      trajectory.add("time", Output.array(r.times()));
      trajectory.add("qpos", rows(r.qpos()));
      trajectory.add("qvel", rows(r.qvel()));
      if (m.na() > 0) {
        trajectory.add("act", rows(r.act()));
      }
      if (m.nsensor() > 0) {
        trajectory.add("sensordata", rows(r.sensordata()));
      }
      o.add("trajectory", trajectory);
    }
    return o;
  }

  private static JsonArray rows(double[][] rows) {
    JsonArray a = new JsonArray(rows.length);
    for (double[] row : rows) {
      a.add(Output.array(row));
    }
    return a;
  }

  private String text(Model m, Rollout.Result r) {
    String header =
        String.format(
            Locale.ROOT,
            "%s on %s: %d steps x %d worlds to t = %g s in %.3f ms (%.3f us per world step)",
            m.name(),
            r.backend(),
            r.steps(),
            r.worlds(),
            finalTime(r),
            r.ms(),
            1e3 * r.ms() / ((double) r.steps() * r.worlds()));
    Table positions =
        Table.create(
            "final state of world 0",
            StringColumn.create("coordinate", Coordinates.qpos(m)),
            DoubleColumn.create("qpos", Arrays.copyOf(r.finalQpos(), m.nq())));
    Table velocities =
        Table.create(
            "",
            StringColumn.create("dof", Coordinates.qvel(m)),
            DoubleColumn.create("qvel", Arrays.copyOf(r.finalQvel(), m.nv())));
    String s = header + "\n\n" + positions.printAll() + "\n\n" + velocities.printAll();
    if (stride != null) {
      Table trajectory =
          Table.create("trajectory of world 0", DoubleColumn.create("time", r.times()));
      String[] names = Coordinates.qpos(m);
      for (int i = 0; i < m.nq(); i++) {
        double[] column = new double[r.qpos().length];
        for (int k = 0; k < column.length; k++) {
          column[k] = r.qpos()[k][i];
        }
        trajectory.addColumns(DoubleColumn.create(names[i], column));
      }
      s += "\n\n" + trajectory.printAll();
    }
    return s;
  }

  private static double finalTime(Rollout.Result r) {
    return r.times()[r.times().length - 1];
  }
}
