package org.diffart.sim.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The small files of a MuJoCo 3.14 probe's {@code cases.json} ({@code xml}, and {@code error} where
 * MuJoCo refused it) that diffart must refuse.
 */
final class Mujoco314Cases {
  private static final Pattern LINE = Pattern.compile("line (\\d+)");

  private Mujoco314Cases() {}

  /** What a test checks of a case that loads: returns whether it compared it with MuJoCo's. */
  interface Compiled {
    boolean check(String name, JsonObject want, org.diffart.sim.model.Model m);
  }

  /**
   * Every case of {@code cases}: those MuJoCo refused or {@code refusals} names are refused ({@link
   * #assertRefused}, with the words {@code refusals} gives); each other one is loaded and handed to
   * {@code compiled} with MuJoCo's {@code compiled} object.
   *
   * @return the numbers of cases compared and refused
   */
  static int[] check(JsonObject cases, java.util.Map<String, String> refusals, Compiled compiled) {
    int compared = 0, refused = 0;
    for (String name : cases.keySet()) {
      JsonObject c = cases.getAsJsonObject(name);
      if (c.has("error") || refusals.containsKey(name)) {
        assertRefused(name, c, refusals.get(name));
        refused++;
      } else if (compiled.check(
          name,
          c.getAsJsonObject("compiled"),
          MjcfLoader.loadString(c.get("xml").getAsString(), name + ".xml"))) {
        compared++;
      }
    }
    return new int[] {compared, refused};
  }

  /**
   * Asserts that case {@code name} fails to load with a {@link ModelFormatException} naming its
   * file, whose detail holds {@code words} (null: MuJoCo's own words, {@link #mujocoWords}), at
   * MuJoCo's line where MuJoCo refused it.
   */
  static void assertRefused(String name, JsonObject c, String words) {
    String xml = c.get("xml").getAsString();
    String fragment = words != null ? words : mujocoWords(c.get("error").getAsString());
    ModelFormatException e =
        assertThrows(
            ModelFormatException.class,
            () -> MjcfLoader.loadString(xml, name + ".xml"),
            name + " should be refused");
    assertTrue(e.detail().contains(fragment), name + ": '" + fragment + "' not in " + e);
    assertTrue(e.file().endsWith(name + ".xml"), name + ": " + e);
    if (c.has("error")) {
      Matcher line = LINE.matcher(c.get("error").getAsString());
      assertTrue(line.find());
      assertEquals(Integer.parseInt(line.group(1)), e.line(), name + ": " + e);
    }
  }

  /**
   * MuJoCo's message without its prefix and the element it names: "kv cannot be negative" from
   * "Error: kv cannot be negative in actuator 0", likewise before " for actuator" and ", actuator".
   */
  static String mujocoWords(String error) {
    String first = error.split("\n")[0].replaceFirst("^(XML )?Error: ", "");
    for (String tail : new String[] {" in actuator", " for actuator", ", actuator"}) {
      int at = first.indexOf(tail);
      if (at > 0) {
        first = first.substring(0, at);
      }
    }
    return first;
  }
}
