package org.diffart.sim.data;

import org.diffart.sim.model.Model;

/**
 * One world's adjoint workspace: a bar array ({@code xxxBar}, the derivative of the loss with
 * respect to {@code Data.xxx}) for every {@link Data} field a derivative flows through, plus the
 * scratch of the adjoint stages, allocated once from the {@link Model} so that the backward pass
 * never allocates. Stage adjoints read the forward intermediates from {@code Data} (recomputed from
 * a checkpoint), accumulate ({@code +=}) into the bars of their inputs and set the bars of their
 * outputs back to zero once consumed. Shapes are those of the matching {@code Data} fields;
 * quaternion bars are in the ambient coordinates of {@code qpos} (4 per quaternion).
 */
public final class DataBar extends WorldArrays {
  // ---- state, controls and per-world parameters ----
  public final double[] qposBar = new double[nq];
  public final double[] qvelBar = new double[nv];
  public final double[] ctrlBar = new double[nu];
  public final double[] actBar = new double[na];
  public final double[] qfrcAppliedBar = new double[nv];
  public final double[] bodyInertBar = new double[10 * nbody];
  public final double[] dofDampingBar = new double[nv];
  public final double[] geomFrictionBar = new double[ngeom];
  public final double[] geomRestitutionBar = new double[ngeom];

  /**
   * Bars of the history buffers ({@code Data.history}; only the samples' values carry any)
   * [nhistory].
   */
  public final double[] historyBar = new double[nhistory];

  /** Bars of the sensors' current values the step inserts into their buffers [nsensordata]. */
  public final double[] sensorNowBar = new double[nsensordata];

  /** Bars of the warm-start impulses the next step reads [nslot×3]. */
  public final double[] warmImpulseBar = new double[3 * nslot];

  // ---- position ----
  public final double[] xposBar = new double[3 * nbody];
  public final double[] xquatBar = new double[4 * nbody];
  public final double[] xmatBar = new double[9 * nbody];
  public final double[] xquatRelBar = new double[4 * nbody];
  public final double[] xRotBar = new double[9 * nbody];
  public final double[] xTransBar = new double[3 * nbody];
  public final double[] dofSBar = new double[6 * nv];
  public final double[] dofXaxisBar = new double[3 * nv];
  public final double[] dofXanchorBar = new double[3 * nv];
  public final double[] geomXposBar = new double[3 * ngeom];

  /**
   * Bars of the site poses {@code siteXpos, siteXmat} (the slider-crank transmissions read them).
   */
  public final double[] siteXposBar = new double[3 * nsite];

  public final double[] siteXmatBar = new double[9 * nsite];

  /** Bar of {@code actuatorMoment} [nu×nv]. */
  public final double[] actuatorMomentBar = new double[nu * nv];

  /** Bars of the actuator forces as the sensors read them ({@code actuatorfrc}) [nu]. */
  public final double[] actuatorForceBar = new double[nu];

  /** Bars of the actuator lengths and velocities read by sensors [nu each]. */
  public final double[] actuatorLengthBar = new double[nu];

  public final double[] actuatorVelocityBar = new double[nu];

  /**
   * Bars of the sensor readings of the step's starting state, a loss's or an output's (set by the
   * caller, consumed by {@code SensorsAdjoint}) [nsensordata].
   */
  public final double[] sensordataBar = new double[nsensordata];

  /**
   * Work space of the force and torque sensors' adjoint: bars of the contact forces on each body
   * [6×nbody].
   */
  public final double[] sensorExternalBar = new double[6 * nbody];

  public final double[] geomXmatBar = new double[9 * ngeom];

  // ---- velocity and forces ----
  public final double[] bodyVelBar = new double[6 * nbody];
  public final double[] bodyBiasBar = new double[6 * nbody];
  public final double[] qfrcPassiveBar = new double[nv];
  public final double[] qfrcActuatorBar = new double[nv];
  public final double[] actDotBar = new double[na];
  public final double[] qfrcSmoothBar = new double[nv];
  public final double[] dofArmatureBar = new double[nv];

  // ---- acceleration and integration ----
  public final double[] qaccSmoothBar = new double[nv];
  public final double[] qaccBar = new double[nv];
  public final double[] qvelFreeBar = new double[nv];
  public final double[] qvelImpulseBar = new double[nv];

  // ---- contacts and constraints ----
  public final double[] conPosBar = new double[3 * contactCapacity];
  public final double[] conFrameBar = new double[9 * contactCapacity];
  public final double[] conDistBar = new double[contactCapacity];
  public final double[] conFrictionBar = new double[contactCapacity];
  public final double[] conRestitutionBar = new double[contactCapacity];

