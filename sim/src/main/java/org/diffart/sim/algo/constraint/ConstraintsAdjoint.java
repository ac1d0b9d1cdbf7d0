package org.diffart.sim.algo.constraint;

import org.diffart.sim.algo.dynamics.CrbaAdjoint;
import org.diffart.sim.algo.dynamics.MassMatrixFactor;
import org.diffart.sim.algo.forces.Tendons;
import org.diffart.sim.algo.kinematics.Jacobians;
import org.diffart.sim.algo.kinematics.JacobiansAdjoint;
import org.diffart.sim.data.AdjointTracer;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.ContactSolver;
import org.diffart.sim.model.EqualityType;
import org.diffart.sim.model.Model;

/**
 * Adjoint of the constraint part of the step ({@code Step#constraints}): the impulses' velocity
 * change, the reverse PGS, the right-hand sides and Delassus matrix, the Jacobian rows (and the
 * sliding direction that merges a contact's two tangent rows), the contact geometry and the free
 * velocity. Every {@code y = M̃⁻¹ x} contributes {@code M̄ -= λ yᵀ} with {@code λ = M̃⁻¹ ȳ}; the
 * sum goes once through {@link CrbaAdjoint}.
 */
public final class ConstraintsAdjoint {
  private ConstraintsAdjoint() {}

  /**
   * Consumes {@code qaccBar}; accumulates into {@code qaccSmoothBar, qvelBar, qposBar} (limits),
   * the bars of the kinematics and the parameter bars ({@code geomFrictionBar, geomRestitutionBar},
   * and {@code bodyInertBar, dofArmatureBar} through M̃), and {@code warmImpulseBar}.
   */
  public static void step(Model m, Data d, DataBar b) {
    step(m, d, b, stage -> {});
  }

  /** As {@link #step(Model, Data, DataBar)}, calling the tracer after each stage. */
  public static void step(Model m, Data d, DataBar b, AdjointTracer tracer) {
    int nv = m.nv();
    double dt = m.opt().timestep();
    if (d.nefc == 0) {
      for (int k = 0; k < nv; k++) {
        b.qaccSmoothBar[k] += b.qaccBar[k];
        b.qaccBar[k] = 0;
      }
      return;
    }
    applyImpulses(m, d, b);
    tracer.after("contact impulses");
    if (m.opt().solver() == ContactSolver.PDIPM) {
      ContactInteriorPointAdjoint.solve(m, d, b);
      tracer.after("implicit interior point");
    } else {
      ProjectedGaussSeidelAdjoint.solve(m, d, b);
      tracer.after("reverse PGS");
    }
    assemble(m, d, b);
    CrbaAdjoint.massMatrix(m, d, b);
    tracer.after("constraint rows");
    // v* = v + dt q̈_smooth
    for (int k = 0; k < nv; k++) {
      b.qvelBar[k] += b.qvelFreeBar[k];
      b.qaccSmoothBar[k] += dt * b.qvelFreeBar[k];
      b.qvelFreeBar[k] = 0;
    }
  }

  /**
   * Adjoint of {@link Constraints#applyImpulses}: {@code qacc = q̈_smooth + g/dt}, {@code g = M̃⁻¹
   * Jᵀ p}.
   */
  private static void applyImpulses(Model m, Data d, DataBar b) {
    int nv = m.nv();
    double invDt = 1 / m.opt().timestep();
    double[] lambda = b.lambda;
    for (int k = 0; k < nv; k++) {
      b.qaccSmoothBar[k] += b.qaccBar[k];
      lambda[k] = b.qaccBar[k] * invDt;
      b.qaccBar[k] = 0;
    }
    MassMatrixFactor.solve(m, d, lambda);
    for (int r = 0; r < d.nefc; r++) {
      double p = d.efcImpulse[r];
      double dot = 0;
      for (int k = d.efcDofLo[r]; k < d.efcDofHi[r]; k++) {
        dot += d.efcJ[nv * r + k] * lambda[k];
        b.efcJBar[nv * r + k] += p * lambda[k];
      }
      b.efcImpulseBar[r] += dot;
    }
    // M̃ term of g = M̃⁻¹ Jᵀ p: M̄ -= λ gᵀ
    addOuter(m, b.qMBar, lambda, 0, d.qvelImpulse, 0, nv, -1);
  }

