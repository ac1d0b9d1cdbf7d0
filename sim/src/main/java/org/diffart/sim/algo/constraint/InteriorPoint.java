package org.diffart.sim.algo.constraint;

import org.ejml.data.DMatrixRMaj;

/**
 * The mixed LCP of DiffSDFSim's contact step (de Avila Belbute-Peres et al. 2018; Cline 2002,
 * §2.7.2), solved by a primal–dual interior-point method with Mehrotra's predictor–corrector:
 *
 * <pre>
 *   Q x + p + Gᵀ z + Aᵀ y = 0      stationarity (x: velocities, z ≥ 0: impulses, y: equality forces)
 *   A x = b                        equality rows (joints in maximal coordinates)
 *   s = h − G x − F z ≥ 0,  z ≥ 0,  sᵀz = 0
 * </pre>
 *
 * With {@code F = 0} it is the KKT system of the QP {@code min ½xᵀQx + pᵀx, Gx ≤ h, Ax = b}; the
 * friction cone's coupling (normal impulse, friction impulses and the sliding speed γ) makes F
 * non-zero ({@link ContactLcp}). Each Newton step solves the reduced system
 *
 * <pre>
 *   [ Q   Gᵀ      Aᵀ ] [dx]   [ −r_x            ]
 *   [ G   F − D   0  ] [dz] = [ −r_z + Z⁻¹ r_s  ] ,  D = diag(s / z),  ds = −Z⁻¹(r_s + S dz)
 *   [ A   0       0  ] [dy]   [ −r_y            ]
 * </pre>
 *
 * densely by LU with partial pivoting ({@link DenseLu}): the problems are one scene's contacts,
 * tens to a few hundred rows. Float64 throughout; the flat form allocates nothing, so the step can
 * call it ({@link ContactInteriorPoint}).
 */
public final class InteriorPoint {
  private InteriorPoint() {}

  /**
   * One mixed LCP. Q (n×n) symmetric positive definite, p (n), G (m×n), h (m), F (m×m), A (k×n), b
   * (k); A and b may have no rows.
   */
  public record Problem(
      DMatrixRMaj q,
      double[] p,
      DMatrixRMaj g,
      double[] h,
      DMatrixRMaj f,
      DMatrixRMaj a,
      double[] b) {
    /** The number of unknowns n. */
    public int nx() {
      return p.length;
    }

    /** The number of complementarity pairs m. */
    public int nz() {
      return h.length;
    }

    /** The number of equality rows k. */
    public int ny() {
      return b.length;
    }
  }

  /**
   * The solution: x (n), z (m), the slacks s (m), y (k), the iterations used and the last residual
   * (the largest of the KKT residuals and the duality measure {@code sᵀz/m}).
   */
  public record Solution(
      double[] x, double[] z, double[] s, double[] y, int iterations, double residual) {}

  /**
   * The solver's settings: at most {@code maxIterations} Newton steps, stopping once the residual
   * is below {@code tolerance}, or when it has not improved for {@code notImprovedLimit} steps
   * (lcp_physics: 3).
   */
  public record Settings(int maxIterations, double tolerance, int notImprovedLimit) {
    /** 30 steps, 1e-12, 3: converged to the float64 floor on contact problems. */
    public static final Settings DEFAULT = new Settings(30, 1e-12, 3);
  }

  /** Solves the problem with {@link Settings#DEFAULT}. */
  public static Solution solve(Problem pr) {
    return solve(pr, Settings.DEFAULT);
  }

