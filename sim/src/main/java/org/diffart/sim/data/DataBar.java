package org.diffart.sim.data;

import org.diffart.sim.model.Model;

/**
 * One world's adjoint workspace: a bar array ({@code xxxBar}, the derivative of the loss with respect to {@code
 * Data.xxx}) for every {@link Data} field a derivative flows through, plus the scratch of the adjoint stages, allocated
 * once from the {@link Model} so that the backward pass never allocates. Stage adjoints read the forward intermediates
 * from {@code Data} (recomputed from a checkpoint), accumulate ({@code +=}) into the bars of their inputs and set the
 * bars of their outputs back to zero once consumed. Shapes are those of the matching {@code Data} fields; quaternion
 * bars are in the ambient coordinates of {@code qpos} (4 per quaternion).
 */
public final class DataBar {
  /** The model this workspace was allocated for. */
  public final Model model;

  // ---- state, controls and per-world parameters ----
  /** [nq] */
  public final double[] qposBar;
  /** [nv] */
  public final double[] qvelBar;
  /** [nu] */
  public final double[] ctrlBar;
  /** [na] */
  public final double[] actBar;
  /** [nv] */
  public final double[] qfrcAppliedBar;
  /** [nbody×10] */
  public final double[] bodyInertBar;
  /** [nv] */
  public final double[] dofDampingBar;
  /** [ngeom] */
  public final double[] geomFrictionBar;
  /** [ngeom] */
  public final double[] geomRestitutionBar;
  /** Bars of the warm-start impulses the next step reads [nslot×3]. */
  public final double[] warmImpulseBar;

  // ---- position ----
  /** [nbody×3] */
  public final double[] xposBar;
  /** [nbody×4] */
  public final double[] xquatBar;
  /** [nbody×9] */
  public final double[] xmatBar;
  /** [nbody×4] */
  public final double[] xquatRelBar;
  /** [nbody×9] */
  public final double[] xRotBar;
  /** [nbody×3] */
  public final double[] xTransBar;
  /** [nv×6] */
  public final double[] dofSBar;
  /** [nv×3] */
  public final double[] dofXaxisBar;
  /** [nv×3] */
  public final double[] dofXanchorBar;
  /** [ngeom×3] */
  public final double[] geomXposBar;
  /** Bars of the site poses {@code siteXpos, siteXmat} (the slider-crank transmissions read them). */
  public final double[] siteXposBar, siteXmatBar;
  /** Bar of {@code actuatorMoment} [nu×nv]. */
  public final double[] actuatorMomentBar;
  /** Bars of the actuator forces as the sensors read them ({@code actuatorfrc}) [nu]. */
  public final double[] actuatorForceBar;
  /** Bars of the actuator lengths and velocities read by sensors [nu each]. */
  public final double[] actuatorLengthBar, actuatorVelocityBar;
  /**
   * Bars of the sensor readings of the step's starting state, a loss's or an output's (set by the caller, consumed by
   * {@code SensorsAdjoint}) [nsensordata].
   */
  public final double[] sensordataBar;
  /** Work space of the force and torque sensors' adjoint: bars of the contact forces on each body [6×nbody]. */
  public final double[] sensorExternalBar;
  /** [ngeom×9] */
  public final double[] geomXmatBar;

  // ---- velocity and forces ----
  /** [nbody×6] */
  public final double[] bodyVelBar;
  /** [nbody×6] */
  public final double[] bodyBiasBar;
  /** [nv] */
  public final double[] qfrcPassiveBar;
  /** [nv] */
  public final double[] qfrcActuatorBar;
  /** [na] */
  public final double[] actDotBar;
  /** [nv] */
  public final double[] qfrcSmoothBar;
  /** [nv] */
  public final double[] dofArmatureBar;

  // ---- acceleration and integration ----
  /** [nv] */
  public final double[] qaccSmoothBar;
  /** [nv] */
  public final double[] qaccBar;
  /** [nv] */
  public final double[] qvelFreeBar;
  /** [nv] */
  public final double[] qvelImpulseBar;

