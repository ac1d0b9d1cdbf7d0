package org.diffart.reproduce.torch;

import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.util.List;
import java.util.Optional;
import java.util.function.IntFunction;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.Options;

/**
 * The problem file that {@code diffart_torch.py} reads: the model's arrays in the simulator's own
 * layout, and W worlds of it with their initial state, per-world parameters and T steps of
 * controls. Only the features the PyTorch port implements are exported; {@link #unsupported} names
 * the first one it lacks.
 *
 * <p>Supported: joints FREE, HINGE and SLIDE (several per body), hinge and slide stiffness,
 * plane–sphere, plane–capsule and plane–box contacts with one or two friction directions, joint
 * limits, actuators with gear, gain/bias, ctrlrange and forcerange on hinges and slides, the Euler
 * integrators, and PGS from zero with a fixed number of sweeps.
 */
public final class TorchProblem {
  private static final String PREFIX = "PyTorch baseline: ";

  private TorchProblem() {}

  /**
   * The first feature of m that the PyTorch port does not implement, as a sentence naming it; empty
   * if none.
   */
  public static Optional<String> unsupported(Model m) {
    Options o = m.opt();
    if (!o.integrator().isEuler()) {
      return refuse(
          "integrator " + o.integrator() + " is not supported (EULER, EULER_EXPLICIT_DAMPING)");
    }
    if (o.warmStart()) {
      return refuse("a warm-started PGS is not supported (warmStart must be false: PGS from zero)");
    }
    if (o.tolerance() != 0) {
      return refuse(
          "a PGS tolerance of "
              + o.tolerance()
              + " is not supported (a fixed number of sweeps: tolerance 0)");
    }
    if (m.na() > 0) {
      return refuse("actuators with activation dynamics are not supported (dyntype none only)");
    }
    for (int a = 0; a < m.nu(); a++) {
      if (m.actGainMuscle(a) || m.actBiasMuscle(a)) {
        return refuse(
            "actuator '"
                + m.actName(a)
                + "' is a muscle; the PyTorch step has fixed gains and affine"
                + " biases only");
      }
      if (m.actGain(a, 1) != 0 || m.actGain(a, 2) != 0) {
        return refuse(
            "actuator '"
                + m.actName(a)
                + "' has an affine gain, which is not supported (fixed gains)");
      }
    }
    for (int j = 0; j < m.njnt(); j++) {
      JointType t = m.jntType(j);
      if (t == JointType.BALL) {
        return refuse(
            "joint '" + m.jntName(j) + "' of type BALL is not supported (FREE, HINGE, SLIDE)");
      }
      if (t == JointType.FREE && m.jntStiffness(j) != 0) {
        return refuse(
            "free joint '"
                + m.jntName(j)
                + "' with stiffness is not supported (stiffness on hinges and"
                + " slides only)");
      }
    }
    if (m.ntendon() > 0) {
      return refuse("tendons are not supported");
    }
    for (int k = 0; k < m.nv(); k++) {
      if (m.dofFrictionloss(k) > 0) {
        return refuse("dry joint friction (frictionloss) is not supported");
      }
    }
    for (int a = 0; a < m.nu(); a++) {
      if (m.actJnt(a) < 0) {
        return refuse(
            "actuator '"
                + m.actName(a)
                + "' pulls on a "
                + (m.actCrankSite(a) >= 0
                    ? "slider-crank"
                    : m.actSite(a) >= 0
                        ? "site"
                        : m.actBody(a) >= 0 ? "body's contacts (adhesion)" : "tendon")
                + "; the PyTorch step has joint actuators only");
      }
      JointType t = m.jntType(m.actJnt(a));
      if (t != JointType.HINGE && t != JointType.SLIDE) {
        return refuse(
            "actuator '"
                + m.actName(a)
                + "' on joint '"
                + m.jntName(m.actJnt(a))
                + "' of type "
                + t
                + " is not supported (actuators on hinges and slides)");
      }
    }
    if (o.contact()) {
      for (int p = 0; p < m.npair(); p++) {
        int g1 = m.pairGeom1(p), g2 = m.pairGeom2(p);
        GeomType t1 = m.geomType(g1), t2 = m.geomType(g2);
        boolean ok =
            t1 == GeomType.PLANE
                && (t2 == GeomType.SPHERE || t2 == GeomType.CAPSULE || t2 == GeomType.BOX);
        if (!ok) {
          return refuse(
              "collision pair "
                  + t1.mjcfName()
                  + "–"
                  + t2.mjcfName()
                  + " (geoms '"
                  + m.geomName(g1)
                  + "', '"
                  + m.geomName(g2)
                  + "') is not supported (plane–sphere, plane–capsule, plane–box)");
        }
      }
    }
    return Optional.empty();
  }

