package org.diffart.sim.data;

import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Quat;

/**
 * One world's mutable state and every intermediate of a step, allocated once from a {@link Model} so that stepping
 * never allocates. Fields are grouped by the stage that writes them; shapes are given in brackets. Spatial vectors are
 * 6 numbers (angular; linear) in Featherstone's order, in body coordinates at the body origin unless stated.
 * Articulated inertias are row-major 6x6 of which only the upper triangle is kept; rigid-body inertias are packed as in
 * {@link Model#bodyInert}.
 */
public final class Data {
  /** The model this data was allocated for. */
  public final Model model;

  // ---- state ----
  /** Simulation time, s. */
  public double time;
  /** Steps taken since the last reset. */
  public long nstep;
  /** Joint positions [nq], MuJoCo's layout. */
  public final double[] qpos;
  /** Joint velocities [nv], MuJoCo's layout. */
  public final double[] qvel;
  /** Controls [nu]. */
  public final double[] ctrl;
  /** Actuator activations [na], MuJoCo's {@code act}: the state of the actuators with dynamics. */
  public final double[] act;
  /** Generalised forces applied by the user [nv]. */
  public final double[] qfrcApplied;

  // ---- per-world parameters (copied from the model by resetParameters; a world may change them) ----
  /** Spatial inertia of each body about its origin in body coordinates, packed as {@link Model#bodyInert} [nbody×10]. */
  public final double[] bodyInert;
  /** Joint damping of each dof, N·m·s/rad or N·s/m [nv]. */
  public final double[] dofDamping;
  /** Sliding friction coefficient of each geom [ngeom]. */
  public final double[] geomFriction;
  /** Coefficient of restitution of each geom (the model's {@code Options.restitution}) [ngeom]. */
  public final double[] geomRestitution;

  // ---- position: Kinematics.forward (geom poses: Kinematics.geoms) ----
  /** Body origins in the world [nbody×3]. */
  public final double[] xpos;
  /** Body orientations in the world [nbody×4]. */
  public final double[] xquat;
  /** Body rotation matrices, body to world, row-major [nbody×9]. */
  public final double[] xmat;
  /** Body orientations relative to their parents [nbody×4]. */
  public final double[] xquatRel;
  /** Rotation of the parent-to-body Plücker transform, {@code E = Rᵀ_rel} [nbody×9]. */
  public final double[] xRot;
  /** Translation of the parent-to-body transform: the body origin in parent coordinates [nbody×3]. */
  public final double[] xTrans;
  /** Motion subspace columns in body coordinates, one 6-vector per dof [nv×6]. */
  public final double[] dofS;
  /** Joint-local velocity product {@code c_J}, nonzero for bodies with several joints [nbody×6]. */
  public final double[] cJ;
  /** Joint axis of each dof in its body's parent frame (bodies with several joints, ball and free joints) [nv×3]. */
  public final double[] dofXaxis;
  /** Joint anchor of each dof in its body's parent frame (as dofXaxis) [nv×3]. */
  public final double[] dofXanchor;
  /** Geom centres in the world [ngeom×3]. */
  public final double[] geomXpos;
  /** Geom rotation matrices, geom to world [ngeom×9]. */
  public final double[] geomXmat;
  /** Site positions in the world [nsite×3] (Kinematics.sites). */
  public final double[] siteXpos;
  /** Site rotation matrices, site to world [nsite×9]. */
  public final double[] siteXmat;

  // ---- velocity: Kinematics.velocity ----
  /** Body spatial velocities in body coordinates [nbody×6]. */
  public final double[] bodyVel;
  /** Velocity-product accelerations {@code c_i = c_J + v_i × S q̇_i} [nbody×6]. */
  public final double[] bodyBias;

