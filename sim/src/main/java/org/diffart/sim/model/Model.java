package org.diffart.sim.model;

import java.util.List;

/**
 * An immutable compiled model: sizes and flat per-entity arrays in MuJoCo's layout, plus {@link
 * Options}. Built by {@code org.diffart.sim.compiler.ModelBuilder} or the MJCF/URDF loaders;
 * per-world state lives in {@code org.diffart.sim.data.Data}.
 *
 * <p>Bodies are numbered parent first (body 0 is the world); joints and geoms are grouped by body
 * in body order. Vector fields are read with an element index, e.g. {@code bodyPos(i, k)} is
 * component k of body i's position. Frames: each body frame is placed at {@code bodyPos/bodyQuat}
 * in its parent's frame; joints then move it in the order they were declared.
 */
public final class Model extends ModelFields {
  /**
   * Contact capacity of a model that does not give one (MJCF {@code size nconmax}): enough for
   * every model here, and it keeps the dense constraint arrays of a model with thousands of
   * candidate pairs (MuJoCo's 22 humanoids) small.
   */
  public static final int DEFAULT_CONTACT_CAPACITY = 1000;

  private final Options opt;
  private static final JointType[] JOINT_TYPES = JointType.values();
  private static final GeomType[] GEOM_TYPES = GeomType.values();
  private static final SensorType[] SENSOR_TYPES = SensorType.values();
  private static final FrameType[] FRAME_TYPES = FrameType.values();
  private static final EqualityType[] EQUALITY_TYPES = EqualityType.values();

  /**
   * A model of the given fields and options.
   *
   * @throws IllegalArgumentException when the options do not suit the model (RK4 with contacts and
   *     a warm start; an integrator implicit in velocity with fluid forces or muscles)
   */
  public Model(ModelFields fields, Options o) {
    super(fields);
    warnings = List.copyOf(warnings);
    opt = o;
    if (o.integrator() == Integrator.RK4 && o.contact() && nslot > 0 && o.warmStart()) {
      throw new IllegalArgumentException(
          "integrator RK4 solves each stage's contacts from zero, but the model asks for a warm"
              + " start: each RK4 stage would start from the previous stage's impulses, which the"
              + " adjoint, recomputing the stages last to first, cannot reproduce; turn the warm"
              + " start off or use Euler");
    }
    if (o.integrator().isImplicit()) {
      String name = o.integrator() == Integrator.IMPLICIT ? "implicit" : "implicitfast";
      if (o.density() > 0 || o.viscosity() > 0) {
        throw new IllegalArgumentException(
            "integrator "
                + name
                + " with fluid forces (density or viscosity > 0) is not supported: MuJoCo"
                + " differentiates its fluid model in velocity for the implicit solve, diffart's"
                + " does not yet; use Euler or RK4");
      }
      for (int a = 0; a < nu; a++) {
        if (actGainMuscle(a) || actBiasMuscle(a)) {
          throw new IllegalArgumentException(
              "integrator "
                  + name
                  + " with muscle actuator '"
                  + actName(a)
                  + "' is not supported: MuJoCo differentiates the muscle's force-velocity curve"
                  + " for the implicit solve, diffart does not yet; use Euler or RK4");
        }
      }
    }
  }

  /** A copy of this model with other options (re-validated: RK4 refuses a contact warm start). */
  public Model withOptions(Options o) {
    return new Model(this, o);
  }

  /**
   * A copy of this model whose actuators have the length ranges {@code {lo0, hi0, lo1, hi1, ...}}
   * (MuJoCo's {@code actuator_lengthrange}), e.g. those MuJoCo's compiler simulated: muscles
   * normalise their lengths by them.
   */
  public Model withActuatorLengthRanges(double[] ranges) {
    if (ranges.length != 2 * nu) {
      throw new IllegalArgumentException(
          "length ranges: need 2·nu = " + 2 * nu + " values, got " + ranges.length);
    }
    Model m = new Model(this, opt);
    m.actLengthRange = ranges.clone();
    return m;
  }

  // ---- sizes ----

  /** The model's name. */
  public String name() {
    return name;
  }

  /** Simulation options. */
  public Options opt() {
    return opt;
  }

  /** Compiler warnings, e.g. MuJoCo's soft-constraint parameters that were read and ignored. */
  public List<String> warnings() {
    return warnings;
  }

  /** Number of bodies including the world body 0. */
  public int nbody() {
    return nbody;
  }

  /** Number of joints. */
  public int njnt() {
    return njnt;
  }

  /** Number of position coordinates. */
  public int nq() {
    return nq;
  }

  /** Number of degrees of freedom. */
  public int nv() {
    return nv;
  }

  /** Number of geoms. */
  public int ngeom() {
    return ngeom;
  }

  /** Number of actuators (controls). */
  public int nu() {
    return nu;
  }

  /** Number of activation states (actuators with {@link DynType dynamics}), MuJoCo's {@code na}. */
  public int na() {
    return na;
  }

  /** Number of keyframes. */
  public int nkey() {
    return nkey;
  }

  /** Number of candidate collision pairs. */
  public int npair() {
    return npair;
  }

