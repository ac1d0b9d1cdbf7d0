package org.diffart.sim.model;

/**
 * An explicit contact pair under construction (MJCF {@code <contact><pair>}): two geoms that collide whatever their
 * contype, conaffinity, bodies or exclusions, with the pair's own condim and sliding friction instead of the mix of
 * the geoms' (MuJoCo's semantics). Created by {@link ModelBuilder#addContactPair}.
 */
public final class ContactPairSpec {
  final String name;
  final GeomSpec geom1, geom2;
  int condim = 3;
  double friction = 1;

  ContactPairSpec(String name, GeomSpec geom1, GeomSpec geom2) {
    this.name = name;
    this.geom1 = geom1;
    this.geom2 = geom2;
  }

  /** Contact dimensionality: 1 frictionless, 3 with sliding friction. */
  public ContactPairSpec condim(int v) {
    condim = v;
    return this;
  }

  /** The sliding friction coefficient of the pair's contacts (a model constant, not a per-world parameter). */
  public ContactPairSpec friction(double v) {
    friction = v;
    return this;
  }
}
