package org.diffart.kernel.magic;

import io.github.spencerpark.jupyter.kernel.BaseKernel;
import io.github.spencerpark.jupyter.kernel.magic.registry.CellMagic;
import io.github.spencerpark.jupyter.kernel.magic.registry.LineMagic;
import io.github.spencerpark.jupyter.kernel.magic.registry.MagicsArgs;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.stream.IntStream;
import org.diffart.backends.Backend;
import org.diffart.backends.Backends;
import org.diffart.backends.Rollout;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;

/**
 * The workbench magics: choose a model and backends, then roll out. Each magic returns its value,
 * so {@code var r = %rollout --steps 100} keeps the report; a cell ending in a magic shows it.
 *
 * <ul>
 *   <li>{@code %model M}: load a model file ({@code .xml} MJCF, {@code .urdf}) or {@code
 *       builtin:NAME[:ARG]}; shows tables of its bodies, joints and actuators.
 *   <li>{@code %%model}: the same for MJCF written in the cell below the magic.
 *   <li>{@code %backend [NAME[,NAME]...]}: select backends; with no name, show the selection.
 *   <li>{@code %rollout --steps N [--key K] [--worlds W]}: run the current model on each selected
 *       backend from {@code qpos0} at rest, or from keyframe K (name or index), with constant
 *       controls.
 * </ul>
 *
 * The magics only load, run and format: the physics is in {@code sim} and {@code backends}.
 */
public final class WorkbenchMagics {

  static final String MODEL_USAGE = "%model MODEL   (a .xml or .urdf path, or builtin:NAME[:ARG])";
  static final String CELL_MODEL_USAGE = "%%model   (MJCF in the rest of the cell)";
  static final String BACKEND_USAGE = "%backend [NAME[,NAME]...]";
  static final String ROLLOUT_USAGE = "%rollout --steps N [--key K] [--worlds W]";

  private static final MagicsArgs MODEL_ARGS =
      MagicsArgs.builder().required("model").onlyKnownKeywords().onlyKnownFlags().build();
  private static final MagicsArgs NO_ARGS = MagicsArgs.builder().onlyKnownKeywords().onlyKnownFlags().build();
  private static final MagicsArgs BACKEND_ARGS =
      MagicsArgs.builder().varargs("names").onlyKnownKeywords().onlyKnownFlags().build();
  private static final MagicsArgs ROLLOUT_ARGS =
      MagicsArgs.builder()
          .keyword("steps", MagicsArgs.KeywordSpec.ONCE)
          .keyword("key", MagicsArgs.KeywordSpec.ONCE)
          .keyword("worlds", MagicsArgs.KeywordSpec.ONCE)
          .onlyKnownKeywords()
          .onlyKnownFlags()
          .build();

  private final BaseKernel kernel;
  private Model model;
  private List<String> backends = List.of(Backends.names().get(0));

  /**
   * Creates the magics for one kernel; they remember the current model and backends.
   *
   * @param kernel the host kernel, for showing progress
   */
  public WorkbenchMagics(BaseKernel kernel) {
    this.kernel = kernel;
  }

  /**
   * {@code %model M} and {@code %%model}: loads and selects a model.
   *
   * @param args the line magic's model spec, or nothing for the cell magic
   * @param body the cell's MJCF, or null for the line magic
   * @return the compiled model, shown as its summary
   */
  @LineMagic
  @CellMagic
  public Model model(List<String> args, String body) {
    if (body == null) {
      model = ModelLoader.load(MagicOptions.parse(MODEL_USAGE, MODEL_ARGS, args).required("model"));
    } else {
      MagicOptions.parse(CELL_MODEL_USAGE, NO_ARGS, args);
      // the body starts on the cell's second line, so errors name cell lines
      model = ModelLoader.loadMjcfString(body, "%%model cell", 2);
    }
    return model;
  }