  /**
   * The dofs of the trees of row r's bodies, {@code [span[2r], span[2r+1])} (their hull, when two
   * trees).
   */
  private static void treeSpan(Model m, Data d, int r, int[] span) {
    int b1, b2;
    if (d.efcType[r] == Rows.LIMIT) {
      b1 = m.jntBody(d.efcId[r]);
      b2 = b1;
    } else if (d.efcType[r] == Rows.DOF_FRICTION) {
      b1 = m.dofBody(d.efcId[r]);
      b2 = b1;
    } else if (d.efcType[r] == Rows.TENDON_LIMIT) {
      int lo = tendonTreeLo(m, d.efcId[r]), hi = tendonTreeEnd(m, d.efcId[r]);
      span[2 * r] = Math.min(lo, hi);
      span[2 * r + 1] = hi;
      return;
    } else if (d.efcType[r] == Rows.EQUALITY) {
      int e = d.efcId[r];
      EqualityType t = m.eqType(e);
      if (t == EqualityType.CONNECT || t == EqualityType.WELD) {
        b1 = m.eqObj1(e);
        b2 = m.eqObj2(e);
      } else if (t == EqualityType.JOINT) {
        b1 = m.jntBody(m.eqObj1(e));
        b2 = m.eqObj2(e) < 0 ? b1 : m.jntBody(m.eqObj2(e));
      } else {
        int o2 = m.eqObj2(e) < 0 ? m.eqObj1(e) : m.eqObj2(e);
        int lo = Math.min(tendonTreeLo(m, m.eqObj1(e)), tendonTreeLo(m, o2));
        int hi = Math.max(tendonTreeEnd(m, m.eqObj1(e)), tendonTreeEnd(m, o2));
        span[2 * r] = Math.min(lo, hi);
        span[2 * r + 1] = hi;
        return;
      }
    } else {
      int c = d.efcId[r];
      b1 = m.geomBody(d.conGeom[2 * c]);
      b2 = m.geomBody(d.conGeom[2 * c + 1]);
    }
    int lo = Math.min(treeLo(m, b1), treeLo(m, b2)),
        hi = Math.max(m.bodyTreeDofEnd(b1), m.bodyTreeDofEnd(b2));
    span[2 * r] = Math.min(lo, hi);
    span[2 * r + 1] = hi;
  }

  /** The first dof of the trees of tendon t's joints (fixed) or sites (spatial). */
  private static int tendonTreeLo(Model m, int t) {
    int lo = m.nv();
    for (int w = m.tendonAdr(t); w < m.tendonAdr(t) + m.tendonNum(t); w++) {
      lo = Math.min(lo, treeLo(m, wrapBody(m, t, w)));
    }
    return lo;
  }

  /** One past the last dof of the trees of tendon t's joints (fixed) or sites (spatial). */
  private static int tendonTreeEnd(Model m, int t) {
    int hi = 0;
    for (int w = m.tendonAdr(t); w < m.tendonAdr(t) + m.tendonNum(t); w++) {
      hi = Math.max(hi, m.bodyTreeDofEnd(wrapBody(m, t, w)));
    }
    return hi;
  }

  /**
   * The body of wrap w of tendon t: its joint's (fixed), or its site's, geom's or the world
   * (spatial).
   */
  private static int wrapBody(Model m, int t, int w) {
    return m.tendonSpatial(t) ? Tendons.wrapBody(m, w) : m.dofBody(m.wrapDofAdr(w));
  }

  /** First dof of body b's tree, or nv for the world and dof-less trees. */
  private static int treeLo(Model m, int b) {
    return b > 0 && m.bodyTreeDofEnd(b) > m.bodyTreeDofAdr(b) ? m.bodyTreeDofAdr(b) : m.nv();
  }

