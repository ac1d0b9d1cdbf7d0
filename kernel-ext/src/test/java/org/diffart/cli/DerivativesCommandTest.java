package org.diffart.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class DerivativesCommandTest {
  private static double relative(double[][] ref, double[][] ours) {
    double err = 0, scale = 1;
    for (int i = 0; i < ref.length; i++) {
      assertEquals(ref[i].length, ours[i].length);
      for (int j = 0; j < ref[i].length; j++) {
        err = Math.max(err, Math.abs(ref[i][j] - ours[i][j]));
        scale = Math.max(scale, Math.abs(ref[i][j]));
      }
    }
    return err / scale;
  }

  @Test
  void qDerivIsMujocosAndTheMatricesHaveTheirNamedShapes() throws IOException {
    JsonObject s = JacCommandTest.referenceState("floating", 0);
    Cli.Outcome r =
        Cli.run(
            "derivatives",
            "--model",
            JacCommandTest.DIR + "floating.xml",
            "--qpos",
            JacCommandTest.csv(s.get("qpos")),
            "--qvel",
            JacCommandTest.csv(s.get("qvel")),
            "--ctrl",
            JacCommandTest.csv(s.get("ctrl")),
            "--json");
    assertEquals(0, r.code(), r.err());
    JsonObject o = r.json();
    assertEquals("adjoint", o.get("method").getAsString());
    assertEquals(
        "{\"dqfrc_smooth_dqvel\":[10,10],\"dqacc_dqpos\":[10,10],\"dqacc_dqvel\":[10,10],"
            + "\"dqacc_dact\":[10,0],\"dqacc_dctrl\":[10,2]}",
        o.getAsJsonObject("shapes").toString());
    double[][] qDeriv = JacCommandTest.matrix(o.get("dqfrc_smooth_dqvel"));
    double err = relative(JacCommandTest.matrix(s.get("qDeriv_implicit")), qDeriv);
    assertTrue(err < 1e-10, "from MuJoCo's qDeriv: " + err);
    assertEquals(10, JacCommandTest.matrix(o.get("dqacc_dctrl")).length);
    assertEquals(2, JacCommandTest.matrix(o.get("dqacc_dctrl"))[0].length);
  }

  @Test
  void theAdjointEqualsCentralDifferences() {
    String model = JacCommandTest.DIR + "arm.xml";
    String[] state = {
      "--qpos", "0.3,-0.4,0.05", "--qvel", "1,-2,0.5", "--ctrl", "0.2,0.1,-0.3,0.4", "--act", "0.6"
    };
    Cli.Outcome exact =
        Cli.run(concat(new String[] {"derivatives", "--model", model, "--json"}, state));
    Cli.Outcome fd =
        Cli.run(
            concat(
                new String[] {"derivatives", "--model", model, "--method", "fd", "--json"}, state));
    assertEquals(0, fd.code(), fd.err());
    assertEquals("fd", fd.json().get("method").getAsString());
    for (String key :
        new String[] {
          "dqfrc_smooth_dqvel", "dqacc_dqpos", "dqacc_dqvel", "dqacc_dact", "dqacc_dctrl"
        }) {
      double[][] a = JacCommandTest.matrix(exact.json().get(key)),
          f = JacCommandTest.matrix(fd.json().get(key));
      assertEquals(3, a.length, key);
      double err = relative(f, a);
      assertTrue(err < 1e-6, key + ": |adjoint - fd| = " + err);
    }
  }

  private static String[] concat(String[] a, String[] b) {
    String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
    System.arraycopy(b, 0, out, a.length, b.length);
    return out;
  }

  @Test
  void badMethodAndEpsAreUsageErrors() {
    Cli.Outcome r = Cli.run("derivatives", "--model", "builtin:pendulum:2", "--method", "tape");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("unknown --method 'tape'; available: fd, adjoint"), r.err());
    Cli.Outcome e =
        Cli.run("derivatives", "--model", "builtin:pendulum:2", "--method", "fd", "--eps", "0");
    assertEquals(2, e.code());
    assertTrue(e.err().contains("--eps must be > 0, got 0.0"), e.err());
  }
}
