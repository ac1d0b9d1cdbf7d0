package org.diffart.sim.algo.constraint;

import org.diffart.sim.algo.collision.Collision;
import org.diffart.sim.algo.dynamics.MassMatrixFactor;
import org.diffart.sim.algo.forces.Tendons;
import org.diffart.sim.algo.kinematics.Jacobians;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.Options;

/**
 * Velocity-level constraints of one step (Qiao et al. 2021, App. G; Stewart-Trinkle style
 * impulses): contact normal and friction rows, joint-limit and tendon-limit rows and the joints'
 * dry friction (frictionloss) rows. Builds {@code J}, the Delassus matrix {@code A = J M⁻¹ Jᵀ +
 * cfm·1} through the tree-sparse factor {@code M = Lᵀ D L} ({@code W = J L⁻¹}, {@code A = W D⁻¹
 * Wᵀ}), the right-hand side {@code b = -J v* - e J v - erp·dist/dt} (normal rows, with the
 * contact's restitution e on the velocity v the step starts from, DiffSDFSim's impact law, so that
 * the gravity of the impact's step adds nothing to the rebound; limit rows with e = 0) or {@code -J
 * v*} (friction and frictionloss rows), and the impulse bounds; after {@link
 * ProjectedGaussSeidel#solve} it applies {@code Δv = M⁻¹ Jᵀ p}.
 */
public final class Constraints {
  private Constraints() {}

  /**
   * Assembles the rows for the detected contacts and violated joint limits at the current
   * positions, with the free velocity {@code qvelFree}. Requires {@link Kinematics#forward}, {@link
   * Collision#detect} and {@link MassMatrixFactor#factor}. Writes {@code nefc, efcJ, efcW, efcA,
   * efcB, efcLo, efcHi, efcNormal, efcType, efcId} and the row ranges.
   */
  public static void assemble(Model m, Data d) {
    Options o = m.opt();
    int nv = m.nv();
    d.nefc = 0;
    for (int c = 0; c < d.ncon; c++) {
      if (!active(d, c)) {
        continue;
      }
      int n = addContactRow(m, d, c, 0, Rows.NORMAL, -1);
      int condim = d.conCondim[c];
      if (condim >= 3) {
        addContactRow(m, d, c, 1, Rows.FRICTION, n);
        addContactRow(m, d, c, 2, Rows.FRICTION, n);
        if (o.frictionDirections() == 1) {
          slidingDirection(m, d, n + 1);
        } else if (o.frictionDirections() > 2) {
          coneDirections(m, d, c, n);
        }
        frictionBounds(d, n, d.conFriction[c]);
      }
      if (condim >= 4) {
        addContactRow(m, d, c, 0, Rows.TORSION, n);
        frictionBounds(d, n, d.conFrictionSpinRoll[2 * c]);
      }
      if (condim == 6) {
        addContactRow(m, d, c, 1, Rows.ROLLING, n);
        addContactRow(m, d, c, 2, Rows.ROLLING, n);
        frictionBounds(d, n, d.conFrictionSpinRoll[2 * c + 1]);
      }
    }
    if (o.limit()) {
      for (int j = 0; j < m.njnt(); j++) {
        JointType t = m.jntType(j);
        if (m.jntLimited(j) && (t == JointType.HINGE || t == JointType.SLIDE)) {
          double q = d.qpos[m.jntQposAdr(j)];
          if (q < m.jntRange(j, 0)) {
            addLimitRow(m, d, j, 1, q - m.jntRange(j, 0));
          } else if (q > m.jntRange(j, 1)) {
            addLimitRow(m, d, j, -1, m.jntRange(j, 1) - q);
          }
        }
      }
    }
    if (o.limit()) {
      for (int t = 0; t < m.ntendon(); t++) {
        if (m.tendonLimited(t)) {
          double len = d.tendonLength[t];
          if (len < m.tendonRange(t, 0)) {
            addTendonLimitRow(m, d, t, 1, len - m.tendonRange(t, 0));
          } else if (len > m.tendonRange(t, 1)) {
            addTendonLimitRow(m, d, t, -1, m.tendonRange(t, 1) - len);
          }
        }
      }
    }
    if (o.frictionLoss()) {
      for (int k = 0; k < m.nv(); k++) {
        if (m.dofFrictionloss(k) > 0) {
          addFrictionLossRow(m, d, k);
        }
      }
    }
    if (o.equality()) {
      for (int e = 0; e < m.neq(); e++) {
        if (m.eqActive(e)) {
          Equality.addRows(m, d, e);
        }
      }
    }
    // right-hand sides from the free velocity, restitution on the velocity before the step
    double kb = o.erp() / o.timestep();
    for (int r = 0; r < d.nefc; r++) {
      double vn = 0, v0 = 0;
      for (int k = d.efcDofLo[r]; k < d.efcDofHi[r]; k++) {
        vn += d.efcJ[nv * r + k] * d.qvelFree[k];
        v0 += d.efcJ[nv * r + k] * d.qvel[k];
      }
      int t = d.efcType[r];
      double e = t == Rows.NORMAL ? d.conRestitution[d.efcId[r]] : 0;
      d.efcB[r] = Rows.isFriction(t) ? -vn : -vn - e * v0 - kb * d.efcDist[r];
    }
    delassus(m, d);
  }

