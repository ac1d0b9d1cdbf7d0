package org.diffart.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TransitionCommandTest {

  private static double[][] matrix(JsonObject o, String key) {
    JsonArray rows = o.getAsJsonArray(key);
    double[][] a = new double[rows.size()][];
    for (int i = 0; i < a.length; i++) {
      a[i] =
          rows.get(i).getAsJsonArray().asList().stream()
              .mapToDouble(e -> e.getAsDouble())
              .toArray();
    }
    return a;
  }

  @Test
  void finiteDifferencesAndExactAgreeInMujocosLayout() {
    Cli.Outcome fd = Cli.run("transition", "--model", "builtin:humanoid", "--centered", "--json");
    Cli.Outcome exact =
        Cli.run("transition", "--model", "builtin:humanoid", "--method", "adjoint", "--json");
    assertEquals(0, fd.code(), fd.err());
    assertEquals(0, exact.code(), exact.err());
    JsonObject f = fd.json(), e = exact.json();
    int nv = 27;
    assertEquals(2 * nv, f.get("nx").getAsInt());
    double[][] af = matrix(f, "A"), ae = matrix(e, "A"), bf = matrix(f, "B"), be = matrix(e, "B");
    assertEquals(2 * nv, af.length);
    assertEquals(2 * nv, af[0].length);
    assertEquals(f.get("nu").getAsInt(), bf[0].length);
    assertEquals(0, f.getAsJsonArray("C").size());
    double err = 0;
    for (int i = 0; i < 2 * nv; i++) {
      for (int j = 0; j < 2 * nv; j++) {
        err = Math.max(err, Math.abs(af[i][j] - ae[i][j]));
      }
      for (int j = 0; j < bf[i].length; j++) {
        err = Math.max(err, Math.abs(bf[i][j] - be[i][j]));
      }
    }
    assertTrue(err < 1e-5, "max |A_fd - A_exact|, |B_fd - B_exact| = " + err);
  }

  @Test
  void theStateHoldsTheActivationsAndCAndDTheSensors() {
    // actuators.xml: na = 4 activation states; sensors.xml: 149 sensor values
    Cli.Outcome act =
        Cli.run("transition", "--model", "../datasets/reference/models/actuators.xml", "--json");
    assertEquals(0, act.code(), act.err());
    JsonObject a = act.json();
    assertEquals(matrix(a, "A").length, a.get("nx").getAsInt(), "nx = 2 nv + na");
    assertEquals(matrix(a, "A").length, matrix(a, "A")[0].length);
    Cli.Outcome sen =
        Cli.run("transition", "--model", "../datasets/reference/models/sensors.xml", "--json");
    assertEquals(0, sen.code(), sen.err());
    JsonObject s = sen.json();
    assertEquals(149, s.getAsJsonArray("C").size(), "a row of C per sensor value");
    assertEquals(s.get("nx").getAsInt(), matrix(s, "C")[0].length);
    assertEquals(s.get("nu").getAsInt(), matrix(s, "D")[0].length);
    // by the adjoint: every sensor of it has one, so C and D have their rows
    Cli.Outcome exact =
        Cli.run(
            "transition",
            "--model",
            "../datasets/reference/models/sensors.xml",
            "--method",
            "adjoint",
            "--json");
    assertEquals(0, exact.code(), exact.err());
    assertEquals(149, exact.json().getAsJsonArray("C").size());
  }

  /**
   * The swimmer's sensors: frame positions on geoms, axes of a body, a velocimeter and a gyro on a
   * site; the quadruped's: its twenty rangefinders on the floor among accelerometers, force, torque
   * and touch sensors.
   */
  @ParameterizedTest
  @ValueSource(strings = {"swimmer", "quadruped"})
  void theAdjointsCAndDEqualCentralDifferences(String name) {
    String model = "../datasets/models/dm_control/" + name + ".xml";
    Cli.Outcome fd = Cli.run("transition", "--model", model, "--centered", "--json");
    Cli.Outcome exact = Cli.run("transition", "--model", model, "--method", "adjoint", "--json");
    assertEquals(0, exact.code(), exact.err());
    double[][] cf = matrix(fd.json(), "C"), ce = matrix(exact.json(), "C");
    assertTrue(ce.length > 0 && ce.length == cf.length, "rows of C: " + ce.length);
    double err = 0, scale = 0;
    for (int i = 0; i < cf.length; i++) {
      for (int j = 0; j < cf[i].length; j++) {
        err = Math.max(err, Math.abs(cf[i][j] - ce[i][j]));
        scale = Math.max(scale, Math.abs(cf[i][j]));
      }
    }
    assertTrue(scale > 0.1 && err < 1e-5 * scale, "max |C_fd - C_exact| = " + err + " of " + scale);
  }

  @Test
  void badMethodIsAUsageError() {
    Cli.Outcome r = Cli.run("transition", "--model", "builtin:pendulum:2", "--method", "tape");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("unknown --method 'tape'; available: fd, adjoint"), r.err());
  }

  @Test
  void historyIsRefusedAsMujocoRefusesItUnlessItsBuffersJoinTheState() {
    String arm = "../datasets/reference/history314/delayed_arm.xml";
    Cli.Outcome refused = Cli.run("transition", "--model", arm, "--json");
    assertTrue(refused.code() != 0, "refused");
    assertTrue(refused.err().contains("delays are not supported"), refused.err());
    Cli.Outcome r =
        Cli.run(
            "transition",
            "--model",
            arm,
            "--history",
            "--history-init",
            "filled",
            "--method",
            "adjoint",
            "--json");
    assertEquals(0, r.code(), r.err());
    JsonObject o = r.json();
    // 2 nv + na = 6, and the buffers' 36 sample values: motors 4 + 5 + 8, sensors 3 + 3 + 4 + 2×3 +
    // 3
    assertEquals(42, o.get("nx").getAsInt());
    assertEquals(42, matrix(o, "A")[0].length);
    assertEquals(42, o.getAsJsonArray("state").size());
    assertEquals("h m1[0]", o.getAsJsonArray("state").get(6).getAsString());
    assertEquals("h framepos3[1].z", o.getAsJsonArray("state").get(38).getAsString());
  }
}
