package org.diffart.sim.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.api.Test;

/**
 * MuJoCo 3's soft-contact and collision {@code <option>} settings (the loader's option reader,
 * against datasets/reference/mjcf3_314/options.json, made by probes/mjcf3_314.py): accepted with
 * one model warning for the whole file, checked, and what has no reading refused by name.
 */
class MjcfOptionTest {
  private static JsonObject reference() {
    return ReferenceFiles.json("mjcf3_314/options");
  }

  private static List<String> softWarnings(Model m) {
    return m.warnings().stream().filter(w -> w.contains("soft-contact settings")).toList();
  }

  @Test
  void everySoftContactOptionIsAcceptedWithOneWarningNamingIt() throws IOException {
    JsonObject ref = reference();
    StringBuilder attrs = new StringBuilder();
    for (String a : MjcfSchema.SOFT_CONTACT_OPTIONS) {
      assertEquals("accepted", ref.getAsJsonObject("attributes").get(a).getAsString(), a);
      // MuJoCo 3.14's default values, as a file that spells them out gives them
      var d = ref.getAsJsonObject("defaults").get(a);
      String v =
          d.isJsonArray()
              ? String.join(
                  " ", d.getAsJsonArray().asList().stream().map(x -> fmt(x.getAsDouble())).toList())
              : fmt(d.getAsDouble());
      attrs.append(' ').append(a).append("=\"").append(v).append('"');
    }
    Model m =
        MjcfLoader.loadString(
            "<mujoco>\n<option"
                + attrs
                + "/>\n<option impratio=\"2\"><flag refsafe=\"disable\"/>"
                + "</option>\n<worldbody/></mujoco>",
            "soft.xml");
    List<String> w = softWarnings(m);
    assertEquals(1, w.size(), String.join("\n", m.warnings()));
    for (String a : MjcfSchema.SOFT_CONTACT_OPTIONS) {
      assertTrue(w.get(0).contains(" " + a + "=\""), a + ": " + w.get(0));
    }
    assertTrue(w.get(0).startsWith("soft.xml:2: option impratio=\"1\""), w.get(0));
    assertTrue(
        w.get(0)
            .contains("; soft.xml:3: option impratio=\"2\"; soft.xml:3: flag refsafe=\"disable\""),
        w.get(0));
    assertTrue(w.get(0).contains("hard constraints solved by projected Gauss-Seidel"), w.get(0));
  }

  private static String fmt(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e6 ? String.valueOf((long) v) : String.valueOf(v);
  }

  @Test
  void aFileWithoutThemHasNoSuchWarning() {
    Model m =
        MjcfLoader.loadString(
            "<mujoco><option timestep=\"0.01\"><flag refsafe=\"enable\" override=\"disable\"/>"
                + "</option><worldbody/></mujoco>",
            "x.xml");
    assertEquals(1, softWarnings(m).size(), "refsafe given");
    Model plain =
        MjcfLoader.loadString(
            "<mujoco><option timestep=\"0.01\"/><worldbody/></mujoco>", "plain.xml");
    assertTrue(softWarnings(plain).isEmpty(), String.join("\n", plain.warnings()));
  }

  @Test
  void badValuesAndOverrideAreRefusedByName() {
    Map<String, String> bad =
        Map.of(
            "<option o_solref=\"0.02 1 3\"/>", "attribute 'o_solref' needs 1 to 2 numbers",
            "<option o_solimp=\"a\"/>", "attribute 'o_solimp': 'a' is not a number",
            "<option o_friction=\"1 1 1 1 1 1\"/>", "attribute 'o_friction' needs 1 to 5",
            "<option ccd_iterations=\"-1\"/>", "ccd_iterations must be non-negative",
            "<option ccd_tolerance=\"-1e-6\"/>", "ccd_tolerance must be non-negative",
            "<option o_margin=\"-1\"/>", "o_margin must be non-negative",
            "<option sdf_initpoints=\"0\"/>", "sdf_initpoints must be at least 1",
            "<option><flag override=\"enable\"/></option>",
                "flag override=\"enable\" is not supported",
            "<option><flag refsafe=\"off\"/></option>", "attribute 'refsafe': 'off' is not one of");
    for (Map.Entry<String, String> e : bad.entrySet()) {
      ModelFormatException ex =
          assertThrows(
              ModelFormatException.class,
              () ->
                  MjcfLoader.loadString(
                      "<mujoco>\n" + e.getKey() + "<worldbody/></mujoco>", "bad.xml"),
              e.getKey());
      assertTrue(ex.getMessage().startsWith("bad.xml:2: "), ex.getMessage());
      assertTrue(ex.getMessage().contains(e.getValue()), ex.getMessage());
    }
  }

  /**
   * The Newton and CG solvers' settings (Menagerie's MJX files set {@code ls_iterations}) are
   * checked as MuJoCo 3.14 reads them (an integer; a number) and named in one warning.
   */
  @Test
  void solverSettingsAreIgnoredWithOneWarningThatNamesThem() {
    Model m =
        MjcfLoader.loadString(
            "<mujoco>\n<option solver=\"CG\" ls_iterations=\"6\" ls_tolerance=\"0.01\"/>"
                + "<worldbody/></mujoco>",
            "s.xml");
    List<String> w =
        m.warnings().stream().filter(x -> x.contains("projected Gauss-Seidel")).toList();
    assertEquals(1, w.size(), String.join("\n", m.warnings()));
    assertTrue(
        w.get(0).startsWith("s.xml:2: option solver=\"CG\" ls_iterations=\"6\" ls_tolerance="),
        w.get(0));
    ModelFormatException bad =
        assertThrows(
            ModelFormatException.class,
            () ->
                MjcfLoader.loadString(
                    "<mujoco><option ls_iterations=\"2.5\"/><worldbody/></mujoco>", "b.xml"));
    assertTrue(bad.getMessage().contains("ls_iterations"), bad.getMessage());
  }

  @Test
  void optionsMujoco314KnowsAndTheLoaderDoesNotAreRefusedByName() throws IOException {
    // jacobian, sleep_tolerance, actuatorgroupdisable
    assertEquals(
        3,
        refusedByName(
            reference().getAsJsonObject("attributes"), MjcfSchema.OPTION, "<option %s=\"1\"/>"));
    // spring, damper, clampctrl, warmstart, filterparent, midphase, autoreset, nativeccd, island,
    // fwdinv, invdiscrete, multiccd, sleep
    assertEquals(
        13,
        refusedByName(
            reference().getAsJsonObject("flags"),
            MjcfSchema.FLAG,
            "<option><flag %s=\"enable\"/></option>"));
  }

  /**
   * Loads {@code form} with each name MuJoCo 3.14 accepts and the loader does not know, requiring a
   * refusal that names it; the number of such names.
   */
  private static int refusedByName(JsonObject measured, java.util.Set<String> known, String form) {
    int refused = 0;
    for (String a : measured.keySet()) {
      if (!measured.get(a).getAsString().equals("accepted") || known.contains(a)) {
        continue;
      }
      refused++;
      String xml = "<mujoco>" + form.formatted(a) + "<worldbody/></mujoco>";
      ModelFormatException ex =
          assertThrows(ModelFormatException.class, () -> MjcfLoader.loadString(xml, "x.xml"), a);
      assertTrue(ex.getMessage().contains("'" + a + "'"), ex.getMessage());
    }
    return refused;
  }
}
