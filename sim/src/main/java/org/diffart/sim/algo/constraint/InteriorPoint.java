package org.diffart.sim.algo.constraint;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.LinearSolverFactory_DDRM;
import org.ejml.interfaces.linsol.LinearSolverDense;

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
 * densely by LU: the problems are one scene's contacts, tens of rows. Float64 throughout.
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
   * Solves the problem. Returns the best iterate seen (by residual). Throws {@link
   * IllegalArgumentException} when the Newton system is singular (Q not positive definite, or
   * equality rows dependent).
   */
  public static Solution solve(Problem pr, Settings set) {
    int n = pr.nx(), m = pr.nz(), k = pr.ny(), size = n + m + k;
    DMatrixRMaj kkt = new DMatrixRMaj(size, size);
    DMatrixRMaj rhs = new DMatrixRMaj(size, 1), sol = new DMatrixRMaj(size, 1);
    LinearSolverDense<DMatrixRMaj> lu = LinearSolverFactory_DDRM.lu(size);
    double[] x = new double[n], z = new double[m], s = new double[m], y = new double[k];
    double[] rx = new double[n], rz = new double[m], ry = new double[k], d = new double[m];
    double[] dx = new double[n], dz = new double[m], ds = new double[m], dy = new double[k];
    double[] zInvRs = new double[m];

    // start: the least-squares point of the system with D = 1, then s = −z shifted into the
    // interior
    java.util.Arrays.fill(d, 1);
    fillKkt(pr, d, kkt);
    factor(lu, kkt);
    for (int i = 0; i < n; i++) {
      rhs.data[i] = -pr.p()[i];
    }
    for (int i = 0; i < m; i++) {
      rhs.data[n + i] = pr.h()[i];
    }
    for (int i = 0; i < k; i++) {
      rhs.data[n + m + i] = pr.b()[i];
    }
    lu.solve(rhs, sol);
    split(sol, x, z, y, n, m, k);
    for (int i = 0; i < m; i++) {
      s[i] = -z[i];
    }
    shiftIntoInterior(s);
    shiftIntoInterior(z);

    double[] best = null;
    double bestResidual = Double.POSITIVE_INFINITY, residual = Double.POSITIVE_INFINITY;
    int it = 0, notImproved = 0;
    while (true) {
      // residuals of stationarity, of the slack rows and of the equalities; the duality measure
      residual = residuals(pr, x, z, s, y, rx, rz, ry);
      if (residual < bestResidual) {
        bestResidual = residual;
        best = pack(x, z, s, y);
        notImproved = 0;
      } else if (++notImproved >= set.notImprovedLimit()) {
        break;
      }
      if (residual < set.tolerance() || it >= set.maxIterations()) {
        break;
      }
      it++;
      double mu = dot(s, z) / Math.max(m, 1);
      for (int i = 0; i < m; i++) {
        d[i] = s[i] / z[i];
      }
      fillKkt(pr, d, kkt);
      factor(lu, kkt);

      // predictor (affine scaling): r_s = s∘z, so Z⁻¹ r_s = s
      newton(pr, lu, rhs, sol, rx, rz, ry, s, d, dx, dz, dy, ds);
      double alpha = Math.min(1, maxStep(s, ds, z, dz));
      double gap = 0;
      for (int i = 0; i < m; i++) {
        gap += (s[i] + alpha * ds[i]) * (z[i] + alpha * dz[i]);
      }
      double sigma = m == 0 ? 0 : Math.pow(gap / dot(s, z), 3);

      // corrector: r_s = s∘z + ds∘dz − σμ
      for (int i = 0; i < m; i++) {
        zInvRs[i] = (s[i] * z[i] + ds[i] * dz[i] - sigma * mu) / z[i];
      }
      newton(pr, lu, rhs, sol, rx, rz, ry, zInvRs, d, dx, dz, dy, ds);
      alpha = Math.min(1, 0.999 * maxStep(s, ds, z, dz));
      axpy(x, alpha, dx);
      axpy(z, alpha, dz);
      axpy(s, alpha, ds);
      axpy(y, alpha, dy);
    }
    return unpack(best, n, m, k, it, bestResidual);
  }

  // ---- the Newton system ----

  /** {@code [Q Gᵀ Aᵀ; G F−D 0; A 0 0]} into kkt. */
  private static void fillKkt(Problem pr, double[] d, DMatrixRMaj kkt) {
    int n = pr.nx(), m = pr.nz(), k = pr.ny(), size = n + m + k;
    kkt.zero();
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < n; j++) {
        kkt.data[size * i + j] = pr.q().get(i, j);
      }
    }
    for (int r = 0; r < m; r++) {
      for (int j = 0; j < n; j++) {
        double gv = pr.g().get(r, j);
        kkt.data[size * (n + r) + j] = gv;
        kkt.data[size * j + n + r] = gv;
      }
      for (int c = 0; c < m; c++) {
        kkt.data[size * (n + r) + n + c] = pr.f().get(r, c);
      }
      kkt.data[size * (n + r) + n + r] -= d[r];
    }
    for (int r = 0; r < k; r++) {
      for (int j = 0; j < n; j++) {
        double av = pr.a().get(r, j);
        kkt.data[size * (n + m + r) + j] = av;
        kkt.data[size * j + n + m + r] = av;
      }
    }
  }

  private static void factor(LinearSolverDense<DMatrixRMaj> lu, DMatrixRMaj kkt) {
    if (!lu.setA(kkt)) {
      throw new IllegalArgumentException("interior point: the Newton system is singular");
    }
  }

  /**
   * One Newton direction with {@code Z⁻¹ r_s} given: dx, dz, dy from the factored system, then
   * {@code ds = −Z⁻¹ r_s − D dz}.
   */
  private static void newton(
      Problem pr,
      LinearSolverDense<DMatrixRMaj> lu,
      DMatrixRMaj rhs,
      DMatrixRMaj sol,
      double[] rx,
      double[] rz,
      double[] ry,
      double[] zInvRs,
      double[] d,
      double[] dx,
      double[] dz,
      double[] dy,
      double[] ds) {
    int n = rx.length, m = rz.length, k = ry.length;
    for (int i = 0; i < n; i++) {
      rhs.data[i] = -rx[i];
    }
    for (int i = 0; i < m; i++) {
      rhs.data[n + i] = -rz[i] + zInvRs[i];
    }
    for (int i = 0; i < k; i++) {
      rhs.data[n + m + i] = -ry[i];
    }
    lu.solve(rhs, sol);
    split(sol, dx, dz, dy, n, m, k);
    for (int i = 0; i < m; i++) {
      ds[i] = -zInvRs[i] - d[i] * dz[i];
    }
  }

  /** r_x, r_z, r_y at the iterate; returns the largest absolute residual or the duality measure. */
  static double residuals(
      Problem pr,
      double[] x,
      double[] z,
      double[] s,
      double[] y,
      double[] rx,
      double[] rz,
      double[] ry) {
    int n = pr.nx(), m = pr.nz(), k = pr.ny();
    double worst = 0;
    for (int i = 0; i < n; i++) {
      double v = pr.p()[i];
      for (int j = 0; j < n; j++) {
        v += pr.q().get(i, j) * x[j];
      }
      for (int r = 0; r < m; r++) {
        v += pr.g().get(r, i) * z[r];
      }
      for (int r = 0; r < k; r++) {
        v += pr.a().get(r, i) * y[r];
      }
      rx[i] = v;
      worst = Math.max(worst, Math.abs(v));
    }
    for (int r = 0; r < m; r++) {
      double v = s[r] - pr.h()[r];
      for (int j = 0; j < n; j++) {
        v += pr.g().get(r, j) * x[j];
      }
      for (int c = 0; c < m; c++) {
        v += pr.f().get(r, c) * z[c];
      }
      rz[r] = v;
      worst = Math.max(worst, Math.abs(v));
    }
    for (int r = 0; r < k; r++) {
      double v = -pr.b()[r];
      for (int j = 0; j < n; j++) {
        v += pr.a().get(r, j) * x[j];
      }
      ry[r] = v;
      worst = Math.max(worst, Math.abs(v));
    }
    return m == 0 ? worst : Math.max(worst, dot(s, z) / m);
  }

  // ---- helpers ----

  /** The largest step in [0, ∞) keeping s + α ds ≥ 0 and z + α dz ≥ 0 (∞ when none blocks). */
  private static double maxStep(double[] s, double[] ds, double[] z, double[] dz) {
    double alpha = Double.POSITIVE_INFINITY;
    for (int i = 0; i < s.length; i++) {
      if (ds[i] < 0) {
        alpha = Math.min(alpha, -s[i] / ds[i]);
      }
      if (dz[i] < 0) {
        alpha = Math.min(alpha, -z[i] / dz[i]);
      }
    }
    return alpha;
  }

  /** v += 1 + max(0, −min v) when some entry is not positive (CVXOPT's starting point). */
  private static void shiftIntoInterior(double[] v) {
    double least = Double.POSITIVE_INFINITY;
    for (double e : v) {
      least = Math.min(least, e);
    }
    if (least <= 0) {
      for (int i = 0; i < v.length; i++) {
        v[i] += 1 - least;
      }
    }
  }

  private static void split(
      DMatrixRMaj sol, double[] x, double[] z, double[] y, int n, int m, int k) {
    System.arraycopy(sol.data, 0, x, 0, n);
    System.arraycopy(sol.data, n, z, 0, m);
    System.arraycopy(sol.data, n + m, y, 0, k);
  }

  private static double[] pack(double[] x, double[] z, double[] s, double[] y) {
    double[] all = new double[x.length + 2 * z.length + y.length];
    System.arraycopy(x, 0, all, 0, x.length);
    System.arraycopy(z, 0, all, x.length, z.length);
    System.arraycopy(s, 0, all, x.length + z.length, z.length);
    System.arraycopy(y, 0, all, x.length + 2 * z.length, y.length);
    return all;
  }

  private static Solution unpack(double[] all, int n, int m, int k, int it, double residual) {
    return new Solution(
        java.util.Arrays.copyOfRange(all, 0, n),
        java.util.Arrays.copyOfRange(all, n, n + m),
        java.util.Arrays.copyOfRange(all, n + m, n + 2 * m),
        java.util.Arrays.copyOfRange(all, n + 2 * m, n + 2 * m + k),
        it,
        residual);
  }

  static double dot(double[] a, double[] b) {
    double v = 0;
    for (int i = 0; i < a.length; i++) {
      v += a[i] * b[i];
    }
    return v;
  }

  private static void axpy(double[] v, double alpha, double[] dv) {
    for (int i = 0; i < v.length; i++) {
      v[i] += alpha * dv[i];
    }
  }
}