  /**
   * {@code M̄ += scale · x yᵀ} on the tree pattern of M̃ (see {@link DataBar#qMBar}) for the dofs
   * {@code [lo, hi)} (whole trees), x read at {@code x[xo + k]}: entry (k, l), l an ancestor of k,
   * holds the bar of the one number CRBA computes for both places, {@code x_k y_l + x_l y_k}.
   */
  private static void addOuter(
      Model m, double[] mb, double[] x, int xo, double[] y, int lo, int hi, double scale) {
    int nv = m.nv();
    for (int k = lo; k < hi; k++) {
      double xk = scale * x[xo + k], yk = scale * y[k];
      mb[nv * k + k] += xk * y[k];
      for (int l = m.dofParent(k); l >= 0; l = m.dofParent(l)) {
        mb[nv * k + l] += xk * y[l] + x[xo + l] * yk;
      }
    }
  }

  /**
   * Adjoint of {@link Constraints#assemble}: the Delassus matrix {@code A = J M̃⁻¹ Jᵀ + cfm 1}, the
   * right-hand sides, the friction bounds and the Jacobian rows.
   */
  private static void assemble(Model m, Data d, DataBar b) {
    int nv = m.nv(), ne = d.nefc;
    double[] y = b.efcY, aBar = b.efcABar;
    // y_r = M̃⁻¹ J_rᵀ = L⁻¹ D⁻¹ W_rᵀ on the dofs of the row's trees (kept through the sweeps of one
    // forward)
    int[] span = b.efcSpan;
    for (int r = 0; r < ne; r++) {
      treeSpan(m, d, r, span);
    }
    if (!b.efcYReady) {
      for (int r = 0; r < ne; r++) {
        int o = nv * r, lo = span[2 * r], hi = span[2 * r + 1];
        java.util.Arrays.fill(y, o + lo, o + hi, 0);
        for (int k = d.efcDofLo[r]; k < d.efcDofHi[r]; k++) {
          y[o + k] = d.efcW[o + k] * d.qLDiagInv[k];
        }
        MassMatrixFactor.solveL(m, d, y, o, lo, hi);
      }
      b.efcYReady = b.pgsBasisReady;
    }
    // ā_rs of the symmetric entries (both triangles hold the same number); A_full = sym(ā)
    for (int r = 0; r < ne; r++) {
      for (int s = r + 1; s < ne; s++) {
        double a = 0.5 * (aBar[ne * r + s] + aBar[ne * s + r]);
        aBar[ne * r + s] = a;
        aBar[ne * s + r] = a;
      }
    }
    // J̄_r += 2 Σ_s Ā_rs y_s on the row's dofs; M̃ term M̄ -= Σ_r y_r (Σ_s Ā_rs y_s)ᵀ
    double[] z = b.work;
    for (int r = 0; r < ne; r++) {
      int lo = span[2 * r], hi = span[2 * r + 1];
      java.util.Arrays.fill(z, lo, hi, 0);
      boolean any = false;
      // Ā is zero between rows the solve did not couple; z is needed on the row's trees only
      for (int s = d.efcRowLo[r]; s < d.efcRowHi[r]; s++) {
        double a = aBar[ne * r + s];
        if (a != 0) {
          any = true;
          int lo2 = Math.max(lo, span[2 * s]), hi2 = Math.min(hi, span[2 * s + 1]);
          for (int k = lo2; k < hi2; k++) {
            z[k] += a * y[nv * s + k];
          }
        }
      }
      if (!any) {
        continue;
      }
      for (int k = d.efcDofLo[r]; k < d.efcDofHi[r]; k++) {
        b.efcJBar[nv * r + k] += 2 * z[k];
      }
      addOuter(m, b.qMBar, y, nv * r, z, lo, hi, -1);
    }
    for (int r = 0; r < ne; r++) {
      java.util.Arrays.fill(aBar, ne * r, ne * r + ne, 0);
    }
    rightHandSides(m, d, b);
    contactRows(m, d, b);
  }