  /**
   * Whether contact c acts: closer than its {@code conIncludeMargin} (MuJoCo's {@code margin −
   * gap}). The others lie in the gap, detected but without rows (MuJoCo's excluded contacts).
   */
  static boolean active(Data d, int c) {
    return d.conDist[c] < d.conIncludeMargin[c];
  }

  /**
   * The rows added last for the contact whose normal row is n, those still without a normal:
   * friction rows bounded by {@code ±mu p_n}.
   */
  private static void frictionBounds(Data d, int n, double mu) {
    for (int r = d.nefc - 1; r > n && d.efcNormal[r] < 0; r--) {
      d.efcNormal[r] = n;
      d.efcLo[r] = mu;
      d.efcHi[r] = mu;
    }
  }

  /**
   * Adds one row for contact c along row {@code dir} of its frame (0 normal, 1-2 tangents); returns
   * its index. A {@code Rows.TORSION} or {@code Rows.ROLLING} row is the relative angular velocity
   * about that axis (MuJoCo's torsional friction about the normal, rolling about the tangents); the
   * others the relative velocity of the contact point. The dof range of the contact is found for
   * its normal row and copied from row {@code normal} for the others.
   */
  private static int addContactRow(Model m, Data d, int c, int dir, int type, int normal) {
    int r = d.nefc++, nv = m.nv();
    double[] dirv = d.scratch6;
    dirv[0] = d.conFrame[9 * c + 3 * dir];
    dirv[1] = d.conFrame[9 * c + 3 * dir + 1];
    dirv[2] = d.conFrame[9 * c + 3 * dir + 2];
    d.efcDir[3 * r] = dirv[0];
    d.efcDir[3 * r + 1] = dirv[1];
    d.efcDir[3 * r + 2] = dirv[2];
    int b1 = m.geomBody(d.conGeom[2 * c]), b2 = m.geomBody(d.conGeom[2 * c + 1]);
    if (normal < 0) {
      int last1 = Jacobians.chainLastDof(m, b1), last2 = Jacobians.chainLastDof(m, b2);
      int hi = Math.max(last1, last2) + 1;
      d.efcLeaf[r] = last1 < 0 ? last2 : last2 < 0 ? last1 : -1;
      d.efcDofLo[r] =
          Math.min(Math.min(Jacobians.chainFirstDof(m, b1), Jacobians.chainFirstDof(m, b2)), hi);
      d.efcDofHi[r] = hi;
    } else {
      d.efcLeaf[r] = d.efcLeaf[normal];
      d.efcDofLo[r] = d.efcDofLo[normal];
      d.efcDofHi[r] = d.efcDofHi[normal];
    }
    java.util.Arrays.fill(d.efcJ, nv * r + d.efcDofLo[r], nv * r + d.efcDofHi[r], 0);
    if (type == Rows.TORSION || type == Rows.ROLLING) {
      Jacobians.addAngularJacobian(m, d, d.efcJ, nv * r, b2, dirv, 0, 1);
      Jacobians.addAngularJacobian(m, d, d.efcJ, nv * r, b1, dirv, 0, -1);
    } else {
      addPointJacobian(m, d, r, b2, c, dirv, 1);
      addPointJacobian(m, d, r, b1, c, dirv, -1);
    }
    d.efcType[r] = type;
    d.efcId[r] = c;
    d.efcNormal[r] = -1;
    d.efcLo[r] = 0;
    d.efcHi[r] = m.opt().maxNormalImpulse();
    // the normal row holds the surfaces at the contact's margin less its gap
    d.efcDist[r] = type == Rows.NORMAL ? d.conDist[c] - d.conIncludeMargin[c] : 0;
    return r;
  }

