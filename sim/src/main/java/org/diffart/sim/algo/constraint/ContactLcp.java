package org.diffart.sim.algo.constraint;

import org.diffart.sim.algo.constraint.InteriorPoint.Problem;
import org.ejml.data.DMatrixRMaj;

/**
 * DiffSDFSim's velocity-level contact problem as an {@link InteriorPoint} mixed LCP (Stewart and
 * Trinkle 1996; Cline 2002, §2.7.2): with x = v⁺ the velocity after the step, for each contact i a
 * normal impulse λ_i, friction impulses β_ik ≥ 0 along K directions d_k of its tangent plane (the
 * seed's 8) and the sliding speed γ_i:
 *
 * <pre>
 *   M v⁺ = u + J_nᵀ λ + J_fᵀ β                             (u = M v + dt f: the free momentum)
 *   0 ≤ λ_i  ⊥  J_n,i v⁺ + e_i (J_n,i v)              ≥ 0   (non-penetration, restitution e_i)
 *   0 ≤ β_ik ⊥  d_kᵀ J_t,i v⁺ + γ_i                   ≥ 0   (friction opposes sliding)
 *   0 ≤ γ_i  ⊥  μ_i λ_i − Σ_k β_ik                    ≥ 0   (the polygonal friction cone)
 * </pre>
 *
 * so {@code Q = M}, {@code p = −u}, z = (λ, β, γ) and, with {@code s = h − G x − F z}, {@code G =
 * (−J_n; −J_f; 0)}, {@code h = (e ∘ J_n v; 0; 0)}, {@code F = [0 0 0; 0 0 −E; −diag(μ) Eᵀ 0]}, E
 * grouping each contact's K rows. Directions {@code d_k = cos(2πk/K) t₁ + sin(2πk/K) t₂}, K = 4 or
 * 8.
 */
public final class ContactLcp {
  /** The seed's number of friction directions in 3-D (4 tangents and their negatives). */
  public static final int DIRECTIONS = 8;

  private ContactLcp() {}

  /**
   * The problem of nc contacts.
   *
   * @param mass M (n×n), symmetric positive definite
   * @param momentum u = M v + dt f (n): the momentum after the step without contacts
   * @param jn normal Jacobians (nc×n): rows map x to each contact's separating normal velocity
   * @param jt1 first tangent Jacobians (nc×n)
   * @param jt2 second tangent Jacobians (nc×n)
   * @param directions K, the friction directions per contact: 4 or 8 ({@link Rows#coneCos})
   * @param mu friction coefficients (nc)
   * @param bounce {@code e_i (J_n v)_i} (nc): the restitution's target, ≤ 0 for approaching
   *     contacts
   * @param eq equality rows A (k×n, x must satisfy A x = 0), or null for none
   */
  public static Problem of(
      DMatrixRMaj mass,
      double[] momentum,
      DMatrixRMaj jn,
      DMatrixRMaj jt1,
      DMatrixRMaj jt2,
      int directions,
      double[] mu,
      double[] bounce,
      DMatrixRMaj eq) {
    int n = momentum.length, nc = jn.numRows, nf = nc * directions, m = 2 * nc + nf;
    DMatrixRMaj g = new DMatrixRMaj(m, n), f = new DMatrixRMaj(m, m);
    double[] p = new double[n], h = new double[m];
    for (int j = 0; j < n; j++) {
      p[j] = -momentum[j];
    }
    for (int i = 0; i < nc; i++) {
      h[i] = bounce[i];
      int gamma = nc + nf + i;
      for (int j = 0; j < n; j++) {
        g.set(i, j, -jn.get(i, j));
      }
      for (int k = 0; k < directions; k++) {
        int r = nc + i * directions + k;
        double c = Rows.coneCos(k, directions), s = Rows.coneSin(k, directions);
        for (int j = 0; j < n; j++) {
          g.set(r, j, -(c * jt1.get(i, j) + s * jt2.get(i, j)));
        }
        f.set(r, gamma, -1);
        f.set(gamma, r, 1);
      }
      f.set(gamma, i, -mu[i]);
    }
    DMatrixRMaj a = eq == null ? new DMatrixRMaj(0, n) : eq;
    return new Problem(mass, p, g, h, f, a, new double[a.numRows]);
  }

  /**
   * The bars of {@link #of}'s inputs (shaped as they are): M̄, ū, J̄_n, J̄_t1, J̄_t2, μ̄ and the
   * restitution targets' bars.
   */
  public record Bars(
      DMatrixRMaj mass,
      double[] momentum,
      DMatrixRMaj jn,
      DMatrixRMaj jt1,
      DMatrixRMaj jt2,
      double[] mu,
      double[] bounce) {}

  /**
   * The adjoint of {@link #of}: the bars of its inputs from the bars of the problem's ({@link
   * InteriorPointAdjoint#backward}), nc contacts with K directions; the equality rows' bars are the
   * problem's {@code a}.
   */
  public static Bars backward(InteriorPointAdjoint.Bars pb, int nc, int directions) {
    int n = pb.p().length, nf = nc * directions;
    DMatrixRMaj jn = new DMatrixRMaj(nc, n),
        t1 = new DMatrixRMaj(nc, n),
        t2 = new DMatrixRMaj(nc, n);
    double[] u = new double[n], mu = new double[nc], bounce = new double[nc];
    for (int j = 0; j < n; j++) {
      u[j] = -pb.p()[j];
    }
    for (int i = 0; i < nc; i++) {
      bounce[i] = pb.h()[i];
      mu[i] = -pb.f().get(nc + nf + i, i);
      for (int j = 0; j < n; j++) {
        jn.set(i, j, -pb.g().get(i, j));
      }
      for (int k = 0; k < directions; k++) {
        int r = nc + i * directions + k;
        double c = Rows.coneCos(k, directions), s = Rows.coneSin(k, directions);
        for (int j = 0; j < n; j++) {
          t1.add(i, j, -c * pb.g().get(r, j));
          t2.add(i, j, -s * pb.g().get(r, j));
        }
      }
    }
    return new Bars(pb.q(), u, jn, t1, t2, mu, bounce);
  }

  /** The normal impulses λ (nc) of a solution's z. */
  public static double[] normalImpulses(double[] z, int nc) {
    return java.util.Arrays.copyOfRange(z, 0, nc);
  }

  /**
   * The friction impulse of contact i in its tangent frame (t₁, t₂) from a solution's z: {@code Σ_k
   * β_ik (cos, sin)(2πk/K)}.
   */
  public static double[] frictionImpulse(double[] z, int nc, int directions, int i) {
    double[] t = new double[2];
    for (int k = 0; k < directions; k++) {
      double beta = z[nc + i * directions + k];
      t[0] += beta * Rows.coneCos(k, directions);
      t[1] += beta * Rows.coneSin(k, directions);
    }
    return t;
  }
}
