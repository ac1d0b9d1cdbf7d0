package org.diffart.sim.algo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import java.util.List;
import org.diffart.sim.algo.constraint.Rows;
import org.diffart.sim.algo.dynamics.Crba;
import org.diffart.sim.algo.dynamics.Rnea;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Inertia;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Forward dynamics against MuJoCo 2.2.2's {@code mj_forward} with contacts disabled, on the same
 * MJCF files ({@code datasets/reference}, made by {@code mjref.c}). Checks, in the order that
 * localises a disagreement: body poses, the mass matrix, bias, passive and actuator forces, and
 * qacc.
 */
class MujocoReferenceTest {

  static List<String> references() {
    return ReferenceFiles.names();
  }

  @ParameterizedTest
  @MethodSource("references")
  void qaccMatchesMujocoWithContactsDisabled(String name) {
    assertDynamicsMatchMujoco(name);
  }

  /**
   * Kinematics, mass matrix, forces and qacc of every case of reference {@code name} against
   * MuJoCo's.
   */
  static void assertDynamicsMatchMujoco(String name) {
    JsonObject ref = ReferenceFiles.json(name);
    Model loaded =
        withMujocoLengthRanges(name, ref, ModelLoader.load(ReferenceFiles.modelOf(name)));
    Model m = loaded.withOptions(loaded.opt().toBuilder().contact(false).build());
    assertTrue(
        m.nq() == ref.get("nq").getAsInt()
            && m.nv() == ref.get("nv").getAsInt()
            && m.nu() == ref.get("nu").getAsInt(),
        name + ": sizes differ from MuJoCo's");
    Data d = new Data(m);
    useMujocoInertias(ref, d);
    JsonArray cases = ref.getAsJsonArray("cases");
    for (int c = 0; c < cases.size(); c++) {
      JsonObject k = cases.get(c).getAsJsonObject();
      System.arraycopy(ReferenceFiles.doubles(k.get("qpos")), 0, d.qpos, 0, m.nq());
      System.arraycopy(ReferenceFiles.doubles(k.get("qvel")), 0, d.qvel, 0, m.nv());
      System.arraycopy(ReferenceFiles.doubles(k.get("ctrl")), 0, d.ctrl, 0, m.nu());
      assertEquals(
          k.has("act") ? ReferenceFiles.doubles(k.get("act")).length : 0, m.na(), name + ": na");
      if (m.na() > 0) {
        System.arraycopy(ReferenceFiles.doubles(k.get("act")), 0, d.act, 0, m.na());
      }
      Step.forward(m, d);
      String at = name + " case " + c + ": ";
      if (m.na() > 0) {
        close(at + "act_dot", ReferenceFiles.doubles(k.get("act_dot")), d.actDot, 1e-12);
        close(
            at + "actuator_force",
            ReferenceFiles.doubles(k.get("actuator_force")),
            d.actuatorForce,
            1e-12);
      }
      if (k.has("xpos") && !k.get("xpos").isJsonNull()) {
        int[] ours = ourBodies(ref, m);
        close(at + "xpos", ReferenceFiles.doubles(k.get("xpos")), pick(d.xpos, ours, 3), 1e-12);
        closeQuat(at + "xquat", ReferenceFiles.doubles(k.get("xquat")), pick(d.xquat, ours, 4));
      }
      if (k.has("M") && !k.get("M").isJsonNull()) {
        Crba.massMatrix(m, d);
        close(at + "M", flatten(k.get("M")), d.qM, 1e-11);
      }
      Rnea.bias(m, d);
      close(at + "qfrc_bias", ReferenceFiles.doubles(k.get("qfrc_bias")), d.qfrcBias, 1e-11);
      close(
          at + "qfrc_passive", ReferenceFiles.doubles(k.get("qfrc_passive")), d.qfrcPassive, 1e-11);
      close(
          at + "qfrc_actuator",
          ReferenceFiles.doubles(k.get("qfrc_actuator")),
          d.qfrcActuator,
          1e-11);
      // with dry friction, MuJoCo's soft friction force differs from ours: compare the
      // unconstrained acceleration
      boolean friction = k.has("qacc_smooth");
      if (friction) {
        close(at + "qacc_smooth", ReferenceFiles.doubles(k.get("qacc_smooth")), d.qaccSmooth, 1e-9);
      } else {
        close(at + "qacc", ReferenceFiles.doubles(k.get("qacc")), d.qacc, 1e-9);
      }
      if (k.has("sensordata")) {
        assertSensorsMatch(
            at, m, ReferenceFiles.doubles(k.get("sensordata")), d.sensordata, friction);
      }
      if (k.has("energy")) {
        close(
            at + "energy (potential, kinetic)",
            ReferenceFiles.doubles(k.get("energy")),
            d.energy,
            1e-11);
      }
      if (k.has("efc_equality")) {
        assertEqualityRowsMatch(at, m, d, k.getAsJsonObject("efc_equality"));
      }
    }
  }

