package org.diffart.kernel.magic;

import io.github.spencerpark.jupyter.kernel.magic.registry.LineMagic;
import io.github.spencerpark.jupyter.kernel.magic.registry.MagicsArgs;
import java.util.List;
import java.util.Locale;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.Transition;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * The magics of the command line's one-state commands, on the current model ({@link
 * WorkbenchMagics}):
 *
 * <ul>
 *   <li>{@code %forward [state] [--no-contact]}: one forward-dynamics evaluation ({@link
 *       ForwardReport});
 *   <li>{@code %transition [state] [--method fd|adjoint] [--centered] [--eps E]}: A, B, C, D of a
 *       step ({@link TransitionReport});
 *   <li>{@code %info [MODEL]}: sizes, options and warnings of the current model, or of MODEL.
 * </ul>
 *
 * A state is qpos0 at rest with zero controls, or keyframe K ({@code --key}), then {@code --qpos},
 * {@code --qvel}, {@code --ctrl}, {@code --act} (comma-separated, exactly nq, nv, nu, na numbers)
 * replace their part.
 */
public final class StateMagics {
  static final String STATE = "[--key K] [--qpos a,b,..] [--qvel ..] [--ctrl ..] [--act ..]";
  static final String FORWARD_USAGE = "%forward " + STATE + " [--no-contact]";
  static final String TRANSITION_USAGE =
      "%transition " + STATE + " [--method fd|adjoint] [--centered] [--eps E]";
  static final String INFO_USAGE = "%info [MODEL]";

  private static final MagicsArgs FORWARD_ARGS = state(MagicsArgs.builder()).build();
  private static final MagicsArgs TRANSITION_ARGS =
      state(MagicsArgs.builder())
          .keyword("method", MagicsArgs.KeywordSpec.ONCE)
          .keyword("eps", MagicsArgs.KeywordSpec.ONCE)
          .build();
  private static final MagicsArgs INFO_ARGS =
      MagicsArgs.builder().optional("model").onlyKnownKeywords().onlyKnownFlags().build();

  private final WorkbenchMagics workbench;

  /** The magics on {@code workbench}'s current model. */
  public StateMagics(WorkbenchMagics workbench) {
    this.workbench = workbench;
  }

  private static MagicsArgs.MagicsArgsBuilder state(MagicsArgs.MagicsArgsBuilder b) {
    for (String k : List.of("key", "qpos", "qvel", "ctrl", "act")) {
      b.keyword(k, MagicsArgs.KeywordSpec.ONCE);
    }
    return b.onlyKnownKeywords().onlyKnownFlags();
  }

  /**
   * {@code %forward [state] [--no-contact]}: one forward-dynamics evaluation of the current model.
   *
   * @return per dof qvel, qacc and qacc_smooth, and sensordata by sensor name
   */
  @LineMagic
  public ForwardReport forward(List<String> args) {
    boolean noContact = args.contains("--no-contact");
    MagicOptions options =
        MagicOptions.parse(
            FORWARD_USAGE,
            FORWARD_ARGS,
            args.stream().filter(a -> !a.equals("--no-contact")).toList());
    Model loaded = current(options);
    Model m =
        noContact ? loaded.withOptions(loaded.opt().toBuilder().contact(false).build()) : loaded;
    Data d = new Data(m);
    String start = initial(options, m, d);
    Step.forward(m, d);
    return new ForwardReport(m, start, d);
  }

  /**
   * {@code %transition [state] [--method fd|adjoint] [--centered] [--eps E]}: the step's
   * linearisation.
   *
   * @return A, B, C, D with named rows and columns
   */
  @LineMagic
  public TransitionReport transition(List<String> args) {
    boolean centered = args.contains("--centered");
    MagicOptions options =
        MagicOptions.parse(
            TRANSITION_USAGE,
            TRANSITION_ARGS,
            args.stream().filter(a -> !a.equals("--centered")).toList());
    String method = options.optional("method").orElse("fd");
    if (!method.equals("fd") && !method.equals("adjoint")) {
      throw options.error("unknown --method '" + method + "'; available: fd, adjoint");
    }
    double eps = options.optional("eps").isPresent() ? options.number("eps") : 1e-6;
    if (!(eps > 0)) {
      throw options.error("--eps must be > 0, got " + options.required("eps"));
    }
    Model m = current(options);
    Data d = new Data(m);
    String start = initial(options, m, d);
    Transition t =
        method.equals("fd")
            ? Transition.finiteDifferences(m, d, centered, eps)
            : Transition.exact(m, d);
    return new TransitionReport(start, t);
  }

