package org.diffart.sim.data;

import java.lang.reflect.Field;
import java.util.List;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.diffart.sim.spatial.Quat;

/**
 * One world's mutable state and every intermediate of a step, allocated once from a {@link Model}
 * so that stepping never allocates. Fields are grouped by the stage that writes them; shapes are
 * given in brackets. Spatial vectors are 6 numbers (angular; linear) in Featherstone's order, in
 * body coordinates at the body origin unless stated. Articulated inertias are row-major 6x6 of
 * which only the upper triangle is kept; rigid-body inertias are packed as in {@link
 * Model#bodyInert}.
 */
public final class Data extends WorldArrays {
  // ---- state ----
  /** Simulation time, s. */
  @State public double time;

  /** Steps taken since the last reset. */
  public long nstep;

  /** Joint positions [nq], MuJoCo's layout. */
  @State public final double[] qpos = new double[nq];

  /** Joint velocities [nv], MuJoCo's layout. */
  @State public final double[] qvel = new double[nv];

  /** Controls [nu]. */
  public final double[] ctrl = new double[nu];

  /** Actuator activations [na], MuJoCo's {@code act}: the state of the actuators with dynamics. */
  @State public final double[] act = new double[na];

  /**
   * The history buffers of delayed or sampled controls and sensors, as MuJoCo 3.14's {@code
   * mjData.history}: per buffer (at {@code Model.actHistoryAdr}, {@code sensorHistoryAdr}) a time
   * header, the index of the newest sample, the samples' times and their values [nhistory].
   */
  @State public final double[] history = new double[nhistory];

  /** Generalised forces applied by the user [nv]. */
  public final double[] qfrcApplied = new double[nv];

  // ---- per-world parameters (copied from the model by resetParameters; a world may change them)
  // ----
  /**
   * Spatial inertia of each body about its origin in body coordinates, packed as {@link
   * Model#bodyInert} [nbody×10].
   */
  public final double[] bodyInert = new double[10 * nbody];

  /** Joint damping of each dof, N·m·s/rad or N·s/m [nv]. */
  public final double[] dofDamping = new double[nv];

  /** Sliding friction coefficient of each geom [ngeom]. */
  public final double[] geomFriction = new double[ngeom];

  /** Coefficient of restitution of each geom (the model's {@code Options.restitution}) [ngeom]. */
  public final double[] geomRestitution = new double[ngeom];

  // ---- position: Kinematics.forward (geom poses: Kinematics.geoms) ----
  /** Body origins in the world [nbody×3]. */
  public final double[] xpos = new double[3 * nbody];

  /** Body orientations in the world [nbody×4]. */
  public final double[] xquat = new double[4 * nbody];

  /** Body rotation matrices, body to world, row-major [nbody×9]. */
  public final double[] xmat = new double[9 * nbody];

  /** Body orientations relative to their parents [nbody×4]. */
  public final double[] xquatRel = new double[4 * nbody];

  /** Rotation of the parent-to-body Plücker transform, {@code E = Rᵀ_rel} [nbody×9]. */
  public final double[] xRot = new double[9 * nbody];

  /**
   * Translation of the parent-to-body transform: the body origin in parent coordinates [nbody×3].
   */
  public final double[] xTrans = new double[3 * nbody];

  /** Motion subspace columns in body coordinates, one 6-vector per dof [nv×6]. */
  public final double[] dofS = new double[6 * nv];

  /** Joint-local velocity product {@code c_J}, nonzero for bodies with several joints [nbody×6]. */
  public final double[] cJ = new double[6 * nbody];

  /**
   * Joint axis of each dof in its body's parent frame (bodies with several joints, ball and free
   * joints) [nv×3].
   */
  public final double[] dofXaxis = new double[3 * nv];

  /** Joint anchor of each dof in its body's parent frame (as dofXaxis) [nv×3]. */
  public final double[] dofXanchor = new double[3 * nv];

  /** Geom centres in the world [ngeom×3]. */
  public final double[] geomXpos = new double[3 * ngeom];

  /** Geom rotation matrices, geom to world [ngeom×9]. */
  public final double[] geomXmat = new double[9 * ngeom];

  /** Site positions in the world [nsite×3] (Kinematics.sites). */
  public final double[] siteXpos = new double[3 * nsite];