  /**
   * efcJ row r += sign · dirᵀ J_p(body) where J_p maps q̇ to the world velocity of the contact
   * point fixed to the body: for each dof k on the path to the root, {@code R S_lin + (R S_ang) ×
   * (p - x_body(k))}.
   */
  private static void addPointJacobian(
      Model m, Data d, int r, int body, int c, double[] dir, double sign) {
    Jacobians.addPointJacobian(m, d, d.efcJ, m.nv() * r, body, c, dir, sign);
  }

  /**
   * Merges the two tangent rows {@code r, r+1} into the single friction direction of the paper's
   * code: along the tangential relative velocity of the free motion when it exceeds 1e-4 m/s
   * ({@code J = (v1 J_t1 + v2 J_t2)/|v_t|}, the Jacobian being linear in the direction), else the
   * first tangent.
   */
  private static void slidingDirection(Model m, Data d, int r) {
    int nv = m.nv();
    int lo = d.efcDofLo[r], hi = d.efcDofHi[r];
    double v1 = 0, v2 = 0;
    for (int k = lo; k < hi; k++) {
      v1 += d.efcJ[nv * r + k] * d.qvelFree[k];
      v2 += d.efcJ[nv * (r + 1) + k] * d.qvelFree[k];
    }
    double vt = Math.sqrt(v1 * v1 + v2 * v2);
    if (vt > 1e-4) {
      double c1 = v1 / vt, c2 = v2 / vt;
      for (int k = lo; k < hi; k++) {
        d.efcJ[nv * r + k] = c1 * d.efcJ[nv * r + k] + c2 * d.efcJ[nv * (r + 1) + k];
      }
      for (int k = 0; k < 3; k++) {
        d.efcDir[3 * r + k] = c1 * d.efcDir[3 * r + k] + c2 * d.efcDir[3 * (r + 1) + k];
      }
    }
    d.nefc--;
  }

  /**
   * Turns contact c's two tangent rows {@code n+1, n+2} into the K edges of a polyhedral friction
   * cone (the interior-point solver's, {@link ContactInteriorPoint}): row {@code n+1+k} along
   * {@code cos(2πk/K) t₁ + sin(2πk/K) t₂}, its Jacobian the same combination of the tangents' (both
   * linear in the direction). Rows {@code n+3 ..} are added; row n+2 is overwritten last, row n+1
   * (k = 0) is t₁ itself.
   */
  private static void coneDirections(Model m, Data d, int c, int n) {
    int nv = m.nv(), kMax = m.opt().frictionDirections();
    int t1 = nv * (n + 1), t2 = nv * (n + 2);
    for (int k = 2; k < kMax; k++) {
      addContactRow(m, d, c, 1, Rows.FRICTION, n);
    }
    for (int k = kMax - 1; k >= 1; k--) {
      int r = n + 1 + k;
      double ck = Rows.coneCos(k, kMax), sk = Rows.coneSin(k, kMax);
      for (int j = d.efcDofLo[r]; j < d.efcDofHi[r]; j++) {
        d.efcJ[nv * r + j] = ck * d.efcJ[t1 + j] + sk * d.efcJ[t2 + j];
      }
      for (int j = 0; j < 3; j++) {
        d.efcDir[3 * r + j] = ck * d.conFrame[9 * c + 3 + j] + sk * d.conFrame[9 * c + 6 + j];
      }
    }
  }