  /**
   * Adjoint of {@code b_r = -J_r v* - e J_r v - erp·dist/dt} (normal; limits with e = 0) and {@code
   * -J_r v*} (friction of every kind; the constant bounds of frictionloss rows and the torsional
   * and rolling coefficients take no gradient).
   */
  private static void rightHandSides(Model m, Data d, DataBar b) {
    int nv = m.nv();
    double kb = m.opt().erp() / m.opt().timestep();
    for (int r = 0; r < d.nefc; r++) {
      double g = b.efcBBar[r];
      b.efcBBar[r] = 0;
      int t = d.efcType[r], c = d.efcId[r];
      if (t == Rows.FRICTION) {
        // the bounds ±μ p_n: efcLo and efcHi both hold the contact's μ
        b.conFrictionBar[c] += b.efcLoBar[r] + b.efcHiBar[r];
      }
      b.efcLoBar[r] = 0;
      b.efcHiBar[r] = 0;
      if (g == 0) {
        continue;
      }
      double vnBar = -g, v0Bar = 0;
      if (!Rows.isFriction(t)) {
        if (t == Rows.NORMAL) {
          // the restitution term −e J v on the velocity the step starts from
          double e = d.conRestitution[c], v0 = 0;
          for (int k = d.efcDofLo[r]; k < d.efcDofHi[r]; k++) {
            v0 += d.efcJ[nv * r + k] * d.qvel[k];
          }
          v0Bar = -e * g;
          b.conRestitutionBar[c] -= v0 * g;
          b.conDistBar[c] -= kb * g;
        } else if (t == Rows.EQUALITY) {
          b.efcDistBar[r] -= kb * g;
        } else if (t == Rows.TENDON_LIMIT) {
          // dist = L - lo below the range, hi - L above it, with L = Σ coef q (fixed) or the path's
          // (spatial)
          double sign = d.tendonLength[c] < m.tendonRange(c, 0) ? 1 : -1;
          if (m.tendonSpatial(c)) {
            b.tendonLengthBar[c] -= kb * g * sign;
          } else {
            for (int w = m.tendonAdr(c); w < m.tendonAdr(c) + m.tendonNum(c); w++) {
              b.qposBar[m.wrapQposAdr(w)] -= kb * g * sign * m.wrapCoef(w);
            }
          }
        } else {
          // limit: dist = q - lo below the range, hi - q above it (J = ±1 says which)
          int j = c;
          double sign = d.efcJ[nv * r + m.jntDofAdr(j)];
          b.qposBar[m.jntQposAdr(j)] -= kb * g * sign;
        }
      }
      for (int k = d.efcDofLo[r]; k < d.efcDofHi[r]; k++) {
        b.efcJBar[nv * r + k] += vnBar * d.qvelFree[k] + v0Bar * d.qvel[k];
        b.qvelFreeBar[k] += vnBar * d.efcJ[nv * r + k];
        b.qvelBar[k] += v0Bar * d.efcJ[nv * r + k];
      }
    }
  }