  /**
   * Our equality rows (violation and Jacobian), in order, against MuJoCo's {@code efc_pos} and
   * {@code efc_J}.
   */
  private static void assertEqualityRowsMatch(String at, Model m, Data d, JsonObject ref) {
    double[] pos = ReferenceFiles.doubles(ref.get("pos"));
    JsonArray jac = ref.getAsJsonArray("J");
    int row = 0;
    for (int r = 0; r < d.nefc; r++) {
      if (d.efcType[r] != Rows.EQUALITY) {
        continue;
      }
      if (row >= pos.length) {
        throw new AssertionError(at + "more equality rows than MuJoCo's " + pos.length);
      }
      String what = at + "equality row " + row + " (constraint '" + m.eqName(d.efcId[r]) + "')";
      close(what + " pos", new double[] {pos[row]}, new double[] {d.efcDist[r]}, 1e-12);
      double[] j = new double[m.nv()];
      System.arraycopy(
          d.efcJ, m.nv() * r + d.efcDofLo[r], j, d.efcDofLo[r], d.efcDofHi[r] - d.efcDofLo[r]);
      close(what + " J", ReferenceFiles.doubles(jac.get(row)), j, 1e-12);
      row++;
    }
    if (row != pos.length) {
      throw new AssertionError(at + row + " equality rows, MuJoCo has " + pos.length);
    }
  }

  /**
   * The compiled inertias agree with MuJoCo's to the accuracy of MuJoCo's iterative 3x3
   * eigen-solver (about 1e-7 relative for composite bodies; ours are exact, see {@code
   * ModelCompilerTest}). Mass, centre of mass and the tensor {@code R diag Rᵀ} are compared, not
   * the principal frame, whose axis order and signs are arbitrary.
   */
  @ParameterizedTest
  @MethodSource("references")
  void compiledInertiasMatchMujoco(String name) {
    assertInertiasMatchMujoco(name);
  }

  /** The compiled inertias of reference {@code name}'s model against MuJoCo's (see above). */
  static void assertInertiasMatchMujoco(String name) {
    JsonObject ref = ReferenceFiles.json(name);
    Model m = ModelLoader.load(ReferenceFiles.modelOf(name));
    Data ours = new Data(m);
    Data theirs = new Data(m);
    useMujocoInertias(ref, theirs);
    int[] index = ourBodies(ref, m);
    close(
        name + ": body inertias",
        pick(theirs.bodyInert, index, 10),
        pick(ours.bodyInert, index, 10),
        1e-6);
  }

  /**
   * Each sensor's values against MuJoCo's, named in the message; quaternions up to sign.
   * Acceleration sensors are skipped where the accelerations include constraint forces that differ
   * by design (dry friction).
   */
  private static void assertSensorsMatch(
      String at, Model m, double[] expected, double[] actual, boolean skipAccelerations) {
    if (expected.length != actual.length) {
      throw new AssertionError(
          at + "sensordata has " + actual.length + " values, MuJoCo's " + expected.length);
    }
    for (int i = 0; i < m.nsensor(); i++) {
      int a = m.sensorAdr(i), n = m.sensorDim(i);
      double[] e = java.util.Arrays.copyOfRange(expected, a, a + n);
      double[] g = java.util.Arrays.copyOfRange(actual, a, a + n);
      String what =
          at + "sensor " + i + " " + m.sensorType(i).mjcfName() + " '" + m.sensorName(i) + "'";
      if (skipAccelerations
          && m.sensorType(i).stage == org.diffart.sim.model.SensorType.Stage.ACC) {
        continue;
      }
      if (m.sensorType(i) == org.diffart.sim.model.SensorType.FRAMEQUAT) {
        closeQuat(what, e, g);
      } else {
        close(what, e, g, 1e-9);
      }
    }
  }

  /**
   * The compiler's actuator constants against MuJoCo's: acc0 to 1e-12; a muscle's simulated length
   * range to 2e-3 of its span (MuJoCo's soft limits let its simulation pass a limit a little,
   * semantics §27). Returns the model with MuJoCo's length ranges, so that the dynamics compare
   * like for like.
   */
  static Model withMujocoLengthRanges(String name, JsonObject ref, Model m) {
    if (!ref.has("actuator_lengthrange")) {
      return m;
    }
    double[] acc0 = ReferenceFiles.doubles(ref.get("actuator_acc0"));
    double[] lr = ReferenceFiles.doubles(ref.get("actuator_lengthrange"));
    boolean same = true;
    for (int a = 0; a < m.nu(); a++) {
      if (!m.actGainMuscle(a) && !m.actBiasMuscle(a)) {
        continue;
      }
      assertEquals(
          acc0[a], m.actAcc0(a), 1e-12 * Math.abs(acc0[a]), name + ": acc0 of actuator " + a);
      double span = lr[2 * a + 1] - lr[2 * a];
      for (int k = 0; k < 2; k++) {
        assertEquals(
            lr[2 * a + k],
            m.actLengthRange(a, k),
            2e-3 * span,
            name + ": lengthrange[" + k + "] of" + " actuator " + m.actName(a));
        same &= lr[2 * a + k] == m.actLengthRange(a, k);
      }
    }
    return same ? m : m.withActuatorLengthRanges(lr);
  }

