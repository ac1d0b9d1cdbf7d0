package org.diffart.reproduce;

import com.google.gson.JsonObject;

/**
 * One evaluation of one training run of an RL experiment: the mean return of the current policy,
 * acting deterministically, after {@code envSteps} environment steps.
 *
 * @param task {@code pendulum} or {@code ant}
 * @param links the pendulum's link count (0 for the ant)
 * @param method {@code sac}, {@code mbpo}, {@code pe}, {@code se} or {@code shac}
 * @param seed the seed that fixes the run
 * @param envSteps environment steps taken when evaluated, summed over worlds
 * @param wallMs training wall time up to this point (evaluations not counted), ms
 * @param meanReturn the mean undiscounted return of the evaluation episodes
 * @param status {@code ok}, or why the run stopped
 */
public record RlPoint(
    String task,
    int links,
    String method,
    long seed,
    long envSteps,
    double wallMs,
    double meanReturn,
    String status)
    implements Measurement {

  /** The run's name: task (with links), method and seed, as its files are named. */
  public String run() {
    return RlUnit.id(task, links, method, seed);
  }

  @Override
  public JsonObject toJson() {
    JsonObject o = new JsonObject();
    o.addProperty("task", task);
    if (task.equals("pendulum")) {
      o.addProperty("links", links);
    }
    o.addProperty("method", method);
    o.addProperty("seed", seed);
    o.addProperty("env_steps", envSteps);
    Measurement.number(o, "wall_ms", wallMs);
    Measurement.number(o, "return", meanReturn);
    o.addProperty("status", status);
    return o;
  }
}