  /**
   * Contact slots: the sum of the pairs' largest contact counts. Pair p's k-th feature has slot
   * {@code pairConAdr(p) + k}, where its warm start is kept.
   */
  public int nslot() {
    return nslot;
  }

  /**
   * The most contacts a step may hold at once: the smaller of {@link #nslot()} and the capacity the
   * model asks for (MJCF {@code size nconmax}) or {@link #DEFAULT_CONTACT_CAPACITY}. The contact
   * and constraint arrays of {@code Data} are sized by it.
   */
  public int nconMax() {
    return nconMax;
  }

  // ---- bodies ----

  /** Parent of body i (-1 for the world). */
  public int bodyParent(int i) {
    return bodyParent[i];
  }

  /** First joint of body i, or -1. */
  public int bodyJntAdr(int i) {
    return bodyJntAdr[i];
  }

  /** Number of joints of body i. */
  public int bodyJntNum(int i) {
    return bodyJntNum[i];
  }

  /** First degree of freedom of body i, or -1. */
  public int bodyDofAdr(int i) {
    return bodyDofAdr[i];
  }

  /** Number of degrees of freedom of body i (at most 6). */
  public int bodyDofNum(int i) {
    return bodyDofNum[i];
  }

  /** Depth of body i in the tree (world 0). */
  public int bodyDepth(int i) {
    return bodyDepth[i];
  }

  /**
   * The body that body i is welded to: itself when it has joints, else the nearest such ancestor
   * (or 0).
   */
  public int bodyWeld(int i) {
    return bodyWeld[i];
  }

  /**
   * The coordinate axis (0 x, 1 y, 2 z) that body i's rotation relative to its parent always turns
   * about, whatever its joint's position, or -1: lets the dynamics skip entries of the transform
   * that are structurally 0 or 1.
   */
  public int bodyRotationAxis(int i) {
    return bodyRotationAxis[i];
  }

  /** First dof of body i's kinematic tree (the tree's dofs are contiguous); for the world, 0. */
  public int bodyTreeDofAdr(int i) {
    return bodyTreeDofAdr[i];
  }

  /** One past the last dof of body i's kinematic tree; for the world, 0 (no dofs). */
  public int bodyTreeDofEnd(int i) {
    return bodyTreeDofEnd[i];
  }

  /** The ancestor of body i that is a child of the world (its kinematic tree). */
  public int bodyRoot(int i) {
    return bodyRoot[i];
  }

  /** Component k of body i's position in its parent frame, m. */
  public double bodyPos(int i, int k) {
    return bodyPos[3 * i + k];
  }

  /** Component k (w, x, y, z) of body i's orientation in its parent frame. */
  public double bodyQuat(int i, int k) {
    return bodyQuat[4 * i + k];
  }

  /** Mass of body i, kg. */
  public double bodyMass(int i) {
    return bodyMass[i];
  }

  /** Component k of body i's centre of mass in its frame, m. */
  public double bodyIpos(int i, int k) {
    return bodyIpos[3 * i + k];
  }

  /** Component k of the orientation of body i's principal axes in its frame. */
  public double bodyIquat(int i, int k) {
    return bodyIquat[4 * i + k];
  }

  /** Principal moment k of body i about its centre of mass, kg·m². */
  public double bodyInertia(int i, int k) {
    return bodyInertia[3 * i + k];
  }

  /**
   * Component k of body i's spatial inertia about the body origin in body coordinates, packed as
   * {@code (m, m cx, m cy, m cz, Ixx, Iyy, Izz, Ixy, Ixz, Iyz)}.
   */
  public double bodyInert(int i, int k) {
    return bodyInert[10 * i + k];
  }

  /** Name of body i. */
  public String bodyName(int i) {
    return bodyName[i];
  }

  /** Index of the body named n, or -1. */
  public int bodyId(String n) {
    return indexOf(bodyName, n);
  }

  /** Total mass of all bodies, kg. */
  public double totalMass() {
    double s = 0;
    for (double m : bodyMass) {
      s += m;
    }
    return s;
  }

  // ---- joints and dofs ----

  /** Type of joint j. */
  public JointType jntType(int j) {
    return JOINT_TYPES[jntType[j]];
  }

  /** Body moved by joint j. */
  public int jntBody(int j) {
    return jntBody[j];
  }

  /** Address of joint j in qpos. */
  public int jntQposAdr(int j) {
    return jntQposAdr[j];
  }

  /** Address of joint j in qvel. */
  public int jntDofAdr(int j) {
    return jntDofAdr[j];
  }

  /** Whether joint j's range is enforced. */
  public boolean jntLimited(int j) {
    return jntLimited[j] != 0;
  }

  /** Component k of joint j's anchor in the body frame. */
  public double jntPos(int j, int k) {
    return jntPos[3 * j + k];
  }

  /** Component k of joint j's unit axis in the body frame. */
  public double jntAxis(int j, int k) {
    return jntAxis[3 * j + k];
  }

  /** Range bound k (0 lower, 1 upper) of joint j. */
  public double jntRange(int j, int k) {
    return jntRange[2 * j + k];
  }

  /** Whether joint j clamps the total actuator force at its dof (MuJoCo 3's actuatorfrcrange). */
  public boolean jntActFrcLimited(int j) {
    return jntActFrcLimited[j] != 0;
  }

