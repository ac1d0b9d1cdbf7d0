package org.diffart.kernel.magic;

import io.github.spencerpark.jupyter.kernel.magic.registry.LineMagic;
import io.github.spencerpark.jupyter.kernel.magic.registry.MagicsArgs;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.history.HistoryInit;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.Derivatives;
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
 *   <li>{@code %jac --body B [--com | --point x,y,z] | --site S [state]}: a kinematic Jacobian
 *       ({@link JacobianReport});
 *   <li>{@code %derivatives [state] [--method adjoint|fd] [--eps E]}: the internal derivatives of
 *       the smooth dynamics ({@link DerivativesReport});
 *   <li>{@code %info [MODEL]}: sizes, options and warnings of the current model, or of MODEL.
 * </ul>
 *
 * A state is qpos0 at rest with zero controls, or keyframe K ({@code --key}), then {@code --qpos},
 * {@code --qvel}, {@code --ctrl}, {@code --act} (comma-separated, exactly nq, nv, nu, na numbers)
 * replace their part.
 */
public final class StateMagics {
  static final String STATE =
      "[--key K] [--qpos a,b,..] [--qvel ..] [--ctrl ..] [--act ..] [--history-init zero|filled]";
  static final String FORWARD_USAGE = "%forward " + STATE + " [--no-contact]";
  static final String TRANSITION_USAGE =
      "%transition " + STATE + " [--method fd|adjoint] [--centered] [--eps E] [--history]";
  static final String JAC_USAGE = "%jac --body NAME [--com | --point x,y,z] | --site NAME " + STATE;
  static final String DERIVATIVES_USAGE =
      "%derivatives " + STATE + " [--method adjoint|fd] [--eps E]";
  static final String INFO_USAGE = "%info [MODEL]";

  private static final MagicsArgs FORWARD_ARGS = state(MagicsArgs.builder()).build();
  private static final MagicsArgs TRANSITION_ARGS =
      state(MagicsArgs.builder())
          .keyword("method", MagicsArgs.KeywordSpec.ONCE)
          .keyword("eps", MagicsArgs.KeywordSpec.ONCE)
          .build();
  private static final MagicsArgs JAC_ARGS =
      state(MagicsArgs.builder())
          .keyword("body", MagicsArgs.KeywordSpec.ONCE)
          .keyword("site", MagicsArgs.KeywordSpec.ONCE)
          .keyword("point", MagicsArgs.KeywordSpec.ONCE)
          .build();
  private static final MagicsArgs INFO_ARGS =
      MagicsArgs.builder().optional("model").onlyKnownKeywords().onlyKnownFlags().build();

  private final WorkbenchMagics workbench;

  /** The magics on {@code workbench}'s current model. */
  public StateMagics(WorkbenchMagics workbench) {
    this.workbench = workbench;
  }

  private static MagicsArgs.MagicsArgsBuilder state(MagicsArgs.MagicsArgsBuilder b) {
    for (String k : List.of("key", "qpos", "qvel", "ctrl", "act", "history-init")) {
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
            FORWARD_USAGE, FORWARD_ARGS, MagicOptions.withoutFlags(args, "--no-contact"));
    Model loaded = current(options);
    Model m =
        noContact ? loaded.withOptions(loaded.opt().toBuilder().contact(false).build()) : loaded;
    Data d = new Data(m);
    String start = initial(options, m, d);
    Step.forward(m, d);
    return new ForwardReport(m, start, d);
  }

  /**
   * {@code %transition [state] [--method fd|adjoint] [--centered] [--eps E] [--history]}: the
   * step's linearisation; with {@code --history} the history buffers' sample values join the state
   * (a model with buffers is refused without it, as MuJoCo's {@code mjd_transitionFD} refuses it).
   *
   * @return A, B, C, D with named rows and columns
   */
  @LineMagic
  public TransitionReport transition(List<String> args) {
    boolean centered = args.contains("--centered"), history = args.contains("--history");
    MagicOptions options =
        MagicOptions.parse(
            TRANSITION_USAGE,
            TRANSITION_ARGS,
            MagicOptions.withoutFlags(args, "--centered", "--history"));
    String method = method(options, "fd");
    double eps = eps(options);
    Model m = current(options);
    Data d = new Data(m);
    String start = initial(options, m, d);
    Transition t =
        method.equals("fd")
            ? Transition.finiteDifferences(m, d, centered, eps, history)
            : Transition.exact(m, d, history);
    return new TransitionReport(start, t);
  }

