package org.diffart.reproduce;

import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import org.diffart.sim.optim.Trace;

/**
 * One optimiser run on a motion-control task: what it cost and where it got, in iterations,
 * simulated steps and wall time, to the end and to the task's target loss.
 *
 * @param task {@code throw} or {@code golf}
 * @param method {@code adam}, {@code lbfgs} or {@code cmaes}
 * @param seed the seed of the starting controls (and of CMA-ES's samples)
 * @param parameters the number of control knots optimised
 * @param trace the run, iteration by iteration
 * @param stepsPerValue simulated steps a value evaluation costs (T)
 * @param stepsPerGradient simulated steps a gradient evaluation costs ({@code T·(1 + r)})
 * @param targetLoss the task's target loss
 * @param settings the optimiser's settings, in words
 */
public record ControlRun(
    String task,
    String method,
    long seed,
    int parameters,
    Trace trace,
    double stepsPerValue,
    double stepsPerGradient,
    double targetLoss,
    String settings)
    implements Measurement {

  /** The simulated steps spent up to iteration it. */
  public double simulatedSteps(Trace.Iterate it) {
    return it.values() * stepsPerValue + it.gradients() * stepsPerGradient;
  }

  /**
   * Evaluations of the loss up to an iteration: a CMA-ES sample is one, as is a gradient method's
   * evaluation of the loss with its gradient (a line search's trials each count).
   */
  public static long evaluations(Trace.Iterate it) {
    return it.values() + it.gradients();
  }

  /** The iterations run (the start not counted). */
  public int iterations() {
    return trace.last().iteration();
  }

  /** The iterate that first reached the target loss, or null. */
  public Trace.Iterate reached() {
    return trace.firstReaching(targetLoss);
  }

  /** The lowest loss the run evaluated. */
  public double loss() {
    return trace.bestLoss();
  }

  @Override
  public String status() {
    return trace.status();
  }

  /** A run that stopped at its target or ran its budget out has run to the end. */
  @Override
  public boolean ok() {
    return status().equals("ok") || status().equals("budget");
  }

  @Override
  public JsonObject toJson() {
    JsonObject o = new JsonObject();
    o.addProperty("task", task);
    o.addProperty("method", method);
    o.addProperty("seed", seed);
    o.addProperty("parameters", parameters);
    o.addProperty("iterations", iterations());
    o.addProperty("evaluations", evaluations(trace.last()));
    o.addProperty("simulated_steps", Math.round(simulatedSteps(trace.last())));
    o.addProperty("wall_ms", trace.last().wallMs());
    o.addProperty("loss", loss());
    Trace.Iterate r = reached();
    if (r == null) {
      o.add("iterations_to_target", JsonNull.INSTANCE);
      o.add("evaluations_to_target", JsonNull.INSTANCE);
      o.add("simulated_steps_to_target", JsonNull.INSTANCE);
      o.add("wall_ms_to_target", JsonNull.INSTANCE);
    } else {
      o.addProperty("iterations_to_target", r.iteration());
      o.addProperty("evaluations_to_target", evaluations(r));
      o.addProperty("simulated_steps_to_target", Math.round(simulatedSteps(r)));
      o.addProperty("wall_ms_to_target", r.wallMs());
    }
    o.addProperty("target_loss", targetLoss);
    o.addProperty("status", status());
    o.addProperty("settings", settings);
    return o;
  }
}
