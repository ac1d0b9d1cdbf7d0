package org.diffart.sim.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.api.Test;

class BuiltinsTest {

  @Test
  void generatedPendulumEqualsItsMjcfFileInEveryCompiledArray() {
    Model generated = ModelLoader.load("builtin:pendulum:7");
    Model file =
        ModelLoader.load(ReferenceFiles.repoRoot().resolve("datasets/models/pendulum7.xml"));
    assertEquals(file.name(), generated.name());
    ModelComparison.assertSameCompiledModel(file, generated);
  }

  @Test
  void generatedFiftyLinkPendulumEqualsChain50() {
    ModelComparison.assertSameCompiledModel(
        ModelLoader.load("builtin:chain50"), Builtins.pendulum(50));
  }

  @Test
  void namesListEveryBuiltinAndEachLoads() {
    List<String> names = Builtins.names();
    assertEquals("pendulum:N", names.get(0));
    assertTrue(names.contains("laikago"), names.toString());
    for (String n : names.subList(1, names.size())) {
      assertTrue(ModelLoader.load("builtin:" + n).nv() > 0, n);
    }
    assertEquals(3, ModelLoader.load("builtin:pendulum:3").nv());
  }

  @Test
  void laikagoHasAFloatingBaseAndTwelveHinges() {
    Model m = ModelLoader.load("builtin:laikago");
    assertEquals(19, m.nq());
    assertEquals(18, m.nv());
    assertEquals(12, m.nu());
    assertEquals(25, m.totalMass(), 1e-12);
  }

  @Test
  void unknownNameListsTheAvailableOnes() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ModelLoader.load("builtin:quadcopter"));
    assertTrue(
        e.getMessage().startsWith("builtin:quadcopter: unknown built-in model"), e.getMessage());
    assertTrue(e.getMessage().contains("builtin:pendulum:N, builtin:laikago"), e.getMessage());
  }

  @Test
  void pendulumNeedsAPositiveNumberOfLinksAndFilesTakeNoArgument() {
    for (String bad :
        new String[] {
          "builtin:pendulum", "builtin:pendulum:x", "builtin:pendulum:0", "builtin:laikago:2"
        }) {
      assertThrows(IllegalArgumentException.class, () -> ModelLoader.load(bad), bad);
    }
  }
}