  // ---- forces: Forces.passive, Forces.actuation ----
  /** Spring and damper forces [nv]. */
  public final double[] qfrcPassive;
  /** Actuator forces in joint space [nv]. */
  public final double[] qfrcActuator;
  /** Tendon lengths: {@code Σ coef q} (fixed), the length of the path through the sites (spatial) [ntendon]. */
  public final double[] tendonLength;
  /** Tendon velocities {@code dL/dt} [ntendon]. */
  public final double[] tendonVelocity;
  /**
   * Potential (gravity, joint and tendon springs) and kinetic energy {@code ½ q̇ᵀ M q̇} (armature included) of the
   * state the last forward evaluation saw, J; written only when the model's {@code Options.energy} is on [2].
   */
  public final double[] energy;
  /** Spatial tendons' Jacobians {@code ∂L/∂q} in velocity coordinates (rows of fixed tendons unused) [ntendon×nv]. */
  public final double[] tendonJ;
  /** World positions of the sites of spatial tendons' paths, per wrap (other wraps unused) [nwrap×3]. */
  public final double[] wrapXpos;
  /**
   * Where a spatial tendon's path touches a wrapping geom: the world positions of its two tangent points, per geom wrap
   * (other wraps unused; meaningful where {@code wrapLength ≥ 0}) [nwrap×6].
   */
  public final double[] wrapTangent;
  /** The path's length on each wrapping geom between its tangent points, or -1 where it passes the geom by [nwrap]. */
  public final double[] wrapLength;
  /** Work space of one wrap ({@code Wrapping}) [80]. */
  public final double[] wrapScratch;
  /** Each actuator's moment arms {@code ∂length/∂q}, written for slider-crank transmissions only [nu×nv]. */
  public final double[] actuatorMoment;
  /** Actuator lengths {@code gear*q} (on a tendon {@code gear*L}) [nu]. */
  public final double[] actuatorLength;
  /** Actuator velocities {@code gear*q̇} [nu]. */
  public final double[] actuatorVelocity;
  /** Actuator forces (scalar, before the gear) [nu]. */
  public final double[] actuatorForce;
  /** Time derivative of the activations [na], MuJoCo's {@code act_dot}; written by Forces.actuation. */
  public final double[] actDot;
  /** Total joint force fed to forward dynamics: applied + actuator + passive [nv]. */
  public final double[] qfrcSmooth;
  /**
   * Diagonal joint-space inertia added to M by this evaluation: the armature, plus {@code h·damping} in the Euler step
   * with implicit damping ({@code h = dt}: the dynamics then use {@code M + dt B}) [nv]; written by {@code
   * Forces.armature}, read by ABA, CRBA and RNEA.
   */
  public final double[] dofArmature;

  // ---- acceleration: Aba.forward ----
  /**
   * Articulated-body inertias {@code I^A}, symmetric: only the upper triangle (row ≤ column) of each row-major 6x6 is
   * kept, the lower one is stale; after pass 2 a body with a parent holds {@code I^a} [nbody×36].
   */
  public final double[] abaIA;
  /** Articulated bias forces {@code p^A} [nbody×6]. */
  public final double[] abaPA;
  /** {@code U = I^A S} [nv×6]. */
  public final double[] abaU;
  /** {@code D⁻¹ = (Sᵀ I^A S + armature)⁻¹}, a dense block of size bodyDofNum² per body [nbody×36]. */
  public final double[] abaDinv;
  /** {@code u = τ - Sᵀ p^A} [nv]. */
  public final double[] abaUu;
  /** Body spatial accelerations, gravity included as a base acceleration {@code -g} [nbody×6]. */
  public final double[] bodyAcc;
  /** Joint accelerations of the smooth dynamics [nv]. */
  public final double[] qaccSmooth;
  /** Joint accelerations including constraint impulses divided by the time step [nv]. */
  public final double[] qacc;

  // ---- inverse dynamics and mass matrix: Rnea, Crba, Factor ----
  /** Body forces of the last Rnea pass [nbody×6]. */
  public final double[] rneaForce;
  /** Body accelerations of the last Rnea pass [nbody×6]. */
  public final double[] rneaAcc;
  /** Bias forces {@code C(q, q̇) q̇ + g(q)} [nv], MuJoCo's {@code qfrc_bias}. */
  public final double[] qfrcBias;
  /** Composite rigid-body inertias [nbody×10]. */
  public final double[] crb;
  /** Joint-space inertia matrix, dense row-major with armature; entries outside the tree pattern are 0 [nv×nv]. */
  public final double[] qM;
  /** Factor {@code M = Lᵀ D L}: strictly lower L (unit diagonal implied) and D on the diagonal [nv×nv]. */
  public final double[] qLD;
  /** {@code 1/D} [nv]. */
  public final double[] qLDiagInv;