  /** Joint j's actuator force clamp, lower (k = 0) or upper (k = 1). */
  public double jntActFrcRange(int j, int k) {
    return jntActFrcRange[2 * j + k];
  }

  /** Spring stiffness of joint j. */
  public double jntStiffness(int j) {
    return jntStiffness[j];
  }

  /** Name of joint j. */
  public String jntName(int j) {
    return jntName[j];
  }

  /** Index of the joint named n, or -1. */
  public int jointId(String n) {
    return indexOf(jntName, n);
  }

  /** Body of dof d. */
  public int dofBody(int d) {
    return dofBody[d];
  }

  /** Joint of dof d. */
  public int dofJnt(int d) {
    return dofJnt[d];
  }

  /**
   * The previous dof on the path to the root (-1 at a root): the sparsity pattern of the mass
   * matrix.
   */
  public int dofParent(int d) {
    return dofParent[d];
  }

  /** Damping of dof d. */
  public double dofDamping(int d) {
    return dofDamping[d];
  }

  /** Number of dofs with dry friction (frictionloss > 0). */
  public int nfrictionloss() {
    return nfrictionloss;
  }

  /** Dry friction (MJCF frictionloss) of dof d, N·m or N; 0: none. */
  public double dofFrictionloss(int d) {
    return dofFrictionloss[d];
  }

  /** Armature of dof d. */
  public double dofArmature(int d) {
    return dofArmature[d];
  }

  /** Reference configuration entry i ({@code qpos0}). */
  public double qpos0(int i) {
    return qpos0[i];
  }

  /** A copy of the reference configuration (nq). */
  public double[] qpos0() {
    return qpos0.clone();
  }

  /** Spring reference configuration entry i. */
  public double qposSpring(int i) {
    return qposSpring[i];
  }

  // ---- geoms and pairs ----

  /** Type of geom g. */
  public GeomType geomType(int g) {
    return GEOM_TYPES[geomType[g]];
  }

  /** Body of geom g. */
  public int geomBody(int g) {
    return geomBody[g];
  }

  /** Contact type bits of geom g. */
  public int geomContype(int g) {
    return geomContype[g];
  }

  /** Contact affinity bits of geom g. */
  public int geomConaffinity(int g) {
    return geomConaffinity[g];
  }

  /** Contact dimensionality of geom g (1, 3, 4 or 6). */
  public int geomCondim(int g) {
    return geomCondim[g];
  }

  /**
   * Contact priority of geom g: a pair takes the friction, restitution and condim of its
   * higher-priority geom.
   */
  public int geomPriority(int g) {
    return geomPriority[g];
  }

  /** Size parameter k of geom g. */
  public double geomSize(int g, int k) {
    return geomSize[3 * g + k];
  }

  /**
   * Radius of geom g's bounding sphere about its centre (MuJoCo's {@code geom_rbound}); 0 for a
   * plane.
   */
  public double geomRbound(int g) {
    return geomRbound[g];
  }

  /** Component k of geom g's centre in its body frame. */
  public double geomPos(int g, int k) {
    return geomPos[3 * g + k];
  }

  /** Component k of geom g's orientation in its body frame. */
  public double geomQuat(int g, int k) {
    return geomQuat[4 * g + k];
  }

  /** Friction coefficient k (sliding, torsional, rolling) of geom g. */
  public double geomFriction(int g, int k) {
    return geomFriction[3 * g + k];
  }

  /** The height field of geom g (of type {@link GeomType#HFIELD}), or −1. */
  public int geomHfield(int g) {
    return geomHfield[g];
  }

  /** Number of height fields. */
  public int nhfield() {
    return nhfield;
  }

  /**
   * Size parameter k of height field h: the half-extents x and y (k 0, 1), the elevation of its
   * highest point (2) and the depth of its base below z = 0 (3), MuJoCo's {@code hfield_size}.
   */
  public double hfieldSize(int h, int k) {
    return hfieldSize[4 * h + k];
  }

  /** Rows of height field h (along y). */
  public int hfieldNrow(int h) {
    return hfieldNrow[h];
  }

  /** Columns of height field h (along x). */
  public int hfieldNcol(int h) {
    return hfieldNcol[h];
  }

  /**
   * The normalised elevation (in [0, 1], times {@code hfieldSize(h, 2)} for the height) of height
   * field h at row r (y) and column c (x).
   */
  public double hfieldData(int h, int r, int c) {
    return hfieldData[hfieldAdr[h] + r * hfieldNcol[h] + c];
  }

  /**
   * The mesh of geom g: a {@link GeomType#MESH} geom's asset, or the mesh of an {@link
   * GeomType#SDF} geom's zero set; −1 for the other types.
   */
  public int geomMesh(int g) {
    return geomMesh[g];
  }

  /** Number of meshes. */
  public int nmesh() {
    return nmesh;
  }

  /** Number of vertices of mesh i. */
  public int meshVertNum(int i) {
    return meshVertNum[i];
  }

  /**
   * Coordinate k of vertex v of mesh i, in the frame of its geoms (the mesh's centre of mass and
   * principal axes); a single-precision value, as MuJoCo stores it.
   */
  public double meshVert(int i, int v, int k) {
    return meshVert[3 * (meshVertAdr[i] + v) + k];
  }