  /**
   * Solves the problem ({@link #solve(int, int, int, double[], double[], double[], double[],
   * double[], double[], double[], double[], double[], double[], double[], double[], int[], int,
   * double, int)} on copies). Throws {@link IllegalArgumentException} when a Newton system is
   * singular (Q not positive definite, or equality rows dependent).
   */
  public static Solution solve(Problem pr, Settings set) {
    int n = pr.nx(), m = pr.nz(), k = pr.ny();
    double[] x = new double[n], z = new double[m], s = new double[m], y = new double[k];
    double[] work = new double[workSize(n, m, k)];
    int it =
        solve(
            n,
            m,
            k,
            data(pr.q()),
            pr.p(),
            data(pr.g()),
            pr.h(),
            data(pr.f()),
            data(pr.a()),
            pr.b(),
            x,
            z,
            s,
            y,
            work,
            new int[n + m + k],
            set.maxIterations(),
            set.tolerance(),
            set.notImprovedLimit());
    if (it < 0) {
      throw new IllegalArgumentException("interior point: the Newton system is singular");
    }
    return new Solution(x, z, s, y, it, work[0]);
  }

  /** A matrix's entries, row-major. */
  static double[] data(DMatrixRMaj a) {
    return java.util.Arrays.copyOf(a.data, a.numRows * a.numCols);
  }

  /**
   * The doubles {@link #solve(int, int, int, double[], double[], double[], double[], double[],
   * double[], double[], double[], double[], double[], double[], double[], int[], int, double, int)}
   * needs as work.
   */
  public static int workSize(int n, int m, int k) {
    int size = n + m + k;
    return 1 + size * size + size + 3 * n + 7 * m + 3 * k;
  }

  /**
   * The solver on flat arrays, allocation-free: the problem's matrices row-major (q n×n, g m×n, f
   * m×m, a k×n), the solution into x, z, s, y, {@code work} of {@link #workSize} doubles (its first
   * entry receives the residual of the returned iterate), {@code pivot} of n + m + k ints. Returns
   * the Newton steps taken, or -1 when a Newton system was singular. The iterate returned is the
   * best seen by residual.
   */
  public static int solve(
      int n,
      int m,
      int k,
      double[] q,
      double[] p,
      double[] g,
      double[] h,
      double[] f,
      double[] a,
      double[] b,
      double[] x,
      double[] z,
      double[] s,
      double[] y,
      double[] work,
      int[] pivot,
      int maxIterations,
      double tolerance,
      int notImprovedLimit) {
    int size = n + m + k;
    // work: residual | Newton matrix | right-hand side | r_x r_z r_y | s/z | dx dz ds dy | Z⁻¹r_s
    // | best iterate
    int kkt = 1, rhs = kkt + size * size, rx = rhs + size, rz = rx + n, ry = rz + m;
    int dd = ry + k, dx = dd + m, dz = dx + n, ds = dz + m, dy = ds + m, zr = dy + k;
    int best = zr + m;

    // start: the solution of the system with D = 1, then s = −z, both shifted into the interior
    for (int i = 0; i < m; i++) {
      work[dd + i] = 1;
    }
    newtonMatrix(n, m, k, q, g, f, a, work, dd, kkt);
    if (!DenseLu.factor(work, kkt, size, pivot)) {
      return -1;
    }
    for (int i = 0; i < n; i++) {
      work[rhs + i] = -p[i];
    }
    for (int i = 0; i < m; i++) {
      work[rhs + n + i] = h[i];
    }
    for (int i = 0; i < k; i++) {
      work[rhs + n + m + i] = b[i];
    }
    DenseLu.solve(work, kkt, size, pivot, work, rhs);
    System.arraycopy(work, rhs, x, 0, n);
    System.arraycopy(work, rhs + n, z, 0, m);
    System.arraycopy(work, rhs + n + m, y, 0, k);
    for (int i = 0; i < m; i++) {
      s[i] = -z[i];
    }
    shiftIntoInterior(s, m);
    shiftIntoInterior(z, m);

    double bestResidual = Double.POSITIVE_INFINITY;
    int it = 0, bestIt = 0, notImproved = 0;
    while (true) {
      double residual = residuals(n, m, k, q, p, g, h, f, a, b, x, z, s, y, work, rx, rz, ry);
      if (residual < bestResidual) {
        bestResidual = residual;
        bestIt = it;
        System.arraycopy(x, 0, work, best, n);
        System.arraycopy(z, 0, work, best + n, m);
        System.arraycopy(s, 0, work, best + n + m, m);
        System.arraycopy(y, 0, work, best + n + 2 * m, k);
        notImproved = 0;
      } else {
        notImproved++;
      }
      if (residual < tolerance || it >= maxIterations || notImproved >= notImprovedLimit) {
        break;
      }
      it++;
      double mu = 0;
      for (int i = 0; i < m; i++) {
        mu += s[i] * z[i];
        work[dd + i] = s[i] / z[i];
      }
      mu = m > 0 ? mu / m : 0;
      newtonMatrix(n, m, k, q, g, f, a, work, dd, kkt);
      if (!DenseLu.factor(work, kkt, size, pivot)) {
        return -1;
      }
      // predictor (affine scaling): r_s = s∘z, Z⁻¹ r_s = s
      System.arraycopy(s, 0, work, zr, m);
      direction(n, m, k, work, kkt, pivot, rhs, rx, rz, ry, zr, dd, dx, dz, ds, dy);
      double alpha = Math.min(1, maxStep(m, s, z, work, ds, dz));
      double gap = 0, sz = 0;
      for (int i = 0; i < m; i++) {
        gap += (s[i] + alpha * work[ds + i]) * (z[i] + alpha * work[dz + i]);
        sz += s[i] * z[i];
      }
      double ratio = m > 0 ? gap / sz : 0;
      double sigma = ratio * ratio * ratio;
      // corrector: r_s = s∘z + ds∘dz − σμ
      for (int i = 0; i < m; i++) {
        work[zr + i] = (s[i] * z[i] + work[ds + i] * work[dz + i] - sigma * mu) / z[i];
      }
      direction(n, m, k, work, kkt, pivot, rhs, rx, rz, ry, zr, dd, dx, dz, ds, dy);
      alpha = Math.min(1, 0.999 * maxStep(m, s, z, work, ds, dz));
      for (int i = 0; i < n; i++) {
        x[i] += alpha * work[dx + i];
      }
      for (int i = 0; i < m; i++) {
        z[i] += alpha * work[dz + i];
        s[i] += alpha * work[ds + i];
      }
      for (int i = 0; i < k; i++) {
        y[i] += alpha * work[dy + i];
      }
    }
    System.arraycopy(work, best, x, 0, n);
    System.arraycopy(work, best + n, z, 0, m);
    System.arraycopy(work, best + n + m, s, 0, m);
    System.arraycopy(work, best + n + 2 * m, y, 0, k);
    work[0] = bestResidual;
    return it;
  }

