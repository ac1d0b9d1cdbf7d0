package org.diffart.sim.compiler;

import org.diffart.sim.model.FrameType;
import org.diffart.sim.model.SensorType;

/**
 * A sensor under construction: its type, what it reads and its cutoff. Created by {@link
 * ModelBuilder#addSensor}: the target is a {@link SiteSpec} for site sensors, the builder's index
 * (an {@code Integer}) of a joint, actuator or body for joint, actuator and subtree sensors, and
 * for frame sensors a body index ({@link FrameType#BODY}, {@link FrameType#XBODY}), a {@link
 * GeomSpec} or a {@link SiteSpec}.
 */
public final class SensorSpec {
  final SensorType type;
  final FrameType frame;
  final Object target;
  final String name;
  double cutoff;

  SensorSpec(SensorType type, FrameType frame, Object target, String name) {
    this.type = type;
    this.frame = frame;
    this.target = target;
    this.name = name;
  }

  public String name() {
    return name;
  }

  /**
   * MuJoCo's {@code cutoff}: when positive, the value is clamped to ±cutoff (touch: to at most
   * cutoff).
   */
  public SensorSpec cutoff(double v) {
    if (!(v >= 0)) {
      throw new IllegalArgumentException(
          "sensor '" + name + "': cutoff must be non-negative, got " + v);
    }
    cutoff = v;
    return this;
  }
}
