package org.diffart.sim.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Array;
import java.nio.file.Path;
import java.util.List;
import org.diffart.sim.io.ModelLoader;
import org.junit.jupiter.api.Test;

/**
 * Each model field is declared once, in ModelFields, with a shape that every compiled model's
 * arrays have.
 */
class ModelFieldsTest {

  @Test
  void everyArrayHasTheShapeItsDeclarationGives() {
    List<Model> models =
        List.of(
            ModelLoader.load("builtin:laikago"),
            ModelLoader.load("builtin:pendulum:3"),
            ModelLoader.load(Path.of("../datasets/models/dm_control/humanoid.xml")),
            ModelLoader.load(Path.of("../datasets/models/mujoco_samples/arm26.xml")),
            ModelLoader.load(Path.of("../datasets/reference/collisions/mesh_zoo.xml")),
            ModelLoader.load(Path.of("../datasets/reference/collisions/hfield_zoo.xml")));
    int arrays = 0;
    for (Model m : models) {
      for (ModelFields.Spec f : ModelFields.declared()) {
        if (f.type().isArray()) {
          assertEquals(
              f.length(m), Array.getLength(f.get(m)), m.name() + ": " + f.name() + " " + f.dims());
          arrays++;
        }
      }
    }
    assertTrue(arrays > 100 * models.size(), "every array checked: " + arrays);
  }

  @Test
  void sizesComeFirstAndModelDeclaresNoFieldOfItsOwnButItsOptions() {
    List<ModelFields.Spec> declared = ModelFields.declared();
    int firstArray = (int) declared.stream().takeWhile(f -> f.type() == int.class).count();
    assertTrue(
        declared.stream().skip(firstArray).allMatch(f -> f.type().isArray()), "sizes, then arrays");
    List<String> own =
        java.util.Arrays.stream(Model.class.getDeclaredFields())
            .filter(f -> !java.lang.reflect.Modifier.isStatic(f.getModifiers()))
            .map(f -> f.getName())
            .toList();
    assertEquals(List.of("opt"), own, "Model's fields are ModelFields'");
  }

  @Test
  void copiesShareTheArraysAndChangeOnlyWhatTheyAreFor() {
    Model m = ModelLoader.load(Path.of("../datasets/models/mujoco_samples/arm26.xml"));
    Model ranged = m.withActuatorLengthRanges(new double[2 * m.nu()]);
    assertEquals(0, ranged.actLengthRange(0, 1));
    assertTrue(m.actLengthRange(0, 1) != 0, "the original keeps its ranges");
    assertTrue(ranged.bodyPos == m.bodyPos && ranged.opt() == m.opt());
  }
}