  /** Number of shape parameters of the SDF geoms, all together. */
  public int nshape() {
    return nshape;
  }

  /** First shape parameter of geom g, or −1 for a geom without an SDF. */
  public int geomShapeAdr(int g) {
    return geomShapeAdr[g];
  }

  /**
   * Whether geom g's SDF is a sphere (θ its radius), which meets planes as the exact sphere: the
   * minimum of its SDF over the plane, at the foot of its centre.
   */
  public boolean geomSdfSphere(int g) {
    return geomSdfSphere[g] != 0;
  }

  /**
   * The SDF of geom g: an SDF geom's shape (its parameters those the model has); a sphere's,
   * capsule's, ellipsoid's or box's φ at its size (no shape parameters: {@link #geomShapeAdr} is
   * −1), for contacts by signed distance; null for other geoms.
   */
  public org.diffart.sim.sdf.Sdf geomSdf(int g) {
    return geomSdf.get(g);
  }

  /** Number of shape parameters of geom g (0 without an SDF). */
  public int geomShapeNum(int g) {
    return geomShapeNum[g];
  }

  /** Shape parameter k of all the SDF geoms' (geom after geom). */
  public double shapeParam(int k) {
    return shapeParam[k];
  }

  /** First entry of mesh i's vertex Jacobian, or −1 for a mesh not made from an SDF. */
  public int meshVertShapeAdr(int i) {
    return meshVertShapeAdr[i];
  }

  /** {@code ∂v_j/∂θ_k} of vertex v of mesh i (made from the SDF of a geom with np parameters). */
  public double meshVertShape(int i, int v, int j, int k, int np) {
    return meshVertShape[meshVertShapeAdr[i] + (3 * v + j) * np + k];
  }

  /** Entry q of {@code ∂bodyInert/∂θ_k} for shape parameter k's body (packed as bodyInert). */
  public double shapeBodyInert(int k, int q) {
    return shapeBodyInert[10 * k + q];
  }

  /** Number of triangles of mesh i. */
  public int meshFaceNum(int i) {
    return meshFaceNum[i];
  }

  /** Vertex k (0..2) of triangle f of mesh i, counter-clockwise seen from outside. */
  public int meshFace(int i, int f, int k) {
    return meshFace[3 * (meshFaceAdr[i] + f) + k];
  }

  /** Name of geom g (may be empty). */
  public String geomName(int g) {
    return geomName[g];
  }

  /** First geom of candidate pair p (the lower type: planes first). */
  public int pairGeom1(int p) {
    return pairGeom1[p];
  }

  /** Second geom of candidate pair p. */
  public int pairGeom2(int p) {
    return pairGeom2[p];
  }

  /**
   * The condim of explicit pair p (MJCF {@code <pair>}), or −1 for a pair of geoms that mix their
   * own condims, frictions and restitutions.
   */
  public int pairCondim(int p) {
    return pairCondim[p];
  }

  /**
   * Friction coefficient k (sliding, torsional, rolling) of explicit pair p (see {@link
   * #pairCondim}); 0 for the others.
   */
  public double pairFriction(int p, int k) {
    return pairFriction[3 * p + k];
  }

  /**
   * Contact margin of pair p, m: its contacts are detected while the surfaces are closer than this
   * (the larger of the geoms' margins, or an explicit pair's own, as MuJoCo mixes them).
   */
  public double pairMargin(int p) {
    return pairMargin[2 * p];
  }

  /**
   * Contact gap of pair p, m: its detected contacts act only closer than {@code pairMargin(p) −
   * pairGap(p)}, MuJoCo's {@code includemargin}.
   */
  public double pairGap(int p) {
    return pairMargin[2 * p + 1];
  }

  /** First contact slot of pair p; pair p owns slots {@code [pairConAdr(p), pairConAdr(p+1))}. */
  public int pairConAdr(int p) {
    return pairConAdr[p];
  }

  // ---- fixed tendons ----

  /** Number of fixed tendons. */
  public int ntendon() {
    return ntendon;
  }

  /** Number of tendon terms: joints of fixed tendons, path elements of spatial ones. */
  public int nwrap() {
    return nwrap;
  }

  /**
   * Whether tendon t is spatial (a path of sites, wrapping geoms and pulleys) rather than fixed
   * (joint terms).
   */
  public boolean tendonSpatial(int t) {
    return tendonSpatial[t] != 0;
  }

  /**
   * The site of wrap w of a spatial tendon, or -1 (a geom, a pulley, or a joint term of a fixed
   * tendon).
   */
  public int wrapSite(int w) {
    return wrapSite[w];
  }

  /** The sphere or cylinder wrap w of a spatial tendon wraps around, or -1. */
  public int wrapGeom(int w) {
    return wrapGeom[w];
  }

  /** The side site of wrapping geom w, or -1 (none: the shorter way round). */
  public int wrapSide(int w) {
    return wrapSide[w];
  }

  /** First term of tendon t; its terms are {@code [tendonAdr(t), tendonAdr(t) + tendonNum(t))}. */
  public int tendonAdr(int t) {
    return tendonAdr[t];
  }

