package org.diffart.kernel.jupyter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    assertEquals(List.of("int a = 2;\na", "a + 1"), HeadlessRun.codeCells(NOTEBOOK.formatted("a + 1")));
  }

  @Test
  void aNotebookPassesUntilACellFails(@TempDir Path dir) throws Exception {
    assertTrue(HeadlessRun.run(Files.writeString(dir.resolve("ok.ipynb"), NOTEBOOK.formatted("a + 1"))));
    assertFalse(HeadlessRun.run(Files.writeString(dir.resolve("bad.ipynb"), NOTEBOOK.formatted("a.length()"))));
  }
}