  /**
   * A limit row on joint j: {@code sign = +1} keeps q above the lower bound, -1 below the upper
   * bound.
   */
  private static void addLimitRow(Model m, Data d, int j, double sign, double dist) {
    int r = d.nefc++, nv = m.nv(), k = m.jntDofAdr(j);
    d.efcDofLo[r] = Jacobians.chainFirstDof(m, m.jntBody(j));
    d.efcDofHi[r] = k + 1;
    d.efcLeaf[r] = k;
    java.util.Arrays.fill(d.efcJ, nv * r + d.efcDofLo[r], nv * r + k + 1, 0);
    d.efcJ[nv * r + k] = sign;
    Rows.jointSpaceRow(d, r, Rows.LIMIT, j, 0, Double.POSITIVE_INFINITY, dist);
  }

  /**
   * A limit row on tendon t: {@code J = sign ∂L/∂q}; {@code sign = +1} keeps the length above the
   * lower bound, -1 below the upper bound. A spatial tendon whose sites cannot move gets no row.
   */
  private static void addTendonLimitRow(Model m, Data d, int t, double sign, double dist) {
    int nv = m.nv();
    int lo = nv, hi = 0;
    for (int w = m.tendonAdr(t); w < m.tendonAdr(t) + m.tendonNum(t); w++) {
      if (m.tendonSpatial(t)) {
        int b = Tendons.wrapBody(m, w);
        if (b == 0) {
          continue;
        }
        lo = Math.min(lo, Jacobians.chainFirstDof(m, b));
        hi = Math.max(hi, Jacobians.chainLastDof(m, b) + 1);
      } else {
        int k = m.wrapDofAdr(w);
        lo = Math.min(lo, Jacobians.chainFirstDof(m, m.dofBody(k)));
        hi = Math.max(hi, k + 1);
      }
    }
    if (hi == 0) {
      return;
    }
    int r = d.nefc++;
    lo = Math.min(lo, hi);
    d.efcDofLo[r] = lo;
    d.efcDofHi[r] = hi;
    d.efcLeaf[r] = -1;
    java.util.Arrays.fill(d.efcJ, nv * r + lo, nv * r + hi, 0);
    if (m.tendonSpatial(t)) {
      for (int k = lo; k < hi; k++) {
        d.efcJ[nv * r + k] = sign * d.tendonJ[nv * t + k];
      }
    } else {
      for (int w = m.tendonAdr(t); w < m.tendonAdr(t) + m.tendonNum(t); w++) {
        d.efcJ[nv * r + m.wrapDofAdr(w)] += sign * m.wrapCoef(w);
      }
    }
    Rows.jointSpaceRow(d, r, Rows.TENDON_LIMIT, t, 0, Double.POSITIVE_INFINITY, dist);
  }

  /**
   * A dry-friction row on dof k (MuJoCo's frictionloss): it aims at zero velocity of the dof with
   * an impulse bounded by {@code ±frictionloss·dt}, so the friction force never exceeds
   * frictionloss and opposes the motion.
   */
  private static void addFrictionLossRow(Model m, Data d, int k) {
    int r = d.nefc++, nv = m.nv();
    d.efcDofLo[r] = Jacobians.chainFirstDof(m, m.dofBody(k));
    d.efcDofHi[r] = k + 1;
    d.efcLeaf[r] = k;
    java.util.Arrays.fill(d.efcJ, nv * r + d.efcDofLo[r], nv * r + k + 1, 0);
    d.efcJ[nv * r + k] = 1;
    double bound = m.dofFrictionloss(k) * m.opt().timestep();
    Rows.jointSpaceRow(d, r, Rows.DOF_FRICTION, k, -bound, bound, 0);
  }