  /** Number of terms (joints) of tendon t. */
  public int tendonNum(int t) {
    return tendonNum[t];
  }

  /** qpos address of term w's joint. */
  public int wrapQposAdr(int w) {
    return wrapQposAdr[w];
  }

  /** dof address of term w's joint. */
  public int wrapDofAdr(int w) {
    return wrapDofAdr[w];
  }

  /**
   * Coefficient of term w: {@code L = Σ coef q}; a pulley's divisor on a spatial path (0 for its
   * sites and geoms).
   */
  public double wrapCoef(int w) {
    return wrapCoef[w];
  }

  /** Spring stiffness of tendon t. */
  public double tendonStiffness(int t) {
    return tendonStiffness[t];
  }

  /** Damping of tendon t. */
  public double tendonDamping(int t) {
    return tendonDamping[t];
  }

  /** Rest length of tendon t's spring. */
  public double tendonLengthSpring(int t) {
    return tendonLengthSpring[t];
  }

  /** Whether tendon t's length is kept in its range. */
  public boolean tendonLimited(int t) {
    return tendonLimited[t] != 0;
  }

  /** Range bound k (0 lower, 1 upper) of tendon t. */
  public double tendonRange(int t, int k) {
    return tendonRange[2 * t + k];
  }

  /** Name of tendon t (may be empty). */
  public String tendonName(int t) {
    return tendonName[t];
  }

  /** The tendon with this name, or -1. */
  public int tendonId(String n) {
    return indexOf(tendonName, n);
  }

  // ---- sites ----

  /** Number of sites. */
  public int nsite() {
    return nsite;
  }

  /** Body of site i (0: the world). */
  public int siteBody(int i) {
    return siteBody[i];
  }

  /** Shape of site i. */
  public GeomType siteType(int i) {
    return GEOM_TYPES[siteType[i]];
  }

  /** Size parameter k of site i, as for a geom of its type. */
  public double siteSize(int i, int k) {
    return siteSize[3 * i + k];
  }

  /** Component k of site i's position in its body frame. */
  public double sitePos(int i, int k) {
    return sitePos[3 * i + k];
  }

  /** Component k of site i's orientation in its body frame. */
  public double siteQuat(int i, int k) {
    return siteQuat[4 * i + k];
  }

  /** Name of site i (may be empty). */
  public String siteName(int i) {
    return siteName[i];
  }

  /** The site with this name, or -1. */
  public int siteId(String n) {
    return indexOf(siteName, n);
  }

  // ---- equality constraints ----

  /** Number of equality constraints. */
  public int neq() {
    return neq;
  }

  /** Number of constraint rows of the active equality constraints. */
  public int neqRows() {
    return neqRows;
  }

  /** Type of equality constraint e. */
  public EqualityType eqType(int e) {
    return EQUALITY_TYPES[eqType[e]];
  }

  /** Object 1 of equality e: a body (connect, weld), a joint or a tendon index. */
  public int eqObj1(int e) {
    return eqObj1[e];
  }

  /**
   * Object 2 of equality e: a body (the world by default), a joint or a tendon index, or -1 for
   * none.
   */
  public int eqObj2(int e) {
    return eqObj2[e];
  }

  /** Whether equality e acts. */
  public boolean eqActive(int e) {
    return eqActive[e] != 0;
  }

  /** Number k (0..10) of equality e's data, MuJoCo's {@code eq_data} (see {@link EqualityType}). */
  public double eqData(int e, int k) {
    // 11 numbers per constraint (ModelCompiler.EQ_DATA), written out for the OpenCL translation
    return eqData[11 * e + k];
  }

  /** Name of equality e ("" when unnamed). */
  public String eqName(int e) {
    return eqName[e];
  }

  // ---- sensors ----

  /** Number of sensors. */
  public int nsensor() {
    return nsensor;
  }

  /** Number of sensor values: the length of {@code sensordata}. */
  public int nsensordata() {
    return nsensordata;
  }

  /** Type of sensor i. */
  public SensorType sensorType(int i) {
    return SENSOR_TYPES[sensorType[i]];
  }

  /**
   * The frame sensor i reads: a frame sensor's, a site sensor's site, a subtree sensor's body, or
   * NONE.
   */
  public FrameType sensorFrame(int i) {
    return FRAME_TYPES[sensorFrame[i]];
  }

  /**
   * The frame a frame sensor's value is expressed in (MuJoCo's {@code reftype}), NONE for the
   * world.
   */
  public FrameType sensorRefFrame(int i) {
    return FRAME_TYPES[sensorRefFrame[i]];
  }

  /** The body, geom or site of sensor i's reference frame, -1 for the world. */
  public int sensorRefObj(int i) {
    return sensorRefObj[i];
  }

  /**
   * What sensor i reads: a site, joint, actuator or body index, or for frame sensors a body, geom
   * or site index.
   */
  public int sensorObj(int i) {
    return sensorObj[i];
  }

  /** First value of sensor i in sensordata. */
  public int sensorAdr(int i) {
    return sensorAdr[i];
  }

  /** Number of values of sensor i. */
  public int sensorDim(int i) {
    return sensorDim[i];
  }