  /**
   * {@code %jac --body B [--com | --point x,y,z] | --site S [state]}: the kinematic Jacobian of a
   * body's origin, its centre of mass, a world point moving with it, or a site, at the state's
   * configuration (MuJoCo's {@code mj_jacBody}, {@code mj_jacBodyCom}, {@code mj_jac}, {@code
   * mj_jacSite}).
   *
   * @return translation and rotation, 3×nv each, with respect to qvel
   */
  @LineMagic
  public JacobianReport jac(List<String> args) {
    boolean com = args.contains("--com");
    MagicOptions options =
        MagicOptions.parse(JAC_USAGE, JAC_ARGS, MagicOptions.withoutFlags(args, "--com"));
    Optional<String> body = options.optional("body"), site = options.optional("site");
    boolean point = options.optional("point").isPresent();
    if (body.isPresent() == site.isPresent()) {
      throw options.error("give exactly one of --body NAME or --site NAME");
    }
    if (site.isPresent() && (point || com)) {
      throw options.error("--point and --com go with --body, not --site");
    }
    if (point && com) {
      throw options.error("--point and --com exclude each other");
    }
    double[] p = point ? options.numbers("point") : null;
    if (point && p.length != 3) {
      throw options.error(
          "--point needs exactly 3 values (x, y, z in the world frame), got " + p.length);
    }
    Model m = current(options);
    Data d = new Data(m);
    String start = initial(options, m, d);
    try {
      if (site.isPresent()) {
        return new JacobianReport(
            start, Derivatives.siteJacobian(m, d, Derivatives.siteId(m, site.get())));
      }
      int b = Derivatives.bodyId(m, body.get());
      return new JacobianReport(
          start,
          com
              ? Derivatives.bodyComJacobian(m, d, b)
              : point ? Derivatives.pointJacobian(m, d, b, p) : Derivatives.bodyJacobian(m, d, b));
    } catch (IllegalArgumentException e) {
      throw options.error((site.isPresent() ? "--site: " : "--body: ") + e.getMessage());
    }
  }

  /**
   * {@code %derivatives [state] [--method adjoint|fd] [--eps E]}: the internal derivatives of the
   * smooth dynamics at a state.
   *
   * @return {@code ∂qfrc_smooth/∂qvel} and {@code ∂qacc_smooth/∂(q, qvel, act, ctrl)}
   */
  @LineMagic
  public DerivativesReport derivatives(List<String> args) {
    MagicOptions options = MagicOptions.parse(DERIVATIVES_USAGE, TRANSITION_ARGS, args);
    String method = method(options, "adjoint");
    double eps = eps(options);
    Model m = current(options);
    Data d = new Data(m);
    String start = initial(options, m, d);
    return new DerivativesReport(
        start,
        method.equals("fd")
            ? Derivatives.smoothFiniteDifferences(m, d, eps)
            : Derivatives.smooth(m, d));
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

  /** {@code --method}: fd or adjoint, {@code dflt} when not given. */
  private static String method(MagicOptions options, String dflt) {
    String method = options.optional("method").orElse(dflt);
    if (!method.equals("fd") && !method.equals("adjoint")) {
      throw options.error("unknown --method '" + method + "'; available: fd, adjoint");
    }
    return method;
  }

  /** {@code --eps}: fd's perturbation, 1e-6 when not given. */
  private static double eps(MagicOptions options) {
    double eps = options.optional("eps").isPresent() ? options.number("eps") : 1e-6;
    if (!(eps > 0)) {
      throw options.error("--eps must be > 0, got " + options.required("eps"));
    }
    return eps;
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
    HistoryInit init = WorkbenchMagics.historyInit(options);
    Step.initHistory(m, d, init);
    if (m.nhistory() > 0) {
      from += ", history " + init.label();
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
        "jac",
        false,
        JAC_USAGE,
        "The kinematic Jacobian of a point fixed to a body of the"
            + " current model, as MuJoCo's mj_jac family: --body B its origin (mj_jacBody), with --com its centre of"
            + " mass (mj_jacBodyCom), with --point x,y,z the world point x,y,z moving with it (mj_jac); --site S the"
            + " site (mj_jacSite); at the configuration of qpos0 or keyframe K, --qpos replacing it. Returns a"
            + " report of jacp (the point's velocity) and jacr (the body's angular velocity), 3 x nv each in the"
            + " world frame with respect to qvel (a quaternion's 3 tangent columns, not its 4 numbers);"
            + " jacobian() gives them. Not a derivative of the dynamics: see %derivatives and %transition.");
    MagicHelp.register(
        "derivatives",
        false,
        DERIVATIVES_USAGE,
        "The internal derivatives of the current model's smooth"
            + " dynamics at a state: d qfrc_smooth / d qvel (MuJoCo 3.14's qDeriv of mjd_smooth_vel with the bias"
            + " term) and d qacc_smooth / d (q in the tangent space, qvel, act, ctrl), before any constraint and"
            + " integrator; adjoint (default) exactly by one reverse sweep per row, fd by central differences of"
            + " step E (default 1e-6). Returns a report of the five matrices with named rows and columns;"
            + " derivatives() gives them. Not the step's A, B (see %transition) nor a parameter gradient.");
    MagicHelp.register(
        "info",
        false,
        INFO_USAGE,
        "The sizes, options and compiler warnings of the current model,"
            + " or of MODEL (a path or builtin:NAME, which does not become the current model), as a table.");
  }
}