  /**
   * {@code %info [MODEL]}: the sizes, options and compiler warnings of the current model, or of
   * MODEL (which does not become the current one).
   *
   * @return one row per field
   */
  @LineMagic
  public Table info(List<String> args) {
    MagicOptions options = MagicOptions.parse(INFO_USAGE, INFO_ARGS, args);
    Model m = options.optional("model").map(ModelLoader::load).orElseGet(() -> current(options));
    StringColumn field = StringColumn.create("field"), value = StringColumn.create("value");
    String[][] rows = {
      {"nq, nv, nu, na", m.nq() + ", " + m.nv() + ", " + m.nu() + ", " + m.na()},
      {
        "bodies, joints, geoms, sites",
        m.nbody() + ", " + m.njnt() + ", " + m.ngeom() + ", " + m.nsite()
      },
      {"sensors (values)", m.nsensor() + " (" + m.nsensordata() + ")"},
      {"keyframes", Integer.toString(m.nkey())},
      {"total mass (kg)", String.format(Locale.ROOT, "%.6g", m.totalMass())},
      {"timestep (s)", Double.toString(m.opt().timestep())},
      {"integrator", m.opt().integrator().name().toLowerCase(Locale.ROOT)},
      {"gravity (m/s²)", java.util.Arrays.toString(m.opt().gravity())},
      {
        "contact, limit, frictionloss, equality",
        m.opt().contact()
            + ", "
            + m.opt().limit()
            + ", "
            + m.opt().frictionLoss()
            + ", "
            + m.opt().equality()
      },
      {
        "PGS iterations, friction directions",
        m.opt().iterations() + ", " + m.opt().frictionDirections()
      }
    };
    for (String[] r : rows) {
      field.append(r[0]);
      value.append(r[1]);
    }
    for (String w : m.warnings()) {
      field.append("warning");
      value.append(w);
    }
    return Table.create(m.name(), field, value);
  }

  private Model current(MagicOptions options) {
    Model m = workbench.currentModel();
    if (m == null) {
      throw options.error("no model yet: load one with %model M or %%model");
    }
    return m;
  }

  /** Puts d in the options' state; returns where it came from. */
  private static String initial(MagicOptions options, Model m, Data d) {
    String from = "qpos0 at rest";
    if (options.optional("key").isPresent()) {
      int k = WorkbenchMagics.keyframe(options, m, options.required("key"));
      d.resetToKey(k);
      from = "key " + m.keyName(k);
    }
    String[][] parts = {{"qpos", "nq"}, {"qvel", "nv"}, {"ctrl", "nu"}, {"act", "na"}};
    double[][] targets = {d.qpos, d.qvel, d.ctrl, d.act};
    for (int p = 0; p < parts.length; p++) {
      if (options.optional(parts[p][0]).isPresent()) {
        double[] v = options.numbers(parts[p][0]);
        if (v.length != targets[p].length) {
          throw options.error(
              "--"
                  + parts[p][0]
                  + " needs exactly "
                  + targets[p].length
                  + " values ("
                  + parts[p][1]
                  + " of "
                  + m.name()
                  + "), got "
                  + v.length);
        }
        System.arraycopy(v, 0, targets[p], 0, v.length);
        from += ", " + parts[p][0] + " given";
      }
    }
    return from;
  }

  /** Registers the documentation of these magics with {@link MagicHelp}. */
  static void registerHelp() {
    MagicHelp.register(
        "forward",
        false,
        FORWARD_USAGE,
        "Evaluates the forward dynamics of the current model once,"
            + " as MuJoCo's mj_forward: from qpos0 at rest or keyframe K, --qpos/--qvel/--ctrl/--act replacing their"
            + " part. Returns a report: per dof qvel, qacc and qacc_smooth (without constraint impulses), and sensordata"
            + " by sensor name; its qacc(), sensor(name) and dofs() give the numbers.");
    MagicHelp.register(
        "transition",
        false,
        TRANSITION_USAGE,
        "Linearises one step of the current model as MuJoCo's"
            + " mjd_transitionFD: x' = A x + B u, y = C x + D u with x = (dq, v, act) in the tangent space (nx = 2 nv +"
            + " na) and y the sensors. fd differences the step (forward, or central with --centered, perturbation E,"
            + " default 1e-6); adjoint builds the rows exactly by reverse sweeps. Returns a report showing the four"
            + " matrices with named rows and columns; transition() gives them.");
    MagicHelp.register(
        "info",
        false,
        INFO_USAGE,
        "The sizes, options and compiler warnings of the current model,"
            + " or of MODEL (a path or builtin:NAME, which does not become the current model), as a table.");
  }
}