  /** Samples of sensor i's history buffer, 0 for none. */
  public int sensorHistoryNum(int i) {
    return sensorHistoryNum[i];
  }

  /** Interpolation of sensor i's history: 0 zoh, 1 linear, 2 cubic. */
  public int sensorHistoryInterp(int i) {
    return sensorHistoryInterp[i];
  }

  /** Start of sensor i's history buffer in {@code Data.history}. */
  public int sensorHistoryAdr(int i) {
    return sensorHistoryAdr[i];
  }

  /** Delay of sensor i's reading, s. */
  public double sensorDelay(int i) {
    return sensorDelay[i];
  }

  /** Sampling interval of sensor i, s; 0 samples every step. */
  public double sensorInterval(int i) {
    return sensorInterval[i];
  }

  /** Numbers the history buffers hold together (MuJoCo 3's {@code nhistory}). */
  public int nhistory() {
    return nhistory;
  }

  /** Samples of actuator a's control history buffer, 0 for none. */
  public int actHistoryNum(int a) {
    return actHistoryNum[a];
  }

  /** Interpolation of actuator a's control history: 0 zoh, 1 linear, 2 cubic. */
  public int actHistoryInterp(int a) {
    return actHistoryInterp[a];
  }

  /** Start of actuator a's control history buffer in {@code Data.history}. */
  public int actHistoryAdr(int a) {
    return actHistoryAdr[a];
  }

  /** Delay of actuator a's control, s. */
  public double actDelay(int a) {
    return actDelay[a];
  }

  /** Cutoff of sensor i (0: none). */
  public double sensorCutoff(int i) {
    return sensorCutoff[i];
  }

  /** Name of sensor i (may be empty). */
  public String sensorName(int i) {
    return sensorName[i];
  }

  /** The sensor with this name, or -1. */
  public int sensorId(String n) {
    return indexOf(sensorName, n);
  }

  // ---- actuators ----

  /** Type of actuator a. */
  public ActuatorType actType(int a) {
    return ActuatorType.values()[actType[a]];
  }

  /** Tendon driven by actuator a, or -1 for a joint actuator. */
  public int actTendon(int a) {
    return actTendon[a];
  }

  /**
   * The crank site of actuator a's slider-crank transmission (MuJoCo's {@code cranksite}), or −1
   * for a joint or tendon transmission.
   */
  public int actCrankSite(int a) {
    return actCrankSite[a];
  }

  /**
   * The site of actuator a's site transmission (MuJoCo's {@code site}), or −1 for the other
   * transmissions.
   */
  public int actSite(int a) {
    return actSite[a];
  }

  /**
   * The reference site of actuator a's site transmission (MuJoCo's {@code refsite}), or −1: none
   * (the gear is a wrench in the site's frame and the length is 0), or another transmission.
   */
  public int actRefSite(int a) {
    return actRefSite[a];
  }

  /**
   * Component k (0..5: translation, then rotation) of actuator a's site-transmission gear; 0 for
   * the other transmissions.
   */
  public double actSiteGear(int a, int k) {
    return actSiteGear[6 * a + k];
  }

  /**
   * The body of adhesion actuator a (MuJoCo's body transmission: moment arms from the body's
   * contacts), or −1 for the other transmissions.
   */
  public int actBody(int a) {
    return actBody[a];
  }

  /**
   * The slider site of actuator a's slider-crank transmission (its z axis is the slider's), or −1.
   */
  public int actSliderSite(int a) {
    return actSliderSite[a];
  }

  /**
   * The rod length of actuator a's slider-crank transmission (MuJoCo's {@code cranklength}); 0 for
   * the others.
   */
  public double actCrankLength(int a) {
    return actCrankLength[a];
  }

  /**
   * First transmission term of actuator a: {@code length = Σ trnCoef q[trnQposAdr]}, {@code
   * qfrc[trnDofAdr] += trnCoef force}.
   */
  public int actTrnAdr(int a) {
    return actTrnAdr[a];
  }

  /** Number of transmission terms of actuator a (1 on a joint, the tendon's joints on a tendon). */
  public int actTrnNum(int a) {
    return actTrnNum[a];
  }

  /** qpos address of transmission term n. */
  public int trnQposAdr(int n) {
    return trnQposAdr[n];
  }

  /** dof address of transmission term n. */
  public int trnDofAdr(int n) {
    return trnDofAdr[n];
  }

  /** Coefficient of transmission term n (gear, times the tendon's coefficient). */
  public double trnCoef(int n) {
    return trnCoef[n];
  }

  /** Joint driven by actuator a, or -1 for a tendon actuator. */
  public int actJnt(int a) {
    return actJnt[a];
  }

  /** Gear of actuator a. */
  public double actGear(int a) {
    return actGear[a];
  }

  /** Whether actuator a clamps its control. */
  public boolean actCtrlLimited(int a) {
    return actCtrlLimited[a] != 0;
  }

  /** Control range bound k of actuator a. */
  public double actCtrlRange(int a, int k) {
    return actCtrlRange[2 * a + k];
  }

  /** Whether actuator a clamps its force. */
  public boolean actForceLimited(int a) {
    return actForceLimited[a] != 0;
  }

