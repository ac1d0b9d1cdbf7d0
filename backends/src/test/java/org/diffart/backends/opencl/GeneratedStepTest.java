package org.diffart.backends.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The committed {@code sim.cl} and {@code sim_adjoint.cl} are the translations of the current step
 * and of its adjoint ({@link OpenClTranslator}). With {@code -Ddiffart.regenerate=true} (what
 * {@code bin/gen-opencl} passes) the test writes them instead.
 */
class GeneratedStepTest {
  static final Path SIM_SOURCES =
      Path.of("").toAbsolutePath().getParent().resolve("sim/src/main/java");
  static final Path DIR = Path.of("src/main/resources/org/diffart/backends/opencl");

  @Test
  void theCommittedStepIsTheTranslationOfTheCurrentStep() throws Exception {
    check(
        DIR.resolve("sim.cl"),
        new OpenClTranslator(SIM_SOURCES).translate(OpenClLayout.STEP_ENTRIES));
  }

  @Test
  void theCommittedAdjointIsTheTranslationOfTheCurrentAdjoint() throws Exception {
    check(
        DIR.resolve("sim_adjoint.cl"),
        new OpenClTranslator(SIM_SOURCES)
            .translate(OpenClLayout.ADJOINT_ENTRIES, OpenClLayout.STEP_ENTRIES));
  }

  private static void check(Path file, String fresh) throws Exception {
    if (Boolean.getBoolean("diffart.regenerate")) {
      Files.writeString(file, fresh, StandardCharsets.UTF_8);
    }
    String committed = Files.exists(file) ? Files.readString(file, StandardCharsets.UTF_8) : "";
    assertEquals(fresh, committed, file + " is out of date with sim's Java: run bin/gen-opencl");
  }
}
