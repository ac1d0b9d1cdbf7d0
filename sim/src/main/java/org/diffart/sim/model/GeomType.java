package org.diffart.sim.model;

/**
 * Geometry types, numbered as MuJoCo's {@code mjtGeom}. Sizes follow MuJoCo: sphere {@code (r)},
 * capsule and cylinder {@code (r, half-length)} along local z, box {@code (half-x, half-y,
 * half-z)}, ellipsoid {@code (rx, ry, rz)}, plane {@code (half-x, half-y, grid)} with normal local
 * +z (half-sizes 0 mean infinite).
 */
public enum GeomType {
  PLANE,
  HFIELD,
  SPHERE,
  CAPSULE,
  ELLIPSOID,
  CYLINDER,
  BOX,
  MESH;

  /** The MJCF spelling of this type. */
  public String mjcfName() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