  /** Site rotation matrices, site to world [nsite×9]. */
  public final double[] siteXmat = new double[9 * nsite];

  // ---- velocity: Kinematics.velocity ----
  /** Body spatial velocities in body coordinates [nbody×6]. */
  public final double[] bodyVel = new double[6 * nbody];

  /** Velocity-product accelerations {@code c_i = c_J + v_i × S q̇_i} [nbody×6]. */
  public final double[] bodyBias = new double[6 * nbody];

  // ---- forces: Forces.passive, Forces.actuation ----
  /** Spring and damper forces [nv]. */
  public final double[] qfrcPassive = new double[nv];

  /** Actuator forces in joint space [nv]. */
  public final double[] qfrcActuator = new double[nv];

  /**
   * Tendon lengths: {@code Σ coef q} (fixed), the length of the path through the sites (spatial)
   * [ntendon].
   */
  public final double[] tendonLength = new double[ntendon];

  /** Tendon velocities {@code dL/dt} [ntendon]. */
  public final double[] tendonVelocity = new double[ntendon];

  /**
   * Potential (gravity, joint and tendon springs) and kinetic energy {@code ½ q̇ᵀ M q̇} (armature
   * included) of the state the last forward evaluation saw, J; written only when the model's {@code
   * Options.energy} is on [2].
   */
  public final double[] energy = new double[2];

  /**
   * Spatial tendons' Jacobians {@code ∂L/∂q} in velocity coordinates (rows of fixed tendons unused)
   * [ntendon×nv].
   */
  public final double[] tendonJ = new double[ntendon * nv];

  /**
   * World positions of the sites of spatial tendons' paths, per wrap (other wraps unused)
   * [nwrap×3].
   */
  public final double[] wrapXpos = new double[3 * nwrap];

  /**
   * Where a spatial tendon's path touches a wrapping geom: the world positions of its two tangent
   * points, per geom wrap (other wraps unused; meaningful where {@code wrapLength ≥ 0}) [nwrap×6].
   */
  public final double[] wrapTangent = new double[6 * nwrap];

  /**
   * The path's length on each wrapping geom between its tangent points, or -1 where it passes the
   * geom by [nwrap].
   */
  public final double[] wrapLength = new double[nwrap];

  /** Work space of one wrap ({@code Wrapping}) [80]. */
  public final double[] wrapScratch = new double[80];

  /**
   * Each actuator's moment arms {@code ∂length/∂q}, written for slider-crank transmissions only
   * [nu×nv].
   */
  public final double[] actuatorMoment = new double[nu * nv];

  /** Actuator lengths {@code gear*q} (on a tendon {@code gear*L}) [nu]. */
  public final double[] actuatorLength = new double[nu];

  /** Actuator velocities {@code gear*q̇} [nu]. */
  public final double[] actuatorVelocity = new double[nu];

  /** Actuator forces (scalar, before the gear) [nu]. */
  public final double[] actuatorForce = new double[nu];

  /**
   * Time derivative of the activations [na], MuJoCo's {@code act_dot}; written by Forces.actuation.
   */
  public final double[] actDot = new double[na];

  /** Total joint force fed to forward dynamics: applied + actuator + passive [nv]. */
  public final double[] qfrcSmooth = new double[nv];

  /**
   * Diagonal joint-space inertia added to M by this evaluation: the armature, plus {@code
   * h·damping} in the Euler step with implicit damping ({@code h = dt}: the dynamics then use
   * {@code M + dt B}) [nv]; written by {@code Forces.armature}, read by ABA, CRBA and RNEA.
   */
  public final double[] dofArmature = new double[nv];

  // ---- acceleration: Aba.forward ----
  /**
   * Articulated-body inertias {@code I^A}, symmetric: only the upper triangle (row ≤ column) of
   * each row-major 6x6 is kept, the lower one is stale; after pass 2 a body with a parent holds
   * {@code I^a} [nbody×36].
   */
  public final double[] abaIA = new double[36 * nbody];

  /** Articulated bias forces {@code p^A} [nbody×6]. */
  public final double[] abaPA = new double[6 * nbody];

  /** {@code U = I^A S} [nv×6]. */
  public final double[] abaU = new double[6 * nv];

  /**
   * {@code D⁻¹ = (Sᵀ I^A S + armature)⁻¹}, a dense block of size bodyDofNum² per body [nbody×36].
   */
  public final double[] abaDinv = new double[36 * nbody];

