package org.diffart.sim.compiler;

import java.util.ArrayList;
import java.util.List;
import org.diffart.sim.model.GeomType;

/**
 * A tendon under construction. A fixed tendon's length is {@code L = Σ coef_i q_i} over hinge and
 * slide joints; a spatial tendon's is the length of its path: straight between consecutive sites,
 * around a sphere or cylinder placed between two sites (MuJoCo's wrapping, optionally on the side
 * of a side site), each branch after a pulley divided by the pulley's divisor. Either has a spring
 * ({@code stiffness}, towards {@code springlength}; negative: its length at the joints' {@code
 * springref}, as MuJoCo 2.2.2 computes it), a damper and an optional range enforced by a constraint
 * row. Actuators may pull on it. Created by {@link ModelBuilder#addTendon}.
 */
public final class TendonSpec {
  /** MuJoCo's {@code user} values (the model pads them to its nuser with zeros). */
  double[] user = {};

  /** Sets MuJoCo's {@code user} values. */
  public TendonSpec user(double... v) {
    user = v.clone();
    return this;
  }

  final int id;
  final String name;
  final List<int[]> joints = new ArrayList<>();
  final List<Double> coefs = new ArrayList<>();
  final List<PathElement> path = new ArrayList<>();
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

  /**
   * Adds {@code coef · q} of the joint with the builder's index {@code joint} (a hinge or slide) to
   * the length.
   */
  public TendonSpec joint(int joint, double coef) {
    joints.add(new int[] {joint});
    coefs.add(coef);
    return this;
  }

  /**
   * One element of a spatial tendon's path: a site, a wrapping geom (sphere or cylinder) with its
   * optional side site, or a pulley with its divisor.
   */
  record PathElement(SiteSpec site, GeomSpec geom, SiteSpec side, double divisor) {}

  /** Adds a site to the path of a spatial tendon (a tendon has joints or a path, not both). */
  public TendonSpec site(SiteSpec site) {
    path.add(new PathElement(site, null, null, 0));
    return this;
  }

  /**
   * Adds a sphere or cylinder the path wraps around between the sites before and after it; with a
   * side site (may be null) the path takes the side of the geom nearer to it, and passes inside a
   * wrap whose side site is inside it.
   */
  public TendonSpec geom(GeomSpec geom, SiteSpec side) {
    path.add(new PathElement(null, geom, side, 0));
    return this;
  }

  /**
   * Starts a new branch of the path whose length counts divided by {@code divisor} (MuJoCo's
   * pulley).
   */
  public TendonSpec pulley(double divisor) {
    path.add(new PathElement(null, null, null, divisor));
    return this;
  }

  /** Whether the tendon is spatial: a path through sites. */
  public boolean spatial() {
    return !path.isEmpty();
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
      throw new IllegalArgumentException(
          "tendon '"
              + name
              + "': a limited tendon needs range[0] < range[1], got "
              + lo
              + " "
              + hi);
    }
    limited = true;
    range[0] = lo;
    range[1] = hi;
    return this;
  }

  /**
   * Checks a spatial path by MuJoCo 2.2.2's rules (mjCTendon::Compile): at least two elements; a
   * site has a neighbour that is not a pulley and is not repeated next to itself; a geom is a
   * sphere or cylinder between two sites; a pulley has a positive divisor, is not next to another
   * and does not end the path.
   *
   * @throws IllegalArgumentException naming the tendon and the element that breaks a rule
   */
  public void checkPath() {
    List<PathElement> p = path;
    int n = p.size();
    String what = "tendon '" + name + "': ";
    if (n < 2) {
      throw new IllegalArgumentException(
          what + "a spatial path needs at least two elements, got " + n);
    }
    for (int k = 0; k < n; k++) {
      PathElement e = p.get(k);
      boolean prevPulley = k == 0 || isPulley(p.get(k - 1)),
          nextPulley = k == n - 1 || isPulley(p.get(k + 1));
      if (e.site() != null) {
        if (prevPulley && nextPulley) {
          throw new IllegalArgumentException(
              what
                  + "site '"
                  + e.site().name
                  + "' (element "
                  + k
                  + ") needs a"
                  + " neighbour that is not a pulley");
        }
        if (k < n - 1 && p.get(k + 1).site() == e.site()) {
          throw new IllegalArgumentException(
              what + "site '" + e.site().name + "' is repeated (element " + k + ")");
        }
      } else if (e.geom() != null) {
        if (e.geom().type != GeomType.SPHERE && e.geom().type != GeomType.CYLINDER) {
          throw new IllegalArgumentException(
              what
                  + "geom '"
                  + e.geom().name
                  + "' is a "
                  + e.geom().type.name().toLowerCase()
                  + "; a tendon wraps around spheres and cylinders");
        }
        if (k == 0 || k == n - 1 || p.get(k - 1).site() == null || p.get(k + 1).site() == null) {
          throw new IllegalArgumentException(
              what
                  + "geom '"
                  + e.geom().name
                  + "' (element "
                  + k
                  + ") is not"
                  + " between two sites");
        }
      } else {
        if (!(e.divisor() > 0)) {
          throw new IllegalArgumentException(
              what + "a pulley's divisor must be positive, got " + e.divisor());
        }
        if (k > 0 && isPulley(p.get(k - 1))) {
          throw new IllegalArgumentException(what + "two consecutive pulleys (element " + k + ")");
        }
        if (k == n - 1) {
          throw new IllegalArgumentException(what + "the path ends with a pulley");
        }
      }
    }
  }

  private static boolean isPulley(PathElement e) {
    return e.site() == null && e.geom() == null;
  }
}
