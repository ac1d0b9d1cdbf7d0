package org.diffart.sim.algo.collision;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.algo.sensor.Energy;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.api.Test;

/**
 * Box–box contacts ({@link BoxBox}) in motion, on {@code datasets/reference/models/box_stack.xml},
 * judged by independent checks: after 4 s every box rests level at the height of its support plus
 * its half-height (the bar across the log included), held by four contacts per resting pair, the
 * drop's deepest contact a few millimetres, the energy lost. Box–box's MPR contact (one a pair,
 * before {@code mjc_BoxBox} was ported) left such a stack rocking.
 */
class BoxBoxTest {
  @Test
  void stacksComeToRestLevelOnTheirSupports() {
    Model m =
        ModelLoader.load(
            ReferenceFiles.repoRoot().resolve("datasets/reference/models/box_stack.xml"));
    Data d = new Data(m);
    Step.step(m, d);
    double start = energy(m, d), deepest = 0;
    for (int s = 0; s < 2000; s++) {
      Step.step(m, d);
      for (int c = 0; c < d.ncon; c++) {
        deepest = Math.min(deepest, d.conDist[c]);
      }
    }
    assertTrue(energy(m, d) < start - 0.5, "energy " + start + " -> " + energy(m, d));
    assertTrue(deepest > -5e-3, "the drops' deepest contact " + deepest);
    // cube on the block (top 0.15), base on the floor, middle on the base, top on the middle, bar
    // across the log
    String[] names = {"cube", "base", "middle", "top", "bar"};
    double[] rest = {0.15 + 0.1, 0.1, 0.2 + 0.06, 0.2 + 0.12 + 0.04, 0.1 + 0.02};
    for (int i = 0; i < names.length; i++) {
      int b = m.bodyId(names[i]),
          q = m.jntQposAdr(m.bodyJntAdr(b)),
          v = m.jntDofAdr(m.bodyJntAdr(b));
      double tilt =
          Math.acos(
              Math.min(1, 1 - 2 * (d.qpos[q + 4] * d.qpos[q + 4] + d.qpos[q + 5] * d.qpos[q + 5])));
      double speed = 0;
      for (int k = 0; k < 6; k++) {
        speed = Math.max(speed, Math.abs(d.qvel[v + k]));
      }
      assertEquals(rest[i], d.qpos[q + 2], 1e-4, names[i] + ": height at rest");
      assertTrue(tilt < 1e-5, names[i] + ": level, tilted " + tilt);
      assertTrue(speed < 1e-3, names[i] + ": at rest, speed " + speed);
    }
    // four acting contacts for each resting box-box pair (block-cube, log-bar, base-middle,
    // middle-top)
    java.util.Map<String, Integer> pairs = new java.util.TreeMap<>();
    for (int c = 0; c < d.ncon; c++) {
      int g1 = d.conGeom[2 * c], g2 = d.conGeom[2 * c + 1];
      if (m.geomType(g1) == GeomType.BOX
          && m.geomType(g2) == GeomType.BOX
          && d.conDist[c] < d.conIncludeMargin[c]) {
        pairs.merge(g1 + "-" + g2, 1, Integer::sum);
      }
    }
    assertEquals(4, pairs.size(), "resting box-box pairs: " + pairs);
    for (int n : pairs.values()) {
      assertEquals(4, n, "contacts per resting pair: " + pairs);
    }
  }

  @Test
  void theWorkSpaceFitsTheCandidates() {
    Model m =
        ModelLoader.load(
            ReferenceFiles.repoRoot().resolve("datasets/reference/models/box_stack.xml"));
    assertEquals(BoxBox.SCRATCH, new Data(m).boxScratch.length);
    assertTrue(BoxBox.CAND + 4 * BoxBox.SLOTS <= BoxBox.T, "the values end before their tangents");
    assertEquals(org.diffart.sim.model.ContactCapacity.BOX_BOX, BoxBox.SLOTS);
  }

  private static double energy(Model m, Data d) {
    Kinematics.forward(m, d);
    Kinematics.velocity(m, d);
    Energy.compute(m, d);
    return d.energy[0] + d.energy[1];
  }
}
