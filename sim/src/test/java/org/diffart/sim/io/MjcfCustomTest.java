package org.diffart.sim.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.util.Map;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.api.Test;

/**
 * {@code <custom>} against MuJoCo 3.14 (datasets/reference/mjcf3_314/custom.json, made by
 * probes/mjcf3_314.py): every case MuJoCo compiles gives the same numeric, text and tuple arrays,
 * every case it refuses is refused with the file, line and what is wrong.
 */
class MjcfCustomTest {
  private static JsonObject reference() {
    return ReferenceFiles.json("mjcf3_314/custom");
  }

  /** What our refusal names for each case MuJoCo refuses. */
  private static final Map<String, String> REFUSALS =
      Map.ofEntries(
          Map.entry("numeric_too_much_data", "attribute 'data' has 2 values, more than its size 1"),
          Map.entry("numeric_neither", "attribute 'size' must be between 1 and 500"),
          Map.entry("numeric_size_zero", "attribute 'size' must be between 1 and 500, got 0"),
          Map.entry("numeric_size_501", "attribute 'size' must be between 1 and 500, got 501"),
          Map.entry("numeric_no_name", "required attribute 'name' is missing"),
          Map.entry("numeric_repeated", "repeated numeric name 'n'"),
          Map.entry("numeric_bad_number", "attribute 'data': 'x' is not a number"),
          Map.entry("text_empty", "attribute 'data' cannot be empty"),
          Map.entry("text_absent", "attribute 'data' cannot be empty"),
          Map.entry("text_no_name", "required attribute 'name' is missing"),
          Map.entry("tuple_empty", "tuple 'u' is empty"),
          Map.entry("tuple_unknown_object", "tuple 'u': no body named 'nope'"),
          Map.entry("tuple_unknown_type", "attribute 'objtype': 'bogus' is not one of"),
          Map.entry("tuple_no_objname", "required attribute 'objname' is missing"),
          Map.entry("tuple_no_name", "required attribute 'name' is missing"));

  @Test
  void customDataIsWhatMujoco314Makes() throws IOException {
    JsonObject ref = reference();
    String world = ref.get("world").getAsString();
    JsonObject cases = ref.getAsJsonObject("cases");
    int compiled = 0, refused = 0;
    for (String name : cases.keySet()) {
      JsonObject c = cases.getAsJsonObject(name);
      String xml =
          "<mujoco>" + world + "\n<custom>" + c.get("custom").getAsString() + "</custom></mujoco>";
      if (c.has("error")) {
        refused++;
        ModelFormatException ex =
            assertThrows(
                ModelFormatException.class, () -> MjcfLoader.loadString(xml, "c.xml"), name);
        assertTrue(ex.getMessage().startsWith("c.xml:2: "), name + ": " + ex.getMessage());
        String want = REFUSALS.get(name);
        assertTrue(want != null && ex.getMessage().contains(want), name + ": " + ex.getMessage());
        continue;
      }
      compiled++;
      Model m = MjcfLoader.loadString(xml, "c.xml");
      JsonArray names = c.getAsJsonArray("numeric_name");
      assertEquals(names.size(), m.nnumeric(), name);
      for (int i = 0; i < m.nnumeric(); i++) {
        String n = names.get(i).getAsString();
        assertEquals(n, m.numericName(i), name);
        assertEquals(i, m.numericId(n));
        int adr = c.getAsJsonArray("numeric_adr").get(i).getAsInt();
        int size = c.getAsJsonArray("numeric_size").get(i).getAsInt();
        assertEquals(size, m.numericSize(i), name);
        double[] want = new double[size];
        for (int k = 0; k < size; k++) {
          want[k] = c.getAsJsonArray("numeric_data").get(adr + k).getAsDouble();
        }
        assertArrayEquals(want, m.numeric(n), name);
      }
      assertEquals(c.getAsJsonArray("text_name").size(), m.ntext(), name);
      for (int i = 0; i < m.ntext(); i++) {
        String n = c.getAsJsonArray("text_name").get(i).getAsString();
        assertEquals(c.getAsJsonArray("text").get(i).getAsString(), m.text(n), name);
        assertEquals(i, m.textId(n));
      }
      assertEquals(c.getAsJsonArray("tuple_name").size(), m.ntuple(), name);
      for (int i = 0; i < m.ntuple(); i++) {
        assertEquals(i, m.tupleId(c.getAsJsonArray("tuple_name").get(i).getAsString()));
        int adr = c.getAsJsonArray("tuple_adr").get(i).getAsInt();
        assertEquals(c.getAsJsonArray("tuple_size").get(i).getAsInt(), m.tupleSize(i), name);
        for (int k = 0; k < m.tupleSize(i); k++) {
          assertEquals(
              c.getAsJsonArray("tuple_objtype").get(adr + k).getAsInt(), m.tupleObjType(i, k));
          assertEquals(c.getAsJsonArray("tuple_objid").get(adr + k).getAsInt(), m.tupleObjId(i, k));
          assertEquals(
              c.getAsJsonArray("tuple_objprm").get(adr + k).getAsDouble(), m.tupleObjPrm(i, k));
        }
      }
    }
    assertEquals(REFUSALS.size(), refused, "every refusal checked");
    assertTrue(compiled >= 8, "cases compiled: " + compiled);
  }

  @Test
  void lookupsByNameRefuseWhatIsNotThere() {
    Model m =
        MjcfLoader.loadString(
            "<mujoco><custom><numeric name=\"gains\" size=\"3\" data=\"0.5\"/></custom></mujoco>",
            "c.xml");
    assertArrayEquals(new double[] {0.5, 0, 0}, m.numeric("gains"));
    assertEquals(-1, m.numericId("nope"));
    assertThrows(IllegalArgumentException.class, () -> m.numeric("nope"));
    assertThrows(IllegalArgumentException.class, () -> m.text("nope"));
    // the copy is the caller's: the model keeps its values
    m.numeric("gains")[0] = 9;
    assertEquals(0.5, m.numeric(0)[0]);
  }

  @Test
  void kindsTheModelKeepsNoNamesOfAreRefusedByName() {
    ModelFormatException ex =
        assertThrows(
            ModelFormatException.class,
            () ->
                MjcfLoader.loadString(
                    "<mujoco><custom>\n<tuple name=\"u\"><element objtype=\"camera\" objname=\"c\"/>"
                        + "</tuple></custom></mujoco>",
                    "c.xml"));
    assertTrue(
        ex.getMessage()
            .startsWith("c.xml:2: element: attribute 'objtype': 'camera' is not supported"),
        ex.getMessage());
  }
}