  /** {@code u = τ - Sᵀ p^A} [nv]. */
  public final double[] abaUu = new double[nv];

  /** Body spatial accelerations, gravity included as a base acceleration {@code -g} [nbody×6]. */
  public final double[] bodyAcc = new double[6 * nbody];

  /** Joint accelerations of the smooth dynamics [nv]. */
  public final double[] qaccSmooth = new double[nv];

  /** Joint accelerations including constraint impulses divided by the time step [nv]. */
  public final double[] qacc = new double[nv];

  // ---- inverse dynamics and mass matrix: Rnea, Crba, Factor ----
  /** Body forces of the last Rnea pass [nbody×6]. */
  public final double[] rneaForce = new double[6 * nbody];

  /** Body accelerations of the last Rnea pass [nbody×6]. */
  public final double[] rneaAcc = new double[6 * nbody];

  /** Bias forces {@code C(q, q̇) q̇ + g(q)} [nv], MuJoCo's {@code qfrc_bias}. */
  public final double[] qfrcBias = new double[nv];

  /** Composite rigid-body inertias [nbody×10]. */
  public final double[] crb = new double[10 * nbody];

  /**
   * Joint-space inertia matrix, dense row-major with armature; entries outside the tree pattern are
   * 0 [nv×nv].
   */
  public final double[] qM = new double[nv * nv];

  /**
   * Factor {@code M = Lᵀ D L}: strictly lower L (unit diagonal implied) and D on the diagonal
   * [nv×nv].
   */
  public final double[] qLD = new double[nv * nv];

  /** {@code 1/D} [nv]. */
  public final double[] qLDiagInv = new double[nv];

  // ---- contacts: Collision.detect ----
  /** Number of active contacts. */
  public int ncon;

  // the contact arrays hold nconMax contacts and one more: the candidate a collision function
  // writes before it knows
  // whether it touches
  /** Contact points in the world, midway between the surfaces [(nconMax+1)×3]. */
  public final double[] conPos = new double[3 * contactCapacity];

  /** Contact frames, rows: normal (from geom 1 to geom 2), tangent 1, tangent 2 [(nconMax+1)×9]. */
  public final double[] conFrame = new double[9 * contactCapacity];

  /** Signed distances, negative in penetration [nconMax+1]. */
  public final double[] conDist = new double[contactCapacity];

  /**
   * The distance below which each contact acts, its pair's {@code margin − gap} (MuJoCo's {@code
   * includemargin}); a contact at or above it is detected but gets no constraint rows [nconMax+1].
   */
  public final double[] conIncludeMargin = new double[contactCapacity];

  /**
   * Friction coefficient (the higher-priority geom's {@code geomFriction}, else the larger)
   * [nconMax+1].
   */
  public final double[] conFriction = new double[contactCapacity];

  /**
   * Torsional and rolling friction coefficients, model constants mixed as the sliding one
   * [(nconMax+1)×2].
   */
  public final double[] conFrictionSpinRoll = new double[2 * contactCapacity];

  /** Coefficient of restitution (as the friction) [nconMax+1]. */
  public final double[] conRestitution = new double[contactCapacity];

  /** Geoms of each contact [(nconMax+1)×2]. */
  public final int[] conGeom = new int[2 * contactCapacity];

  /** Slot of each contact in the model's pair table, for warm starts [nconMax+1]. */
  public final int[] conSlot = new int[contactCapacity];

  /**
   * Each contact's dimensionality: 1, 3 (sliding friction), 4 (and torsional) or 6 (and rolling)
   * [nconMax+1].
   */
  public final int[] conCondim = new int[contactCapacity];

  // ---- constraints: Constraints.assemble, ProjectedGaussSeidel.solve ----
  /** Number of constraint rows. */
  public int nefc;

  /**
   * Rows of the constraint Jacobian; only dofs {@code [efcDofLo, efcDofHi)} of a row are written
   * [nefcMax×nv].
   */
  public final double[] efcJ = new double[rowCapacity * nv];

  /** {@code W = J L⁻¹} rows, so that {@code J M⁻¹ Jᵀ = W D⁻¹ Wᵀ}; written as efcJ [nefcMax×nv]. */
  public final double[] efcW = new double[rowCapacity * nv];

