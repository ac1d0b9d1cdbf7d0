package org.diffart.sim.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import java.util.function.IntToDoubleFunction;
import java.util.function.IntUnaryOperator;
import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Quat;

/**
 * One case of probes/elements_314.py (datasets/reference/elements314): what MuJoCo 3.14 compiled,
 * compared with a model diffart loaded from the same XML.
 */
final class CompiledCase {
  private CompiledCase() {}

  /** Tolerance of the case being compared. */
  private static double tol;

  /**
   * The names and order of bodies, joints, geoms and sites (and actuators, sensors, tendons where
   * the case has them), the compiled placements and inertias to {@code tolerance}, and at MuJoCo's
   * states (contacts off) the kinematics, qacc and sensordata.
   */
  static void assertSame(String name, JsonObject c, Model m, double tolerance) {
    tol = tolerance;
    names(name, c, m);
    assertEquals(c.getAsJsonArray("body_pos").size(), m.nbody(), name);
    for (int i0 = 0; i0 < m.nbody(); i0++) {
      int i = i0;
      String at = name + " body " + i;
      if (i > 0) {
        assertEquals(c.getAsJsonArray("body_parentid").get(i).getAsInt(), m.bodyParent(i), at);
      }
      close(row(c, "body_pos", i), v(3, k -> m.bodyPos(i, k)), at + " pos");
      sameRotation(row(c, "body_quat", i), v(4, k -> m.bodyQuat(i, k)), at + " quat");
      close(row(c, "body_ipos", i), v(3, k -> m.bodyIpos(i, k)), at + " ipos");
      close(
          new double[] {c.getAsJsonArray("body_mass").get(i).getAsDouble()},
          new double[] {m.bodyMass(i)},
          at + " mass");
      close(row(c, "body_inertia", i), v(3, k -> m.bodyInertia(i, k)), at + " inertia");
      // the principal axes' quaternion is defined up to half turns about the axes (diffart's
      // eigen-decomposition of fullinertia picks other signs than MuJoCo's): compare the tensor
      close(
          inertiaTensor(row(c, "body_iquat", i), row(c, "body_inertia", i)),
          inertiaTensor(v(4, k -> m.bodyIquat(i, k)), v(3, k -> m.bodyInertia(i, k))),
          at + " inertia in the body frame");
    }
    for (int j0 = 0; j0 < m.njnt(); j0++) {
      int j = j0;
      String at = name + " joint " + m.jntName(j);
      close(row(c, "jnt_pos", j), v(3, k -> m.jntPos(j, k)), at + " pos");
      close(row(c, "jnt_axis", j), v(3, k -> m.jntAxis(j, k)), at + " axis");
    }
    shapes(name + " geom", c, "geom", m.ngeom(), m::geomBody, m::geomPos, m::geomQuat, m::geomSize);
    shapes(name + " site", c, "site", m.nsite(), m::siteBody, m::sitePos, m::siteQuat, m::siteSize);
    close(flat(c.getAsJsonArray("qpos0")), v(m.nq(), m::qpos0), name + " qpos0");
    states(name, c, m);
  }

  /** An accessor {@code (index, component) -> value} of the model. */
  private interface Field {
    double get(int i, int k);
  }

  /** The n geoms or sites (MuJoCo's fields {@code prefix_bodyid}, {@code _pos}, ...). */
  private static void shapes(
      String what,
      JsonObject c,
      String prefix,
      int n,
      IntUnaryOperator body,
      Field pos,
      Field quat,
      Field size) {
    for (int i0 = 0; i0 < n; i0++) {
      int i = i0;
      String at = what + " " + i;
      assertEquals(c.getAsJsonArray(prefix + "_bodyid").get(i).getAsInt(), body.applyAsInt(i), at);
      close(row(c, prefix + "_pos", i), v(3, k -> pos.get(i, k)), at + " pos");
      sameRotation(row(c, prefix + "_quat", i), v(4, k -> quat.get(i, k)), at + " quat");
      close(row(c, prefix + "_size", i), v(3, k -> size.get(i, k)), at + " size");
    }
  }