  // ---- contacts: Collision.detect ----
  /** Number of active contacts. */
  public int ncon;
  // the contact arrays hold nconMax contacts and one more: the candidate a collision function writes before it knows
  // whether it touches
  /** Contact points in the world, midway between the surfaces [(nconMax+1)×3]. */
  public final double[] conPos;
  /** Contact frames, rows: normal (from geom 1 to geom 2), tangent 1, tangent 2 [(nconMax+1)×9]. */
  public final double[] conFrame;
  /** Signed distances, negative in penetration [nconMax+1]. */
  public final double[] conDist;
  /**
   * The distance below which each contact acts, its pair's {@code margin − gap} (MuJoCo's {@code includemargin}); a
   * contact at or above it is detected but gets no constraint rows [nconMax+1].
   */
  public final double[] conIncludeMargin;
  /** Friction coefficient (the higher-priority geom's {@code geomFriction}, else the larger) [nconMax+1]. */
  public final double[] conFriction;
  /** Torsional and rolling friction coefficients, model constants mixed as the sliding one [(nconMax+1)×2]. */
  public final double[] conFrictionSpinRoll;
  /** Coefficient of restitution (as the friction) [nconMax+1]. */
  public final double[] conRestitution;
  /** Geoms of each contact [(nconMax+1)×2]. */
  public final int[] conGeom;
  /** Slot of each contact in the model's pair table, for warm starts [nconMax+1]. */
  public final int[] conSlot;
  /** Each contact's dimensionality: 1, 3 (sliding friction), 4 (and torsional) or 6 (and rolling) [nconMax+1]. */
  public final int[] conCondim;

  // ---- constraints: Constraints.assemble, ProjectedGaussSeidel.solve ----
  /** Number of constraint rows. */
  public int nefc;
  /** Rows of the constraint Jacobian; only dofs {@code [efcDofLo, efcDofHi)} of a row are written [nefcMax×nv]. */
  public final double[] efcJ;
  /** {@code W = J L⁻¹} rows, so that {@code J M⁻¹ Jᵀ = W D⁻¹ Wᵀ}; written as efcJ [nefcMax×nv]. */
  public final double[] efcW;
  /** Delassus matrix {@code J M⁻¹ Jᵀ + cfm 1} [nefcMax×nefcMax]. */
  public final double[] efcA;
  /** Desired velocity change of each row: {@code target - J v*} [nefcMax]. */
  public final double[] efcB;
  /** Signed distance of each row's contact or limit (0 for friction rows) [nefcMax]. */
  public final double[] efcDist;
  /** Impulse lower bound (for friction rows: the coefficient μ; the bound is {@code -μ p_n}) [nefcMax]. */
  public final double[] efcLo;
  /** Impulse upper bound [nefcMax]. */
  public final double[] efcHi;
  /** Normal row a friction row's bounds scale with, or -1 [nefcMax]. */
  public final int[] efcNormal;
  /**
   * World direction of each contact row: its impulse p pushes geom 2's body by {@code p·dir} and geom 1's by {@code
   * -p·dir} at the contact point (the normal, a tangent, or the sliding direction); 0 for limit rows [nefcMax×3].
   */
  public final double[] efcDir;
  /**
   * Row kind: 0 contact normal, 1 contact friction, 2 joint limit, 3 dof friction loss, 4 tendon limit, 5 equality
   * [nefcMax] (the constants of {@code Constraints}).
   */
  public final int[] efcType;
  /**
   * Contact (joint for limit rows, dof for friction-loss rows, tendon for tendon limits, equality constraint for
   * equality rows) each row belongs to [nefcMax].
   */
  public final int[] efcId;
  /** First dof of the range of each J and W row: the dofs on the paths of its bodies to the root [nefcMax]. */
  public final int[] efcDofLo;
  /** One past the last dof of each row's range [nefcMax]. */
  public final int[] efcDofHi;
  /**
   * When a row's dofs are one path to the root (a contact with a static geom, a joint limit): the path's last dof,
   * else -1 [nefcMax].
   */
  public final int[] efcLeaf;
  /** First row coupled to each row through the Delassus matrix [nefcMax]. */
  public final int[] efcRowLo;
  /** One past the last row coupled to each row [nefcMax]. */
  public final int[] efcRowHi;
  /** {@code 1/A_rr}, the PGS step of each row [nefcMax]. */
  public final double[] efcInvDiag;
  /** Solved impulses [nefcMax], N·s or N·m·s. */
  public final double[] efcImpulse;
  /** The impulses PGS started from: zero, or a warm start [nefcMax]. */
  public final double[] efcImpulseInit;
  /** Where each row's initial impulse came from: an index into warmImpulse, or -1 for zero [nefcMax]. */
  public final int[] efcInitSource;
  /** Impulses of the previous step per contact slot, for warm starts [nslot×3]. */
  public final double[] warmImpulse;
  /** Whether warmImpulse of a slot is from the previous step [nslot]. */
  public final int[] warmValid;
  /**
   * When not null, PGS records its solve here for the reverse PGS: the impulses before the first and after each sweep
   * ({@code (iterations+1)×nefc}), then each sweep's row residuals {@code b_r - A_r p} ({@code iterations×nefc});
   * set by the adjoint's recomputation (a {@code DataBar}'s {@code pgsHistory}), null otherwise.
   */
  public double[] pgsRecord;
  /** PGS sweeps done in the last solve. */
  public int solverIterations;
  /** Largest impulse change in the last PGS sweep. */
  public double solverResidual;