  /**
   * Replaces the per-world body inertias by MuJoCo's compiled ones, so that the dynamics are
   * compared on identical parameters.
   */
  private static void useMujocoInertias(JsonObject ref, Data d) {
    JsonArray bodies = ref.getAsJsonArray("bodies");
    int[] ours = ourBodies(ref, d.model);
    for (int b = 1; b < bodies.size(); b++) {
      JsonObject body = bodies.get(b).getAsJsonObject();
      int i = ours[b];
      Inertia.inertFromPrincipal(
          d.bodyInert,
          10 * i,
          body.get("mass").getAsDouble(),
          ReferenceFiles.doubles(body.get("ipos")),
          0,
          ReferenceFiles.doubles(body.get("iquat")),
          0,
          ReferenceFiles.doubles(body.get("inertia")),
          0);
    }
  }

  /**
   * Our index of each MuJoCo body, matched by name: MuJoCo fuses static URDF links into the world,
   * so indices may differ while names do not. Our extra bodies must be static and massless. An
   * unnamed body keeps its index, which is the same in both when no body was fused (humanoid100's
   * objects).
   */
  private static int[] ourBodies(JsonObject ref, Model m) {
    JsonArray bodies = ref.getAsJsonArray("bodies");
    int[] index = new int[bodies.size()];
    for (int b = 0; b < bodies.size(); b++) {
      String n = bodies.get(b).getAsJsonObject().get("name").getAsString();
      if (n.isEmpty() && bodies.size() != m.nbody()) {
        throw new AssertionError(
            "MuJoCo's body "
                + b
                + " has no name and the body counts differ (MuJoCo "
                + bodies.size()
                + ", ours "
                + m.nbody()
                + "): nothing matches it");
      }
      index[b] = b == 0 || n.isEmpty() ? b : m.bodyId(n);
      if (index[b] < 0) {
        throw new AssertionError("MuJoCo's body '" + n + "' is missing");
      }
    }
    return index;
  }

  /** The entries of the bodies {@code index} (each {@code width} wide) of a per-body array. */
  private static double[] pick(double[] perBody, int[] index, int width) {
    double[] out = new double[index.length * width];
    for (int b = 0; b < index.length; b++) {
      System.arraycopy(perBody, width * index[b], out, width * b, width);
    }
    return out;
  }

  /**
   * Max-norm difference relative to the larger of the two vectors' max norms (and 1e-9 absolute).
   */
  private static void close(String what, double[] expected, double[] actual, double rel) {
    double diff = 0, scale = 0;
    int worst = -1;
    for (int i = 0; i < expected.length; i++) {
      double e = Math.abs(expected[i] - actual[i]);
      if (e > diff) {
        diff = e;
        worst = i;
      }
      scale = Math.max(scale, Math.max(Math.abs(expected[i]), Math.abs(actual[i])));
    }
    double tol = rel * Math.max(scale, 1);
    if (diff > tol) {
      throw new AssertionError(
          what
              + ": max |diff| "
              + diff
              + " at ["
              + worst
              + "] (MuJoCo "
              + expected[worst]
              + ", ours "
              + actual[worst]
              + "), tolerance "
              + tol);
    }
  }

  /** Quaternions agree up to sign. */
  private static void closeQuat(String what, double[] expected, double[] actual) {
    for (int b = 0; b < expected.length / 4; b++) {
      double dot = 0;
      for (int k = 0; k < 4; k++) {
        dot += expected[4 * b + k] * actual[4 * b + k];
      }
      if (Math.abs(Math.abs(dot) - 1) > 1e-12) {
        throw new AssertionError(
            what + ": body " + b + " orientation differs, |<q_mj, q>| = " + Math.abs(dot));
      }
    }
  }

  private static double[] flatten(JsonElement rows) {
    JsonArray a = rows.getAsJsonArray();
    int n = a.size();
    double[] out = new double[n * n];
    for (int r = 0; r < n; r++) {
      double[] row = ReferenceFiles.doubles(a.get(r));
      System.arraycopy(row, 0, out, r * n, n);
    }
    return out;
  }
}