  /** Force range bound k of actuator a. */
  public double actForceRange(int a, int k) {
    return actForceRange[2 * a + k];
  }

  /**
   * Gain parameter k (0..8) of actuator a: {@code force = gain·input + bias}, {@code gain = gain0 +
   * gain1·length + gain2·velocity} (MuJoCo's fixed gain has gain1 = gain2 = 0); a muscle's nine
   * parameters where {@link #actGainMuscle}.
   */
  public double actGain(int a, int k) {
    return actGain[9 * a + k];
  }

  /**
   * Whether actuator a's gain is MuJoCo's muscle gain (the active force-length-velocity curves).
   */
  public boolean actGainMuscle(int a) {
    return actGainMuscle[a] != 0;
  }

  /** Whether actuator a's bias is MuJoCo's muscle bias (the passive force-length curve). */
  public boolean actBiasMuscle(int a) {
    return actBiasMuscle[a] != 0;
  }

  /**
   * Length range bound k of actuator a (MuJoCo's lengthrange; computed at compile time for
   * muscles).
   */
  public double actLengthRange(int a, int k) {
    return actLengthRange[2 * a + k];
  }

  /**
   * MuJoCo's acc0 of actuator a: {@code |M⁻¹ ∂length/∂q|} at qpos0 (computed for models with
   * muscles, else 0).
   */
  public double actAcc0(int a) {
    return actAcc0[a];
  }

  /** Activation dynamics of actuator a. */
  public DynType actDynType(int a) {
    return DynType.values()[actDynType[a]];
  }

  /**
   * Dynamics parameter k of actuator a (MuJoCo's dynprm): a filter's time constant (k = 0), a
   * muscle's time constants of activation and deactivation (k = 0, 1).
   */
  public double actDynPrm(int a, int k) {
    return actDynPrm[2 * a + k];
  }

  /** Whether actuator a clamps its activation after each step. */
  public boolean actActLimited(int a) {
    return actActLimited[a] != 0;
  }

  /** Activation range bound k of actuator a. */
  public double actActRange(int a, int k) {
    return actActRange[2 * a + k];
  }

  /** Index of actuator a's activation in {@code act}, or -1 when it has no dynamics. */
  public int actActAdr(int a) {
    return actActAdr[a];
  }

  /**
   * Bias parameter k (0..8) of actuator a; a muscle's nine parameters where {@link #actBiasMuscle}.
   */
  public double actBias(int a, int k) {
    return actBias[9 * a + k];
  }

  /** Name of actuator a. */
  public String actName(int a) {
    return actName[a];
  }

  // ---- keyframes ----

  /** Name of keyframe k. */
  public String keyName(int k) {
    return keyName[k];
  }

  /** Index of the keyframe named n, or -1. */
  public int keyId(String n) {
    return indexOf(keyName, n);
  }

  /** The keyframe named {@code nameOrIndex}, else the one at that index; -1 if there is neither. */
  public int keyLookup(String nameOrIndex) {
    int k = keyId(nameOrIndex);
    if (k >= 0) {
      return k;
    }
    try {
      k = Integer.parseInt(nameOrIndex.strip());
    } catch (NumberFormatException e) {
      return -1;
    }
    return k >= 0 && k < nkey ? k : -1;
  }

  /** Time of keyframe k. */
  public double keyTime(int k) {
    return keyTime[k];
  }

  /** Copy of keyframe k's qpos (nq). */
  public double[] keyQpos(int k) {
    return java.util.Arrays.copyOfRange(keyQpos, k * nq, (k + 1) * nq);
  }

  /** Copy of keyframe k's qvel (nv). */
  public double[] keyQvel(int k) {
    return java.util.Arrays.copyOfRange(keyQvel, k * nv, (k + 1) * nv);
  }

  /** Copy of keyframe k's ctrl (nu). */
  public double[] keyCtrl(int k) {
    return java.util.Arrays.copyOfRange(keyCtrl, k * nu, (k + 1) * nu);
  }

  /** Copy of keyframe k's act (na). */
  public double[] keyAct(int k) {
    return java.util.Arrays.copyOfRange(keyAct, k * na, (k + 1) * na);
  }

  // ---- user data ----

  /** User values per body (MuJoCo's nuser_body). */
  public int nuserBody() {
    return nuserBody;
  }

  /** Copy of body i's user values (nuserBody), zero-padded past those the file gives. */
  public double[] bodyUser(int i) {
    return java.util.Arrays.copyOfRange(bodyUser, i * nuserBody, (i + 1) * nuserBody);
  }

  /** User values per joint (MuJoCo's nuser_jnt). */
  public int nuserJnt() {
    return nuserJnt;
  }

  /** Copy of joint i's user values (nuserJnt), zero-padded past those the file gives. */
  public double[] jntUser(int i) {
    return java.util.Arrays.copyOfRange(jntUser, i * nuserJnt, (i + 1) * nuserJnt);
  }

  /** User values per geom (MuJoCo's nuser_geom). */
  public int nuserGeom() {
    return nuserGeom;
  }

  /** Copy of geom i's user values (nuserGeom), zero-padded past those the file gives. */
  public double[] geomUser(int i) {
    return java.util.Arrays.copyOfRange(geomUser, i * nuserGeom, (i + 1) * nuserGeom);
  }

