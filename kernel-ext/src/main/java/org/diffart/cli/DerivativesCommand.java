package org.diffart.cli;

import com.google.gson.JsonObject;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.Derivatives;
import org.diffart.sim.diff.SmoothDerivatives;
import org.diffart.sim.model.Model;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code diffart derivatives --model M [state] [--method adjoint|fd] [--eps E]}: the internal
 * derivatives of the smooth dynamics at a state.
 */
@Command(
    name = "derivatives",
    description =
        "Internal derivatives of the smooth dynamics at a state: d qfrc_smooth / d qvel (MuJoCo's qDeriv) and"
            + " d qacc_smooth / d (q, qvel, act, ctrl).",
    footer = {
      "",
      "qfrc_smooth = qfrc_passive + qfrc_actuator + qfrc_applied - qfrc_bias and qacc_smooth = M^-1 qfrc_smooth,"
          + " before any contact, limit or equality and any integrator. q is differentiated in the tangent space"
          + " (nv columns, not nq). dqfrc_smooth_dqvel equals MuJoCo 3.14's qDeriv of mjd_smooth_vel with the bias"
          + " term (the implicit integrator's; implicitfast's omits -d qfrc_bias / d qvel). Not the step's"
          + " linearisation (see 'transition': A is 2nv+na wide) and not a parameter gradient (see 'grad').",
      "adjoint: exactly, one reverse sweep of the smooth dynamics' adjoint per row; fd: central differences of"
          + " step --eps.",
      "JSON keys: model, method, nv, na, nu, qacc_smooth, dqfrc_smooth_dqvel (nv x nv), dqacc_dqpos (nv x nv),"
          + " dqacc_dqvel (nv x nv), dqacc_dact (nv x na), dqacc_dctrl (nv x nu) (row-major nested arrays; rows"
          + " are outputs), shapes (each matrix's [rows, cols]), ms."
    })
final class DerivativesCommand implements Callable<Integer> {
  @Mixin private ModelOption model;
  @Mixin private StateOptions state;
  @Mixin private Output output;

  @Option(
      names = "--method",
      paramLabel = "adjoint|fd",
      defaultValue = "adjoint",
      description =
          "adjoint (exact, by reverse sweeps) or fd (central differences) (default: ${DEFAULT-VALUE}).")
  private String method;

  @Option(
      names = "--eps",
      paramLabel = "E",
      defaultValue = "1e-6",
      description = "fd: the perturbation (default: ${DEFAULT-VALUE}).")
  private double eps;

  @Spec private CommandSpec spec;

  @Override
  public Integer call() {
    DerivativeMethod.check(spec, method, eps);
    Model m = model.load();
    Data d = state.initial(m);
    SmoothDerivatives s =
        method.equals("fd")
            ? Derivatives.smoothFiniteDifferences(m, d, eps)
            : Derivatives.smooth(m, d);
    int nv = m.nv();
    JsonObject o = new JsonObject();
    o.addProperty("model", m.name());
    o.addProperty("method", s.method());
    o.addProperty("nv", nv);
    o.addProperty("na", m.na());
    o.addProperty("nu", m.nu());
    o.add("qacc_smooth", Output.array(s.qaccSmooth()));
    JsonObject shapes = new JsonObject();
    for (Named e : matrices(s)) {
      o.add(e.key(), Output.matrix(e.values()));
      shapes.add(e.key(), Output.shape(nv, e.cols()));
    }
    o.add("shapes", shapes);
    o.addProperty("ms", s.ms());
    output.print(o, () -> text(m, s));
    return 0;
  }

  /** A matrix under its JSON key, with its column count (its rows may be empty). */
  private record Named(String key, double[][] values, int cols) {}

  private static Named[] matrices(SmoothDerivatives s) {
    Model m = s.model();
    return new Named[] {
      new Named("dqfrc_smooth_dqvel", s.qfrcSmoothDqvel(), m.nv()),
      new Named("dqacc_dqpos", s.qaccDqpos(), m.nv()),
      new Named("dqacc_dqvel", s.qaccDqvel(), m.nv()),
      new Named("dqacc_dact", s.qaccDact(), m.na()),
      new Named("dqacc_dctrl", s.qaccDctrl(), m.nu())
    };
  }

  private static String text(Model m, SmoothDerivatives s) {
    StringBuilder t =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "smooth dynamics' derivatives of %s by %s: nv = %d, na = %d, nu = %d (%.3f ms)%n",
                m.name(),
                s.method(),
                m.nv(),
                m.na(),
                m.nu(),
                s.ms()));
    for (Named e : matrices(s)) {
      if (e.cols() > 0) {
        Output.text(t, e.key() + " (" + m.nv() + " x " + e.cols() + ")", e.values());
      }
    }
    return t.toString();
  }
}