  /** Kinematics, accelerations and sensors at MuJoCo's states (contacts off in every case). */
  private static void states(String name, JsonObject c, Model m) {
    JsonArray states = c.getAsJsonArray("states");
    for (int t = 0; t < states.size(); t++) {
      JsonObject s = states.get(t).getAsJsonObject();
      Data d = new Data(m);
      System.arraycopy(flat(s.getAsJsonArray("qpos")), 0, d.qpos, 0, m.nq());
      System.arraycopy(flat(s.getAsJsonArray("qvel")), 0, d.qvel, 0, m.nv());
      if (s.has("ctrl")) {
        System.arraycopy(flat(s.getAsJsonArray("ctrl")), 0, d.ctrl, 0, m.nu());
      }
      Step.forward(m, d);
      // with contacts off the step leaves the geoms' poses unplaced
      Kinematics.geoms(m, d);
      Kinematics.sites(m, d);
      String at = name + " state " + t;
      close(flat(s.getAsJsonArray("xpos")), d.xpos, at + " xpos");
      close(flat(s.getAsJsonArray("geom_xpos")), d.geomXpos, at + " geom_xpos");
      close(flat(s.getAsJsonArray("site_xpos")), d.siteXpos, at + " site_xpos");
      for (int i = 0; i < m.nbody(); i++) {
        int b = i;
        sameRotation(row(s, "xquat", i), v(4, k -> d.xquat[4 * b + k]), at + " xquat " + i);
      }
      if (s.has("sensordata")) {
        close(flat(s.getAsJsonArray("sensordata")), d.sensordata, at + " sensordata");
      }
      double[] want = flat(s.getAsJsonArray("qacc"));
      for (int k = 0; k < m.nv(); k++) {
        assertEquals(
            want[k], d.qacc[k], Math.max(tol, 1e-9) * (1 + Math.abs(want[k])), at + " qacc " + k);
      }
    }
  }

  private static void names(String name, JsonObject c, Model m) {
    assertEquals(strings(c, "body_name"), list(m.nbody(), m::bodyName), name + " bodies");
    assertEquals(strings(c, "jnt_name"), list(m.njnt(), m::jntName), name + " joints");
    assertEquals(strings(c, "geom_name"), list(m.ngeom(), m::geomName), name + " geoms");
    assertEquals(strings(c, "site_name"), list(m.nsite(), m::siteName), name + " sites");
    if (c.has("actuator_name")) {
      assertEquals(strings(c, "actuator_name"), list(m.nu(), m::actName), name + " actuators");
      assertEquals(strings(c, "sensor_name"), list(m.nsensor(), m::sensorName), name + " sensors");
      assertEquals(strings(c, "tendon_name"), list(m.ntendon(), m::tendonName), name + " tendons");
      for (int a = 0; a < m.nu(); a++) {
        int joint = c.getAsJsonArray("actuator_trnid").get(a).getAsJsonArray().get(0).getAsInt();
        assertEquals(joint, m.actJnt(a), name + " actuator " + a + " joint");
      }
      for (int i = 0; i < m.nsensor(); i++) {
        int obj = c.getAsJsonArray("sensor_objid").get(i).getAsInt();
        assertEquals(obj, m.sensorObj(i), name + " sensor " + i + " object");
      }
    }
  }

  private static List<String> strings(JsonObject c, String key) {
    List<String> out = new ArrayList<>();
    c.getAsJsonArray(key).forEach(e -> out.add(e.getAsString()));
    return out;
  }

  private static <T> List<T> list(int n, IntFunction<T> f) {
    List<T> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      out.add(f.apply(i));
    }
    return out;
  }

  private static double[] v(int n, IntToDoubleFunction f) {
    double[] out = new double[n];
    for (int i = 0; i < n; i++) {
      out[i] = f.applyAsDouble(i);
    }
    return out;
  }

  private static double[] row(JsonObject c, String key, int i) {
    return flat(c.getAsJsonArray(key).get(i).getAsJsonArray());
  }

  private static double[] flat(JsonArray a) {
    List<Double> out = new ArrayList<>();
    a.forEach(
        e -> {
          if (e.isJsonArray()) {
            for (double x : flat(e.getAsJsonArray())) {
              out.add(x);
            }
          } else {
            out.add(e.getAsDouble());
          }
        });
    return out.stream().mapToDouble(Double::doubleValue).toArray();
  }

  private static void close(double[] want, double[] got, String what) {
    assertEquals(want.length, got.length, what);
    for (int k = 0; k < want.length; k++) {
      assertEquals(want[k], got[k], tol * (1 + Math.abs(want[k])), what + "[" + k + "]");
    }
  }

  /** R diag(inertia) Rᵀ (9), R the rotation of quat. */
  private static double[] inertiaTensor(double[] quat, double[] inertia) {
    double[] r = new double[9];
    Quat.toMat(r, 0, quat, 0);
    double[] out = new double[9];
    for (int a = 0; a < 3; a++) {
      for (int b = 0; b < 3; b++) {
        for (int k = 0; k < 3; k++) {
          out[3 * a + b] += r[3 * a + k] * inertia[k] * r[3 * b + k];
        }
      }
    }
    return out;
  }

  /** Unit quaternions of the same rotation (q and −q). */
  private static void sameRotation(double[] want, double[] got, String what) {
    double dot = 0;
    for (int k = 0; k < 4; k++) {
      dot += want[k] * got[k];
    }
    double s = dot < 0 ? -1 : 1;
    for (int k = 0; k < 4; k++) {
      assertEquals(want[k], s * got[k], tol, what + "[" + k + "]");
    }
  }
}
