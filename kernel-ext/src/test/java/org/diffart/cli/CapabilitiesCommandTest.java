package org.diffart.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CapabilitiesCommandTest {
  @Test
  void withoutVerifyEveryBackendListsItsClaimsUnverified() {
    Cli.Outcome r = Cli.run("capabilities", "--json");

    assertEquals(0, r.code(), r.err());
    JsonObject backends = r.json().getAsJsonObject("backends");
    assertTrue(backends.has("cpu") && backends.has("opencl"), backends.toString());
    JsonObject tape = backends.getAsJsonObject("opencl").getAsJsonObject("derivative.tape");
    assertFalse(tape.get("claimed").getAsBoolean());
    assertFalse(tape.get("verified").getAsBoolean());
    assertTrue(
        backends
            .getAsJsonObject("opencl")
            .getAsJsonObject("derivative.adjoint")
            .get("claimed")
            .getAsBoolean());
    assertTrue(
        backends
            .getAsJsonObject("cpu")
            .getAsJsonObject("derivative.tape")
            .get("claimed")
            .getAsBoolean());
  }

  @Test
  void verifyRunsEveryProbeOfTheCpuBackend() {
    Cli.Outcome r = Cli.run("capabilities", "--verify", "--backend", "cpu", "--json");

    assertEquals(0, r.code(), r.err());
    JsonObject cpu = r.json().getAsJsonObject("backends").getAsJsonObject("cpu");
    cpu.entrySet()
        .forEach(
            e ->
                assertTrue(
                    e.getValue().getAsJsonObject().get("verified").getAsBoolean(),
                    e.getKey() + ": " + e.getValue()));
    assertTrue(
        cpu.getAsJsonObject("collision.capsule-capsule")
            .get("detail")
            .getAsString()
            .startsWith("capsule-capsule contacts in the zoo"));
  }

  @Test
  void pngWritesTheMatrixAsASixteenByNineFigure(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("figures/capabilities.png");
    Cli.Outcome r = Cli.run("capabilities", "--png", file.toString(), "--json");

    assertEquals(0, r.code(), r.err());
    assertEquals(file.toAbsolutePath().toString(), r.json().get("png").getAsString());
    BufferedImage img = ImageIO.read(file.toFile());
    assertEquals(1920, img.getWidth());
    assertEquals(1080, img.getHeight());
    // the text form says where it went
    Path again = dir.resolve("again.png");
    Cli.Outcome text = Cli.run("capabilities", "--backend", "cpu", "--png", again.toString());
    assertEquals(0, text.code(), text.err());
    assertTrue(text.out().strip().endsWith("wrote " + again), text.out());
    assertTrue(Files.size(again) > 10_000);
  }

  @Test
  void anUnknownBackendIsAnArgumentError() {
    Cli.Outcome r = Cli.run("capabilities", "--backend", "tpu");

    assertEquals(2, r.code());
    assertTrue(r.err().contains("unknown backend 'tpu'; available: cpu, opencl"), r.err());
  }
}
