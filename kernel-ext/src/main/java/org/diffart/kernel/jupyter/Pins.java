package org.diffart.kernel.jupyter;

import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Values in transit while the kernel re-declares a notebook variable with its fully qualified type
 * ({@link Evaluator}): the kernel parks the variable's live value here and the re-declaration takes
 * it back. Public because the re-declaration is a snippet compiled like the user's.
 */
public final class Pins {
  private static final Map<String, Object> VALUES = new ConcurrentHashMap<>();
  private static final Object NULL = new Object();

  private Pins() {}

  /** Parks a value; returns the key to take it back with. */
  static String park(Object value) {
    String key = UUID.randomUUID().toString();
    VALUES.put(key, value == null ? NULL : value);
    return key;
  }

  /**
   * Takes back a parked value (once).
   *
   * @param key the key {@link #park} returned
   * @return the value, or null when it was null or already taken
   */
  public static Object take(String key) {
    Object v = VALUES.remove(key);
    return v == NULL ? null : v;
  }
}