  private static Optional<String> refuse(String what) {
    return Optional.of(PREFIX + what);
  }

  /**
   * The problem as JSON text.
   *
   * @param starts the initial state (qpos, qvel, qfrcApplied) and parameters (bodyInert,
   *     dofDamping, geomFriction, geomRestitution) of each of the W worlds
   * @param controls the control of every world at every step, step-major: T×W×nu, entry {@code (t·W
   *     + w)·nu + a}
   * @param recordSteps how many of the first steps' configurations to send back
   * @param budgetSeconds the time the forward rollout may take, s
   * @param memoryCapBytes the address space the rollout may add to what the process holds once
   *     torch is loaded; 0 for none
   * @throws IllegalArgumentException if m has a feature the port lacks ({@link #unsupported}) or
   *     the sizes disagree
   */
  public static String json(
      Model m,
      List<Data> starts,
      double[] controls,
      int steps,
      int recordSteps,
      double budgetSeconds,
      long memoryCapBytes) {
    unsupported(m)
        .ifPresent(
            s -> {
              throw new IllegalArgumentException(s);
            });
    int w = starts.size();
    if (controls.length != (long) steps * w * m.nu()) {
      throw new IllegalArgumentException(
          "controls must hold steps×worlds×nu = "
              + steps
              + "×"
              + w
              + "×"
              + m.nu()
              + " numbers, got "
              + controls.length);
    }
    JsonObject p = new JsonObject();
    p.addProperty("format", "diffart-torch-problem/1");
    p.add("model", model(m));
    p.addProperty("worlds", w);
    p.addProperty("steps", steps);
    p.addProperty("record_steps", recordSteps);
    p.addProperty("time_budget_s", budgetSeconds);
    p.addProperty("memory_cap_bytes", memoryCapBytes);
    p.add("qpos0", perWorld(starts, d -> d.qpos));
    p.add("qvel0", perWorld(starts, d -> d.qvel));
    p.add("qfrc_applied", perWorld(starts, d -> d.qfrcApplied));
    p.add("body_inert", perWorld(starts, d -> d.bodyInert));
    p.add("dof_damping", perWorld(starts, d -> d.dofDamping));
    p.add("geom_friction", perWorld(starts, d -> d.geomFriction));
    p.add("geom_restitution", perWorld(starts, d -> d.geomRestitution));
    p.add("controls", doubles(controls.length, k -> controls[k]));
    return new GsonBuilder().serializeSpecialFloatingPointValues().create().toJson(p);
  }

