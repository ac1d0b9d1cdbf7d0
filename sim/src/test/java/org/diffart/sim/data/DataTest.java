package org.diffart.sim.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.List;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;

/**
 * The per-world structs declare each field once, with its shape, and their state once, by marking
 * it.
 */
class DataTest {

  @Test
  void theDeclaredStateIsTimePositionsVelocitiesActivationsHistoryAndTheWarmStart() {
    Model loaded = ModelLoader.load("builtin:laikago");
    Model m = loaded.withOptions(loaded.opt().toBuilder().warmStart(true).build());
    assertEquals(
        List.of("time", "qpos", "qvel", "act", "history", "warmImpulse", "warmValid"),
        Data.stateFields(m).stream().map(Field::getName).toList());
    assertEquals(
        1 + m.nq() + m.nv() + m.na() + m.nhistory() + 4 * m.nslot(), new Data(m).stateWidth());
    assertEquals(List.of(), Data.clearedStateFields(m));

    Model cold = loaded.withOptions(loaded.opt().toBuilder().warmStart(false).build());
    assertEquals(
        List.of("time", "qpos", "qvel", "act", "history"),
        Data.stateFields(cold).stream().map(Field::getName).toList());
    assertEquals(
        List.of("warmValid"), Data.clearedStateFields(cold).stream().map(Field::getName).toList());
  }

  @Test
  void everyArrayIsFinalAndSizedByTheModel() throws Exception {
    Model m = ModelLoader.load("builtin:laikago");
    for (Class<?> c : List.of(Data.class, DataBar.class)) {
      Object o = c == Data.class ? new Data(m) : new DataBar(m);
      for (Field f : c.getDeclaredFields()) {
        if (f.getType().isArray()
            && Modifier.isPublic(f.getModifiers())
            && !List.of("pgsRecord", "pgsBasis").contains(f.getName())) {
          assertTrue(Modifier.isFinal(f.getModifiers()), c.getSimpleName() + "." + f.getName());
          assertTrue(f.get(o) != null, c.getSimpleName() + "." + f.getName());
        }
      }
    }
    assertEquals(3 * m.nbody(), new Data(m).xpos.length);
    assertEquals(Data.nefcMax(m) * m.nv(), new DataBar(m).efcJBar.length);
  }
}