  /** Velocity change of the constraint impulses {@code M̃⁻¹ Jᵀ p} [nv]; written by Constraints.applyImpulses. */
  public final double[] qvelImpulse;

  // ---- sensors: Sensors.compute ----
  /** Sensor values in the order of the model's sensors [nsensordata], MuJoCo's {@code sensordata}. */
  public final double[] sensordata;
  /** Mass of each body's subtree [nbody]. */
  public final double[] subtreeMass;
  /** Centre of mass of each body's subtree in the world [nbody×3]. */
  public final double[] subtreeCom;
  /** Linear velocity of each subtree's centre of mass in the world [nbody×3]. */
  public final double[] subtreeLinvel;
  /** Contact forces on each body, body coordinates at its origin, then carried to the root [nbody×6]. */
  public final double[] sensorExternal;
  /** Work space of one sensor: a frame, its motion [28]. */
  public final double[] sensorPoint;

  // ---- scratch ----
  /** Velocity before the constraint impulses, {@code v* = v + dt q̈_smooth} [nv]. */
  public final double[] qvelFree;
  /** Work vectors [nv]. */
  public final double[] scratchNv1, scratchNv2;
  /** Work space of the 6x6 spatial kernels [36]. */
  public final double[] scratch36;
  /** Work space of one spatial vector [6]. */
  public final double[] scratch6;
  /**
   * Work space of the convex–convex narrow phase ({@code ConvexCollision}): five support points of the Minkowski
   * difference (point, geom 1's part, geom 2's part, log index), six work vectors, outcome and log length
   * [{@code ConvexCollision.SCRATCH}].
   */
  public final double[] convexScratch;
  /**
   * Log of the last convex–convex contact's support evaluations and ellipsoid normal iterates, which its adjoint replays
   * [{@code ConvexCollision.LOG_LENGTH}].
   */
  public final double[] convexLog;
  /**
   * The prism of a height field cell that MPR collides ({@code ConvexCollision.hfield}): three base vertices, then the
   * three top vertices above them, in the height field's frame [18].
   */
  public final double[] hfieldPrism;
  /** A geom's pose in a height field's frame, rotation (row-major) then position ({@code ConvexCollision.hfield}) [12]. */
  public final double[] hfieldLocal;
  /**
   * Work space of box–box collision ({@code BoxBox}): values and their tangents, the candidate contacts, the case
   * [{@code BoxBox.SCRATCH}].
   */
  public final double[] boxScratch;
  /**
   * The feature a contact's adjoint finds again: for a height field contact the cell and triangle of its prism
   * ({@code ConvexCollision.prism}), for a plane–mesh contact the mesh vertex [nconMax+1].
   */
  public final int[] conFeature;
  /**
   * RK4 stage storage: initial qpos [nq], qvel [nv] and act [na], and stage derivatives [4×nv] each for q̇ and q̈
   * and [4×na] for act'.
   */
  public final double[] rkQpos, rkQvel, rkAct, rkDq, rkDv, rkDact;

