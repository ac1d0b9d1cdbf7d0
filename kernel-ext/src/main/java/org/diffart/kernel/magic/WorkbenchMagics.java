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
import org.diffart.backends.Capability;
import org.diffart.backends.Rollout;
import org.diffart.backends.capability.Capabilities;
import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.history.HistoryInit;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.FiniteDifferenceGradient;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.diff.Wrt;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.ContactSolver;
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
 *   <li>{@code %grad --steps N [--key K] [--methods adjoint,tape,fd] ...}: the gradient of a
 *       rollout of the current model by several methods side by side.
 * </ul>
 *
 * The magics only load, run and format: the physics is in {@code sim} and {@code backends}.
 */
public final class WorkbenchMagics {

  static final String MODEL_USAGE =
      "%model MODEL [--solver pgs|lcp-pdipm]   (a .xml or .urdf path, or builtin:NAME[:ARG])";
  static final String CELL_MODEL_USAGE =
      "%%model [--solver pgs|lcp-pdipm]   (MJCF in the rest of the cell)";
  static final String BACKEND_USAGE = "%backend [NAME[,NAME]...]";
  static final String ROLLOUT_USAGE =
      "%rollout --steps N [--key K] [--worlds W] [--perturb S] [--history-init zero|filled]";
  static final String CAPABILITIES_USAGE = "%capabilities [--backend B] [--declared] [--png FILE]";

  /**
   * What the probes take, measured on a 2-core machine: 4 s on cpu; on opencl 106 s the first time,
   * when PoCL compiles the OpenCL program of each of the 29 probe scenes (about 4 s each; 208 s on
   * another machine), 7 s once its cache holds them.
   */
  static final String PROBE_TIME =
      "seconds on cpu; on opencl about 2 minutes the first time (PoCL compiles an OpenCL"
          + " program for each of 29 probe scenes, about 4 s each on 2 cores) and seconds once its cache holds them";

  static final String GRAD_USAGE =
      "%grad --steps N [--key K] [--history-init zero|filled] [--methods adjoint,tape,fd] [--wrt W]"
          + " [--reference M]"
          + " [--checkpoint K|replay:K|revolve:S] [--truncate H] [--tape-budget BYTES] [--eps E] [--forward-differences]"
          + " [--tolerance T]";

  private static final MagicsArgs MODEL_ARGS =
      MagicsArgs.builder()
          .required("model")
          .keyword("solver", MagicsArgs.KeywordSpec.ONCE)
          .onlyKnownKeywords()
          .onlyKnownFlags()
          .build();
  private static final MagicsArgs CELL_MODEL_ARGS =
      MagicsArgs.builder()
          .keyword("solver", MagicsArgs.KeywordSpec.ONCE)
          .onlyKnownKeywords()
          .onlyKnownFlags()
          .build();
  private static final MagicsArgs NO_ARGS =
      MagicsArgs.builder().onlyKnownKeywords().onlyKnownFlags().build();
  private static final MagicsArgs BACKEND_ARGS =
      MagicsArgs.builder().varargs("names").onlyKnownKeywords().onlyKnownFlags().build();
  private static final MagicsArgs ROLLOUT_ARGS =
      MagicsArgs.builder()
          .keyword("steps", MagicsArgs.KeywordSpec.ONCE)
          .keyword("key", MagicsArgs.KeywordSpec.ONCE)
          .keyword("worlds", MagicsArgs.KeywordSpec.ONCE)
          .keyword("perturb", MagicsArgs.KeywordSpec.ONCE)
          .keyword("history-init", MagicsArgs.KeywordSpec.ONCE)
          .onlyKnownKeywords()
          .onlyKnownFlags()
          .build();

  /**
   * How far worlds w > 0 of a %rollout start from world 0, rad or m along each dof, unless
   * --perturb says.
   */
  static final double PERTURBATION = 1e-3;

  private static final MagicsArgs GRAD_ARGS =
      MagicsArgs.builder()
          .keyword("steps", MagicsArgs.KeywordSpec.ONCE)
          .keyword("key", MagicsArgs.KeywordSpec.ONCE)
          .keyword("methods", MagicsArgs.KeywordSpec.ONCE)
          .keyword("history-init", MagicsArgs.KeywordSpec.ONCE)
          .keyword("wrt", MagicsArgs.KeywordSpec.ONCE)
          .keyword("reference", MagicsArgs.KeywordSpec.ONCE)
          .keyword("checkpoint", MagicsArgs.KeywordSpec.ONCE)
          .keyword("truncate", MagicsArgs.KeywordSpec.ONCE)
          .keyword("tape-budget", MagicsArgs.KeywordSpec.ONCE)
          .keyword("eps", MagicsArgs.KeywordSpec.ONCE)
          .keyword("tolerance", MagicsArgs.KeywordSpec.ONCE)
          .onlyKnownKeywords()
          .onlyKnownFlags()
          .build();

