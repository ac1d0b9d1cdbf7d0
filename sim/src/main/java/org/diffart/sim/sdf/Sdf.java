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

  /** The shape parameters θ (a copy). */
  double[] params();

  /** {@code ∂φ/∂θ} at x written to out[oo..oo+nparam). */
  void paramGradient(double[] out, int oo, double[] x, int xo);

  /** The same kind of shape with parameters θ. */
  Sdf withParams(double[] theta);

  /** A box around the surface, {@code (lo x, lo y, lo z, hi x, hi y, hi z)}. */
  double[] bounds();

  /** The number of shape parameters. */
  default int nparam() {
    return params().length;
  }

  /** φ at (x, y, z). */
  default double value(double x, double y, double z) {
    return value(new double[] {x, y, z}, 0);
  }
}