  // ---- contacts and constraints ----
  /** [(nconMax+1)×3] */
  public final double[] conPosBar;
  /** [(nconMax+1)×9] */
  public final double[] conFrameBar;
  /** [nconMax+1] */
  public final double[] conDistBar;
  /** [nconMax+1] */
  public final double[] conFrictionBar;
  /** [nconMax+1] */
  public final double[] conRestitutionBar;
  /**
   * Bars of the tree-pattern entries of {@code qM}: entry (k, l) with l = k or an ancestor dof of k, each the bar of
   * the one number CRBA computes for both symmetric places [nv×nv].
   */
  public final double[] qMBar;
  /** Bars of the composite inertias [nbody×10]. */
  public final double[] crbBar;
  /** [nefcMax×nv] */
  public final double[] efcJBar;
  /** [nefcMax×nefcMax] */
  public final double[] efcABar;
  /** [nefcMax] */
  public final double[] efcBBar;
  /** Bar of each row's violation {@code efcDist}, used by the equality rows (consumed) [nefcMax]. */
  public final double[] efcDistBar;
  /**
   * Bars of the spatial tendons' lengths, Jacobians, path sites and tangent points on wrapping geoms (consumed by
   * {@code TendonsAdjoint}).
   */
  public final double[] tendonLengthBar, tendonJBar, wrapXposBar, wrapTangentBar;
  /** [nefcMax] */
  public final double[] efcLoBar;
  /** [nefcMax] */
  public final double[] efcHiBar;
  /** [nefcMax] */
  public final double[] efcImpulseBar;
  /** Bars of PGS's {@code 1/A_rr} [nefcMax]. */
  public final double[] efcInvDiagBar;

  // ---- scratch of the adjoint stages ----
  /** Multipliers {@code λ = M̃⁻¹ x̄} [nv]. */
  public final double[] lambda;
  /** Second work vector [nv]. */
  public final double[] work;
  /** RNEA's accelerations and forces recomputed by its vector-Jacobian product, and their bars [nbody×6 each]. */
  public final double[] rneaAcc, rneaForce, rneaAccBar, rneaForceBar;
  /** Articulated bias forces and accelerations of {@code Aba.solve} [nbody×6 each]. */
  public final double[] solvePA, solveAcc;
  /** {@code M̃⁻¹ Jᵀ} row by row [nefcMax×nv], written on the dofs of each row's trees. */
  public final double[] efcY;
  /** The dofs of each row's trees: first, one past the last [nefcMax×2]. */
  public final int[] efcSpan;
  /**
   * The record of a PGS solve for the reverse sweeps, laid out as {@code Data.pgsRecord}: set {@code d.pgsRecord} to
   * it before recomputing a step, or the reverse PGS replays the sweeps into it [(2 iterations + 1)×nefcMax].
   */
  public final double[] pgsHistory;
  /** The impulses during a reverse sweep [nefcMax]. */
  public final double[] pgsWork;
  /**
   * While true, the forward data stay the same through the reverse sweeps that follow (a transition's rows): the
   * reverse PGS combines its prepared responses ({@code ProjectedGaussSeidelAdjoint.prepareBasis}) and the contact
   * rows keep {@link #efcY}. Whoever sets it clears it when done.
   */
  public boolean pgsBasisReady;
  /** Whether {@link #efcY} holds the current forward's {@code M̃⁻¹ Jᵀ} (only while {@link #pgsBasisReady}). */
  public boolean efcYReady;
  /** The reverse PGS's response to each row's unit bar [nefc×(nefc² + 4 nefc)], allocated when prepared. */
  public double[] pgsBasis;
  /** The bar of a subtree's centre of mass, for the subtree angular momentum's adjoint [3]. */
  public final double[] comBar;
  /** Bars of the RK4 stages' derivatives {@code Data.rkDq, rkDv, rkDact} [4×nv, 4×nv, 4×na]. */
  public final double[] rkDqBar, rkDvBar, rkDactBar;
  /** Bars of the state an RK4 step starts from, summed over its stages [nq, nv, na]. */
  public final double[] rkQposBar, rkQvelBar, rkActBar;
  /** The two tangent rows of a contact before they merge into its sliding direction, and their bars [2×nv each]. */
  public final double[] tangentJ, tangentJBar;
  /** Relative poses of a body before each of its joints, and their bars [(njntMax+1)×7, 16]. */
  public final double[] chain, chainBar;
  /** Joint velocity groups of a body, replayed for the adjoint of c_J [(njntMax+1)×18]. */
  public final double[] velocityChain;
  /** CRBA's force column of one dof on the path to the root, its bar and the bodies of the path [nbody×6, nbody]. */
  public final double[] crbChain, crbChainBar;
  public final int[] crbBodies;
  /** Work space of 36 and of one spatial vector. */
  public final double[] scratch36, scratch6;
  /**
   * Bars of the convex narrow phase's support evaluations, geom 1's and geom 2's point each [{@code 6 ×
   * ConvexCollision.MAX_SUPPORTS}], and its other bars [{@code ConvexCollisionAdjoint.BAR_LENGTH}].
   */
  public final double[] convexLogBar, convexBar;
  /**
   * Bars of a box pair's local inputs, of each contact slot's point and depth, and of the edge axis
   * ({@code BoxBoxAdjoint}) [{@code 15 + 4 × 24 + 3}].
   */
  public final double[] boxBar;
  /** Bar of {@code Data.hfieldLocal} [12]. */
  public final double[] hfieldLocalBar;