  /** Delassus matrix {@code J M⁻¹ Jᵀ + cfm 1} [nefcMax×nefcMax]. */
  public final double[] efcA = new double[rowCapacity * rowCapacity];

  /** Desired velocity change of each row: {@code target - J v*} [nefcMax]. */
  public final double[] efcB = new double[rowCapacity];

  /** Signed distance of each row's contact or limit (0 for friction rows) [nefcMax]. */
  public final double[] efcDist = new double[rowCapacity];

  /**
   * Impulse lower bound (for friction rows: the coefficient μ; the bound is {@code -μ p_n})
   * [nefcMax].
   */
  public final double[] efcLo = new double[rowCapacity];

  /** Impulse upper bound [nefcMax]. */
  public final double[] efcHi = new double[rowCapacity];

  /** Normal row a friction row's bounds scale with, or -1 [nefcMax]. */
  public final int[] efcNormal = new int[rowCapacity];

  /**
   * World direction of each contact row: its impulse p pushes geom 2's body by {@code p·dir} and
   * geom 1's by {@code -p·dir} at the contact point (the normal, a tangent, or the sliding
   * direction); 0 for limit rows [nefcMax×3].
   */
  public final double[] efcDir = new double[3 * rowCapacity];

  /**
   * Row kind: 0 contact normal, 1 contact friction, 2 joint limit, 3 dof friction loss, 4 tendon
   * limit, 5 equality [nefcMax] (the constants of {@code Constraints}).
   */
  public final int[] efcType = new int[rowCapacity];

  /**
   * Contact (joint for limit rows, dof for friction-loss rows, tendon for tendon limits, equality
   * constraint for equality rows) each row belongs to [nefcMax].
   */
  public final int[] efcId = new int[rowCapacity];

  /**
   * First dof of the range of each J and W row: the dofs on the paths of its bodies to the root
   * [nefcMax].
   */
  public final int[] efcDofLo = new int[rowCapacity];

  /** One past the last dof of each row's range [nefcMax]. */
  public final int[] efcDofHi = new int[rowCapacity];

  /**
   * When a row's dofs are one path to the root (a contact with a static geom, a joint limit): the
   * path's last dof, else -1 [nefcMax].
   */
  public final int[] efcLeaf = new int[rowCapacity];

  /** First row coupled to each row through the Delassus matrix [nefcMax]. */
  public final int[] efcRowLo = new int[rowCapacity];

  /** One past the last row coupled to each row [nefcMax]. */
  public final int[] efcRowHi = new int[rowCapacity];

  /** {@code 1/A_rr}, the PGS step of each row [nefcMax]. */
  public final double[] efcInvDiag = new double[rowCapacity];

  /** Solved impulses [nefcMax], N·s or N·m·s. */
  public final double[] efcImpulse = new double[rowCapacity];

  /** The impulses PGS started from: zero, or a warm start [nefcMax]. */
  public final double[] efcImpulseInit = new double[rowCapacity];

  /**
   * Where each row's initial impulse came from: an index into warmImpulse, or -1 for zero
   * [nefcMax].
   */
  public final int[] efcInitSource = new int[rowCapacity];

  /** Impulses of the previous step per contact slot, for warm starts [nslot×3]. */
  @State(warmStartOnly = true)
  public final double[] warmImpulse = new double[3 * nslot];

  /** Whether warmImpulse of a slot is from the previous step [nslot]. */
  @State(warmStartOnly = true)
  public final int[] warmValid = new int[nslot];

  /**
   * When not null, PGS records its solve here for the reverse PGS: the impulses before the first
   * and after each sweep ({@code (iterations+1)×nefc}), then each sweep's row residuals {@code b_r
   * - A_r p} ({@code iterations×nefc}); set by the adjoint's recomputation (a {@code DataBar}'s
   * {@code pgsHistory}), null otherwise.
   */
  public double[] pgsRecord;

  /** PGS sweeps done in the last solve. */
  public int solverIterations;

  /** Largest impulse change in the last PGS sweep. */
  public double solverResidual;

  // ---- the interior-point contact solver (lcp-pdipm; empty with PGS) ----

  /**
   * Unknowns of the last interior-point solve: the rows and the sliding speeds γ (≤ ipmCapacity).
   */
  public int ipmSize;

