package org.diffart.sim.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.api.Test;

/**
 * MuJoCo 3's mesh {@code maxhullvert} against MuJoCo 3.14
 * (datasets/reference/elements314/hull.json, made by probes/elements_314.py; semantics § 7): the
 * values 3.14 refuses are refused; those with which 3.14 cuts the convex hull short are refused by
 * name, since diffart's hull is always whole; the others load the same model as no maxhullvert,
 * from the mesh element or its default class.
 */
class MjcfMaxhullvertTest {
  @Test
  void acceptsWhatLeavesTheHullWholeAndRefusesTheRest() {
    JsonObject cases = ReferenceFiles.json("elements314/hull").getAsJsonObject("cases");
    int accepted = 0, reduced = 0, invalid = 0;
    for (String name : cases.keySet()) {
      JsonObject c = cases.getAsJsonObject(name);
      String mesh = name.substring(0, name.indexOf('_'));
      int full = cases.getAsJsonObject(mesh + "_absent").get("hull_vert").getAsInt();
      String xml = c.get("xml").getAsString();
      if (c.has("error")) {
        invalid++;
        ModelFormatException ex =
            assertThrows(ModelFormatException.class, () -> MjcfLoader.loadString(xml, "h.xml"));
        assertTrue(
            ex.getMessage().contains("attribute 'maxhullvert' must be -1 or larger than 3"),
            name + ": " + ex.getMessage());
      } else if (c.get("hull_vert").getAsInt() < full) {
        reduced++;
        ModelFormatException ex =
            assertThrows(ModelFormatException.class, () -> MjcfLoader.loadString(xml, "h.xml"));
        // our full hull has MuJoCo's vertex count
        assertTrue(
            ex.getMessage().contains("convex hull of " + full + " vertices"),
            name + ": " + ex.getMessage());
      } else {
        accepted++;
        Model m = MjcfLoader.loadString(xml, "h.xml");
        Model whole =
            MjcfLoader.loadString(
                cases.getAsJsonObject(mesh + "_absent").get("xml").getAsString(), "h.xml");
        ModelComparison.assertSameCompiledModel(whole, m);
      }
    }
    assertEquals(6, invalid);
    assertEquals(10, reduced);
    assertEquals(14, accepted);
  }
}
