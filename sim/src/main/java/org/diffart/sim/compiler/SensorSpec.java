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
  /** MuJoCo's {@code user} values (the model pads them to its nuser with zeros). */
  double[] user = {};

  /** Sets MuJoCo's {@code user} values. */
  public SensorSpec user(double... v) {
    user = v.clone();
    return this;
  }

  final SensorType type;
  final FrameType frame;
  final Object target;

  /** The reference frame's type (NONE: the world) and object, as {@link #target} for frames. */
  FrameType refFrame = FrameType.NONE;

  Object refTarget;
  final String name;
  double cutoff;

  /** The reading's history: samples (0: no buffer), interpolation, delay (s), interval (s). */
  int historyNum, historyInterp;

  double delay, interval;

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
   * MuJoCo's {@code reftype}/{@code refname}: the frame sensor reads its value in this frame
   * instead of the world's (position, orientation and axes relative to it; velocities relative to
   * its motion, as MuJoCo 3.14). The target is as for the sensor's own frame: a body index for
   * {@link FrameType#BODY} and {@link FrameType#XBODY}, a {@link GeomSpec} or a {@link SiteSpec}.
   *
   * @throws IllegalArgumentException for a sensor other than framepos, framequat, framexaxis,
   *     frameyaxis, framezaxis, framelinvel, frameangvel (MuJoCo 3.14 refuses the others too)
   */
  public SensorSpec reference(FrameType refFrame, Object refTarget) {
    if (!type.takesReference()) {
      throw new IllegalArgumentException(
          "sensor '" + name + "' (" + type.mjcfName() + ") takes no reference frame");
    }
    this.refFrame = refFrame;
    this.refTarget = refTarget;
    return this;
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

  /**
   * MuJoCo 3's sensor history: the value is sampled every {@code interval} seconds (0: every step)
   * into a buffer of {@code nsample} samples and read {@code delay} seconds late with interpolation
   * {@code interp} (0 zero-order hold, 1 linear, 2 cubic); an interval without a buffer does
   * nothing, as in MuJoCo 3.14 ({@code datasets/reference/mujoco-314-semantics.md} § 1).
   *
   * @throws IllegalArgumentException naming the sensor for a delay without a buffer, a negative
   *     interval or nsample, or an unknown interpolation
   */
  public SensorSpec history(double delay, double interval, int nsample, int interp) {
    HistorySpec.check("sensor '" + name + "'", delay, nsample, interp, interval);
    this.delay = delay;
    this.interval = interval;
    historyNum = nsample;
    historyInterp = interp;
    return this;
  }

  /**
   * The compiled index of what a sensor reads as a frame of type f: a body index (an Integer below
   * nbody), a geom or a site spec.
   */
  static int frameObject(String what, FrameType f, Object target, int nbody) {
    return switch (f) {
      case BODY, XBODY -> {
        if (!(target instanceof Integer i) || i < 0 || i >= nbody) {
          throw new IllegalArgumentException(
              what + " with objtype " + f.mjcfName() + " needs a body, got " + target);
        }
        yield i;
      }
      case GEOM -> {
        if (!(target instanceof GeomSpec g)) {
          throw new IllegalArgumentException(what + " with objtype geom needs a geom");
        }
        yield g.compiledIndex;
      }
      case SITE -> {
        if (!(target instanceof SiteSpec site)) {
          throw new IllegalArgumentException(what + " with objtype site needs a site");
        }
        yield site.compiledIndex;
      }
      case NONE -> throw new IllegalStateException("unreachable");
    };
  }
}