  /** Allocates every array for model {@code m} and resets to {@code qpos0}. */
  public Data(Model m) {
    model = m;
    int nq = m.nq(), nv = m.nv(), nu = m.nu(), nb = m.nbody(), ng = m.ngeom(), nc = m.nconMax() + 1;
    int nslot = m.nslot();
    int nefcMax = nefcMax(m);
    qpos = new double[nq];
    qvel = new double[nv];
    ctrl = new double[nu];
    act = new double[m.na()];
    actDot = new double[m.na()];
    qfrcApplied = new double[nv];
    bodyInert = new double[10 * nb];
    dofDamping = new double[nv];
    geomFriction = new double[ng];
    geomRestitution = new double[ng];
    dofArmature = new double[nv];
    xpos = new double[3 * nb];
    xquat = new double[4 * nb];
    xmat = new double[9 * nb];
    xquatRel = new double[4 * nb];
    xRot = new double[9 * nb];
    xTrans = new double[3 * nb];
    dofS = new double[6 * nv];
    dofXaxis = new double[3 * nv];
    dofXanchor = new double[3 * nv];
    cJ = new double[6 * nb];
    geomXpos = new double[3 * ng];
    geomXmat = new double[9 * ng];
    tendonLength = new double[m.ntendon()];
    tendonVelocity = new double[m.ntendon()];
    energy = new double[2];
    tendonJ = new double[m.ntendon() * nv];
    wrapXpos = new double[3 * m.nwrap()];
    wrapTangent = new double[6 * m.nwrap()];
    wrapLength = new double[m.nwrap()];
    wrapScratch = new double[80];
    siteXpos = new double[3 * m.nsite()];
    siteXmat = new double[9 * m.nsite()];
    sensordata = new double[m.nsensordata()];
    subtreeMass = new double[nb];
    subtreeCom = new double[3 * nb];
    subtreeLinvel = new double[3 * nb];
    sensorExternal = new double[6 * nb];
    sensorPoint = new double[28];
    bodyVel = new double[6 * nb];
    bodyBias = new double[6 * nb];
    qfrcPassive = new double[nv];
    qfrcActuator = new double[nv];
    actuatorMoment = new double[m.nu() * m.nv()];
    actuatorLength = new double[nu];
    actuatorVelocity = new double[nu];
    actuatorForce = new double[nu];
    qfrcSmooth = new double[nv];
    abaIA = new double[36 * nb];
    abaPA = new double[6 * nb];
    abaU = new double[6 * nv];
    abaDinv = new double[36 * nb];
    abaUu = new double[nv];
    bodyAcc = new double[6 * nb];
    qaccSmooth = new double[nv];
    qacc = new double[nv];
    rneaForce = new double[6 * nb];
    rneaAcc = new double[6 * nb];
    qfrcBias = new double[nv];
    crb = new double[10 * nb];
    qM = new double[nv * nv];
    qLD = new double[nv * nv];
    qLDiagInv = new double[nv];
    conPos = new double[3 * nc];
    conFrame = new double[9 * nc];
    conDist = new double[nc];
    conIncludeMargin = new double[nc];
    conFriction = new double[nc];
    conFrictionSpinRoll = new double[2 * nc];
    conRestitution = new double[nc];
    conGeom = new int[2 * nc];
    conSlot = new int[nc];
    conCondim = new int[nc];
    efcJ = new double[nefcMax * nv];
    efcW = new double[nefcMax * nv];
    efcA = new double[nefcMax * nefcMax];
    efcB = new double[nefcMax];
    efcDist = new double[nefcMax];
    efcLo = new double[nefcMax];
    efcHi = new double[nefcMax];
    efcNormal = new int[nefcMax];
    efcDir = new double[3 * nefcMax];
    efcType = new int[nefcMax];
    efcId = new int[nefcMax];
    efcImpulse = new double[nefcMax];
    efcImpulseInit = new double[nefcMax];
    efcInitSource = new int[nefcMax];
    efcInvDiag = new double[nefcMax];
    efcDofLo = new int[nefcMax];
    efcDofHi = new int[nefcMax];
    efcLeaf = new int[nefcMax];
    efcRowLo = new int[nefcMax];
    efcRowHi = new int[nefcMax];
    warmImpulse = new double[3 * nslot];
    warmValid = new int[nslot];
    qvelFree = new double[nv];
    qvelImpulse = new double[nv];
    scratchNv1 = new double[nv];
    scratchNv2 = new double[nv];
    scratch36 = new double[36];
    scratch6 = new double[6];
    convexScratch = new double[72];
    convexLog = new double[128 * 13 + 2 * (1 + 31 * 3)];
    hfieldPrism = new double[18];
    hfieldLocal = new double[12];
    boxScratch = new double[429];
    conFeature = new int[nc];
    rkQpos = new double[nq];
    rkQvel = new double[nv];
    rkDq = new double[4 * nv];
    rkDv = new double[4 * nv];
    rkAct = new double[m.na()];
    rkDact = new double[4 * m.na()];
    resetParameters();
    reset();
  }

