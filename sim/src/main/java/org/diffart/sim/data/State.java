package org.diffart.sim.data;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a {@link Data} field as part of the declared minimal state a step is recomputed from, bit
 * for bit (STYLE P9, MuJoCo's {@code mjtState}): checkpoints on the CPU ({@code StateStore}) and on
 * the device keep exactly the fields so marked, in declaration order. A new piece of state (a
 * history buffer) is kept by marking it.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface State {
  /**
   * Kept only when the model's solver warm-starts; otherwise a kept int array is cleared on
   * loading.
   */
  boolean warmStartOnly() default false;
}
