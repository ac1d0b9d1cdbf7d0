package org.diffart.sim.compiler;

/**
 * An explicit contact pair under construction (MJCF {@code <contact><pair>}): two geoms that
 * collide whatever their contype, conaffinity, bodies or exclusions, with the pair's own condim and
 * friction instead of the mix of the geoms' (MuJoCo's semantics). Created by {@link
 * ModelBuilder#addContactPair}.
 */
public final class ContactPairSpec {
  final String name;
  final GeomSpec geom1, geom2;
  int condim = 3;
  double margin = 0, gap = 0;
  final double[] friction = {1, 0.005, 0.0001};

  ContactPairSpec(String name, GeomSpec geom1, GeomSpec geom2) {
    this.name = name;
    this.geom1 = geom1;
    this.geom2 = geom2;
  }

  /** Contact dimensionality: 1 frictionless, 3 sliding friction, 4 and torsional, 6 and rolling. */
  public ContactPairSpec condim(int v) {
    condim = v;
    return this;
  }

  /**
   * The pair's own contact margin and gap, m, in place of its geoms' (see {@link GeomSpec#margin}).
   */
  public ContactPairSpec margin(double margin, double gap) {
    this.margin = margin;
    this.gap = gap;
    return this;
  }

  /**
   * The sliding, torsional and rolling friction coefficients of the pair's contacts (model
   * constants, not per-world parameters); MuJoCo's defaults 1, 0.005, 0.0001.
   */
  public ContactPairSpec friction(double slide, double torsion, double roll) {
    friction[0] = slide;
    friction[1] = torsion;
    friction[2] = roll;
    return this;
  }
}
