package org.diffart.sim.sdf;

/**
 * A signed distance sampled on a regular grid and interpolated trilinearly, scaled by a
 * differentiable factor s: {@code φ(x; s) = s·g(x/s)} with g the interpolant of the samples (values
 * at {@code origin + h·(i, j, k)}, i fastest). Beyond the grid, {@code g(x) = g(c) + |x − c|} with
 * c the nearest point of the grid's box, continuous and never below the true distance's growth. The
 * gradient is the interpolant's (piecewise linear along each axis, so central differences inside a
 * cell equal it); {@code ∂φ/∂s = g(x/s) − ∇g(x/s)·x/s}. {@link #fromMesh} samples a closed mesh's
 * exact signed distance (nearest triangle, sign by the winding number): any mesh becomes a shape
 * whose size is differentiable.
 *
 * @param origin the first sample's position (3), m
 * @param h the spacing, m
 * @param n samples along x, y, z (3)
 * @param values the samples (n[0]·n[1]·n[2], x fastest), m
 * @param scale s
 */
public record GridSdf(double[] origin, double h, int[] n, double[] values, double scale)
    implements Sdf {
  /** Checks the sizes. */
  public GridSdf {
    if (n.length != 3 || n[0] < 2 || n[1] < 2 || n[2] < 2 || values.length != n[0] * n[1] * n[2]) {
      throw new IllegalArgumentException("a grid SDF needs at least 2 samples along each axis");
    }
    if (!(h > 0) || !(scale > 0)) {
      throw new IllegalArgumentException("spacing and scale must be positive");
    }
  }

  @Override
  public double value(double[] x, int xo) {
    return gradient(new double[3], 0, x, xo);
  }

  @Override
  public double gradient(double[] grad, int go, double[] x, int xo) {
    double[] u = new double[3], c = new double[3], gu = new double[3];
    for (int k = 0; k < 3; k++) {
      u[k] = x[xo + k] / scale;
    }
    double g = unscaled(u, c, gu);
    System.arraycopy(gu, 0, grad, go, 3);
    return scale * g;
  }

  /** No: trilinear: its gradient jumps across the cells' faces. */
  @Override
  public boolean smooth() {
    return false;
  }

  @Override
  public double[] params() {
    return new double[] {scale};
  }

  @Override
  public void paramGradient(double[] out, int oo, double[] x, int xo) {
    double[] u = new double[3], c = new double[3], gu = new double[3];
    for (int k = 0; k < 3; k++) {
      u[k] = x[xo + k] / scale;
    }
    double g = unscaled(u, c, gu);
    out[oo] = g - (gu[0] * u[0] + gu[1] * u[1] + gu[2] * u[2]);
  }

  /**
   * {@code ∇²φ = ∇²g(u)/s} (the trilinear interpolant's mixed terms; the clamped axes' distance to
   * the box beyond it), {@code ∂∇φ/∂s = −∇²g(u) u/s} at u = x/s.
   */
  @Override
  public void curvature(
      double[] hv, int ho, double[] tv, int to, double[] x, int xo, double[] v, int vo) {
    double[] u = new double[3], c = new double[3], hg = new double[9];
    for (int k = 0; k < 3; k++) {
      u[k] = x[xo + k] / scale;
    }
    unscaledHessian(u, c, hg);
    double hu = 0;
    for (int k = 0; k < 3; k++) {
      double hvk = hg[3 * k] * v[vo] + hg[3 * k + 1] * v[vo + 1] + hg[3 * k + 2] * v[vo + 2];
      hv[ho + k] = hvk / scale;
      hu += hvk * u[k];
    }
    tv[to] = -hu / scale;
  }

  /**
   * The cell of u: the nearest point c of the grid's box, the cell's first sample i and u's place t
   * in it (0 to 1 per axis); returns the squared distance from u to the box.
   */
  private double locate(double[] u, double[] c, int[] i, double[] t) {
    double outside = 0;
    for (int k = 0; k < 3; k++) {
      double lo = origin[k], hi = origin[k] + h * (n[k] - 1);
      c[k] = Math.max(lo, Math.min(hi, u[k]));
      outside += (u[k] - c[k]) * (u[k] - c[k]);
      double f = (c[k] - lo) / h;
      i[k] = Math.min((int) Math.floor(f), n[k] - 2);
      t[k] = f - i[k];
    }
    return outside;
  }

  /** ∇²g at u (row-major 3×3); c receives the nearest point of the grid's box. */
  private void unscaledHessian(double[] u, double[] c, double[] hg) {
    int[] i = new int[3];
    double[] t = new double[3];
    double outside = locate(u, c, i, t);
    java.util.Arrays.fill(hg, 0);
    boolean[] clamped = new boolean[3];
    for (int k = 0; k < 3; k++) {
      clamped[k] = u[k] != c[k];
    }
    for (int corner = 0; corner < 8; corner++) {
      int a = corner & 1, b = (corner >> 1) & 1, d = (corner >> 2) & 1;
      double val = values[(i[0] + a) + n[0] * ((i[1] + b) + n[1] * (i[2] + d))];
      double wx = a == 1 ? t[0] : 1 - t[0], wy = b == 1 ? t[1] : 1 - t[1];
      double wz = d == 1 ? t[2] : 1 - t[2];
      double sx = (a == 1 ? 1 : -1) / h, sy = (b == 1 ? 1 : -1) / h, sz = (d == 1 ? 1 : -1) / h;
      hg[1] += val * sx * sy * wz;
      hg[2] += val * sx * wy * sz;
      hg[5] += val * wx * sy * sz;
    }
    // an axis clamped to the box does not move the interpolant, nor its slope along other axes
    for (int k = 0; k < 3; k++) {
      for (int l = k + 1; l < 3; l++) {
        if (clamped[k] || clamped[l]) {
          hg[3 * k + l] = 0;
        }
        hg[3 * l + k] = hg[3 * k + l];
      }
    }
    if (outside > 0) {
      double r = Math.sqrt(outside);
      for (int k = 0; k < 3; k++) {
        for (int l = 0; l < 3; l++) {
          if (clamped[k] && clamped[l]) {
            hg[3 * k + l] = ((k == l ? 1 : 0) - (u[k] - c[k]) * (u[l] - c[l]) / (r * r)) / r;
          }
        }
      }
    }
  }

  @Override
  public Sdf withParams(double[] theta) {
    return new GridSdf(origin, h, n, values, theta[0]);
  }

  /** The grid's box less one cell on every side (where the samples see the surface), scaled. */
  @Override
  public double[] bounds() {
    double[] b = new double[6];
    for (int k = 0; k < 3; k++) {
      b[k] = scale * (origin[k] + h);
      b[3 + k] = scale * (origin[k] + h * (n[k] - 2));
    }
    return b;
  }

  /** g at u and its gradient into gu; c receives the nearest point of the grid's box. */
  private double unscaled(double[] u, double[] c, double[] gu) {
    int[] i = new int[3];
    double[] t = new double[3];
    double outside = locate(u, c, i, t);
    // trilinear interpolation of the cell's eight samples, and its derivative along each axis
    double g = 0;
    gu[0] = 0;
    gu[1] = 0;
    gu[2] = 0;
    for (int corner = 0; corner < 8; corner++) {
      int a = corner & 1, b = (corner >> 1) & 1, d = (corner >> 2) & 1;
      double v = values[(i[0] + a) + n[0] * ((i[1] + b) + n[1] * (i[2] + d))];
      double wx = a == 1 ? t[0] : 1 - t[0], wy = b == 1 ? t[1] : 1 - t[1];
      double wz = d == 1 ? t[2] : 1 - t[2];
      g += v * wx * wy * wz;
      gu[0] += v * (a == 1 ? 1 : -1) / h * wy * wz;
      gu[1] += v * wx * (b == 1 ? 1 : -1) / h * wz;
      gu[2] += v * wx * wy * (d == 1 ? 1 : -1) / h;
    }
    if (outside > 0) {
      // beyond the box: the clamped axes follow the distance to the box instead
      double r = Math.sqrt(outside);
      for (int k = 0; k < 3; k++) {
        if (u[k] != c[k]) {
          gu[k] = (u[k] - c[k]) / r;
        }
      }
      g += r;
    }
    return g;
  }

  /**
   * The signed distance of a closed, outward mesh sampled on a grid of at least {@code cells}
   * spacings along the longest side of its box, with two spacings to spare on every side: the
   * distance to the nearest triangle, negative where the mesh's winding number says inside.
   */
  public static GridSdf fromMesh(TriangleMesh mesh, int cells) {
    double[] v = mesh.vertices(), lo = new double[3], hi = new double[3];
    java.util.Arrays.fill(lo, Double.POSITIVE_INFINITY);
    java.util.Arrays.fill(hi, Double.NEGATIVE_INFINITY);
    for (int q = 0; q < mesh.nvertex(); q++) {
      for (int k = 0; k < 3; k++) {
        lo[k] = Math.min(lo[k], v[3 * q + k]);
        hi[k] = Math.max(hi[k], v[3 * q + k]);
      }
    }
    double side = Math.max(hi[0] - lo[0], Math.max(hi[1] - lo[1], hi[2] - lo[2]));
    double h = side / cells;
    int[] n = new int[3];
    double[] origin = new double[3];
    for (int k = 0; k < 3; k++) {
      n[k] = (int) Math.ceil((hi[k] - lo[k]) / h) + 5;
      origin[k] = 0.5 * (lo[k] + hi[k]) - 0.5 * (n[k] - 1) * h;
    }
    double[] values = new double[n[0] * n[1] * n[2]], p = new double[3];
    for (int z = 0; z < n[2]; z++) {
      for (int y = 0; y < n[1]; y++) {
        for (int x = 0; x < n[0]; x++) {
          p[0] = origin[0] + x * h;
          p[1] = origin[1] + y * h;
          p[2] = origin[2] + z * h;
          double d = MeshDistance.unsigned(mesh, p);
          values[x + n[0] * (y + n[1] * z)] = MeshDistance.inside(mesh, p) ? -d : d;
        }
      }
    }
    return new GridSdf(origin, h, n, values, 1);
  }
}
