package org.diffart.kernel.jupyter;

import io.github.spencerpark.jupyter.kernel.magic.registry.LineMagic;
import io.github.spencerpark.jupyter.kernel.magic.registry.LineMagicFunction;
import io.github.spencerpark.jupyter.kernel.magic.registry.Magics;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A magics registry that also remembers the declared result type of each annotated line magic, so
 * that {@code var t = %rollout ...} gets the magic's own type rather than {@code Object}.
 *
 * <p>Magics registered as plain functions ({@link #registerLineMagic}) have no known type.
 */
final class TypedMagics extends Magics {

  private final Map<String, Class<?>> lineResultTypes = new ConcurrentHashMap<>();

  @Override
  public void registerMagics(Object magics) {
    super.registerMagics(magics);
    recordResultTypes(magics.getClass());
  }

  @Override
  public void registerMagics(Class<?> magicsClass) {
    super.registerMagics(magicsClass);
    recordResultTypes(magicsClass);
  }

  @Override
  public void registerLineMagic(String name, LineMagicFunction<?> magic) {
    super.registerLineMagic(name, magic);
    lineResultTypes.remove(name);
  }

  /**
   * The declared result type of a line magic, when it is a public class worth casting to.
   *
   * @param name the magic's name, without {@code %}
   * @return the type, or empty when unknown, {@code Object}, primitive or void
   */
  Optional<Class<?>> lineResultType(String name) {
    return Optional.ofNullable(lineResultTypes.get(name));
  }

  private void recordResultTypes(Class<?> magicsClass) {
    for (Method method : magicsClass.getDeclaredMethods()) {
      LineMagic annotation = method.getAnnotation(LineMagic.class);
      Class<?> type = method.getReturnType();
      if (annotation == null || !isCastable(type)) {
        continue;
      }
      lineResultTypes.put(
          annotation.value().isEmpty() ? method.getName() : annotation.value(), type);
      for (String alias : annotation.aliases()) {
        lineResultTypes.put(alias, type);
      }
    }
  }

  private static boolean isCastable(Class<?> type) {
    return !type.isPrimitive()
        && type != Object.class
        && Modifier.isPublic(type.getModifiers())
        && type.getCanonicalName() != null;
  }
}