  /** Allocates every bar (zero) and scratch array for model {@code m}. */
  public DataBar(Model m) {
    model = m;
    int nq = m.nq(), nv = m.nv(), nu = m.nu(), nb = m.nbody(), ng = m.ngeom(), nc = m.nconMax() + 1;
    int nefcMax = Data.nefcMax(m);
    int njMax = 1;
    for (int i = 0; i < nb; i++) {
      njMax = Math.max(njMax, m.bodyJntNum(i));
    }
    qposBar = new double[nq];
    qvelBar = new double[nv];
    ctrlBar = new double[nu];
    actBar = new double[m.na()];
    actDotBar = new double[m.na()];
    qfrcAppliedBar = new double[nv];
    bodyInertBar = new double[10 * nb];
    dofDampingBar = new double[nv];
    geomFrictionBar = new double[ng];
    geomRestitutionBar = new double[ng];
    warmImpulseBar = new double[3 * m.nslot()];
    xposBar = new double[3 * nb];
    xquatBar = new double[4 * nb];
    xmatBar = new double[9 * nb];
    xquatRelBar = new double[4 * nb];
    xRotBar = new double[9 * nb];
    xTransBar = new double[3 * nb];
    dofSBar = new double[6 * nv];
    dofXaxisBar = new double[3 * nv];
    dofXanchorBar = new double[3 * nv];
    geomXposBar = new double[3 * ng];
    siteXposBar = new double[3 * m.nsite()];
    siteXmatBar = new double[9 * m.nsite()];
    actuatorMomentBar = new double[m.nu() * m.nv()];
    actuatorForceBar = new double[m.nu()];
    actuatorLengthBar = new double[m.nu()];
    actuatorVelocityBar = new double[m.nu()];
    sensordataBar = new double[m.nsensordata()];
    sensorExternalBar = new double[6 * m.nbody()];
    geomXmatBar = new double[9 * ng];
    bodyVelBar = new double[6 * nb];
    bodyBiasBar = new double[6 * nb];
    qfrcPassiveBar = new double[nv];
    qfrcActuatorBar = new double[nv];
    qfrcSmoothBar = new double[nv];
    dofArmatureBar = new double[nv];
    qaccSmoothBar = new double[nv];
    qaccBar = new double[nv];
    qvelFreeBar = new double[nv];
    qvelImpulseBar = new double[nv];
    conPosBar = new double[3 * nc];
    conFrameBar = new double[9 * nc];
    conDistBar = new double[nc];
    conFrictionBar = new double[nc];
    conRestitutionBar = new double[nc];
    qMBar = new double[nv * nv];
    crbBar = new double[10 * nb];
    efcJBar = new double[nefcMax * nv];
    efcABar = new double[nefcMax * nefcMax];
    efcBBar = new double[nefcMax];
    efcDistBar = new double[nefcMax];
    tendonLengthBar = new double[m.ntendon()];
    tendonJBar = new double[m.ntendon() * m.nv()];
    wrapXposBar = new double[3 * m.nwrap()];
    wrapTangentBar = new double[6 * m.nwrap()];
    efcLoBar = new double[nefcMax];
    efcHiBar = new double[nefcMax];
    efcImpulseBar = new double[nefcMax];
    efcInvDiagBar = new double[nefcMax];
    lambda = new double[nv];
    work = new double[nv];
    rneaAcc = new double[6 * nb];
    rneaForce = new double[6 * nb];
    rneaAccBar = new double[6 * nb];
    rneaForceBar = new double[6 * nb];
    solvePA = new double[6 * nb];
    solveAcc = new double[6 * nb];
    efcY = new double[nefcMax * nv];
    efcSpan = new int[2 * nefcMax];
    pgsHistory = new double[(2 * m.opt().iterations() + 1) * nefcMax];
    pgsWork = new double[nefcMax];
    pgsBasis = new double[0];
    comBar = new double[3];
    rkDqBar = new double[4 * nv];
    rkDvBar = new double[4 * nv];
    rkDactBar = new double[4 * m.na()];
    rkQposBar = new double[m.nq()];
    rkQvelBar = new double[nv];
    rkActBar = new double[m.na()];
    tangentJ = new double[2 * nv];
    tangentJBar = new double[2 * nv];
    chain = new double[(njMax + 1) * 7];
    chainBar = new double[16];
    velocityChain = new double[(njMax + 1) * 18];
    crbChain = new double[6 * nb];
    crbChainBar = new double[6 * nb];
    crbBodies = new int[nb];
    scratch36 = new double[36];
    convexLogBar = new double[6 * 128];
    convexBar = new double[58];
    boxBar = new double[114];
    hfieldLocalBar = new double[12];
    scratch6 = new double[6];
  }

  /** Sets the bars of the state, controls and parameters to zero (the intermediates are zeroed as consumed). */
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