  // ---- the Newton system ----

  /**
   * {@code [Q Gᵀ Aᵀ; G F−D 0; A 0 0]} into work at {@code kkt}, with D's diagonal at {@code dd}.
   */
  static void newtonMatrix(
      int n,
      int m,
      int k,
      double[] q,
      double[] g,
      double[] f,
      double[] a,
      double[] work,
      int dd,
      int kkt) {
    int size = n + m + k;
    for (int i = 0; i < size * size; i++) {
      work[kkt + i] = 0;
    }
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        work[kkt + size * i + j] = q[n * i + j];
      }
    }
    for (int r = 0; r < m; r++) {
      for (int j = 0; j < n; j++) {
        work[kkt + size * (n + r) + j] = g[n * r + j];
        work[kkt + size * j + n + r] = g[n * r + j];
      }
      for (int c = 0; c < m; c++) {
        work[kkt + size * (n + r) + n + c] = f[m * r + c];
      }
      work[kkt + size * (n + r) + n + r] -= work[dd + r];
    }
    for (int r = 0; r < k; r++) {
      for (int j = 0; j < n; j++) {
        work[kkt + size * (n + m + r) + j] = a[n * r + j];
        work[kkt + size * j + n + m + r] = a[n * r + j];
      }
    }
  }

  /**
   * One Newton direction from the factored matrix, with {@code Z⁻¹ r_s} at {@code zr}: dx, dz, dy,
   * then {@code ds = −Z⁻¹ r_s − D dz}.
   */
  private static void direction(
      int n,
      int m,
      int k,
      double[] work,
      int kkt,
      int[] pivot,
      int rhs,
      int rx,
      int rz,
      int ry,
      int zr,
      int dd,
      int dx,
      int dz,
      int ds,
      int dy) {
    for (int i = 0; i < n; i++) {
      work[rhs + i] = -work[rx + i];
    }
    for (int i = 0; i < m; i++) {
      work[rhs + n + i] = -work[rz + i] + work[zr + i];
    }
    for (int i = 0; i < k; i++) {
      work[rhs + n + m + i] = -work[ry + i];
    }
    DenseLu.solve(work, kkt, n + m + k, pivot, work, rhs);
    System.arraycopy(work, rhs, work, dx, n);
    System.arraycopy(work, rhs + n, work, dz, m);
    System.arraycopy(work, rhs + n + m, work, dy, k);
    for (int i = 0; i < m; i++) {
      work[ds + i] = -work[zr + i] - work[dd + i] * work[dz + i];
    }
  }

  /**
   * r_x, r_z, r_y at the iterate into work; returns the largest absolute residual or the duality
   * measure {@code sᵀz/m}.
   */
  static double residuals(
      int n,
      int m,
      int k,
      double[] q,
      double[] p,
      double[] g,
      double[] h,
      double[] f,
      double[] a,
      double[] b,
      double[] x,
      double[] z,
      double[] s,
      double[] y,
      double[] work,
      int rx,
      int rz,
      int ry) {
    double worst = 0;
    for (int i = 0; i < n; i++) {
      double v = p[i];
      for (int j = 0; j < n; j++) {
        v += q[n * i + j] * x[j];
      }
      for (int r = 0; r < m; r++) {
        v += g[n * r + i] * z[r];
      }
      for (int r = 0; r < k; r++) {
        v += a[n * r + i] * y[r];
      }
      work[rx + i] = v;
      worst = Math.max(worst, Math.abs(v));
    }
    double sz = 0;
    for (int r = 0; r < m; r++) {
      double v = s[r] - h[r];
      for (int j = 0; j < n; j++) {
        v += g[n * r + j] * x[j];
      }
      for (int c = 0; c < m; c++) {
        v += f[m * r + c] * z[c];
      }
      work[rz + r] = v;
      worst = Math.max(worst, Math.abs(v));
      sz += s[r] * z[r];
    }
    for (int r = 0; r < k; r++) {
      double v = -b[r];
      for (int j = 0; j < n; j++) {
        v += a[n * r + j] * x[j];
      }
      work[ry + r] = v;
      worst = Math.max(worst, Math.abs(v));
    }
    return m == 0 ? worst : Math.max(worst, sz / m);
  }

  // ---- helpers ----

  /**
   * The largest step in [0, ∞) keeping s + α ds ≥ 0 and z + α dz ≥ 0 (∞ when none blocks), the
   * directions in work at ds and dz.
   */
  private static double maxStep(int m, double[] s, double[] z, double[] work, int ds, int dz) {
    double alpha = Double.POSITIVE_INFINITY;
    for (int i = 0; i < m; i++) {
      if (work[ds + i] < 0) {
        alpha = Math.min(alpha, -s[i] / work[ds + i]);
      }
      if (work[dz + i] < 0) {
        alpha = Math.min(alpha, -z[i] / work[dz + i]);
      }
    }
    return alpha;
  }

  /** v += 1 − min v when some entry is not positive (CVXOPT's starting point). */
  private static void shiftIntoInterior(double[] v, int m) {
    double least = Double.POSITIVE_INFINITY;
    for (int i = 0; i < m; i++) {
      least = Math.min(least, v[i]);
    }
    if (least <= 0) {
      for (int i = 0; i < m; i++) {
        v[i] += 1 - least;
      }
    }
  }
}
