package org.diffart.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.history.HistoryInit;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code rollout --ctrl-file F --stride 1 --history-init zero|filled} on the delayed arm of the
 * MuJoCo 3.14 references: every step's state and sensors as stepping the same controls directly.
 */
class RolloutControlsCommandTest {
  private static final String ARM = "../datasets/reference/history314/delayed_arm.xml";
  private static final int STEPS = 40;

  @TempDir Path dir;

  /** A seeded random control sequence in the arm's range, written as the file's CSV. */
  private double[][] controls(Path file) throws IOException {
    Random rnd = new Random(7);
    double[][] u = new double[STEPS][3];
    StringBuilder s = new StringBuilder("# m1, m2, m3\n");
    for (double[] row : u) {
      for (int k = 0; k < 3; k++) {
        row[k] = 4 * rnd.nextDouble() - 2;
      }
      s.append(Cli.csv(row)).append('\n');
    }
    Files.writeString(file, s.toString());
    return u;
  }

  @ParameterizedTest
  @ValueSource(strings = {"cpu", "opencl"})
  void everyStepsStateAndSensorsAreThoseOfSteppingTheFilesControls(String backend)
      throws IOException {
    Path file = dir.resolve("u.csv");
    double[][] u = controls(file);
    Cli.Outcome r =
        Cli.run(
            "rollout",
            "--model",
            ARM,
            "--ctrl-file",
            file.toString(),
            "--stride",
            "1",
            "--backend",
            backend,
            "--qpos",
            "0.3,-0.2,0.1",
            "--history-init",
            "filled",
            "--json");
    assertEquals(0, r.code(), r.err());
    JsonObject o = r.json();
    assertEquals(STEPS, o.get("steps").getAsInt());
    JsonObject traj = o.getAsJsonObject("trajectory");
    JsonArray qpos = traj.getAsJsonArray("qpos"), qvel = traj.getAsJsonArray("qvel");
    JsonArray sensors = traj.getAsJsonArray("sensordata");
    assertEquals(STEPS + 1, qpos.size());
    assertFalse(traj.has("act"), "the arm has no activation states");

    Model m = ModelLoader.load(ARM);
    Data d = new Data(m);
    d.qpos[0] = 0.3;
    d.qpos[1] = -0.2;
    d.qpos[2] = 0.1;
    System.arraycopy(u[0], 0, d.ctrl, 0, 3);
    Step.initHistory(m, d, HistoryInit.FILLED);
    for (int t = 0; t < STEPS; t++) {
      System.arraycopy(u[t], 0, d.ctrl, 0, 3);
      Step.step(m, d);
      assertArrayEquals(d.qpos, row(qpos, t + 1), backend + " qpos after step " + t);
      assertArrayEquals(d.qvel, row(qvel, t + 1), backend + " qvel after step " + t);
      // the step's sensors are those of the state it started from, recorded one row earlier
      assertArrayEquals(d.sensordata, row(sensors, t), backend + " sensors of step " + t);
    }
  }

  @Test
  void theTwoInitialisationsPartAtTheFirstStep() throws IOException {
    Path file = dir.resolve("u.csv");
    controls(file);
    double[][] first = new double[2][];
    String[] inits = {"zero", "filled"};
    for (int i = 0; i < 2; i++) {
      Cli.Outcome r =
          Cli.run(
              "rollout",
              "--model",
              ARM,
              "--ctrl-file",
              file.toString(),
              "--stride",
              "1",
              "--history-init",
              inits[i],
              "--json");
      assertEquals(0, r.code(), r.err());
      first[i] = row(r.json().getAsJsonObject("trajectory").getAsJsonArray("qvel"), 1);
    }
    assertNotEquals(first[0][0], first[1][0], "zero against filled buffers after step 0");
  }

  @Test
  void badControlFilesAndConflictingOptionsAreRefusedByName() throws IOException {
    Path file = dir.resolve("bad.csv");
    Files.writeString(file, "0,0,0\n# fine\n0,1\n");
    Cli.Outcome r = Cli.run("rollout", "--model", ARM, "--ctrl-file", file.toString());
    assertEquals(2, r.code());
    assertTrue(r.err().contains(file + " line 3: 2 values, the model has nu = 3"), r.err());

    Files.writeString(file, "0,0,0\n0,x,0\n");
    r = Cli.run("rollout", "--model", ARM, "--ctrl-file", file.toString());
    assertTrue(r.err().contains("line 2, value 2: 'x' is not a number"), r.err());

    Files.writeString(file, "0,0,0\n0,0,0\n");
    r = Cli.run("rollout", "--model", ARM, "--ctrl-file", file.toString(), "--steps", "5");
    assertTrue(r.err().contains("--steps 5 but --ctrl-file"), r.err());
    r = Cli.run("rollout", "--model", ARM, "--ctrl-file", file.toString(), "--ctrl", "0,0,0");
    assertTrue(r.err().contains("--ctrl and --ctrl-file both give the controls"), r.err());
    r = Cli.run("rollout", "--model", ARM, "--steps", "2", "--history-init", "mujoco");
    assertEquals(2, r.code());
    assertTrue(
        r.err().contains("--history-init: unknown history initialisation 'mujoco'"), r.err());
    r = Cli.run("rollout", "--model", ARM);
    assertTrue(r.err().contains("--steps is required"), r.err());
  }

  private static double[] row(JsonArray rows, int i) {
    return rows.get(i).getAsJsonArray().asList().stream()
        .mapToDouble(e -> e.getAsDouble())
        .toArray();
  }
}
