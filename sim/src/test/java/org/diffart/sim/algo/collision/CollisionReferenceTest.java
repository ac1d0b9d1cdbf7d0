package org.diffart.sim.algo.collision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.diffart.sim.algo.forces.Forces;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The narrow phase against MuJoCo 2.2.2's {@code mj_collision} on the same poses ({@code
 * datasets/reference/collisions}, made by {@code mjcollide.c}): every contact MuJoCo finds, we
 * find, with the same geoms, signed distance, point and normal; and we find no other. Where the
 * scene has adhesion actuators, their moment arms (from the contacts) equal MuJoCo's too.
 */
class CollisionReferenceTest {
  static Path dir() {
    return ReferenceFiles.repoRoot().resolve("datasets/reference/collisions");
  }

  static List<String> references() {
    return ReferenceFiles.jsonStems(dir());
  }

  /**
   * What MuJoCo 2.2.2's distance of contact c is to be multiplied by: 2 for box–box contacts of the
   * face case, where 2.2.2 reports half the separation (fixed in MuJoCo 3.3.8; {@link BoxBox}),
   * else 1.
   */
  static double mujocoDistanceFactor(Model m, Data d, int c) {
    int g1 = d.conGeom[2 * c], g2 = d.conGeom[2 * c + 1];
    if (m.geomType(g1) != GeomType.BOX || m.geomType(g2) != GeomType.BOX) {
      return 1;
    }
    int p = 0;
    while (m.pairGeom1(p) != g1 || m.pairGeom2(p) != g2) {
      p++;
    }
    return BoxBox.contactCase(m, d, p) == 0 ? 2 : 1;
  }

  @ParameterizedTest
  @MethodSource("references")
  void contactsEqualMujocos(String name) throws IOException {
    JsonObject ref =
        JsonParser.parseString(Files.readString(dir().resolve(name + ".json"))).getAsJsonObject();
    Model m = ModelLoader.load(dir().resolve(name + ".xml"));
    Data d = new Data(m);
    int compared = 0, cases = 0, moments = 0;
    for (JsonElement ce : ref.getAsJsonArray("cases")) {
      JsonObject k = ce.getAsJsonObject();
      String at = name + " case " + cases++ + ": ";
      System.arraycopy(ReferenceFiles.doubles(k.get("qpos")), 0, d.qpos, 0, m.nq());
      Kinematics.forward(m, d);
      Kinematics.geoms(m, d);
      Collision.detect(m, d);
      List<Integer> unmatched = new ArrayList<>();
      for (int c = 0; c < d.ncon; c++) {
        unmatched.add(c);
      }
      for (JsonElement e : k.getAsJsonArray("contacts")) {
        JsonObject t = e.getAsJsonObject();
        int g1 = t.get("geom1").getAsInt(), g2 = t.get("geom2").getAsInt();
        double[] pos = ReferenceFiles.doubles(t.get("pos")),
            normal = ReferenceFiles.doubles(t.get("normal"));
        int best = -1;
        double bestGap = Double.POSITIVE_INFINITY;
        for (int c : unmatched) {
          if (d.conGeom[2 * c] == g1 && d.conGeom[2 * c + 1] == g2) {
            double gap =
                Math.abs(d.conPos[3 * c] - pos[0])
                    + Math.abs(d.conPos[3 * c + 1] - pos[1])
                    + Math.abs(d.conPos[3 * c + 2] - pos[2]);
            if (gap < bestGap) {
              bestGap = gap;
              best = c;
            }
          }
        }
        String what =
            at + "MuJoCo's contact of geoms " + g1 + "-" + g2 + " at dist " + t.get("dist");
        assertTrue(best >= 0, what + " has no counterpart");
        unmatched.remove(Integer.valueOf(best));
        assertEquals(
            t.get("dist").getAsDouble() * mujocoDistanceFactor(m, d, best),
            d.conDist[best],
            1e-12,
            what + ": distance");
        for (int i = 0; i < 3; i++) {
          assertEquals(pos[i], d.conPos[3 * best + i], 1e-12, what + ": point");
          assertEquals(normal[i], d.conFrame[9 * best + i], 1e-12, what + ": normal");
        }
        compared++;
      }
      assertTrue(unmatched.isEmpty(), at + "contacts MuJoCo does not have: " + unmatched);
      if (k.has("actuator_moment")) {
        // adhesion actuators pull along the mean normal Jacobian of their body's contacts, MuJoCo's
        // averaged rows
        double[] moment = ReferenceFiles.doubles(k.get("actuator_moment"));
        for (int a = 0; a < m.nu(); a++) {
          Forces.adhesion(m, d, a);
          for (int i = 0; i < m.nv(); i++) {
            assertEquals(
                moment[m.nv() * a + i],
                d.actuatorMoment[m.nv() * a + i],
                1e-12,
                at + "actuator " + a + "'s moment arm " + i);
          }
        }
        moments++;
      }
    }
    assertTrue(
        !ref.getAsJsonArray("cases").get(0).getAsJsonObject().has("actuator_moment")
            || moments == cases,
        name + ": the actuator moments of every case compared");
    assertTrue(
        compared >= cases, name + ": at least one contact per case compared, got " + compared);
  }
}
