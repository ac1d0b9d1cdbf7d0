package org.diffart.sim.io;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ModelFormatExceptionTest {

  @Test
  void messageIsFileLineElementThenDetail() {
    ModelFormatException e =
        new ModelFormatException("robot.xml", 12, "joint", "unknown attribute 'x'");
    assertEquals("robot.xml:12: joint: unknown attribute 'x'", e.getMessage());
    assertEquals("robot.xml", e.file());
    assertEquals(12, e.line());
    assertEquals("joint", e.element());
    assertEquals("unknown attribute 'x'", e.detail());
  }
}