  /**
   * Its solution z = (impulses of the rows, γ of each contact with friction), scaled: the impulse
   * of row r is {@code ipmScale[r]·ipmZ[r]} [ipmCapacity].
   */
  public final double[] ipmZ = new double[ipmCapacity];

  /**
   * The unknowns' scales, {@code 1/√A_rr} for a row and {@code √A_ff} of its contact's first
   * friction row for a γ, so that the solver sees a problem with a unit diagonal whatever the
   * masses [ipmCapacity].
   */
  public final double[] ipmScale = new double[ipmCapacity];

  /** Its slacks s = h − F z at the solution [ipmCapacity]. */
  public final double[] ipmS = new double[ipmCapacity];

  /** Its matrix F (ipmSize×ipmSize, row-major) [ipmCapacity²]. */
  public final double[] ipmF = new double[ipmCapacity * ipmCapacity];

  /** Its vector h [ipmCapacity]. */
  public final double[] ipmH = new double[ipmCapacity];

  /** The normal row of each γ [ipmCapacity]. */
  public final int[] ipmGammaNormal = new int[ipmCapacity];

  /** The solver's work ({@code InteriorPoint.workSize(0, ipmCapacity, 0)}). */
  public final double[] ipmWork =
      new double
          [ipmCapacity == 0 ? 0 : 1 + ipmCapacity * ipmCapacity + ipmCapacity + 7 * ipmCapacity];

  /** The solver's pivots [ipmCapacity]. */
  public final int[] ipmPivot = new int[ipmCapacity];

  /**
   * Velocity change of the constraint impulses {@code M̃⁻¹ Jᵀ p} [nv]; written by
   * Constraints.applyImpulses.
   */
  public final double[] qvelImpulse = new double[nv];

  // ---- sensors: Sensors.compute ----
  /**
   * Sensor values in the order of the model's sensors [nsensordata], MuJoCo's {@code sensordata}.
   */
  public final double[] sensordata = new double[nsensordata];

  /**
   * The sensors' current values before their history is read, which the step inserts into the
   * buffers of sampled sensors [nsensordata].
   */
  public final double[] sensorNow = new double[nsensordata];

  /** Mass of each body's subtree [nbody]. */
  public final double[] subtreeMass = new double[nbody];

  /** Centre of mass of each body's subtree in the world [nbody×3]. */
  public final double[] subtreeCom = new double[3 * nbody];

  /** Linear velocity of each subtree's centre of mass in the world [nbody×3]. */
  public final double[] subtreeLinvel = new double[3 * nbody];

  /**
   * Contact forces on each body, body coordinates at its origin, then carried to the root
   * [nbody×6].
   */
  public final double[] sensorExternal = new double[6 * nbody];

  /**
   * Work space of one sensor: a frame, its motion, then its reference frame's and its motion [56].
   */
  public final double[] sensorPoint = new double[56];

  // ---- scratch ----
  /** Velocity before the constraint impulses, {@code v* = v + dt q̈_smooth} [nv]. */
  public final double[] qvelFree = new double[nv];

  /** Work vectors [nv]. */
  public final double[] scratchNv1 = new double[nv];

  public final double[] scratchNv2 = new double[nv];

  /** Work space of the 6x6 spatial kernels [36]. */
  public final double[] scratch36 = new double[36];

  /** Work space of one spatial vector [6]. */
  public final double[] scratch6 = new double[6];

  /**
   * Work space of the convex–convex narrow phase ({@code ConvexCollision}): five support points of
   * the Minkowski difference (point, geom 1's part, geom 2's part, log index), six work vectors,
   * outcome and log length [{@code ConvexCollision.SCRATCH}].
   */
  public final double[] convexScratch = new double[72];

  /**
   * Log of the last convex–convex contact's support evaluations and ellipsoid normal iterates,
   * which its adjoint replays [{@code ConvexCollision.LOG_LENGTH}].
   */
  public final double[] convexLog = new double[128 * 13 + 2 * (1 + 31 * 3)];

  /**
   * The prism of a height field cell that MPR collides ({@code ConvexCollision.hfield}): three base
   * vertices, then the three top vertices above them, in the height field's frame [18].
   */
  public final double[] hfieldPrism = new double[18];

  /**
   * A geom's pose in a height field's frame, rotation (row-major) then position ({@code
   * ConvexCollision.hfield}) [12].
   */
  public final double[] hfieldLocal = new double[12];

