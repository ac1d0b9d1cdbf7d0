package org.diffart.sim.model;

/**
 * Geometry types, numbered as MuJoCo's {@code mjtGeom}. Sizes follow MuJoCo: sphere {@code (r)},
 * capsule and cylinder {@code (r, half-length)} along local z, box {@code (half-x, half-y,
 * half-z)}, ellipsoid {@code (rx, ry, rz)}, plane {@code (half-x, half-y, grid)} with normal local
 * +z (half-sizes 0 mean infinite). An {@link #SDF} geom is a shape given by a signed distance
 * function with differentiable shape parameters ({@code org.diffart.sim.sdf}); its size is the
 * half-extent of its bounds, and it collides through the mesh of its zero set.
 */
public enum GeomType {
  PLANE,
  HFIELD,
  SPHERE,
  CAPSULE,
  ELLIPSOID,
  CYLINDER,
  BOX,
  MESH,
  SDF;

  /** The MJCF spelling of this type. */
  public String mjcfName() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
