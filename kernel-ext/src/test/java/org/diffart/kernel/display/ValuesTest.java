package org.diffart.kernel.display;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.spencerpark.jupyter.kernel.display.Renderer;
import io.github.spencerpark.jupyter.kernel.display.mime.MIMEType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Plain values read as values: no {@code [D@2eefb4a4} for any array, list or record of them. */
class ValuesTest {
  private record Pair(String name, double[] values) {}

  private final Renderer renderer = new Renderer();

  ValuesTest() {
    Displays.register(renderer);
  }

  private String shown(Object v) {
    return (String) renderer.render(v).getData(MIMEType.TEXT_PLAIN);
  }

  @Test
  void arraysShowTheirTypeLengthAndEntries() {
    assertEquals("double[3] [1, 0.5, 1.23457e-05]", shown(new double[] {1, 0.5, 1.234567e-5}));
    assertEquals("int[2] [3, 4]", shown(new int[] {3, 4}));
    assertEquals("boolean[1] [true]", shown(new boolean[] {true}));
    assertEquals("String[2] [a, b]", shown(new String[] {"a", "b"}));
    double[] ramp = new double[20];
    for (int i = 0; i < ramp.length; i++) {
      ramp[i] = i;
    }
    assertEquals("double[20] [0, 1, 2, …, 18, 19] (20)", shown(ramp));
    assertEquals(
        "[double[2] [1, 2], double[1] [3]]", shown(List.of(new double[] {1, 2}, new double[] {3})));
    assertEquals("{q=double[1] [0.25]}", shown(Map.of("q", new double[] {0.25})));
    assertEquals(
        "Pair[name=x, values=double[2] [1, 2]]", shown(new Pair("x", new double[] {1, 2})));
    assertEquals("long[2][] [long[1] [1], long[0] []]", shown(new long[][] {{1}, {}}));
  }

  @Test
  void matricesShowRowByRowWithTheirShapeAndElideTheMiddle() {
    double[][] m = new double[30][3];
    for (int i = 0; i < 30; i++) {
      m[i] = new double[] {i, -i, 0.5 * i};
    }
    String text = shown(m);
    assertTrue(text.startsWith("double[30][3]\n"), text);
    assertTrue(text.contains("\n29  -29  14.5"), text);
    assertTrue(text.contains("…"), text);
    assertEquals(1 + Values.MAX_MATRIX, text.lines().count(), text);
    String html = (String) renderer.render(m).getData(MIMEType.TEXT_HTML);
    assertTrue(
        html.contains("<caption>double[30][3]</caption>") && html.contains(">14.5</td>"), html);
    for (Object v : List.of(m, new double[5], new float[2], List.of(new int[1]))) {
      assertFalse(shown(v).contains("@"), "no object identity: " + shown(v));
    }
  }

  /** A model or a state inside a list or record reads as what it is, not as an object identity. */
  @Test
  void modelsAndStatesInsideValuesReadAsThemselves() {
    org.diffart.sim.model.Model m = org.diffart.sim.io.ModelLoader.load("builtin:pendulum:2");
    org.diffart.sim.data.Data d = new org.diffart.sim.data.Data(m);
    d.time = 0.1 + 0.2;
    assertEquals("[Data[pendulum2: time 0.3 s, 0 steps, 0 contacts]]", shown(List.of(d)));
    assertEquals("[Model[pendulum2: nq=2 nv=2 nu=2 nbody=3 njnt=2 ngeom=4]]", shown(List.of(m)));
  }
}
