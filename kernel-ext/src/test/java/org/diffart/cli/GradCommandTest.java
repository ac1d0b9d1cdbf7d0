package org.diffart.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonObject;
import java.util.Set;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.AdjointGradient;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GradCommandTest {

  @Test
  void jsonFollowsTheContractAndEqualsTheJavaApi() {
    Cli.Outcome r =
        Cli.run(
            "grad",
            "--model",
            "builtin:laikago",
            "--key",
            "stand",
            "--steps",
            "150",
            "--method",
            "adjoint",
            "--wrt",
            "ctrl",
            "--checkpoint",
            "revolve:4",
            "--json");
    assertEquals(0, r.code(), r.err());
    assertEquals("", r.err());
    JsonObject o = r.json();
    assertTrue(
        o.keySet().containsAll(Set.of("loss", "grad", "forward_ms", "backward_ms", "peak_bytes")),
        o.keySet().toString());
    Model m = ModelLoader.load("builtin:laikago");
    Data d = new Data(m);
    d.resetToKey(m.keyLookup("stand"));
    double[] expected =
        AdjointGradient.compute(
                RolloutProblem.of(m, d, 150, Loss.finalConfiguration()),
                new Checkpointing.Revolve(4))
            .ctrl();
    assertEquals(150 * m.nu(), expected.length);
    assertArrayEquals(expected, r.vector("grad"), 0, "step-major T x nu");
    assertEquals("revolve:4", o.get("checkpoint").getAsString());
    assertEquals(151, r.vector("adjoint_norms").length);
  }

  @ParameterizedTest
  @CsvSource({
    "qpos0, 3",
    "qvel0, 3",
    "ctrl, 60",
    "mass, 4",
    "damping, 3",
    "friction, 6",
    "restitution, 6"
  })
  void threeMethodsAgreeOnASmoothRollout(String wrt, int size) {
    double[][] g = new double[3][];
    String[] methods = {"adjoint", "tape", "fd"};
    for (int i = 0; i < 3; i++) {
      Cli.Outcome r =
          Cli.run(
              "grad",
              "--model",
              "builtin:pendulum:3",
              "--key",
              "hang",
              "--ctrl",
              "0.2,-0.1,0.3",
              "--steps",
              "20",
              "--method",
              methods[i],
              "--wrt",
              wrt,
              "--json");
      assertEquals(0, r.code(), r.err());
      g[i] = r.vector("grad");
      assertEquals(size, g[i].length, wrt);
    }
    for (int k = 0; k < size; k++) {
      assertEquals(
          g[1][k], g[0][k], 1e-12 * (1 + Math.abs(g[1][k])), wrt + "[" + k + "] adjoint vs tape");
      assertEquals(
          g[0][k], g[2][k], 1e-6 * (1 + Math.abs(g[0][k])), wrt + "[" + k + "] adjoint vs fd");
    }
  }

  @Test
  void badArgumentsAreUsageErrors() {
    Cli.Outcome r =
        Cli.run("grad", "--model", "builtin:pendulum:2", "--steps", "10", "--method", "magic");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("unknown --method 'magic'; available: adjoint, tape, fd"), r.err());
    r =
        Cli.run(
            "grad",
            "--model",
            "builtin:pendulum:2",
            "--steps",
            "10",
            "--method",
            "adjoint",
            "--wrt",
            "mas");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("unknown --wrt 'mas'; available: ctrl, qpos0"), r.err());
    r =
        Cli.run(
            "grad",
            "--model",
            "builtin:pendulum:2",
            "--steps",
            "10",
            "--method",
            "adjoint",
            "--checkpoint",
            "revolve:x");
    assertEquals(2, r.code());
    assertTrue(r.err().contains("--checkpoint takes an interval K"), r.err());
  }

  @Test
  void tapeBudgetAndUnsupportedCombinationsAreClearErrors() {
    Cli.Outcome r =
        Cli.run(
            "grad",
            "--model",
            "builtin:laikago",
            "--key",
            "stand",
            "--steps",
            "500",
            "--method",
            "tape",
            "--tape-budget",
            "8M");
    assertEquals(1, r.code());
    assertTrue(
        r.err().matches("(?s)diffart grad: tape exceeded 8.00 MiB at step \\d+ of 500\\s*"),
        r.err());
    r =
        Cli.run(
            "grad",
            "--model",
            "builtin:pendulum:2",
            "--steps",
            "10",
            "--method",
            "adjoint",
            "--json");
    assertEquals(0, r.code(), r.err());
  }

  @Test
  void theOpenClBackendRunsTheAdjointBitForBitAndRefusesTheTape() {
    Cli.Outcome device =
        Cli.run(
            "grad",
            "--model",
            "builtin:laikago",
            "--key",
            "stand",
            "--steps",
            "50",
            "--backend",
            "opencl",
            "--checkpoint",
            "10",
            "--json");
    Cli.Outcome cpu =
        Cli.run(
            "grad",
            "--model",
            "builtin:laikago",
            "--key",
            "stand",
            "--steps",
            "50",
            "--checkpoint",
            "10",
            "--json");
    Cli.Outcome tape =
        Cli.run(
            "grad",
            "--model",
            "builtin:pendulum:2",
            "--steps",
            "10",
            "--backend",
            "opencl",
            "--method",
            "tape");

    assertEquals(0, device.code(), device.err());
    assertEquals(cpu.json().get("grad"), device.json().get("grad"));
    assertEquals(cpu.json().get("loss"), device.json().get("loss"));
    assertEquals(1, tape.code());
    assertTrue(
        tape.err().contains("the opencl backend differentiates by the adjoint only, not by tape"),
        tape.err());
  }

  /**
   * The contact solver chosen on the command line over the model's, and the SDF shapes' gradient:
   * the JSON equals the Java API's with the same solver; a wrong solver name and a shape gradient
   * by finite differences are refused, naming the argument.
   */
  @Test
  void solverAndShapeGradientsOfAnSdfModel() {
    String file = "../datasets/models/sdf/pebbles.xml";
    Cli.Outcome r =
        Cli.run(
            "grad",
            "--model",
            file,
            "--key",
            "toss",
            "--steps",
            "20",
            "--method",
            "adjoint",
            "--wrt",
            "shape",
            "--solver",
            "pgs",
            "--json");
    assertEquals(0, r.code(), r.err());
    Model loaded = ModelLoader.load(file);
    Model m =
        loaded.withOptions(
            loaded.opt().toBuilder().solver(org.diffart.sim.model.ContactSolver.PGS).build());
    Data d = new Data(m);
    d.resetToKey(m.keyLookup("toss"));
    double[] expected =
        AdjointGradient.compute(
                RolloutProblem.of(m, d, 20, Loss.finalConfiguration()), new Checkpointing.Every(1))
            .shape();
    assertEquals(m.nshape(), expected.length);
    assertArrayEquals(expected, r.vector("grad"), 0);
    Cli.Outcome bad =
        Cli.run("rollout", "--model", file, "--steps", "2", "--solver", "lemke", "--json");
    assertTrue(bad.code() != 0 && bad.err().contains("--solver"), bad.err());
    Cli.Outcome fd =
        Cli.run(
            "grad", "--model", file, "--steps", "2", "--method", "fd", "--wrt", "shape", "--json");
    assertTrue(fd.code() != 0 && fd.err().contains("shape"), fd.err());
  }
}