  /**
   * Bars of the tree-pattern entries of {@code qM}: entry (k, l) with l = k or an ancestor dof of
   * k, each the bar of the one number CRBA computes for both symmetric places [nv×nv].
   */
  public final double[] qMBar = new double[nv * nv];

  /**
   * The implicit integrators' adjoint ({@code ImplicitAdjoint}): bars of {@code qDeriv} as the
   * solve used it [nv×nv], {@code y = M̃⁻ᵀ z̄} [nv], work vectors [nv], and zeros [nv].
   */
  public final double[] qDerivBar = new double[nv * nv];

  public final double[] implicitY = new double[nv];
  public final double[] implicitWork = new double[nv];
  public final double[] implicitMomentBar = new double[nv];
  public final double[] implicitZero = new double[nv];

  /** Bars of the composite inertias [nbody×10]. */
  public final double[] crbBar = new double[10 * nbody];

  public final double[] efcJBar = new double[rowCapacity * nv];
  public final double[] efcABar = new double[rowCapacity * rowCapacity];
  public final double[] efcBBar = new double[rowCapacity];

  /**
   * Bar of each row's violation {@code efcDist}, used by the equality rows (consumed) [nefcMax].
   */
  public final double[] efcDistBar = new double[rowCapacity];

  /**
   * Bars of the spatial tendons' lengths, Jacobians, path sites and tangent points on wrapping
   * geoms (consumed by {@code TendonsAdjoint}).
   */
  public final double[] tendonLengthBar = new double[ntendon];

  public final double[] tendonJBar = new double[ntendon * nv];
  public final double[] wrapXposBar = new double[3 * nwrap];
  public final double[] wrapTangentBar = new double[6 * nwrap];
  public final double[] efcLoBar = new double[rowCapacity];
  public final double[] efcHiBar = new double[rowCapacity];
  public final double[] efcImpulseBar = new double[rowCapacity];

  /** Bars of PGS's {@code 1/A_rr} [nefcMax]. */
  public final double[] efcInvDiagBar = new double[rowCapacity];

  // ---- scratch of the adjoint stages ----
  /** Multipliers {@code λ = M̃⁻¹ x̄} [nv]. */
  public final double[] lambda = new double[nv];

  /** Second work vector [nv]. */
  public final double[] work = new double[nv];

  /**
   * RNEA's accelerations and forces recomputed by its vector-Jacobian product, and their bars
   * [nbody×6 each].
   */
  public final double[] rneaAcc = new double[6 * nbody];

  public final double[] rneaForce = new double[6 * nbody];
  public final double[] rneaAccBar = new double[6 * nbody];
  public final double[] rneaForceBar = new double[6 * nbody];

  /** Articulated bias forces and accelerations of {@code Aba.solve} [nbody×6 each]. */
  public final double[] solvePA = new double[6 * nbody];

  public final double[] solveAcc = new double[6 * nbody];

  /** {@code M̃⁻¹ Jᵀ} row by row [nefcMax×nv], written on the dofs of each row's trees. */
  public final double[] efcY = new double[rowCapacity * nv];

  /** The dofs of each row's trees: first, one past the last [nefcMax×2]. */
  public final int[] efcSpan = new int[2 * rowCapacity];

  /**
   * The record of a PGS solve for the reverse sweeps, laid out as {@code Data.pgsRecord}: set
   * {@code d.pgsRecord} to it before recomputing a step, or the reverse PGS replays the sweeps into
   * it [(2 iterations + 1)×nefcMax].
   */
  public final double[] pgsHistory = new double[(2 * model.opt().iterations() + 1) * rowCapacity];

  /** The impulses during a reverse sweep [nefcMax]. */
  public final double[] pgsWork = new double[rowCapacity];

  /**
   * Bars of the SDF geoms' shape parameters from the contacts their meshes' vertices made ({@code
   * Model.meshVertShape}); the inertia's share is added when a gradient is reported [nshape].
   */
  public final double[] shapeBar = new double[model.nshape()];

  /**
   * The interior-point solve's adjoint: the bar of its z (the rows' impulse bars, 0 for γ) and the
   * solution w of its transposed KKT system [ipmCapacity].
   */
  public final double[] ipmW = new double[ipmCapacity];

  /** The transposed KKT matrix and its LU [ipmCapacity²]. */
  public final double[] ipmWork = new double[ipmCapacity * ipmCapacity];

  /** Its pivots [ipmCapacity]. */
  public final int[] ipmPivot = new int[ipmCapacity];

  /**
   * While true, the forward data stay the same through the reverse sweeps that follow (a
   * transition's rows): the reverse PGS combines its prepared responses ({@code
   * ProjectedGaussSeidelAdjoint.prepareBasis}) and the contact rows keep {@link #efcY}. Whoever
   * sets it clears it when done.
   */
  public boolean pgsBasisReady;