  /**
   * {@code W = J L⁻¹} row by row and {@code A = W D⁻¹ Wᵀ + cfm·1}, summing only over the dofs two
   * rows share (common ancestors for single-path rows, the range overlap otherwise), and the range
   * of rows each row is coupled to.
   */
  private static void delassus(Model m, Data d) {
    int nv = m.nv(), ne = d.nefc;
    double cfm = m.opt().cfm();
    for (int r = 0; r < ne; r++) {
      // the ancestors of the row's dofs lie inside its range, so W = J L⁻¹ keeps the range
      int lo = d.efcDofLo[r], hi = d.efcDofHi[r];
      System.arraycopy(d.efcJ, nv * r + lo, d.efcW, nv * r + lo, hi - lo);
      MassMatrixFactor.solveLt(m, d, d.efcW, nv * r, lo, hi);
    }
    for (int r = 0; r < ne; r++) {
      d.efcRowLo[r] = r;
      d.efcRowHi[r] = r + 1;
    }
    for (int r = 0; r < ne; r++) {
      for (int s = r; s < ne; s++) {
        // coupling is structural (shared dofs), never decided by a value that happens to be 0
        double a = 0;
        boolean coupled = false;
        int lr = d.efcLeaf[r], ls = d.efcLeaf[s];
        if (Math.max(d.efcDofLo[r], d.efcDofLo[s]) >= Math.min(d.efcDofHi[r], d.efcDofHi[s])) {
          coupled = false; // disjoint dofs: different trees
        } else if (lr >= 0 && ls >= 0) {
          int anc = commonAncestor(m, lr, ls);
          coupled = anc >= 0;
          a = coupled ? pathProduct(m, d, r, s, anc) : 0;
        } else {
          coupled = true;
          a = rangeProduct(d, nv, r, s);
        }
        if (coupled) {
          d.efcRowHi[r] = Math.max(d.efcRowHi[r], s + 1);
          d.efcRowLo[s] = Math.min(d.efcRowLo[s], r);
        }
        d.efcA[ne * r + s] = a;
        d.efcA[ne * s + r] = a;
      }
      d.efcA[ne * r + r] += cfm;
    }
  }

  /**
   * The deepest dof that is an ancestor of both dofs (or one of them), or -1 when their paths to
   * the root meet none.
   */
  private static int commonAncestor(Model m, int i, int j) {
    while (i != j && i >= 0 && j >= 0) {
      if (i > j) {
        i = m.dofParent(i);
      } else {
        j = m.dofParent(j);
      }
    }
    return i < 0 || j < 0 ? -1 : i;
  }

  /**
   * {@code Σ_k W_rk W_sk / D_k} for two rows whose dofs are single paths to the root: the sum runs
   * over their common ancestors only, from the lowest common one {@code anc} up.
   */
  private static double pathProduct(Model m, Data d, int r, int s, int anc) {
    int nv = m.nv();
    double a = 0;
    for (int k = anc; k >= 0; k = m.dofParent(k)) {
      a += d.efcW[nv * r + k] * d.efcW[nv * s + k] * d.qLDiagInv[k];
    }
    return a;
  }

  /** {@code Σ_k W_rk W_sk / D_k} over the overlap of two rows' dof ranges. */
  private static double rangeProduct(Data d, int nv, int r, int s) {
    int lo = Math.max(d.efcDofLo[r], d.efcDofLo[s]), hi = Math.min(d.efcDofHi[r], d.efcDofHi[s]);
    double a = 0;
    for (int k = lo; k < hi; k++) {
      a += d.efcW[nv * r + k] * d.efcW[nv * s + k] * d.qLDiagInv[k];
    }
    return a;
  }

  /**
   * {@code qvelImpulse = M̃⁻¹ Jᵀ p = L⁻¹ D⁻¹ Wᵀ p} and {@code qacc = qaccSmooth + qvelImpulse/dt}.
   */
  public static void applyImpulses(Model m, Data d) {
    int nv = m.nv();
    double[] g = d.qvelImpulse;
    java.util.Arrays.fill(g, 0);
    for (int r = 0; r < d.nefc; r++) {
      double p = d.efcImpulse[r];
      for (int k = d.efcDofLo[r]; k < d.efcDofHi[r]; k++) {
        g[k] += p * d.efcW[nv * r + k];
      }
    }
    for (int k = 0; k < nv; k++) {
      g[k] *= d.qLDiagInv[k];
    }
    MassMatrixFactor.solveL(m, d, g, 0);
    double invDt = 1 / m.opt().timestep();
    for (int k = 0; k < nv; k++) {
      d.qacc[k] = d.qaccSmooth[k] + g[k] * invDt;
    }
  }
}
