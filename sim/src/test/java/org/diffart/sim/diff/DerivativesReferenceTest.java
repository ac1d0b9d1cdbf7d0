package org.diffart.sim.diff;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The first two kinds of derivative against MuJoCo 3.14 (datasets/reference/derivatives314, made by
 * probes/derivatives_314.py) at three random states of a damped, actuated arm with a damped tendon
 * and of a floating base with a ball joint: every body's {@code mj_jacBody} and {@code
 * mj_jacBodyCom}, every site's {@code mj_jacSite} and one {@code mj_jac}; {@code qDeriv} of {@code
 * mjd_smooth_vel} with the bias term; and MuJoCo's central differences of {@code qacc_smooth}.
 */
class DerivativesReferenceTest {
  private static final Path DIR =
      ReferenceFiles.repoRoot().resolve("datasets/reference/derivatives314");

  private static JsonObject reference(String name) throws IOException {
    return JsonParser.parseString(Files.readString(DIR.resolve(name + ".json"))).getAsJsonObject();
  }

  private static double[][] matrix(JsonElement e) {
    JsonArray rows = e.getAsJsonArray();
    double[][] a = new double[rows.size()][];
    for (int i = 0; i < a.length; i++) {
      a[i] = ReferenceFiles.doubles(rows.get(i));
    }
    return a;
  }

  /**
   * The largest entry difference, relative to the larger of 1 and the reference's largest entry.
   */
  static double relative(double[][] ref, double[][] ours, String what) {
    assertEquals(ref.length, ours.length, what + ": rows");
    double err = 0, scale = 1;
    for (int i = 0; i < ref.length; i++) {
      assertEquals(ref[i].length, ours[i].length, what + ": columns");
      for (int j = 0; j < ref[i].length; j++) {
        err = Math.max(err, Math.abs(ref[i][j] - ours[i][j]));
        scale = Math.max(scale, Math.abs(ref[i][j]));
      }
    }
    return err / scale;
  }

  @ParameterizedTest
  @ValueSource(strings = {"arm", "floating"})
  void jacobiansEqualMujocosJacFamily(String name) throws IOException {
    JsonObject ref = reference(name);
    Model m = ModelLoader.load(DIR.resolve(name + ".xml").toString());
    assertEquals(ref.get("nv").getAsInt(), m.nv());
    double worst = 0;
    int checked = 0;
    for (JsonElement e : ref.getAsJsonArray("states")) {
      JsonObject s = e.getAsJsonObject();
      Data d = ReferenceFiles.state(m, s);
      for (JsonElement j : s.getAsJsonArray("jacobians")) {
        JsonObject r = j.getAsJsonObject();
        String kind = r.get("kind").getAsString(), n = r.get("name").getAsString();
        KinematicJacobian ours =
            switch (kind) {
              case "body" -> Derivatives.bodyJacobian(m, d, Derivatives.bodyId(m, n));
              case "body_com" -> Derivatives.bodyComJacobian(m, d, Derivatives.bodyId(m, n));
              case "site" -> Derivatives.siteJacobian(m, d, Derivatives.siteId(m, n));
              default ->
                  Derivatives.pointJacobian(
                      m, d, Derivatives.bodyId(m, n), ReferenceFiles.doubles(r.get("point")));
            };
        assertEquals(kind, ours.frame());
        worst = Math.max(worst, relative(matrix(r.get("jacp")), ours.translation(), kind + n));
        worst = Math.max(worst, relative(matrix(r.get("jacr")), ours.rotation(), kind + n));
        checked++;
      }
    }
    assertTrue(checked >= 3 * 7, name + ": " + checked + " Jacobians");
    assertTrue(worst < 1e-12, name + ": worst relative difference from mj_jac* " + worst);
  }

  @ParameterizedTest
  @ValueSource(strings = {"arm", "floating"})
  void qDerivEqualsMujocosSmoothVelWithTheBiasTerm(String name) throws IOException {
    JsonObject ref = reference(name);
    Model m = ModelLoader.load(DIR.resolve(name + ".xml").toString());
    double worst = 0, worstFd = 0, bias = 0;
    for (JsonElement e : ref.getAsJsonArray("states")) {
      JsonObject s = e.getAsJsonObject();
      SmoothDerivatives ours = Derivatives.smooth(m, ReferenceFiles.state(m, s));
      double[][] implicit = matrix(s.get("qDeriv_implicit"));
      worst = Math.max(worst, relative(implicit, ours.qfrcSmoothDqvel(), "qDeriv"));
      // the bias term matters: implicitfast's qDeriv (without it) is far from ours
      bias = Math.max(bias, relative(matrix(s.get("qDeriv_implicitfast")), implicit, "fast"));
      double[] qacc = ReferenceFiles.doubles(s.get("qacc_smooth"));
      for (int i = 0; i < m.nv(); i++) {
        assertEquals(qacc[i], ours.qaccSmooth()[i], 1e-10 * (1 + Math.abs(qacc[i])), "qacc");
      }
      // MuJoCo's own central differences of qacc_smooth in (q tangent, qvel, act, ctrl)
      double[][] fd = matrix(s.get("fd_qacc_smooth"));
      worstFd = Math.max(worstFd, relative(fd, joined(m, ours), "fd_qacc_smooth"));
    }
    assertTrue(worst < 1e-10, name + ": worst relative difference from qDeriv " + worst);
    assertTrue(bias > 1e-3, name + ": -∂qfrc_bias/∂qvel must matter, " + bias);
    assertTrue(worstFd < 1e-7, name + ": from MuJoCo's differences of qacc_smooth " + worstFd);
  }

  /** The four blocks side by side, as the probe's columns: nv × (2nv + na + nu). */
  static double[][] joined(Model m, SmoothDerivatives s) {
    int nv = m.nv(), na = m.na(), nu = m.nu();
    double[][] out = new double[nv][2 * nv + na + nu];
    for (int i = 0; i < nv; i++) {
      System.arraycopy(s.qaccDqpos()[i], 0, out[i], 0, nv);
      System.arraycopy(s.qaccDqvel()[i], 0, out[i], nv, nv);
      System.arraycopy(s.qaccDact()[i], 0, out[i], 2 * nv, na);
      System.arraycopy(s.qaccDctrl()[i], 0, out[i], 2 * nv + na, nu);
    }
    return out;
  }
}
