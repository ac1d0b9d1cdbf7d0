package org.diffart.sim.sdf;

/**
 * A shape given by a signed distance function {@code φ(x; θ)} in its body frame: negative inside,
 * zero on the surface, positive outside, with the shape parameters θ it is differentiable in
 * (DiffSDFSim, Strecke and Stueckler 2021). Exact distance for the primitives that have one; a
 * function with the same zero set and sign elsewhere (superellipsoid, neural) where not. Points are
 * 3-vectors at an offset; outputs first, as the spatial primitives.
 */
public interface Sdf {
  /** φ at the point x[xo..xo+3). */
  double value(double[] x, int xo);

  /** φ at x, with {@code ∇ₓφ} written to grad[go..go+3). */
  double gradient(double[] grad, int go, double[] x, int xo);

  /**
   * The second derivatives along a direction v: the gradient of {@code ∇ₓφ(x; θ)·v} with respect to
   * x written to hv[ho..ho+3) (the Hessian times v) and with respect to θ written to
   * tv[to..to+nparam). What an adjoint of anything built from ∇ₓφ (a contact normal, the point
   * where φ is least on a surface) needs.
   */
  void curvature(double[] hv, int ho, double[] tv, int to, double[] x, int xo, double[] v, int vo);

  /** The shape parameters θ (a copy). */
  double[] params();

  /** {@code ∂φ/∂θ} at x written to out[oo..oo+nparam). */
  void paramGradient(double[] out, int oo, double[] x, int xo);

  /** The same kind of shape with parameters θ. */
  Sdf withParams(double[] theta);

  /** A box around the surface, {@code (lo x, lo y, lo z, hi x, hi y, hi z)}. */
  double[] bounds();

  /**
   * Whether ∇ₓφ is continuous near the surface, so that the least of φ over a plane is found by
   * Newton's method ({@code Options.sdfSurface}): not so for a box's exact distance (inside, the
   * largest of six planes') nor for a trilinear interpolant; those meet planes through their mesh.
   */
  default boolean smooth() {
    return true;
  }

  /** The number of shape parameters. */
  default int nparam() {
    return params().length;
  }

  /** φ at (x, y, z). */
  default double value(double x, double y, double z) {
    return value(new double[] {x, y, z}, 0);
  }
}
