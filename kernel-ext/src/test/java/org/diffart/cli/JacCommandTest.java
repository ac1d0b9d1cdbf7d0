package org.diffart.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class JacCommandTest {
  static final String DIR = "../datasets/reference/derivatives314/";

  /** State {@code index} of a MuJoCo 3.14 reference file of derivatives314. */
  static JsonObject referenceState(String name, int index) throws IOException {
    return JsonParser.parseString(Files.readString(Path.of(DIR + name + ".json")))
        .getAsJsonObject()
        .getAsJsonArray("states")
        .get(index)
        .getAsJsonObject();
  }

  static double[][] matrix(JsonElement e) {
    JsonArray rows = e.getAsJsonArray();
    double[][] a = new double[rows.size()][];
    for (int i = 0; i < a.length; i++) {
      a[i] =
          rows.get(i).getAsJsonArray().asList().stream()
              .mapToDouble(x -> x.getAsDouble())
              .toArray();
    }
    return a;
  }

  static String csv(JsonElement e) {
    return Cli.csv(
        e.getAsJsonArray().asList().stream().mapToDouble(x -> x.getAsDouble()).toArray());
  }

  private static JsonObject mujoco(JsonObject state, String kind, String name) {
    for (JsonElement j : state.getAsJsonArray("jacobians")) {
      JsonObject o = j.getAsJsonObject();
      if (o.get("kind").getAsString().equals(kind) && o.get("name").getAsString().equals(name)) {
        return o;
      }
    }
    throw new AssertionError(kind + " " + name + " not in the reference");
  }

  private static void assertClose(double[][] ref, double[][] ours) {
    assertEquals(ref.length, ours.length);
    for (int i = 0; i < ref.length; i++) {
      assertArrayEquals(ref[i], ours[i], 1e-12);
    }
  }

  @Test
  void aSitesJacobianIsMujocosJacSiteInItsShape() throws IOException {
    JsonObject s = referenceState("floating", 1);
    Cli.Outcome r =
        Cli.run(
            "jac",
            "--model",
            DIR + "floating.xml",
            "--site",
            "end",
            "--qpos",
            csv(s.get("qpos")),
            "--json");
    assertEquals(0, r.code(), r.err());
    JsonObject o = r.json();
    assertEquals("site", o.get("frame").getAsString());
    assertEquals("tip", o.get("body").getAsString());
    assertEquals(10, o.get("nv").getAsInt());
    assertEquals("[3,10]", o.getAsJsonObject("shapes").get("jacp").toString());
    JsonObject ref = mujoco(s, "site", "end");
    assertClose(matrix(ref.get("jacp")), matrix(o.get("jacp")));
    assertClose(matrix(ref.get("jacr")), matrix(o.get("jacr")));
  }

  @Test
  void aBodysOriginCentreOfMassAndPointAreMujocosJacBodyJacBodyComAndJac() throws IOException {
    JsonObject s = referenceState("arm", 2);
    String qpos = csv(s.get("qpos"));
    String model = DIR + "arm.xml";
    Cli.Outcome body = Cli.run("jac", "--model", model, "--body", "fore", "--qpos", qpos, "--json");
    Cli.Outcome com =
        Cli.run("jac", "--model", model, "--body", "fore", "--com", "--qpos", qpos, "--json");
    JsonObject pointRef = mujoco(s, "point", "hand");
    Cli.Outcome point =
        Cli.run(
            "jac",
            "--model",
            model,
            "--body",
            "hand",
            "--point",
            csv(pointRef.get("point")),
            "--qpos",
            qpos,
            "--json");
    assertEquals(0, body.code(), body.err());
    assertEquals("body", body.json().get("frame").getAsString());
    assertEquals("body_com", com.json().get("frame").getAsString());
    assertEquals("point", point.json().get("frame").getAsString());
    assertClose(matrix(mujoco(s, "body", "fore").get("jacp")), matrix(body.json().get("jacp")));
    assertClose(matrix(mujoco(s, "body_com", "fore").get("jacp")), matrix(com.json().get("jacp")));
    assertClose(matrix(pointRef.get("jacp")), matrix(point.json().get("jacp")));
    assertClose(matrix(pointRef.get("jacr")), matrix(point.json().get("jacr")));
    assertFalse(body.out().equals(com.out()));
  }

  @Test
  void theTextNamesWhatItShows() {
    Cli.Outcome r = Cli.run("jac", "--model", DIR + "arm.xml", "--site", "tip");
    assertEquals(0, r.code(), r.err());
    assertTrue(r.out().startsWith("jacobian of site tip of derivative_arm at ("), r.out());
    assertTrue(r.out().contains("jacp (3 x nv, translation) ="), r.out());
  }

  @Test
  void badTargetsAndPointsAreUsageErrorsNamingTheirOption() {
    String model = DIR + "arm.xml";
    Cli.Outcome body = Cli.run("jac", "--model", model, "--body", "tail");
    assertEquals(2, body.code());
    assertTrue(
        body.err().contains("--body: unknown body 'tail' of model derivative_arm; bodies: [world,"),
        body.err());
    Cli.Outcome site = Cli.run("jac", "--model", model, "--site", "nose");
    assertTrue(site.err().contains("--site: unknown site 'nose'"), site.err());
    Cli.Outcome short2 = Cli.run("jac", "--model", model, "--body", "hand", "--point", "1,2");
    assertEquals(2, short2.code());
    assertTrue(
        short2.err().contains("--point needs exactly 3 values (x, y, z in the world frame), got 2"),
        short2.err());
    Cli.Outcome both = Cli.run("jac", "--model", model, "--body", "hand", "--site", "tip");
    assertTrue(both.err().contains("give exactly one of --body NAME or --site NAME"), both.err());
    Cli.Outcome neither = Cli.run("jac", "--model", model);
    assertEquals(2, neither.code());
    Cli.Outcome sitePoint = Cli.run("jac", "--model", model, "--site", "tip", "--point", "0,0,0");
    assertTrue(sitePoint.err().contains("--point and --com go with --body"), sitePoint.err());
  }
}