  /**
   * Copies the per-world parameters from the model: body inertias, dof damping, geom friction and restitution; sets
   * {@code dofArmature} to the model's armature.
   */
  public void resetParameters() {
    for (int i = 0; i < model.nbody(); i++) {
      for (int k = 0; k < 10; k++) {
        bodyInert[10 * i + k] = model.bodyInert(i, k);
      }
    }
    for (int k = 0; k < model.nv(); k++) {
      dofDamping[k] = model.dofDamping(k);
      dofArmature[k] = model.dofArmature(k);
    }
    for (int g = 0; g < model.ngeom(); g++) {
      geomFriction[g] = model.geomFriction(g, 0);
      geomRestitution[g] = model.opt().restitution();
    }
  }

  /** Copies the per-world parameters (inertias, damping, friction, restitution) from another data of the same model. */
  public void copyParametersFrom(Data o) {
    System.arraycopy(o.bodyInert, 0, bodyInert, 0, bodyInert.length);
    System.arraycopy(o.dofDamping, 0, dofDamping, 0, dofDamping.length);
    System.arraycopy(o.geomFriction, 0, geomFriction, 0, geomFriction.length);
    System.arraycopy(o.geomRestitution, 0, geomRestitution, 0, geomRestitution.length);
  }

  /**
   * The most constraint rows a step can have: the contacts' normal, sliding, torsional and rolling rows (each pair's
   * slots times the rows its condim gives, no more than the contact capacity times the most rows a contact has), one
   * limit per joint and per tendon, one dry-friction row per dof, and the rows of the equality constraints.
   */
  public static int nefcMax(Model m) {
    long bySlots = 0;
    int most = 1;
    for (int p = 0; p < m.npair(); p++) {
      int g1 = m.pairGeom1(p), g2 = m.pairGeom2(p);
      int condim = m.pairCondim(p) >= 0 ? m.pairCondim(p) : m.geomPriority(g1) != m.geomPriority(g2)
          ? m.geomCondim(m.geomPriority(g1) > m.geomPriority(g2) ? g1 : g2)
          : Math.max(m.geomCondim(g1), m.geomCondim(g2));
      int rows = 1 + (condim >= 3 ? m.opt().frictionDirections() : 0) + (condim == 6 ? 3 : condim == 4 ? 1 : 0);
      most = Math.max(most, rows);
      bySlots += (long) rows * (m.pairConAdr(p + 1) - m.pairConAdr(p));
    }
    long contactRows = Math.min(bySlots, (long) m.nconMax() * most);
    return (int) contactRows + m.njnt() + m.ntendon() + m.nv() + m.neqRows();
  }