  /**
   * Whether {@link #efcY} holds the current forward's {@code M̃⁻¹ Jᵀ} (only while {@link
   * #pgsBasisReady}).
   */
  public boolean efcYReady;

  /**
   * The reverse PGS's response to each row's unit bar [nefc×(nefc² + 4 nefc)], allocated when
   * prepared.
   */
  public double[] pgsBasis = new double[0];

  /** The bar of a subtree's centre of mass, for the subtree angular momentum's adjoint [3]. */
  public final double[] comBar = new double[3];

  /** Bars of the RK4 stages' derivatives {@code Data.rkDq, rkDv, rkDact} [4×nv, 4×nv, 4×na]. */
  public final double[] rkDqBar = new double[4 * nv];

  public final double[] rkDvBar = new double[4 * nv];
  public final double[] rkDactBar = new double[4 * na];

  /** Bars of the state an RK4 step starts from, summed over its stages [nq, nv, na]. */
  public final double[] rkQposBar = new double[nq];

  public final double[] rkQvelBar = new double[nv];
  public final double[] rkActBar = new double[na];

  /**
   * The two tangent rows of a contact before they merge into its sliding direction, and their bars
   * [2×nv each].
   */
  public final double[] tangentJ = new double[2 * nv];

  public final double[] tangentJBar = new double[2 * nv];

  /** Relative poses of a body before each of its joints, and their bars [(njntMax+1)×7, 16]. */
  public final double[] chain = new double[(maxJointsPerBody(model) + 1) * 7];

  public final double[] chainBar = new double[16];

  /** Joint velocity groups of a body, replayed for the adjoint of c_J [(njntMax+1)×18]. */
  public final double[] velocityChain = new double[(maxJointsPerBody(model) + 1) * 18];

  /**
   * CRBA's force column of one dof on the path to the root, its bar and the bodies of the path
   * [nbody×6, nbody].
   */
  public final double[] crbChain = new double[6 * nbody];

  public final double[] crbChainBar = new double[6 * nbody];
  public final int[] crbBodies = new int[nbody];

  /**
   * Bars of a sensor's reference frame (origin, rotation), of its motion (ω, v) and work space
   * ({@code SensorsAdjoint}) [28].
   */
  public final double[] sensorPointBar = new double[28];

  /** Work space of 36 and of one spatial vector. */
  public final double[] scratch36 = new double[36];

  public final double[] scratch6 = new double[6];

  /**
   * Bars of the convex narrow phase's support evaluations, geom 1's and geom 2's point each [{@code
   * 6 × ConvexCollision.MAX_SUPPORTS}], and its other bars [{@code
   * ConvexCollisionAdjoint.BAR_LENGTH}].
   */
  public final double[] convexLogBar = new double[6 * 128];

  public final double[] convexBar = new double[58];

  /**
   * Bars of a box pair's local inputs, of each contact slot's point and depth, and of the edge axis
   * ({@code BoxBoxAdjoint}) [{@code 15 + 4 × 24 + 3}].
   */
  public final double[] boxBar = new double[114];

  /** Bar of {@code Data.hfieldLocal} [12]. */
  public final double[] hfieldLocalBar = new double[12];

  /** Allocates every bar (zero) and scratch array for model {@code m}. */
  public DataBar(Model m) {
    super(m);
  }

  /** The most joints one body of m has (at least 1). */
  private static int maxJointsPerBody(Model m) {
    int n = 1;
    for (int i = 0; i < m.nbody(); i++) {
      n = Math.max(n, m.bodyJntNum(i));
    }
    return n;
  }

  /**
   * Sets the bars of the state, controls and parameters to zero (the intermediates are zeroed as
   * consumed).
   */
  public void clearInputs() {
    java.util.Arrays.fill(qposBar, 0);
    java.util.Arrays.fill(qvelBar, 0);
    java.util.Arrays.fill(ctrlBar, 0);
    java.util.Arrays.fill(actBar, 0);
    java.util.Arrays.fill(qfrcAppliedBar, 0);
    java.util.Arrays.fill(bodyInertBar, 0);
    java.util.Arrays.fill(dofDampingBar, 0);
    java.util.Arrays.fill(geomFrictionBar, 0);
    java.util.Arrays.fill(geomRestitutionBar, 0);
    java.util.Arrays.fill(warmImpulseBar, 0);
    java.util.Arrays.fill(historyBar, 0);
    java.util.Arrays.fill(sensorNowBar, 0);
  }

  /** Bytes held by this workspace's arrays. */
  public long bytes() {
    long n = 0;
    for (java.lang.reflect.Field f : DataBar.class.getFields()) {
      if (f.getType() == double[].class) {
        try {
          n += 8L * ((double[]) f.get(this)).length;
        } catch (IllegalAccessException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    return n;
  }
}