  /**
   * Adjoint of the contact and equality rows: each contact row is {@code dirᵀ (J_p(body 2) -
   * J_p(body 1))} with dir a row of the contact frame (torsional and rolling rows {@code dirᵀ
   * (J_ω(body 2) - J_ω(body 1))}); with one friction direction the tangent rows t1, t2 are
   * recomputed and the merge {@code (v1 J_t1 + v2 J_t2)/|v_t|} is reversed; equality rows go
   * through {@link EqualityAdjoint}. Consumes {@code efcJBar} of every row.
   */
  private static void contactRows(Model m, Data d, DataBar b) {
    int nv = m.nv();
    for (int r = 0; r < d.nefc; r++) {
      int c = d.efcId[r];
      int type = d.efcType[r];
      if (type == Rows.NORMAL) {
        pointJacobians(m, d, b, b.efcJBar, nv * r, c, 0);
      } else if (type == Rows.FRICTION) {
        int kMax = m.opt().frictionDirections();
        if (kMax == 2) {
          pointJacobians(m, d, b, b.efcJBar, nv * r, c, Rows.frameRow(d, r));
        } else if (kMax == 1) {
          slidingDirection(m, d, b, r, c);
        } else {
          coneDirection(m, d, b, r, c, kMax);
        }
      } else if (type == Rows.TORSION || type == Rows.ROLLING) {
        // ω₂ - ω₁ about the normal (torsion) or a tangent (rolling; the first rolling row takes t1)
        int dir = Rows.frameRow(d, r);
        int b1 = m.geomBody(d.conGeom[2 * c]), b2 = m.geomBody(d.conGeom[2 * c + 1]);
        int fo = 9 * c + 3 * dir;
        JacobiansAdjoint.addAngularJacobian(
            m, d, b, b.efcJBar, nv * r, b2, d.conFrame, fo, b.conFrameBar, fo, 1);
        JacobiansAdjoint.addAngularJacobian(
            m, d, b, b.efcJBar, nv * r, b1, d.conFrame, fo, b.conFrameBar, fo, -1);
      } else if (type == Rows.TENDON_LIMIT && m.tendonSpatial(c)) {
        // J = sign ∂L/∂q of a spatial tendon depends on the configuration
        double sign = d.tendonLength[c] < m.tendonRange(c, 0) ? 1 : -1;
        for (int k = d.efcDofLo[r]; k < d.efcDofHi[r]; k++) {
          b.tendonJBar[nv * c + k] += sign * b.efcJBar[nv * r + k];
        }
      } else if (type == Rows.EQUALITY
          && (r == 0 || d.efcType[r - 1] != type || d.efcId[r - 1] != c)) {
        // the first row of an equality constraint's block
        EqualityAdjoint.addRows(m, d, b, r);
      }
      java.util.Arrays.fill(b.efcJBar, nv * r, nv * r + nv, 0);
    }
  }

  /**
   * Reverses friction cone edge row r of contact c ({@code Constraints.coneDirections}): its
   * Jacobian {@code cos θ_k J_t1 + sin θ_k J_t2} passes its bar to the two tangents' point
   * Jacobians.
   */
  private static void coneDirection(Model m, Data d, DataBar b, int r, int c, int kMax) {
    int nv = m.nv(), k = r - d.efcNormal[r] - 1;
    double ck = Rows.coneCos(k, kMax), sk = Rows.coneSin(k, kMax);
    double[] tb = b.tangentJBar;
    java.util.Arrays.fill(tb, 0);
    for (int j = d.efcDofLo[r]; j < d.efcDofHi[r]; j++) {
      tb[j] = ck * b.efcJBar[nv * r + j];
      tb[nv + j] = sk * b.efcJBar[nv * r + j];
    }
    pointJacobians(m, d, b, tb, 0, c, 1);
    pointJacobians(m, d, b, tb, nv, c, 2);
  }

  /**
   * Reverses the merge of contact c's tangent rows into friction row r, then their point Jacobians.
   */
  private static void slidingDirection(Model m, Data d, DataBar b, int r, int c) {
    merge(m, d, b, r, c, b.efcJBar, b.scratch6, 0, false);
  }

  /**
   * The adjoint of friction row r's direction ({@code efcDir}) where it merges contact c's tangents
   * along the sliding velocity: from its bar {@code dirBar[0..2]} into the contact frame's bars,
   * {@code qvelFreeBar} and the tangent Jacobians'. The force and torque sensors read that
   * direction.
   */
  public static void slidingDirectionDir(
      Model m, Data d, DataBar b, int r, int c, double[] dirBar, int o) {
    merge(m, d, b, r, c, b.efcJBar, dirBar, o, true);
  }

