package org.diffart.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KernelCommandTest {

  @Test
  void installWritesTheKernelspecUnderThePrefix(@TempDir Path dir) throws Exception {
    Path jar = Files.writeString(dir.resolve("diffart-all.jar"), "a jar");
    Path prefix = dir.resolve("prefix");

    Cli.Outcome r =
        Cli.run(
            "kernel", "install", "--prefix", prefix.toString(), "--jar", jar.toString(), "--json");

    assertEquals(0, r.code(), r.err());
    Path spec = prefix.resolve("share/jupyter/kernels/diffart");
    assertEquals(spec.toString(), r.json().get("path").getAsString());
    assertEquals("diffart", r.json().get("name").getAsString());
    assertTrue(
        Files.readString(spec.resolve("kernel.json"))
            .contains("org.diffart.kernel.jupyter.KernelMain"));
    assertEquals("a jar", Files.readString(spec.resolve("diffart-kernel.jar")));
  }

  @Test
  void userAndPrefixExcludeEachOther(@TempDir Path dir) {
    Cli.Outcome r = Cli.run("kernel", "install", "--user", "--prefix", dir.toString());

    assertEquals(2, r.code());
    assertTrue(r.err().contains("mutually exclusive"), r.err());
  }

  @Test
  void outsideAJarTheJarMustBeGiven(@TempDir Path dir) {
    Cli.Outcome r = Cli.run("kernel", "install", "--prefix", dir.toString());

    assertEquals(2, r.code());
    assertTrue(r.err().contains("pass --jar J"), r.err());
  }
}