  /**
   * {@code %backend [NAME[,NAME]...]}: selects the backends {@code %rollout} runs on.
   *
   * @param args backend names, separated by commas or spaces; none to keep the selection
   * @return the selected backend names
   */
  @LineMagic
  public List<String> backend(List<String> args) {
    MagicOptions options = MagicOptions.parse(BACKEND_USAGE, BACKEND_ARGS, args);
    LinkedHashSet<String> names = new LinkedHashSet<>();
    for (String arg : args) {
      Arrays.stream(arg.split(",")).map(String::strip).filter(s -> !s.isEmpty()).forEach(names::add);
    }
    if (names.isEmpty()) {
      return backends;
    }
    for (String name : names) {
      if (!Backends.names().contains(name)) {
        throw options.error("unknown backend '" + name + "'; available: " + String.join(", ", Backends.names()));
      }
    }
    backends = List.copyOf(names);
    return backends;
  }

  /**
   * {@code %rollout --steps N [--key K] [--worlds W]}: runs the current model on each selected
   * backend, showing progress when it takes more than a second.
   *
   * @param args the options
   * @return the report: a table of final state and timing per backend and a trajectory plot
   * @throws InterruptedException when the cell is interrupted
   */
  @LineMagic
  public RolloutReport rollout(List<String> args) throws InterruptedException {
    MagicOptions options = MagicOptions.parse(ROLLOUT_USAGE, ROLLOUT_ARGS, args);
    int steps = options.positiveInt("steps");
    int worlds = options.optional("worlds").isPresent() ? options.positiveInt("worlds") : 1;
    if (model == null) {
      throw options.error("no model yet: load one with %model M or %%model");
    }
    Rollout.Start start = Rollout.Start.reference(model);
    String from = "qpos0 at rest";
    if (options.optional("key").isPresent()) {
      int k = keyframe(options, options.required("key"));
      start = Rollout.Start.key(model, k);
      from = "key " + model.keyName(k);
    }
    List<Rollout.Result> results = new ArrayList<>();
    for (String name : backends) {
      try (Backend b = Backends.create(name, model, worlds)) {
        results.add(RolloutRunner.run(b, start, steps, kernel.getIO().display));
      }
    }
    return new RolloutReport(model, from, results);
  }

  /** Registers the documentation of these magics with {@link MagicHelp}. */
  static void registerHelp() {
    MagicHelp.register("model", false, MODEL_USAGE, "Loads a model and makes it the current one: an MJCF (.xml) or"
        + " URDF (.urdf) file, or builtin:NAME[:ARG] (builtin:pendulum:7, builtin:laikago, ...).\nShows its bodies,"
        + " joints and actuators and returns the Model, so `var m = %model builtin:ant` keeps it.");
    MagicHelp.register("model", true, CELL_MODEL_USAGE, "Compiles the MJCF written below the magic line and makes"
        + " it the current model; returns the Model.");
    MagicHelp.register("backend", false, BACKEND_USAGE, "Selects the backends %rollout runs the current model on"
        + " (available: " + String.join(", ", Backends.names()) + "); with no name, returns the selection.");
    MagicHelp.register("rollout", false, ROLLOUT_USAGE, "Runs the current model N steps on each selected backend,"
        + " from qpos0 at rest or from keyframe K, with W worlds and constant controls.\nReturns a report: a table"
        + " of final state and timing per backend and a trajectory plot; its result(backend), table() and figure()"
        + " give the numbers and figures.");
  }

  /** The model {@code %rollout} runs, or null before the first {@code %model}. */
  public Model currentModel() {
    return model;
  }

  private int keyframe(MagicOptions options, String key) {
    int found = model.keyLookup(key);
    if (found >= 0) {
      return found;
    }
    List<String> known = IntStream.range(0, model.nkey()).mapToObj(k -> k + " " + model.keyName(k)).toList();
    throw options.error("no keyframe '" + key + "' in " + model.name() + "; keyframes: " + known);
  }
}