  private static JsonObject model(Model m) {
    JsonObject j = new JsonObject();
    int nb = m.nbody(), nj = m.njnt(), ng = m.ngeom(), nu = m.nu(), nv = m.nv(), nq = m.nq();
    j.addProperty("name", m.name());
    j.addProperty("nq", nq);
    j.addProperty("nv", nv);
    j.addProperty("nu", nu);
    j.addProperty("nbody", nb);
    j.addProperty("njnt", nj);
    j.addProperty("ngeom", ng);
    j.addProperty("npair", m.opt().contact() ? m.npair() : 0);
    j.add("opt", options(m.opt()));
    j.add("bodyParent", ints(nb, m::bodyParent));
    j.add("bodyJntAdr", ints(nb, m::bodyJntAdr));
    j.add("bodyJntNum", ints(nb, m::bodyJntNum));
    j.add("bodyDofAdr", ints(nb, m::bodyDofAdr));
    j.add("bodyDofNum", ints(nb, m::bodyDofNum));
    j.add("bodyPos", doubles(3 * nb, k -> m.bodyPos(k / 3, k % 3)));
    j.add("bodyQuat", doubles(4 * nb, k -> m.bodyQuat(k / 4, k % 4)));
    JsonArray types = new JsonArray();
    for (int k = 0; k < nj; k++) {
      types.add(m.jntType(k).name());
    }
    j.add("jntType", types);
    j.add("jntQposAdr", ints(nj, m::jntQposAdr));
    j.add("jntDofAdr", ints(nj, m::jntDofAdr));
    j.add("jntLimited", ints(nj, k -> m.jntLimited(k) ? 1 : 0));
    j.add("jntPos", doubles(3 * nj, k -> m.jntPos(k / 3, k % 3)));
    j.add("jntAxis", doubles(3 * nj, k -> m.jntAxis(k / 3, k % 3)));
    j.add("jntRange", doubles(2 * nj, k -> m.jntRange(k / 2, k % 2)));
    j.add("jntStiffness", doubles(nj, m::jntStiffness));
    j.add("qpos0", doubles(nq, m::qpos0));
    j.add("qposSpring", doubles(nq, m::qposSpring));
    j.add("dofArmature", doubles(nv, m::dofArmature));
    JsonArray geoms = new JsonArray();
    for (int g = 0; g < ng; g++) {
      geoms.add(m.geomType(g).name());
    }
    j.add("geomType", geoms);
    j.add("geomBody", ints(ng, m::geomBody));
    j.add("geomCondim", ints(ng, m::geomCondim));
    j.add("geomSize", doubles(3 * ng, k -> m.geomSize(k / 3, k % 3)));
    j.add("geomPos", doubles(3 * ng, k -> m.geomPos(k / 3, k % 3)));
    j.add("geomQuat", doubles(4 * ng, k -> m.geomQuat(k / 4, k % 4)));
    int np = m.opt().contact() ? m.npair() : 0;
    j.add("pairGeom1", ints(np, m::pairGeom1));
    j.add("pairGeom2", ints(np, m::pairGeom2));
    j.add("actJnt", ints(nu, m::actJnt));
    j.add("actGear", doubles(nu, m::actGear));
    j.add("actGain", doubles(nu, a -> m.actGain(a, 0)));
    j.add("actBias", doubles(3 * nu, k -> m.actBias(k / 3, k % 3)));
    j.add("actCtrlLimited", ints(nu, a -> m.actCtrlLimited(a) ? 1 : 0));
    j.add("actCtrlRange", doubles(2 * nu, k -> m.actCtrlRange(k / 2, k % 2)));
    j.add("actForceLimited", ints(nu, a -> m.actForceLimited(a) ? 1 : 0));
    j.add("actForceRange", doubles(2 * nu, k -> m.actForceRange(k / 2, k % 2)));
    return j;
  }

  private static JsonObject options(Options o) {
    JsonObject j = new JsonObject();
    j.addProperty("timestep", o.timestep());
    j.add("gravity", doubles(3, o::gravity));
    j.addProperty("integrator", o.integrator().name());
    j.addProperty("contact", o.contact());
    j.addProperty("limit", o.limit());
    j.addProperty("iterations", o.iterations());
    j.addProperty("tolerance", o.tolerance());
    j.addProperty("warmStart", o.warmStart());
    j.addProperty("erp", o.erp());
    j.addProperty("cfm", o.cfm());
    j.addProperty("frictionDirections", o.frictionDirections());
    j.addProperty("maxNormalImpulse", o.maxNormalImpulse());
    return j;
  }

  private static JsonArray perWorld(
      List<Data> starts, java.util.function.Function<Data, double[]> field) {
    JsonArray a = new JsonArray();
    for (Data d : starts) {
      for (double x : field.apply(d)) {
        a.add(x);
      }
    }
    return a;
  }

  private static JsonArray ints(int n, IntFunction<Integer> f) {
    JsonArray a = new JsonArray();
    for (int k = 0; k < n; k++) {
      a.add(f.apply(k));
    }
    return a;
  }

  private static JsonArray doubles(int n, IntToDouble f) {
    JsonArray a = new JsonArray();
    for (int k = 0; k < n; k++) {
      a.add(f.apply(k));
    }
    return a;
  }

  @FunctionalInterface
  private interface IntToDouble {
    double apply(int k);
  }
}