  /** Resets the state to {@code qpos0}, zero velocity, controls, activations and applied forces, time 0. */
  public void reset() {
    for (int i = 0; i < qpos.length; i++) {
      qpos[i] = model.qpos0(i);
    }
    java.util.Arrays.fill(qvel, 0);
    java.util.Arrays.fill(ctrl, 0);
    java.util.Arrays.fill(act, 0);
    java.util.Arrays.fill(qfrcApplied, 0);
    java.util.Arrays.fill(warmValid, 0);
    time = 0;
    nstep = 0;
  }

  /** Resets to keyframe k: its qpos, qvel, ctrl, act and time. */
  public void resetToKey(int k) {
    if (k < 0 || k >= model.nkey()) {
      throw new IllegalArgumentException("keyframe index " + k + " out of range: the model has " + model.nkey()
          + " keyframes");
    }
    reset();
    System.arraycopy(model.keyQpos(k), 0, qpos, 0, qpos.length);
    System.arraycopy(model.keyQvel(k), 0, qvel, 0, qvel.length);
    System.arraycopy(model.keyCtrl(k), 0, ctrl, 0, ctrl.length);
    System.arraycopy(model.keyAct(k), 0, act, 0, act.length);
    time = model.keyTime(k);
  }

  /** Normalises the quaternions of ball and free joints in {@code qpos}. */
  public void normalizeQuaternions() {
    for (int j = 0; j < model.njnt(); j++) {
      JointType t = model.jntType(j);
      if (t == JointType.FREE) {
        Quat.normalize(qpos, model.jntQposAdr(j) + 3);
      } else if (t == JointType.BALL) {
        Quat.normalize(qpos, model.jntQposAdr(j));
      }
    }
  }

  /** Copies the state (time, qpos, qvel, ctrl, act, applied forces, warm start) from another data of the same model. */
  public void copyStateFrom(Data o) {
    if (o.model != model
        && (o.model.nq() != model.nq() || o.model.nv() != model.nv() || o.model.na() != model.na())) {
      throw new IllegalArgumentException("data belong to different models");
    }
    time = o.time;
    nstep = o.nstep;
    System.arraycopy(o.qpos, 0, qpos, 0, qpos.length);
    System.arraycopy(o.qvel, 0, qvel, 0, qvel.length);
    System.arraycopy(o.ctrl, 0, ctrl, 0, ctrl.length);
    System.arraycopy(o.act, 0, act, 0, act.length);
    System.arraycopy(o.qfrcApplied, 0, qfrcApplied, 0, qfrcApplied.length);
    System.arraycopy(o.warmImpulse, 0, warmImpulse, 0, warmImpulse.length);
    System.arraycopy(o.warmValid, 0, warmValid, 0, warmValid.length);
  }

  /** Bytes held by this data's own arrays (not the borrowed {@link #pgsRecord}). */
  public long bytes() {
    long n = 0;
    for (java.lang.reflect.Field f : Data.class.getFields()) {
      if (f.getName().equals("pgsRecord")) {
        continue;
      }
      try {
        Object v = f.get(this);
        if (v instanceof double[] a) {
          n += 8L * a.length;
        } else if (v instanceof int[] a) {
          n += 4L * a.length;
        }
      } catch (IllegalAccessException e) {
        throw new IllegalStateException(e);
      }
    }
    return n;
  }

  /** The model, time, steps and contact count: {@code Data[laikago: time 0.1 s, 100 steps, 4 contacts]}. */
  @Override
  public String toString() {
    String t = Double.isFinite(time) ? new java.math.BigDecimal(time).round(new java.math.MathContext(6))
        .stripTrailingZeros().toPlainString() : Double.toString(time);
    return "Data[" + model.name() + ": time " + t + " s, " + nstep + " steps, " + ncon + " contacts]";
  }
}
