package org.diffart.backends;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;

class RolloutTest {
  private final Model m = ModelLoader.load("builtin:pendulum:3");

  @Test
  void rolloutEqualsSteppingTheDataDirectly() {
    Rollout.Start start = Rollout.Start.key(m, 0);
    int steps = 1237, stride = 100;
    Rollout.Result r = Rollout.run(Backends.create("cpu", m, 2), start, steps, stride);
    Data d = new Data(m);
    d.resetToKey(0);
    List<double[]> samples = new ArrayList<>();
    samples.add(d.qpos.clone());
    for (int s = 1; s <= steps; s++) {
      Step.step(m, d);
      if (s % stride == 0 || s == steps) {
        samples.add(d.qpos.clone());
      }
    }
    assertEquals(samples.size(), r.qpos().length, "samples at every stride, the start and the end");
    for (int k = 0; k < samples.size(); k++) {
      assertArrayEquals(samples.get(k), r.qpos()[k], "sample " + k);
    }
    assertArrayEquals(
        d.qvel, java.util.Arrays.copyOfRange(r.finalQvel(), m.nv(), 2 * m.nv()), "world 1 too");
    assertEquals(d.time, r.times()[r.times().length - 1], 1e-12);
  }

  @Test
  void startsAtTheKeyframeTime() {
    Rollout.Start start =
        new Rollout.Start(
            2.5, m.qpos0(), new double[m.nv()], new double[m.nu()], new double[m.na()]);
    Rollout.Result r = Rollout.run(Backends.create("cpu", m, 1), start, 10, 5);
    assertEquals(2.5, r.times()[0]);
    assertEquals(2.5 + 10 * m.opt().timestep(), r.times()[2], 1e-12);
  }

  @Test
  void aListenerHearsProgressAndCanStopTheRollout() {
    List<Integer> heard = new ArrayList<>();
    InterruptedException e =
        assertThrows(
            InterruptedException.class,
            () ->
                Rollout.run(
                    Backends.create("cpu", m, 1),
                    Rollout.Start.reference(m),
                    1_000_000,
                    1000,
                    done -> {
                      heard.add(done);
                      if (done >= 500) {
                        throw new InterruptedException("stop");
                      }
                    }));
    assertEquals("stop", e.getMessage());
    assertEquals(1, heard.get(0), "the first chunk is one step");
    for (int k = 1; k < heard.size(); k++) {
      assertEquals(true, heard.get(k) > heard.get(k - 1), "progress grows");
    }
  }

  @Test
  void wrongStateSizesAreRefusedNamingTheField() {
    Rollout.Start bad =
        new Rollout.Start(
            0, new double[2], new double[m.nv()], new double[m.nu()], new double[m.na()]);
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Rollout.run(Backends.create("cpu", m, 1), bad, 10, 1));
    assertEquals("qpos must have 3 values, got 2", e.getMessage());
  }
}
