package org.diffart.reproduce;

import com.google.gson.JsonObject;

/**
 * One estimated parameter of one run of {@code reproduce estimation}: the method's cost
 * (iterations, evaluations, simulated steps, rollouts) and its estimate against the hidden truth.
 *
 * @param task {@code sliding-box}, {@code pendulum2}, {@code chain4}, {@code seed001-force}, {@code
 *     seed001-mass} or {@code seed001-friction}
 * @param method {@code lm}, {@code gn}, {@code lbfgs}, {@code gd}, {@code sgd}, {@code
 *     mujoco.sysid}, or {@code lm-from-truth} (the least-squares optimum itself: what the noise
 *     allows)
 * @param seed the run (0 where a task has one)
 * @param iterations the optimiser's iterations
 * @param evaluations evaluations of the loss (with its Jacobian or gradient where the method uses
 *     one); for {@code mujoco.sysid} its rollouts
 * @param simulatedSteps forward steps simulated: evaluations × T (the rollouts' steps for MuJoCo)
 * @param rollouts forward-rollout equivalents: each evaluation's measured wall time over a plain
 *     rollout's (a Jacobian by forward sensitivities, or a gradient by the adjoint, costs more than
 *     one rollout); MuJoCo's rollouts as counted
 * @param wallMs the run's wall time, ms (median of repeated runs where stated in the note)
 * @param loss the final {@code |r|²} (for MuJoCo twice its reported {@code ½|r|²})
 * @param status {@code ok}, {@code budget}, or why it failed
 * @param parameter the parameter's name
 * @param truth its true value
 * @param start the wrong start
 * @param estimate the final estimate
 * @param runError the run's error as its task measures it (the seed-001 force: the norm of both
 *     components' errors), absolute
 * @param note how it ran
 */
record EstimationRow(
    String task,
    String method,
    int seed,
    int iterations,
    long evaluations,
    long simulatedSteps,
    double rollouts,
    double wallMs,
    double loss,
    String status,
    String parameter,
    double truth,
    double start,
    double estimate,
    double runError,
    String note)
    implements Measurement {

  /** The same row with its rollouts counted. */
  EstimationRow withRollouts(double r) {
    return new EstimationRow(
        task,
        method,
        seed,
        iterations,
        evaluations,
        simulatedSteps,
        r,
        wallMs,
        loss,
        status,
        parameter,
        truth,
        start,
        estimate,
        runError,
        note);
  }

  /** |estimate − truth| / |truth|. */
  double relativeError() {
    return Math.abs(estimate - truth) / Math.abs(truth);
  }

  /** |estimate − truth|. */
  double absoluteError() {
    return Math.abs(estimate - truth);
  }

  @Override
  public JsonObject toJson() {
    JsonObject o = new JsonObject();
    o.addProperty("task", task);
    o.addProperty("method", method);
    o.addProperty("seed", seed);
    o.addProperty("iterations", iterations);
    o.addProperty("evaluations", evaluations);
    o.addProperty("simulated_steps", simulatedSteps);
    Measurement.number(o, "rollouts", rollouts);
    Measurement.number(o, "wall_ms", wallMs);
    Measurement.number(o, "loss", loss);
    o.addProperty("status", status);
    o.addProperty("parameter", parameter);
    Measurement.number(o, "true", truth);
    Measurement.number(o, "start", start);
    Measurement.number(o, "estimate", estimate);
    Measurement.number(o, "relative_error", relativeError());
    Measurement.number(o, "absolute_error", absoluteError());
    Measurement.number(o, "run_error", runError);
    o.addProperty("note", note);
    return o;
  }
}
