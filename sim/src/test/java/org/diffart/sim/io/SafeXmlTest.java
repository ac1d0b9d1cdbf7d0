package org.diffart.sim.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class SafeXmlTest {

  @Test
  void keepsTheLineOfEveryElementAndTheAttributeOrder() {
    XmlElement root =
        SafeXml.parseString(
            """
        <mujoco>
          <!-- a comment -->
          <worldbody>
            <body name="a" pos="1 2 3">
              <geom size="0.1"/>
            </body>
          </worldbody>
        </mujoco>
        """,
            "inline.xml");
    XmlElement body = root.children().get(0).children().get(0);
    assertEquals(1, root.line());
    assertEquals(3, root.children().get(0).line());
    assertEquals(4, body.line());
    assertEquals(5, body.children().get(0).line());
    assertEquals(List.of("name", "pos"), List.copyOf(body.attributeNames()));
    assertEquals("inline.xml", body.source());
  }

  @Test
  void refusesEntityDeclarationsBeforeExpandingThem() {
    String laughs =
        """
        <?xml version="1.0"?>
        <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
        <lolz>&lol2;</lolz>
        """;
    TestModels.assertFormatError(
        () -> SafeXml.parseString(laughs, "laughs.xml"),
        "laughs.xml",
        2,
        "!DOCTYPE",
        "document type declarations are refused");
  }

  @Test
  void refusesExternalEntitiesWithoutReadingThem() {
    String secret = TestModels.path("broken/xxe_secret.txt").toUri().toString();
    String xml =
        "<?xml version=\"1.0\"?>\n<!DOCTYPE mujoco [<!ENTITY s SYSTEM \""
            + secret
            + "\">]>\n"
            + "<mujoco model=\"&s;\"/>\n";
    ModelFormatException e =
        TestModels.assertFormatError(
            () -> SafeXml.parseString(xml, "xxe.xml"), "xxe.xml", 2, "!DOCTYPE", "refused");
    assertFalse(e.getMessage().contains("TOP-SECRET"), e.getMessage());
  }

  @Test
  void namesTheOpenElementOfMalformedXml() {
    TestModels.assertFormatError(
        () ->
            SafeXml.parseString("<mujoco>\n  <worldbody>\n    <body>\n  </worldbody>\n", "bad.xml"),
        "bad.xml",
        4,
        "body",
        "malformed XML");
  }

  @Test
  void readsNumbersStrictly() {
    XmlElement e =
        SafeXml.parseString(
            "<g a=\" .5 -2. 3e-2\t+4 \" nan=\"NaN\" inf=\"1e999\" hex=\"0x10\""
                + " suffix=\"1f\" int=\"7\" real=\"7.5\"/>",
            "n.xml");
    assertArrayEquals(new double[] {0.5, -2, 0.03, 4}, e.numbers("a", 4), 0);
    for (String bad : new String[] {"nan", "inf", "hex", "suffix"}) {
      assertThrows(ModelFormatException.class, () -> e.numbers(bad, 1), bad);
    }
    assertEquals(7, e.integer("int", 0));
    TestModels.assertFormatError(
        () -> e.integer("real", 0), "n.xml", 1, "g", "'7.5' is not an integer");
    TestModels.assertFormatError(
        () -> e.numbers("a", 3), "n.xml", 1, "g", "needs 3 numbers, got 4");
  }
}
