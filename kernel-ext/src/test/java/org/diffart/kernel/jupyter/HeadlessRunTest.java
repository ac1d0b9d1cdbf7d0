package org.diffart.kernel.jupyter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HeadlessRunTest {

  private static final String NOTEBOOK =
      """
      {"cells": [
        {"cell_type": "markdown", "metadata": {}, "source": "# title"},
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": null,
         "source": ["int a = 2;\\n", "a"]},
        {"cell_type": "code", "metadata": {}, "outputs": [], "execution_count": null, "source": "%s"}
      ], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
      """;

  @Test
  void codeCellsAreReadFromStringsAndLineLists() {
    assertEquals(
        List.of("int a = 2;\na", "a + 1"), HeadlessRun.codeCells(NOTEBOOK.formatted("a + 1")));
  }

  @Test
  void aNotebookPassesUntilACellFails(@TempDir Path dir) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
    PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8),
        e = new PrintStream(err, true, StandardCharsets.UTF_8);
    assertTrue(
        HeadlessRun.run(
            Files.writeString(dir.resolve("ok.ipynb"), NOTEBOOK.formatted("a + 1")), o, e));
    assertFalse(
        HeadlessRun.run(
            Files.writeString(dir.resolve("bad.ipynb"), NOTEBOOK.formatted("a.length()")), o, e));
    String said = err.toString(StandardCharsets.UTF_8);
    assertTrue(said.contains("bad.ipynb: code cell 2 of 2 failed"), said);
    assertTrue(said.contains("compile error at line 1: int cannot be dereferenced"), said);
    assertFalse(said.contains("\u001B["), "no terminal colour codes outside a terminal: " + said);
    assertTrue(out.toString(StandardCharsets.UTF_8).contains("ok.ipynb: 2 code cells ok"));
  }
}
