package org.diffart.sim.algo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Integrator;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Euler with implicit joint damping against MuJoCo 2.2.2's mj_step ({@code
 * datasets/reference/trajectories}).
 */
class EulerDampingTest {

  @ParameterizedTest
  @CsvSource({"damped_hinge, 1e-15", "damped_tree, 1e-10"})
  void trajectoryMatchesMujoco(String name, double tol) throws IOException {
    Path dir = ReferenceFiles.repoRoot().resolve("datasets/reference/trajectories");
    Model m = ModelLoader.load(dir.resolve(name + ".xml"));
    assertEquals(Integrator.EULER, m.opt().integrator());
    JsonObject ref =
        JsonParser.parseString(Files.readString(dir.resolve(name + ".json"))).getAsJsonObject();
    Data d = new Data(m);
    d.resetToKey(m.keyLookup(ref.get("key").getAsString()));
    int step = 0;
    for (JsonElement e : ref.getAsJsonArray("frames")) {
      JsonObject f = e.getAsJsonObject();
      for (int target = f.get("step").getAsInt(); step < target; step++) {
        Step.step(m, d);
      }
      double[] qpos = ReferenceFiles.doubles(f.get("qpos")),
          qvel = ReferenceFiles.doubles(f.get("qvel"));
      for (int k = 0; k < m.nq(); k++) {
        assertEquals(
            qpos[k],
            d.qpos[k],
            tol * (1 + Math.abs(qpos[k])),
            name + " step " + step + " qpos[" + k + "]");
      }
      for (int k = 0; k < m.nv(); k++) {
        assertEquals(
            qvel[k],
            d.qvel[k],
            tol * (1 + Math.abs(qvel[k])),
            name + " step " + step + " qvel[" + k + "]");
      }
    }
  }

  @Test
  void stiffDamperDecaysImplicitlyAndDivergesExplicitly() {
    Path file =
        ReferenceFiles.repoRoot().resolve("datasets/reference/trajectories/damped_hinge.xml");
    Model implicit = ModelLoader.load(file);
    Model explicit =
        implicit.withOptions(
            implicit.opt().toBuilder().integrator(Integrator.EULER_EXPLICIT_DAMPING).build());
    // dt·b/I = 3: the velocity is multiplied by 1/(1+3) per step, or by 1-3 = -2 when the damper is
    // explicit
    Data a = new Data(implicit), b = new Data(explicit);
    a.resetToKey(0);
    b.resetToKey(0);
    for (int s = 1; s <= 10; s++) {
      Step.step(implicit, a);
      Step.step(explicit, b);
      assertEquals(Math.pow(0.25, s), a.qvel[0], 1e-15);
      assertEquals(Math.pow(-2, s), b.qvel[0], 1e-12);
    }
    assertTrue(
        Math.abs(a.qpos[0] - 0.01 / 3) < 1e-8,
        "implicit rotor comes to rest at dt/(4·(1-1/4)): " + a.qpos[0]);
  }
}
