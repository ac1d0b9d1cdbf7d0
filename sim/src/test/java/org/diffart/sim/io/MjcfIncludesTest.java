package org.diffart.sim.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code <include>} with MuJoCo 2.2.2's rules, on the probe files that showed them ({@code
 * datasets/reference/probes/include/}, results in {@code mujoco-222-semantics.md} §13).
 */
class MjcfIncludesTest {
  private static Path probe(String name) {
    return ReferenceFiles.repoRoot().resolve("datasets/reference/probes/include/" + name);
  }

  @Test
  void nestedIncludesResolveAgainstTheMainFilesDirectory() {
    Model m = MjcfLoader.load(probe("main.xml"));
    // sub/a.xml sets the time step and includes "b.xml": MuJoCo reads include/b.xml (-2), not
    // include/sub/b.xml (-1)
    assertEquals(0.005, m.opt().timestep());
    assertArrayEquals(new double[] {0, 0, -2}, m.opt().gravity());
    // the body included inside <worldbody> from a file whose top element is not <mujoco>
    assertEquals(2, m.nbody());
    assertEquals(1, m.nq());
  }

  @Test
  void aFileIncludedTwiceIsRefusedAtTheSecondInclude() {
    ModelFormatException e =
        TestModels.assertFormatError(
            () -> MjcfLoader.load(probe("twice.xml")),
            "twice.xml",
            2,
            "include",
            "file 'b.xml' is already included (at ");
    assertTrue(e.detail().contains("twice.xml:2"), e.getMessage());
  }

  @Test
  void aFileIncludingItselfIsACycle() {
    TestModels.assertFormatError(
        () -> MjcfLoader.load(probe("cycle.xml")),
        "cycle.xml",
        2,
        "include",
        "is the main file: including it is a cycle");
  }

  @Test
  void aMissingFileIsNamedWithTheIncludingLine() {
    TestModels.assertFormatError(
        () -> MjcfLoader.load(probe("missing.xml")),
        "missing.xml",
        2,
        "include",
        "included file 'nothere.xml' not found");
  }

  @Test
  void anIncludeHasNoChildren() {
    TestModels.assertFormatError(
        () -> MjcfLoader.load(probe("children.xml")),
        "children.xml",
        2,
        "include",
        "cannot have children");
  }

  @Test
  void errorsInsideAnIncludedFileNameThatFile(@TempDir Path dir) throws IOException {
    Files.writeString(
        dir.resolve("main.xml"),
        "<mujoco>\n  <worldbody>\n    <include file=\"parts.xml\"/>\n"
            + "  </worldbody>\n</mujoco>\n");
    Files.writeString(
        dir.resolve("parts.xml"),
        "<mujoco>\n  <body>\n    <joint bogus=\"1\"/>\n  </body>\n" + "</mujoco>\n");
    TestModels.assertFormatError(
        () -> MjcfLoader.load(dir.resolve("main.xml")),
        "parts.xml",
        3,
        "joint",
        "unknown or unsupported attribute 'bogus'");
  }

  @Test
  void aCycleThroughTwoFilesEndsAtTheSecondVisit(@TempDir Path dir) throws IOException {
    Files.writeString(
        dir.resolve("main.xml"), "<mujoco>\n  <include file=\"a.xml\"/>\n</mujoco>\n");
    Files.writeString(dir.resolve("a.xml"), "<mujoco>\n  <include file=\"b.xml\"/>\n</mujoco>\n");
    Files.writeString(dir.resolve("b.xml"), "<mujoco>\n\n  <include file=\"a.xml\"/>\n</mujoco>\n");
    TestModels.assertFormatError(
        () -> MjcfLoader.load(dir.resolve("main.xml")),
        "b.xml",
        3,
        "include",
        "file 'a.xml' is already included (at ");
  }

  @Test
  void aNestedNameRelativeToTheIncludingFileGetsAHint(@TempDir Path dir) throws IOException {
    Files.createDirectories(dir.resolve("sub"));
    Files.writeString(
        dir.resolve("main.xml"), "<mujoco>\n  <include file=\"sub/a.xml\"/>\n</mujoco>\n");
    Files.writeString(
        dir.resolve("sub/a.xml"), "<mujoco>\n  <include file=\"b.xml\"/>\n</mujoco>\n");
    Files.writeString(dir.resolve("sub/b.xml"), "<mujoco/>\n");
    ModelFormatException e =
        TestModels.assertFormatError(
            () -> MjcfLoader.load(dir.resolve("main.xml")),
            "a.xml",
            2,
            "include",
            "included file 'b.xml' not found");
    assertTrue(
        e.detail().contains("resolves every include against the main file's directory"),
        e.getMessage());
  }
}
