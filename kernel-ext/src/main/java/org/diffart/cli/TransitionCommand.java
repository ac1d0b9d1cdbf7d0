package org.diffart.cli;

import com.google.gson.JsonObject;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.diffart.kernel.display.Coordinates;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.Transition;
import org.diffart.sim.model.Model;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code diffart transition --model M [state] [--method fd|adjoint] [--centered] [--eps E]
 * [--history]}: A, B, C, D of a step.
 */
@Command(
    name = "transition",
    description =
        "Linearise one step: x' = A x + B u, y = C x + D u in the tangent space, as MuJoCo's"
            + " mjd_transitionFD.",
    footer = {
      "",
      "x = (q, v, act) with q perturbed as q (+) dq and differenced with (-): nx = 2 nv + na. y = sensordata as the"
          + " step computes it (at the state it starts from, as after mj_step). fd perturbs each input by --eps (a"
          + " control at a limit of its range on the side inside it); adjoint builds the rows of A and B exactly"
          + " from nx reverse sweeps of the step, and those of C and D from one sweep of the sensors' adjoint per"
          + " sensor value.",
      "With --history, x also holds the sample values of the history buffers (delayed actuators and sensors), in"
          + " the order they lie in mjData.history (ring slots); their names are the JSON key state.",
      "JSON keys: model, method, nx, nu, state (the names of x), A, B, C, D (row-major nested arrays; C and D have"
          + " nsensordata rows), ms."
    })
final class TransitionCommand implements Callable<Integer> {
  @Mixin private ModelOption model;
  @Mixin private StateOptions state;
  @Mixin private Output output;

  @Option(
      names = "--method",
      paramLabel = "fd|adjoint",
      defaultValue = "fd",
      description =
          "fd (finite differences) or adjoint (exact, by reverse sweeps) (default: ${DEFAULT-VALUE}).")
  private String method;

  @Option(names = "--centered", description = "fd: central instead of forward differences.")
  private boolean centered;

  @Option(
      names = "--eps",
      paramLabel = "E",
      defaultValue = "1e-6",
      description = "fd: the perturbation (default: ${DEFAULT-VALUE}).")
  private double eps;

  @Option(
      names = "--history",
      description =
          "Put the history buffers' sample values into the state (nx = 2 nv + na + their number);"
              + " without it a model with buffers is refused, as MuJoCo's mjd_transitionFD refuses"
              + " it.")
  private boolean history;

  @Spec private CommandSpec spec;

  @Override
  public Integer call() {
    DerivativeMethod.check(spec, method, eps);
    Model m = model.load();
    Data d = state.initial(m);
    Transition t =
        method.equals("fd")
            ? Transition.finiteDifferences(m, d, centered, eps, history)
            : Transition.exact(m, d, history);
    JsonObject o = new JsonObject();
    o.addProperty("model", m.name());
    o.addProperty("method", t.method());
    o.addProperty("nx", t.A().length);
    o.addProperty("nu", m.nu());
    o.add("state", Output.strings(Coordinates.state(m, history)));
    o.add("A", Output.matrix(t.A()));
    o.add("B", Output.matrix(t.B()));
    o.add("C", Output.matrix(t.C()));
    o.add("D", Output.matrix(t.D()));
    o.addProperty("ms", t.ms());
    output.print(o, () -> text(m, t));
    return 0;
  }

  private static String text(Model m, Transition t) {
    StringBuilder s =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "transition of %s by %s: nx = %d, nu = %d (%.3f ms)%n",
                m.name(),
                t.method(),
                t.A().length,
                m.nu(),
                t.ms()));
    Output.text(s, "A", t.A());
    Output.text(s, "B", t.B());
    if (t.C().length > 0) {
      Output.text(s, "C", t.C());
      Output.text(s, "D", t.D());
    }
    return s.toString();
  }
}