  /** User values per site (MuJoCo's nuser_site). */
  public int nuserSite() {
    return nuserSite;
  }

  /** Copy of site i's user values (nuserSite), zero-padded past those the file gives. */
  public double[] siteUser(int i) {
    return java.util.Arrays.copyOfRange(siteUser, i * nuserSite, (i + 1) * nuserSite);
  }

  /** User values per tendon (MuJoCo's nuser_tendon). */
  public int nuserTendon() {
    return nuserTendon;
  }

  /** Copy of tendon i's user values (nuserTendon), zero-padded past those the file gives. */
  public double[] tendonUser(int i) {
    return java.util.Arrays.copyOfRange(tendonUser, i * nuserTendon, (i + 1) * nuserTendon);
  }

  /** User values per actuator (MuJoCo's nuser_actuator). */
  public int nuserActuator() {
    return nuserActuator;
  }

  /** Copy of actuator i's user values (nuserActuator), zero-padded past those the file gives. */
  public double[] actUser(int i) {
    return java.util.Arrays.copyOfRange(actUser, i * nuserActuator, (i + 1) * nuserActuator);
  }

  /** User values per sensor (MuJoCo's nuser_sensor). */
  public int nuserSensor() {
    return nuserSensor;
  }

  /** Copy of sensor i's user values (nuserSensor), zero-padded past those the file gives. */
  public double[] sensorUser(int i) {
    return java.util.Arrays.copyOfRange(sensorUser, i * nuserSensor, (i + 1) * nuserSensor);
  }

  // ---- custom data ----

  /** Number of custom numeric fields. */
  public int nnumeric() {
    return nnumeric;
  }

  /** Name of numeric field i. */
  public String numericName(int i) {
    return numericName[i];
  }

  /** Index of the numeric field named n, or -1. */
  public int numericId(String n) {
    return indexOf(numericName, n);
  }

  /** Number of values of numeric field i (its size: data zero-padded to it). */
  public int numericSize(int i) {
    return numericSize[i];
  }

  /** Copy of numeric field i's values (numericSize(i)). */
  public double[] numeric(int i) {
    return java.util.Arrays.copyOfRange(numericData, numericAdr[i], numericAdr[i] + numericSize[i]);
  }

  /**
   * Copy of the values of the numeric field named n.
   *
   * @throws IllegalArgumentException when the model has no such field
   */
  public double[] numeric(String n) {
    return numeric(customId("numeric", numericId(n), n));
  }

  /** Number of custom text fields. */
  public int ntext() {
    return ntext;
  }

  /** Name of text field i. */
  public String textName(int i) {
    return textName[i];
  }

  /** Index of the text field named n, or -1. */
  public int textId(String n) {
    return indexOf(textName, n);
  }

  /** Text of text field i. */
  public String text(int i) {
    return textData[i];
  }

  /**
   * Text of the text field named n.
   *
   * @throws IllegalArgumentException when the model has no such field
   */
  public String text(String n) {
    return text(customId("text", textId(n), n));
  }

  /** Number of custom tuples. */
  public int ntuple() {
    return ntuple;
  }

  /** Name of tuple i. */
  public String tupleName(int i) {
    return tupleName[i];
  }

  /**
   * Index of the tuple named n, or -1 ({@link #tupleSize}, {@link #tupleObjType}, {@link
   * #tupleObjId}, {@link #tupleObjPrm} read it).
   */
  public int tupleId(String n) {
    return indexOf(tupleName, n);
  }

  /** Number of elements of tuple i. */
  public int tupleSize(int i) {
    return tupleSize[i];
  }

  /** Object type of tuple i's element k: MuJoCo's mjtObj code (body 1, joint 3, geom 5, ...). */
  public int tupleObjType(int i, int k) {
    return tupleObjType[tupleElement(i, k)];
  }

  /** Object id of tuple i's element k, in the numbering of its kind (bodies, joints, ...). */
  public int tupleObjId(int i, int k) {
    return tupleObjId[tupleElement(i, k)];
  }

  /** Parameter of tuple i's element k. */
  public double tupleObjPrm(int i, int k) {
    return tupleObjPrm[tupleElement(i, k)];
  }

  private int tupleElement(int i, int k) {
    if (k < 0 || k >= tupleSize[i]) {
      throw new IndexOutOfBoundsException(
          "tuple " + i + " has " + tupleSize[i] + " elements, not " + (k + 1));
    }
    return tupleAdr[i] + k;
  }

  private static int customId(String kind, int id, String n) {
    if (id < 0) {
      throw new IllegalArgumentException("the model has no custom " + kind + " named '" + n + "'");
    }
    return id;
  }

  private static int indexOf(String[] names, String n) {
    for (int i = 0; i < names.length; i++) {
      if (names[i].equals(n)) {
        return i;
      }
    }
    return -1;
  }

  @Override
  public String toString() {
    return "Model["
        + name
        + ": nq="
        + nq
        + " nv="
        + nv
        + " nu="
        + nu
        + (na > 0 ? " na=" + na : "")
        + " nbody="
        + nbody
        + " njnt="
        + njnt
        + " ngeom="
        + ngeom
        + "]";
  }
}