  /**
   * Adjoint of {@code Constraints.slidingDirection}: row r's Jacobian ({@code jb}'s row r; {@code
   * direction} false) or its direction ({@code db[dbo..dbo+2]}; true) is {@code c1 t1 + c2 t2} with
   * {@code c = (v1, v2)/|v|}, {@code v_i} the tangent Jacobians times {@code qvelFree}; just the
   * first tangent's below a sliding speed of 1e-4.
   */
  private static void merge(
      Model m,
      Data d,
      DataBar b,
      int r,
      int c,
      double[] jb,
      double[] db,
      int dbo,
      boolean direction) {
    int nv = m.nv(), lo = d.efcDofLo[r], hi = d.efcDofHi[r], f1 = 9 * c + 3, f2 = 9 * c + 6;
    double[] t = b.tangentJ, tb = b.tangentJBar;
    int b1 = m.geomBody(d.conGeom[2 * c]), b2 = m.geomBody(d.conGeom[2 * c + 1]);
    java.util.Arrays.fill(t, 0);
    java.util.Arrays.fill(tb, 0);
    for (int f = 0; f < 2; f++) {
      Jacobians.addPointJacobian(
          m, d, t, nv * f, b2, d.conPos, 3 * c, d.conFrame, 9 * c + 3 * (f + 1), 1);
      Jacobians.addPointJacobian(
          m, d, t, nv * f, b1, d.conPos, 3 * c, d.conFrame, 9 * c + 3 * (f + 1), -1);
    }
    double v1 = 0, v2 = 0;
    for (int k = lo; k < hi; k++) {
      v1 += t[k] * d.qvelFree[k];
      v2 += t[nv + k] * d.qvelFree[k];
    }
    double vt = Math.sqrt(v1 * v1 + v2 * v2);
    if (vt > 1e-4) {
      double c1 = v1 / vt, c2 = v2 / vt, c1Bar = 0, c2Bar = 0;
      if (direction) {
        for (int k = 0; k < 3; k++) {
          b.conFrameBar[f1 + k] += c1 * db[dbo + k];
          b.conFrameBar[f2 + k] += c2 * db[dbo + k];
          c1Bar += db[dbo + k] * d.conFrame[f1 + k];
          c2Bar += db[dbo + k] * d.conFrame[f2 + k];
        }
      } else {
        for (int k = lo; k < hi; k++) {
          double g = jb[nv * r + k];
          tb[k] += c1 * g;
          tb[nv + k] += c2 * g;
          c1Bar += g * t[k];
          c2Bar += g * t[nv + k];
        }
      }
      double vtBar = -(c1Bar * v1 + c2Bar * v2) / (vt * vt);
      double v1Bar = c1Bar / vt + vtBar * v1 / vt, v2Bar = c2Bar / vt + vtBar * v2 / vt;
      for (int k = lo; k < hi; k++) {
        tb[k] += v1Bar * d.qvelFree[k];
        tb[nv + k] += v2Bar * d.qvelFree[k];
        b.qvelFreeBar[k] += v1Bar * t[k] + v2Bar * t[nv + k];
      }
    } else if (direction) {
      for (int k = 0; k < 3; k++) {
        b.conFrameBar[f1 + k] += db[dbo + k];
      }
    } else {
      for (int k = lo; k < hi; k++) {
        tb[k] += jb[nv * r + k];
      }
    }
    pointJacobians(m, d, b, tb, 0, c, 1);
    pointJacobians(m, d, b, tb, nv, c, 2);
  }

  /**
   * Reverses both point Jacobians of contact c along row {@code dir} of its frame, with row bar
   * {@code jb[o ..]}.
   */
  private static void pointJacobians(
      Model m, Data d, DataBar b, double[] jb, int o, int c, int dir) {
    int b1 = m.geomBody(d.conGeom[2 * c]), b2 = m.geomBody(d.conGeom[2 * c + 1]);
    addPointJacobian(m, d, b, jb, o, b2, c, dir, 1);
    addPointJacobian(m, d, b, jb, o, b1, c, dir, -1);
  }

  /**
   * Adjoint of {@code Constraints}' own addPointJacobian at contact c along row {@code dir} of its
   * frame.
   */
  private static void addPointJacobian(
      Model m, Data d, DataBar b, double[] jb, int o, int body, int c, int dir, double sign) {
    JacobiansAdjoint.addPointJacobian(
        m,
        d,
        b,
        jb,
        o,
        body,
        d.conPos,
        3 * c,
        b.conPosBar,
        3 * c,
        d.conFrame,
        9 * c + 3 * dir,
        b.conFrameBar,
        9 * c + 3 * dir,
        sign);
  }
}