  private static final MagicsArgs CAPABILITIES_ARGS =
      MagicsArgs.builder()
          .keyword("backend", MagicsArgs.KeywordSpec.ONCE)
          .keyword("png", MagicsArgs.KeywordSpec.ONCE)
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
    MagicOptions options;
    if (body == null) {
      options = MagicOptions.parse(MODEL_USAGE, MODEL_ARGS, args);
      model = ModelLoader.load(options.required("model"));
    } else {
      options = MagicOptions.parse(CELL_MODEL_USAGE, CELL_MODEL_ARGS, args);
      // the body starts on the cell's second line, so errors name cell lines
      model = ModelLoader.loadMjcfString(body, "%%model cell", 2);
    }
    if (options.optional("solver").isPresent()) {
      ContactSolver s;
      try {
        s = ContactSolver.ofLabel(options.optional("solver").get().strip());
      } catch (IllegalArgumentException e) {
        throw options.error("--solver: " + e.getMessage());
      }
      model = model.withOptions(model.opt().toBuilder().solver(s).build());
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
      Arrays.stream(arg.split(","))
          .map(String::strip)
          .filter(s -> !s.isEmpty())
          .forEach(names::add);
    }
    if (names.isEmpty()) {
      return backends;
    }
    for (String name : names) {
      if (!Backends.names().contains(name)) {
        throw options.error(
            "unknown backend '" + name + "'; available: " + String.join(", ", Backends.names()));
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
    double perturbation =
        options.optional("perturb").isPresent() ? parseDouble(options, "perturb") : PERTURBATION;
    if (!(perturbation >= 0) || Double.isInfinite(perturbation)) {
      throw options.error(
          "--perturb must be a finite number >= 0, got " + options.required("perturb"));
    }
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
    HistoryInit init = historyInit(options);
    start = start.withHistory(init);
    if (model.nhistory() > 0) {
      from += ", history " + init.label();
    }
    List<Rollout.Result> results = new ArrayList<>();
    List<Double> setup = new ArrayList<>();
    for (String name : backends) {
      // the backend's own cost of starting (the OpenCL program build, its first launch, the JIT)
      // apart, on a
      // backend of its own: the timed one starts fresh, warm-start impulses and all, with the
      // program built
      long t0 = System.nanoTime();
      try (Backend warm = Backends.create(name, model, worlds)) {
        RolloutRunner.warmUp(warm, start, perturbation, steps);
      }
      setup.add((System.nanoTime() - t0) / 1e6);
      try (Backend b = Backends.create(name, model, worlds)) {
        results.add(RolloutRunner.run(b, start, perturbation, steps, kernel.getIO().display));
      }
    }
    return new RolloutReport(
        model,
        from
            + (worlds > 1 && perturbation > 0 ? ", worlds w > 0 perturbed by " + perturbation : ""),
        results,
        setup);
  }

  /** The {@code --history-init} asked for: {@code zero} (MuJoCo's reset) unless given. */
  static HistoryInit historyInit(MagicOptions options) {
    try {
      return HistoryInit.parse(options.optional("history-init").orElse("zero"));
    } catch (IllegalArgumentException e) {
      throw options.error("--history-init: " + e.getMessage());
    }
  }

  /**
   * {@code %grad --steps N [--key K] [--methods ...] [--wrt W] ...}: the gradient of the default
   * loss {@code 0.5 |q_T|²} over N steps of the current model, from qpos0 at rest or keyframe K
   * with its controls held, by each method side by side ({@link GradientRunner}).
   *
   * @param args the options
   * @return the report: a table per method and a figure of the per-step adjoint norms and the
   *     gradients
   */
  @LineMagic
  public GradReport grad(List<String> args) {
    // basekernel's parser reads every --NAME as a keyword with a value, so the one long flag is
    // taken out first
    boolean forward = args.contains("--forward-differences");
    MagicOptions options =
        MagicOptions.parse(
            GRAD_USAGE, GRAD_ARGS, MagicOptions.withoutFlags(args, "--forward-differences"));
    int steps = options.positiveInt("steps");
    if (model == null) {
      throw options.error("no model yet: load one with %model M or %%model");
    }
    Data start = new Data(model);
    String from = "qpos0 at rest";
    if (options.optional("key").isPresent()) {
      int k = keyframe(options, options.required("key"));
      start.resetToKey(k);
      from = "key " + model.keyName(k);
    }
    HistoryInit init = historyInit(options);
    Step.initHistory(model, start, init);
    if (model.nhistory() > 0) {
      from += ", history " + init.label();
    }
    List<String> methods =
        Arrays.stream(options.optional("methods").orElse("adjoint,tape,fd").split(","))
            .map(String::strip)
            .filter(m -> !m.isEmpty())
            .toList();
    try {
      Wrt wrt = Wrt.parse(options.optional("wrt").orElse("qpos0"));
      GradientRunner.Settings settings = GradientRunner.Settings.defaults();
      if (options.optional("checkpoint").isPresent()) {
        settings = settings.withCheckpoint(Checkpointing.parse(options.required("checkpoint")));
      }
      if (options.optional("truncate").isPresent()) {
        settings = settings.withTruncate(options.positiveInt("truncate"));
      }
      if (options.optional("tape-budget").isPresent()) {
        settings = settings.withTapeBudget(GradientRunner.bytes(options.required("tape-budget")));
      }
      double eps =
          options.optional("eps").isPresent() ? parseDouble(options, "eps") : settings.fd().eps();
      settings = settings.withFd(new FiniteDifferenceGradient.Settings(eps, !forward));
      if (options.optional("tolerance").isPresent()) {
        settings = settings.withTolerance(parseDouble(options, "tolerance"));
      }
      RolloutProblem p = RolloutProblem.of(model, start, steps, Loss.finalConfiguration());
      return GradientRunner.compare(
          p,
          from,
          wrt,
          methods,
          options.optional("reference").orElse(null),
          settings,
          backends,
          kernel.getIO().display);
    } catch (IllegalArgumentException e) {
      if (e instanceof MagicUsageException) {
        throw e;
      }
      throw options.error(e.getMessage());
    }
  }

  /**
   * {@code %capabilities [--backend B] [--declared] [--png FILE]}: every backend's capability
   * matrix, each claim and refusal verified by running its probe ({@code --declared}: the
   * declarations alone, nothing run); {@code --png FILE} also writes the matrix as a 16:9 figure
   * for a slide and shows it.
   *
   * @param args the options
   * @return the report: one row per capability, one column per backend, and each probe's details
   */
  @LineMagic
  public CapabilityReport capabilities(List<String> args) {
    boolean declared = args.contains("--declared");
    MagicOptions options =
        MagicOptions.parse(
            CAPABILITIES_USAGE, CAPABILITIES_ARGS, MagicOptions.withoutFlags(args, "--declared"));
    List<String> names = options.optional("backend").map(List::of).orElse(Backends.names());
    for (String n : names) {
      if (!Backends.names().contains(n)) {
        throw options.error(
            "unknown backend '" + n + "'; available: " + String.join(", ", Backends.names()));
      }
    }
    CapabilityReport report = capabilityReport(names, declared);
    java.util.Optional<String> png = options.optional("png");
    if (png.isPresent()) {
      java.nio.file.Path file = report.figure().write(java.nio.file.Path.of(png.get()));
      kernel.getIO().display.display(kernel.getRenderer().render(report.figure()));
      kernel.getIO().out.println("wrote " + file);
      kernel.getIO().out.flush();
    }
    return report;
  }

  private CapabilityReport capabilityReport(List<String> names, boolean declared) {
    java.util.Map<String, List<Capabilities.Verdict>> verdicts = new java.util.LinkedHashMap<>();
    if (declared) {
      names.forEach(n -> verdicts.put(n, Capabilities.declared(n)));
      return new CapabilityReport(verdicts, false);
    }
    kernel
        .getIO()
        .out
        .println(
            "Running every capability probe on "
                + String.join(" and ", names)
                + ": "
                + (names.contains("opencl")
                    ? "up to about 2 minutes (OpenCL programs are compiled the first time)"
                    : "a few seconds")
                + "; %capabilities --declared lists the claims at once, without running them.");
    kernel.getIO().out.flush();
    int perBackend = Capability.values().length;
    try (org.diffart.kernel.display.Progress progress =
        org.diffart.kernel.display.Progress.start(
            kernel.getIO().display,
            "capability probes on " + String.join(", ", names),
            (long) perBackend * names.size(),
            "capabilities")) {
      for (String n : names) {
        int before = verdicts.size() * perBackend;
        java.util.Set<Capability> reached = java.util.EnumSet.noneOf(Capability.class);
        verdicts.put(
            n,
            Capabilities.verify(
                n,
                v -> {
                  reached.add(v.capability());
                  progress.update(before + reached.size());
                }));
      }
    }
    return new CapabilityReport(verdicts, true);
  }

  private static double parseDouble(MagicOptions options, String name) {
    return options.number(name);
  }

  /** Registers the documentation of these magics with {@link MagicHelp}. */
  static void registerHelp() {
    MagicHelp.register(
        "model",
        false,
        MODEL_USAGE,
        "Loads a model and makes it the current one: an MJCF (.xml) or"
            + " URDF (.urdf) file, or builtin:NAME[:ARG] (builtin:pendulum:7, builtin:laikago, ...).\nShows its bodies,"
            + " joints and actuators and returns the Model, so `var m = %model builtin:ant` keeps it.");
    MagicHelp.register(
        "model",
        true,
        CELL_MODEL_USAGE,
        "Compiles the MJCF written below the magic line and makes"
            + " it the current model; returns the Model.");
    MagicHelp.register(
        "backend",
        false,
        BACKEND_USAGE,
        "Selects the backends %rollout runs the current model on"
            + " (available: "
            + String.join(", ", Backends.names())
            + "); with no name, returns the selection.");
    MagicHelp.register(
        "rollout",
        false,
        ROLLOUT_USAGE,
        "Runs the current model N steps on each selected backend,"
            + " from qpos0 at rest or from keyframe K, with W worlds and constant controls; worlds w > 0 start moved by"
            + " S·N(0, 1) along each dof (seeded, the same on every backend; default S = "
            + PERTURBATION
            + ").\n"
            + "Returns a report: a table per backend of timing, world-steps per second, world 0's final state and the"
            + " largest difference of any world's final qpos from the CPU backend's, and a trajectory plot; its"
            + " result(backend), table() and figure() give the numbers and figures.");
    MagicHelp.register(
        "capabilities",
        false,
        CAPABILITIES_USAGE,
        "What each backend claims and refuses (joint"
            + " types, integrators, collision pairs, contact solver settings, derivatives, checkpointing, history,"
            + " precision), each verified by running its probe: results against the CPU reference on a scene that"
            + " exercises it, gradients against finite differences, refusals must fail with a clear error. The probes"
            + " take "
            + PROBE_TIME
            + "; progress shows as they run. --declared lists the claims at once, nothing run. --png FILE writes the"
            + " matrix as a 1920x1080 figure for a slide (and shows it). Returns a report: the matrix (✓ verified,"
            + " ✗ refused and the refusal verified, ! probe failed), table() (one column of symbols per backend),"
            + " legend(), details() (what each probe measured), failures(), cell(backend, capability) and figure()"
            + " (the PNG).");
    MagicHelp.register(
        "grad",
        false,
        GRAD_USAGE,
        "The gradient of the loss 0.5*|qpos_T|^2 (tangent space) over N"
            + " steps of the current model, from qpos0 at rest or keyframe K with its controls held, by each method side"
            + " by side: adjoint (hand-derived reverse mode; adjoint@K, adjoint@replay:K or adjoint@revolve:S choose its"
            + " checkpointing),"
            + " tape (records every operation) and fd (finite differences).\nW is one of qpos0 (default), qvel0, ctrl,"
            + " friction, mass, damping, restitution. The reference M (default: tape, else fd) is what the others are"
            + " compared with; a method that differs from it by more than T (default "
            + GradReport.TOLERANCE
            + ", relative"
            + " to the reference's largest entry) or whose state adjoint grows "
            + GradReport.EXPLODES
            + "-fold backwards"
            + " in time is flagged with a warning above the table and drawn in a panel of its own. Returns a report: a"
            + " table of loss, |grad|, difference from the reference, check, times and peak"
            + " memory per method, and a figure of per-step adjoint norms and the gradients; its result(method),"
            + " gradient(method), difference(method), table() and figure() give the numbers. For another loss or"
            + " controls, call GradientRunner.compare with a RolloutProblem. With %backend cpu,opencl each method also"
            + " runs on OpenCL (rows 'M on opencl'): the adjoint on the device, the others refused with the reason.");
  }

  /** The model {@code %rollout} runs, or null before the first {@code %model}. */
  public Model currentModel() {
    return model;
  }

  private int keyframe(MagicOptions options, String key) {
    return keyframe(options, model, key);
  }

  /** Keyframe {@code key} of m, by name or index; an error listing m's keyframes otherwise. */
  static int keyframe(MagicOptions options, Model m, String key) {
    int found = m.keyLookup(key);
    if (found >= 0) {
      return found;
    }
    List<String> known =
        IntStream.range(0, m.nkey()).mapToObj(k -> k + " " + m.keyName(k)).toList();
    throw options.error("no keyframe '" + key + "' in " + m.name() + "; keyframes: " + known);
  }
}
