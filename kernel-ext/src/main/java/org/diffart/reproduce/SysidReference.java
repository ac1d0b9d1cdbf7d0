package org.diffart.reproduce;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.TrajectoryResiduals;
import org.diffart.sim.diff.Wrt;
import org.diffart.sim.io.MjcfLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.task.Identification;

/**
 * One of MuJoCo 3.14's {@code mujoco.sysid} fits that helper data records ({@code
 * datasets/reference/sysid314/NAME.json} with {@code NAME.xml}, made by {@code
 * probes/sysid_314.py}; packaged with the jar): the same measurements as our estimation problem,
 * and what MuJoCo's toolbox did with them.
 *
 * <p>The problem is the toolbox's objective: the residual of sensor c (a joint's position) at each
 * measured step, divided by {@code s_c} (its {@code objective.scale}). Ours minimises {@code |r|²},
 * twice the toolbox's {@code ½ |r|²}; the minimiser is the same.
 *
 * @param name {@code pendulum2} or {@code chain4}
 * @param model the model
 * @param problem the estimation problem: residuals, lower bounds from the JSON
 * @param names the parameters' names
 * @param truth the true values
 * @param start the wrong start both fits begin from
 * @param steps the steps of the recorded rollout (MuJoCo simulates them all per rollout)
 * @param mujoco what the toolbox's fit did
 */
record SysidReference(
    String name,
    Model model,
    Identification problem,
    List<String> names,
    double[] truth,
    double[] start,
    int steps,
    MujocoFit mujoco) {

  private static final String DIR = "/org/diffart/reproduce/reference/sysid314/";

  /**
   * The toolbox's fit.
   *
   * @param iterations Gauss–Newton iterations
   * @param rollouts rollouts of {@code steps} steps it ran, the final Jacobian's included
   * @param wallMs the median wall time of its timed runs, ms
   * @param estimate its final parameters
   * @param cost its final {@code ½ |r|²}
   * @param trace per iteration: its parameters, cost and cumulative rollouts
   * @param status its stopping message
   */
  record MujocoFit(
      int iterations,
      long rollouts,
      double wallMs,
      double[] estimate,
      double cost,
      List<Iteration> trace,
      String status) {}

  /** One entry of the toolbox's trace: parameters and cost at its start, rollouts so far. */
  record Iteration(double[] params, double cost, long rollouts) {}

  /**
   * Reads the reference called name.
   *
   * @throws IllegalArgumentException when it is not packaged
   */
  static SysidReference load(String name) {
    JsonObject o = JsonParser.parseString(text(name + ".json")).getAsJsonObject();
    Model m = MjcfLoader.loadString(text(name + ".xml"), "sysid314/" + name + ".xml");
    Data d = new Data(m);
    JsonObject init = o.getAsJsonObject("initial_state");
    copy(init.getAsJsonArray("qpos"), d.qpos);
    copy(init.getAsJsonArray("qvel"), d.qvel);
    JsonObject meas = o.getAsJsonObject("measurements");
    int[] states = ints(meas.getAsJsonArray("steps"));
    int last = states[states.length - 1];
    JsonArray values = o.getAsJsonObject("controls").getAsJsonArray("values");
    double[] u = new double[last * m.nu()];
    for (int t = 0; t < last; t++) {
      JsonArray row = values.get(t).getAsJsonArray();
      for (int a = 0; a < m.nu(); a++) {
        u[t * m.nu() + a] = row.get(a).getAsDouble();
      }
    }
    JsonArray joints = o.getAsJsonObject("sensors").getAsJsonArray("joints");
    JsonArray scale = o.getAsJsonObject("objective").getAsJsonArray("scale");
    int no = joints.size();
    int[] qpos = new int[no];
    double[] w = new double[no];
    for (int c = 0; c < no; c++) {
      qpos[c] = m.jntQposAdr(m.jointId(joints.get(c).getAsString()));
      w[c] = 1 / scale.get(c).getAsDouble();
    }
    JsonArray noisy = meas.getAsJsonArray("noisy");
    double[] y = new double[states.length * no];
    for (int k = 0; k < states.length; k++) {
      for (int c = 0; c < no; c++) {
        y[k * no + c] = noisy.get(k).getAsJsonArray().get(c).getAsDouble();
      }
    }
    JsonArray ps = o.getAsJsonArray("parameters");
    List<TrajectoryResiduals.Parameter> params = new ArrayList<>();
    List<String> names = new ArrayList<>();
    double[] truth = new double[ps.size()], start = new double[ps.size()];
    double[] lower = new double[ps.size()];
    for (int k = 0; k < ps.size(); k++) {
      JsonObject p = ps.get(k).getAsJsonObject();
      String kind = p.get("kind").getAsString(), element = p.get("element").getAsString();
      params.add(
          switch (kind) {
            case "mass" -> new TrajectoryResiduals.Parameter(Wrt.MASS, m.bodyId(element));
            case "damping" ->
                new TrajectoryResiduals.Parameter(Wrt.DAMPING, m.jntDofAdr(m.jointId(element)));
            default ->
                throw new IllegalArgumentException(
                    name + ".json: parameter kind '" + kind + "' is not one of mass, damping");
          });
      names.add(p.get("name").getAsString());
      truth[k] = p.get("true").getAsDouble();
      start[k] = p.get("start").getAsDouble();
      lower[k] = p.get("lower").getAsDouble();
    }
    Identification problem =
        new Identification(new TrajectoryResiduals(m, d, u, states, qpos, w, y, params), lower);
    return new SysidReference(
        name,
        m,
        problem,
        names,
        truth,
        start,
        o.get("steps").getAsInt(),
        fit(o.getAsJsonObject("mujoco_fit")));
  }

  private static MujocoFit fit(JsonObject f) {
    List<Iteration> trace = new ArrayList<>();
    for (var e : f.getAsJsonArray("trace")) {
      JsonObject it = e.getAsJsonObject();
      trace.add(
          new Iteration(
              doubles(it.getAsJsonArray("params")),
              it.get("cost").getAsDouble(),
              it.get("rollouts").getAsLong()));
    }
    double[] runs = doubles(f.getAsJsonArray("wall_s_runs"));
    return new MujocoFit(
        f.get("iterations").getAsInt(),
        f.get("rollouts").getAsLong(),
        1000 * Measure.median(runs),
        doubles(f.getAsJsonArray("estimate")),
        f.get("cost").getAsDouble(),
        trace,
        f.get("status").getAsString());
  }

  /** The relative error of each estimate against the truth. */
  double[] relativeErrors(double[] estimate) {
    double[] e = new double[truth.length];
    for (int k = 0; k < e.length; k++) {
      e[k] = Math.abs(estimate[k] - truth[k]) / Math.abs(truth[k]);
    }
    return e;
  }

  private static String text(String file) {
    try (InputStream in = SysidReference.class.getResourceAsStream(DIR + file)) {
      if (in == null) {
        throw new IllegalArgumentException(
            "mujoco.sysid's reference is missing from the jar: "
                + DIR
                + file
                + " (datasets/reference/sysid314)");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + DIR + file, e);
    }
  }

  private static void copy(JsonArray a, double[] into) {
    for (int i = 0; i < a.size(); i++) {
      into[i] = a.get(i).getAsDouble();
    }
  }

  private static double[] doubles(JsonArray a) {
    double[] v = new double[a.size()];
    copy(a, v);
    return v;
  }

  private static int[] ints(JsonArray a) {
    int[] v = new int[a.size()];
    for (int i = 0; i < v.length; i++) {
      v[i] = a.get(i).getAsInt();
    }
    return v;
  }
}
