package org.diffart.sim.model;

/**
 * The frame a sensor reads. Frame sensors name it in MJCF ({@code objtype}): a body's inertial
 * frame (centre of mass and principal axes: {@code body}), its body frame ({@code xbody}), a geom's
 * or a site's frame. Site sensors read their site's frame, subtree sensors their body ({@code
 * XBODY}); joint and actuator sensors read none ({@code NONE}).
 */
public enum FrameType {
  BODY,
  XBODY,
  GEOM,
  SITE,
  NONE;

  /** The MJCF spelling. */
  public String mjcfName() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
