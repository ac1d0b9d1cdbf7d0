package org.diffart.backends.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The committed {@code sim.cl} is the translation of the current step ({@link OpenClTranslator}). With {@code
 * -Ddiffart.regenerate=true} (what {@code bin/gen-opencl} passes) the test writes it instead.
 */
class GeneratedStepTest {
  static final Path SIM_SOURCES = Path.of("").toAbsolutePath().getParent().resolve("sim/src/main/java");
  static final Path GENERATED = Path.of("src/main/resources/org/diffart/backends/opencl/sim.cl");

  @Test
  void theCommittedKernelSourceIsTheTranslationOfTheCurrentStep() throws Exception {
    String fresh = new OpenClTranslator(SIM_SOURCES).translate(OpenClLayout.ENTRIES);
    if (Boolean.getBoolean("diffart.regenerate")) {
      Files.writeString(GENERATED, fresh, StandardCharsets.UTF_8);
    }
    String committed = Files.exists(GENERATED) ? Files.readString(GENERATED, StandardCharsets.UTF_8) : "";
    assertEquals(fresh, committed, GENERATED + " is out of date with sim's step: run bin/gen-opencl");
  }
}