  /**
   * Work space of box–box collision ({@code BoxBox}): values and their tangents, the candidate
   * contacts, the case [{@code BoxBox.SCRATCH}].
   */
  public final double[] boxScratch = new double[429];

  /**
   * The feature a contact's adjoint finds again: for a height field contact the cell and triangle
   * of its prism ({@code ConvexCollision.prism}), for a plane–mesh contact the mesh vertex
   * [nconMax+1].
   */
  public final int[] conFeature = new int[contactCapacity];

  /**
   * RK4 stage storage: initial qpos [nq], qvel [nv] and act [na], and stage derivatives [4×nv] each
   * for q̇ and q̈ and [4×na] for act'.
   */
  public final double[] rkQpos = new double[nq];

  public final double[] rkQvel = new double[nv];
  public final double[] rkAct = new double[na];
  public final double[] rkDq = new double[4 * nv];
  public final double[] rkDv = new double[4 * nv];
  public final double[] rkDact = new double[4 * na];

  /**
   * The implicit integrators' solve ({@code Implicit}): the acceleration the step applies [nv]
   * ({@code qacc} keeps the forward's, as MuJoCo's), MuJoCo's {@code qDeriv} on the tree pattern
   * [nv×nv], the LU factor of {@code M - dt qDeriv} [nv×nv], and work vectors [nv] each.
   */
  public final double[] qaccImplicit = new double[nv];

  public final double[] qDeriv = new double[nv * nv];
  public final double[] qH = new double[nv * nv];
  public final double[] implicitWork = new double[nv];
  public final double[] implicitBiasMinus = new double[nv];

  /** The time an RK4 step started from; its stages run at {@code rkTime + c h}. */
  public double rkTime;

  /** An RK4 step's reported sensors while it samples its history [nsensordata]. */
  public final double[] rkSensordata = new double[nsensordata];

  /** Allocates every array for model {@code m} and resets to {@code qpos0}. */
  public Data(Model m) {
    super(m);
    resetParameters();
    reset();
  }

  /**
   * The fields of the declared minimal state ({@link State}) that model m's checkpoints keep, in
   * declaration order: the warm-start ones only when its solver warm-starts.
   */
  public static List<Field> stateFields(Model m) {
    boolean warm = m.opt().warmStart();
    return STATE.stream()
        .filter(f -> warm || !f.getAnnotation(State.class).warmStartOnly())
        .toList();
  }

  /**
   * The int arrays of the declared state that a checkpoint of model m does not keep and that
   * loading one clears (the warm-start validity when the solver does not warm-start).
   */
  public static List<Field> clearedStateFields(Model m) {
    return STATE.stream()
        .filter(f -> f.getType() == int[].class && !stateFields(m).contains(f))
        .toList();
  }

  /**
   * Numbers one checkpoint of this data's state holds: one per scalar and per array entry of {@link
   * #stateFields}.
   */
  public int stateWidth() {
    int n = 0;
    for (Field f : stateFields(model)) {
      n += f.getType().isArray() ? java.lang.reflect.Array.getLength(read(f)) : 1;
    }
    return n;
  }

