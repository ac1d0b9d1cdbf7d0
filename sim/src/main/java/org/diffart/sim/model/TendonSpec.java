package org.diffart.sim.model;

import java.util.ArrayList;
import java.util.List;

/**
 * A tendon under construction. A fixed tendon's length is {@code L = Σ coef_i q_i} over hinge and slide joints; a
 * spatial tendon's is the length of the path through its sites ({@code Σ |p_{k+1} − p_k|}, no wrapping yet). Either
 * has a spring
 * ({@code stiffness}, towards {@code springlength}; negative: its length at the joints' {@code springref}, as
 * MuJoCo 2.2.2 computes it), a
 * damper and an optional range enforced by a constraint row. Actuators may pull on it. Created by {@link
 * ModelBuilder#addTendon}.
 */
public final class TendonSpec {
  final int id;
  final String name;
  final List<int[]> joints = new ArrayList<>();
  final List<Double> coefs = new ArrayList<>();
  final List<SiteSpec> sites = new ArrayList<>();
  double stiffness;
  double damping;
  double springLength = -1;
  boolean limited;
  final double[] range = new double[2];

  TendonSpec(int id, String name) {
    this.id = id;
    this.name = name;
  }

  public String name() {
    return name;
  }

  /** Adds {@code coef · q} of the joint with the builder's index {@code joint} (a hinge or slide) to the length. */
  public TendonSpec joint(int joint, double coef) {
    joints.add(new int[] {joint});
    coefs.add(coef);
    return this;
  }

  /** Adds a site to the path of a spatial tendon (a tendon has joints or sites, not both). */
  public TendonSpec site(SiteSpec site) {
    sites.add(site);
    return this;
  }

  /** Whether the tendon is spatial: a path through sites. */
  public boolean spatial() {
    return !sites.isEmpty();
  }

  /** Spring stiffness, N/m (or N·m per unit length). */
  public TendonSpec stiffness(double v) {
    stiffness = v;
    return this;
  }

  /** Damping on the tendon velocity. */
  public TendonSpec damping(double v) {
    damping = v;
    return this;
  }

  /** The spring's rest length; negative: the tendon's length at the joints' spring references. */
  public TendonSpec springLength(double v) {
    springLength = v;
    return this;
  }

  /** Keeps the length in {@code [lo, hi]} with a unilateral constraint row at each bound. */
  public TendonSpec range(double lo, double hi) {
    if (!(lo < hi)) {
      throw new IllegalArgumentException("tendon '" + name + "': a limited tendon needs range[0] < range[1], got "
          + lo + " " + hi);
    }
    limited = true;
    range[0] = lo;
    range[1] = hi;
    return this;
  }
}
