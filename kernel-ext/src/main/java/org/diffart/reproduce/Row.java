package org.diffart.reproduce;

import com.google.gson.JsonObject;

/**
 * One measured configuration of an experiment: a gradient method on a backend at a size.
 *
 * @param method {@code adjoint}, {@code tape}, {@code fd} or {@code pytorch}
 * @param backend {@code cpu}, {@code opencl}, or {@code python} for PyTorch
 * @param worlds how many Laikagos (or robots) the rollout holds
 * @param steps time steps T
 * @param checkpoint the adjoint's schedule ({@code 1}, {@code replay:K}, {@code revolve:S}), empty
 *     for the others
 * @param forwardMs median wall time of the forward rollout, ms (NaN when it failed)
 * @param backwardMs median wall time of the backward sweep, recomputation included, ms (NaN when it
 *     failed)
 * @param peakBytes bytes the method held for the gradient: counted by our methods (checkpoints,
 *     tape, scratch; device buffers on OpenCL), the process's peak RSS growth for PyTorch
 * @param measuredBytes measured: the heap bytes one run allocated (the JVM's count; an upper bound
 *     of what it held at once) for our methods; the process's peak RSS growth for PyTorch
 * @param recomputedSteps steps the adjoint's backward sweep simulated again from its checkpoints (0
 *     for the others): what its schedule costs, counted exactly
 * @param status {@code ok}, or the failure's message (out of memory, over the time budget, tape
 *     budget)
 * @param note how it ran (model, reps, what was compared)
 */
public record Row(
    String method,
    String backend,
    int worlds,
    int steps,
    String checkpoint,
    double forwardMs,
    double backwardMs,
    long peakBytes,
    long measuredBytes,
    long recomputedSteps,
    String status,
    String note)
    implements Measurement {

  /** Backward time per simulated step, ms. */
  public double backwardMsPerStep() {
    return backwardMs / steps;
  }

  /** A short label: method, with the backend unless cpu, and the schedule unless 1. */
  public String label() {
    String s = method;
    if (!checkpoint.isEmpty() && !checkpoint.equals("1")) {
      s += "@" + checkpoint;
    }
    return backend.equals("cpu") || backend.equals("python") ? s : s + " on " + backend;
  }

  @Override
  public JsonObject toJson() {
    JsonObject o = new JsonObject();
    o.addProperty("method", method);
    o.addProperty("backend", backend);
    o.addProperty("worlds", worlds);
    o.addProperty("steps", steps);
    o.addProperty("checkpoint", checkpoint);
    Measurement.number(o, "forward_ms", forwardMs);
    Measurement.number(o, "backward_ms", backwardMs);
    o.addProperty("peak_bytes", peakBytes);
    o.addProperty("measured_bytes", measuredBytes);
    o.addProperty("recomputed_steps", recomputedSteps);
    o.addProperty("status", status);
    o.addProperty("note", note);
    return o;
  }
}