  /** Field f's value in this data. */
  Object read(Field f) {
    try {
      return f.get(this);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  private static final List<Field> STATE =
      java.util.Arrays.stream(Data.class.getFields())
          .filter(f -> f.isAnnotationPresent(State.class))
          .toList();

  /**
   * Copies the per-world parameters from the model: body inertias, dof damping, geom friction and
   * restitution; sets {@code dofArmature} to the model's armature.
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

  /**
   * Copies the per-world parameters (inertias, damping, friction, restitution) from another data of
   * the same model.
   */
  public void copyParametersFrom(Data o) {
    System.arraycopy(o.bodyInert, 0, bodyInert, 0, bodyInert.length);
    System.arraycopy(o.dofDamping, 0, dofDamping, 0, dofDamping.length);
    System.arraycopy(o.geomFriction, 0, geomFriction, 0, geomFriction.length);
    System.arraycopy(o.geomRestitution, 0, geomRestitution, 0, geomRestitution.length);
  }

  /**
   * The most constraint rows a step can have: the contacts' normal, sliding, torsional and rolling
   * rows (each pair's slots times the rows its condim gives, no more than the contact capacity
   * times the most rows a contact has), one limit per joint and per tendon, one dry-friction row
   * per dof, and the rows of the equality constraints.
   */
  public static int nefcMax(Model m) {
    long bySlots = 0;
    int most = 1;
    for (int p = 0; p < m.npair(); p++) {
      int g1 = m.pairGeom1(p), g2 = m.pairGeom2(p);
      int condim =
          m.pairCondim(p) >= 0
              ? m.pairCondim(p)
              : m.geomPriority(g1) != m.geomPriority(g2)
                  ? m.geomCondim(m.geomPriority(g1) > m.geomPriority(g2) ? g1 : g2)
                  : Math.max(m.geomCondim(g1), m.geomCondim(g2));
      int rows =
          1
              + (condim >= 3 ? m.opt().frictionDirections() : 0)
              + (condim == 6 ? 3 : condim == 4 ? 1 : 0);
      most = Math.max(most, rows);
      bySlots += (long) rows * (m.pairConAdr(p + 1) - m.pairConAdr(p));
    }
    long contactRows = Math.min(bySlots, (long) m.nconMax() * most);
    return (int) contactRows + m.njnt() + m.ntendon() + m.nv() + m.neqRows();
  }

  /**
   * Resets the state to {@code qpos0}, zero velocity, controls, activations and applied forces,
   * time 0.
   */
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
    resetHistory();
  }

  /**
   * Empties the history buffers as MuJoCo 3.14's {@code mj_resetData} does: values 0, the newest
   * sample last, the samples' times one spacing apart ending one spacing before time 0 (the time
   * step, or a sensor's interval on the time step's grid), the time header 0 for controls, {@code
   * −interval} (or −dt) for sensors ({@code datasets/reference/mujoco-314-semantics.md} § 1).
   */
  public void resetHistory() {
    double dt = model.opt().timestep();
    for (int a = 0; a < model.nu(); a++) {
      if (model.actHistoryNum(a) > 0) {
        emptyBuffer(model.actHistoryAdr(a), model.actHistoryNum(a), 1, 0, dt, dt);
      }
    }
    for (int i = 0; i < model.nsensor(); i++) {
      if (model.sensorHistoryNum(i) > 0) {
        double interval = model.sensorInterval(i);
        emptyBuffer(
            model.sensorHistoryAdr(i),
            model.sensorHistoryNum(i),
            model.sensorDim(i),
            interval > 0 ? -interval : -dt,
            interval > 0 ? interval : dt,
            dt);
      }
    }
  }

  private void emptyBuffer(int adr, int n, int dim, double header, double spacing, double dt) {
    history[adr] = header;
    history[adr + 1] = n - 1;
    for (int i = 0; i < n; i++) {
      // on the time step's grid: a spacing that is not a multiple of dt is rounded towards 0
      history[adr + 2 + i] = dt * Math.ceil(-(n - i) * spacing / dt - 1e-9);
    }
    java.util.Arrays.fill(history, adr + 2 + n, adr + 2 + n + n * dim, 0);
  }

  /** Resets to keyframe k: its qpos, qvel, ctrl, act and time. */
  public void resetToKey(int k) {
    if (k < 0 || k >= model.nkey()) {
      throw new IllegalArgumentException(
          "keyframe index " + k + " out of range: the model has " + model.nkey() + " keyframes");
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

  /**
   * Copies the state (time, qpos, qvel, ctrl, act, applied forces, warm start) from another data of
   * the same model.
   */
  public void copyStateFrom(Data o) {
    if (o.model != model
        && (o.model.nq() != model.nq()
            || o.model.nv() != model.nv()
            || o.model.na() != model.na())) {
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
    System.arraycopy(o.history, 0, history, 0, history.length);
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

  /**
   * The model, time, steps and contact count: {@code Data[laikago: time 0.1 s, 100 steps, 4
   * contacts]}.
   */
  @Override
  public String toString() {
    String t =
        Double.isFinite(time)
            ? new java.math.BigDecimal(time)
                .round(new java.math.MathContext(6))
                .stripTrailingZeros()
                .toPlainString()
            : Double.toString(time);
    return "Data["
        + model.name()
        + ": time "
        + t
        + " s, "
        + nstep
        + " steps, "
        + ncon
        + " contacts]";
  }
}
