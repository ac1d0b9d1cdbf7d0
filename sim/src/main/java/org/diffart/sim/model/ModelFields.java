package org.diffart.sim.model;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * Every field of a compiled model, each declared once, here: its element type, its name and, for an
 * array, its shape ({@link Dims}) in terms of the sizes declared first. This is MuJoCo's {@code
 * mjxmacro.h} in Java: the compiler fills the fields (it extends this class), {@link Model} reads
 * them through its accessors and shares them with its copies, and the OpenCL layout lays out {@link
 * #declared()} by name. A new model field is one declaration here, the code that computes it, and
 * its accessor.
 *
 * <p>The fields are protected so that only the compiler writes them; a model never changes them
 * once built.
 */
public abstract class ModelFields {

  /**
   * The shape of an array field, one entry per dimension, row-major: a size's name ({@code
   * "nbody"}), a number ({@code "3"}) or a size plus a number ({@code "npair+1"}).
   */
  @Documented
  @Retention(RetentionPolicy.RUNTIME)
  @Target(ElementType.FIELD)
  public @interface Dims {
    /** The dimensions. */
    String[] value();
  }

  /**
   * One declared field.
   *
   * @param name its name, also the accessor's and the OpenCL layout's ({@code MI_name}, {@code
   *     MD_name}, {@code M_name})
   * @param type {@code int.class} for a size, else the array's class ({@code int[]}, {@code
   *     double[]}, {@code String[]})
   * @param dims an array's shape ({@link Dims}); empty for a size
   * @param field the field, readable
   */
  public record Spec(String name, Class<?> type, List<String> dims, Field field) {
    /** Its value in model m: an Integer for a size, else the array (shared: do not change it). */
    public Object get(ModelFields m) {
      try {
        return field.get(m);
      } catch (IllegalAccessException e) {
        throw new IllegalStateException(e);
      }
    }

    /** The length its shape gives in model m: the product of its dimensions. */
    public int length(ModelFields m) {
      int n = 1;
      for (String d : dims) {
        n *= m.dimension(d);
      }
      return n;
    }
  }

  private static final List<Spec> DECLARED = specs();

  /** The model's name. */
  protected String name;

  /** Compiler warnings, e.g. MuJoCo attributes that were read and ignored. */
  protected List<String> warnings = new ArrayList<>();

  // ---- sizes ----
  /** Number of bodies, the world body 0 included. */
  protected int nbody;

  /** Number of joints. */
  protected int njnt;

  /** Number of position coordinates. */
  protected int nq;

  /** Number of degrees of freedom. */
  protected int nv;

  /** Number of geoms. */
  protected int ngeom;

  /** Number of actuators (controls). */
  protected int nu;

  /** Number of activation states. */
  protected int na;

  /** Number of keyframes. */
  protected int nkey;

  /** Number of candidate collision pairs. */
  protected int npair;

  /** Number of contact slots: the sum of the pairs' largest contact counts. */
  protected int nslot;

  /** Number of the most contacts a step holds at once. */
  protected int nconMax;

  /** Number of tendons. */
  protected int ntendon;

  /** Number of tendon terms: joints of fixed tendons, path elements of spatial ones. */
  protected int nwrap;

  /** Number of dofs with dry friction. */
  protected int nfrictionloss;

  /** Number of sites. */
  protected int nsite;

  /** Number of sensors. */
  protected int nsensor;

  /** Number of sensor values. */
  protected int nsensordata;

  /** Number of equality constraints. */
  protected int neq;

  /** Number of constraint rows of the active equality constraints. */
  protected int neqRows;

  /** Number of height fields. */
  protected int nhfield;

  /** Number of height field samples, all fields together. */
  protected int nhfielddata;

  /** Number of meshes. */
  protected int nmesh;

  /** Number of mesh vertices, all meshes together. */
  protected int nmeshvert;

  /** Number of mesh triangles, all meshes together. */
  protected int nmeshface;

  /** Number of shape parameters of the SDF geoms, all together. */
  protected int nshape;

  /** Entries of the SDF meshes' vertex Jacobians, all together. */
  protected int nmeshvertshape;

  /** Number of actuator transmission terms. */
  protected int ntrn;

  /** Numbers the history buffers of actuators and sensors hold together (MuJoCo 3's nhistory). */
  protected int nhistory;

  /** Number of custom numeric fields ({@code <custom><numeric>}). */
  protected int nnumeric;

  /** Numbers the custom numeric fields hold together. */
  protected int nnumericdata;

  /** Number of custom text fields. */
  protected int ntext;

  /** Number of custom tuples. */
  protected int ntuple;

  /** Elements the custom tuples hold together. */
  protected int ntupledata;

  /** User values per body (MuJoCo's nuser_body). */
  protected int nuserBody;

  /** User values per joint. */
  protected int nuserJnt;

  /** User values per geom. */
  protected int nuserGeom;

  /** User values per site. */
  protected int nuserSite;

  /** User values per tendon. */
  protected int nuserTendon;

  /** User values per actuator. */
  protected int nuserActuator;

  /** User values per sensor. */
  protected int nuserSensor;

  // ---- bodies ----
  /** Parent body (the world's: 0) [nbody]. */
  @Dims("nbody")
  protected int[] bodyParent;

  /** First joint, or -1 [nbody]. */
  @Dims("nbody")
  protected int[] bodyJntAdr;

  /** Number of joints [nbody]. */
  @Dims("nbody")
  protected int[] bodyJntNum;

  /** First dof, or -1 [nbody]. */
  @Dims("nbody")
  protected int[] bodyDofAdr;

  /** Number of dofs [nbody]. */
  @Dims("nbody")
  protected int[] bodyDofNum;

  /** Depth in the tree (the world: 0) [nbody]. */
  @Dims("nbody")
  protected int[] bodyDepth;

  /**
   * The body it is welded to: itself when it has joints, else the nearest such ancestor [nbody].
   */
  @Dims("nbody")
  protected int[] bodyWeld;

  /** The ancestor that is a child of the world [nbody]. */
  @Dims("nbody")
  protected int[] bodyRoot;

  /** The coordinate axis its rotation about its parent always turns about, or -1 [nbody]. */
  @Dims("nbody")
  protected int[] bodyRotationAxis;

  /** First dof of its kinematic tree [nbody]. */
  @Dims("nbody")
  protected int[] bodyTreeDofAdr;

  /** One past the last dof of its kinematic tree [nbody]. */
  @Dims("nbody")
  protected int[] bodyTreeDofEnd;

  /** Position in the parent frame, m [nbody×3]. */
  @Dims({"nbody", "3"})
  protected double[] bodyPos;

  /** Orientation in the parent frame (w, x, y, z) [nbody×4]. */
  @Dims({"nbody", "4"})
  protected double[] bodyQuat;

  /** Mass, kg [nbody]. */
  @Dims("nbody")
  protected double[] bodyMass;

  /** Centre of mass in the body frame, m [nbody×3]. */
  @Dims({"nbody", "3"})
  protected double[] bodyIpos;

  /** Orientation of the principal axes in the body frame [nbody×4]. */
  @Dims({"nbody", "4"})
  protected double[] bodyIquat;

  /** Principal moments about the centre of mass, kg·m² [nbody×3]. */
  @Dims({"nbody", "3"})
  protected double[] bodyInertia;

  /** Spatial inertia about the body origin, (m, m c, Ixx, Iyy, Izz, Ixy, Ixz, Iyz) [nbody×10]. */
  @Dims({"nbody", "10"})
  protected double[] bodyInert;

  /** Name [nbody]. */
  @Dims("nbody")
  protected String[] bodyName;

  // ---- joints and dofs ----
  /** JointType ordinal [njnt]. */
  @Dims("njnt")
  protected int[] jntType;

  /** Body moved [njnt]. */
  @Dims("njnt")
  protected int[] jntBody;

  /** Address in qpos [njnt]. */
  @Dims("njnt")
  protected int[] jntQposAdr;

  /** Address in qvel [njnt]. */
  @Dims("njnt")
  protected int[] jntDofAdr;

  /** Range enforced (0 or 1) [njnt]. */
  @Dims("njnt")
  protected int[] jntLimited;

  /** Anchor in the body frame [njnt×3]. */
  @Dims({"njnt", "3"})
  protected double[] jntPos;

  /** Unit axis in the body frame [njnt×3]. */
  @Dims({"njnt", "3"})
  protected double[] jntAxis;

  /** Range (lower, upper) [njnt×2]. */
  @Dims({"njnt", "2"})
  protected double[] jntRange;

  /** Spring stiffness [njnt]. */
  @Dims("njnt")
  protected double[] jntStiffness;

  /**
   * MuJoCo 3's joint-level actuator force clamp: enforced (0 or 1; hinge and slide joints only)
   * [njnt].
   */
  @Dims("njnt")
  protected int[] jntActFrcLimited;

  /** The clamp's range of the total actuator force at the joint's dof [njnt×2]. */
  @Dims({"njnt", "2"})
  protected double[] jntActFrcRange;

  /** Name [njnt]. */
  @Dims("njnt")
  protected String[] jntName;

  /** Body [nv]. */
  @Dims("nv")
  protected int[] dofBody;

  /** Joint [nv]. */
  @Dims("nv")
  protected int[] dofJnt;

  /** Previous dof on the path to the root, or -1 [nv]. */
  @Dims("nv")
  protected int[] dofParent;

  /** Damping [nv]. */
  @Dims("nv")
  protected double[] dofDamping;

  /** Armature [nv]. */
  @Dims("nv")
  protected double[] dofArmature;

  /** Dry friction (0: none) [nv]. */
  @Dims("nv")
  protected double[] dofFrictionloss;

  /** Reference configuration [nq]. */
  @Dims("nq")
  protected double[] qpos0;

  /** Spring reference configuration [nq]. */
  @Dims("nq")
  protected double[] qposSpring;

  // ---- geoms ----
  /** GeomType ordinal [ngeom]. */
  @Dims("ngeom")
  protected int[] geomType;

  /** Body [ngeom]. */
  @Dims("ngeom")
  protected int[] geomBody;

  /** Contact type bits [ngeom]. */
  @Dims("ngeom")
  protected int[] geomContype;

  /** Contact affinity bits [ngeom]. */
  @Dims("ngeom")
  protected int[] geomConaffinity;

  /** Contact dimensionality [ngeom]. */
  @Dims("ngeom")
  protected int[] geomCondim;

  /** Contact priority [ngeom]. */
  @Dims("ngeom")
  protected int[] geomPriority;

  /** Height field, or -1 [ngeom]. */
  @Dims("ngeom")
  protected int[] geomHfield;

  /** Mesh, or -1 [ngeom]. */
  @Dims("ngeom")
  protected int[] geomMesh;

  /** Size parameters [ngeom×3]. */
  @Dims({"ngeom", "3"})
  protected double[] geomSize;

  /** Centre in the body frame [ngeom×3]. */
  @Dims({"ngeom", "3"})
  protected double[] geomPos;

  /** Orientation in the body frame [ngeom×4]. */
  @Dims({"ngeom", "4"})
  protected double[] geomQuat;

  /** Friction (sliding, torsional, rolling) [ngeom×3]. */
  @Dims({"ngeom", "3"})
  protected double[] geomFriction;

  /** Bounding sphere radius (0 for a plane) [ngeom]. */
  @Dims("ngeom")
  protected double[] geomRbound;

  /** Name [ngeom]. */
  @Dims("ngeom")
  protected String[] geomName;

  // ---- height fields and meshes ----
  /** Rows (along y) [nhfield]. */
  @Dims("nhfield")
  protected int[] hfieldNrow;

  /** Columns (along x) [nhfield]. */
  @Dims("nhfield")
  protected int[] hfieldNcol;

  /** First sample in hfieldData [nhfield]. */
  @Dims("nhfield")
  protected int[] hfieldAdr;

  /** Half-extents x, y, top elevation, base depth [nhfield×4]. */
  @Dims({"nhfield", "4"})
  protected double[] hfieldSize;

  /** Normalised elevations in [0, 1], row-major per field [nhfielddata]. */
  @Dims("nhfielddata")
  protected double[] hfieldData;

  /** First vertex in meshVert [nmesh]. */
  @Dims("nmesh")
  protected int[] meshVertAdr;

  /** Number of vertices [nmesh]. */
  @Dims("nmesh")
  protected int[] meshVertNum;

  /** First triangle in meshFace [nmesh]. */
  @Dims("nmesh")
  protected int[] meshFaceAdr;

  /** Number of triangles [nmesh]. */
  @Dims("nmesh")
  protected int[] meshFaceNum;

  /** Vertices in their geoms' frame (single-precision values) [nmeshvert×3]. */
  @Dims({"nmeshvert", "3"})
  protected double[] meshVert;

  /** Triangles' vertices, counter-clockwise from outside [nmeshface×3]. */
  @Dims({"nmeshface", "3"})
  protected int[] meshFace;

  // ---- shapes given by signed distance functions (SDF geoms) ----
  /** First shape parameter of each geom in shapeParam, or −1 for a geom without an SDF [ngeom]. */
  @Dims("ngeom")
  protected int[] geomShapeAdr;

  /** Number of shape parameters of each geom (0 without an SDF) [ngeom]. */
  @Dims("ngeom")
  protected int[] geomShapeNum;

  /**
   * 1 for a geom whose SDF is a sphere ({@code diffart.sdf.sphere}, θ = its radius): it meets
   * planes as the exact sphere, not by its mesh [ngeom].
   */
  @Dims("ngeom")
  protected int[] geomSdfSphere;

  /**
   * The SDF of each geom, null for a geom without one [ngeom]: what the contacts by signed distance
   * evaluate ({@code Options.sdfSurface}, CPU only). A list, not an array: it is no device data.
   */
  protected List<org.diffart.sim.sdf.Sdf> geomSdf;

  /** The shape parameters θ of the SDF geoms, geom after geom [nshape]. */
  @Dims("nshape")
  protected double[] shapeParam;

  /**
   * First entry of each mesh's vertex Jacobian in meshVertShape, or −1 for a mesh not made from an
   * SDF [nmesh].
   */
  @Dims("nmesh")
  protected int[] meshVertShapeAdr;

  /**
   * How each vertex of an SDF geom's mesh moves with its shape parameters, {@code ∂v/∂θ = −∇φ
   * (∂φ/∂θ)/|∇φ|²}: per vertex 3 rows of its geom's nparam entries [nmeshvertshape].
   */
  @Dims("nmeshvertshape")
  protected double[] meshVertShape;

  /**
   * How the inertia of each shape parameter's body moves with it: {@code ∂bodyInert/∂θ}, packed as
   * bodyInert [nshape×10].
   */
  @Dims({"nshape", "10"})
  protected double[] shapeBodyInert;

  // ---- collision pairs ----
  /** First geom (the lower type) [npair]. */
  @Dims("npair")
  protected int[] pairGeom1;

  /** Second geom [npair]. */
  @Dims("npair")
  protected int[] pairGeom2;

  /** First contact slot; pair p owns [pairConAdr[p], pairConAdr[p+1]) [npair+1]. */
  @Dims("npair+1")
  protected int[] pairConAdr;

  /** Condim of an explicit pair, or -1 [npair]. */
  @Dims("npair")
  protected int[] pairCondim;

  /** Friction of an explicit pair (0 for the others) [npair×3]. */
  @Dims({"npair", "3"})
  protected double[] pairFriction;

  /** Margin and gap, m [npair×2]. */
  @Dims({"npair", "2"})
  protected double[] pairMargin;

  // ---- tendons ----
  /** First term [ntendon]. */
  @Dims("ntendon")
  protected int[] tendonAdr;

  /** Number of terms [ntendon]. */
  @Dims("ntendon")
  protected int[] tendonNum;

  /** Range enforced (0 or 1) [ntendon]. */
  @Dims("ntendon")
  protected int[] tendonLimited;

  /** Spatial (1) or fixed (0) [ntendon]. */
  @Dims("ntendon")
  protected int[] tendonSpatial;

  /** Spring stiffness [ntendon]. */
  @Dims("ntendon")
  protected double[] tendonStiffness;

  /** Damping [ntendon]. */
  @Dims("ntendon")
  protected double[] tendonDamping;

  /** Spring rest length [ntendon]. */
  @Dims("ntendon")
  protected double[] tendonLengthSpring;

  /** Range (lower, upper) [ntendon×2]. */
  @Dims({"ntendon", "2"})
  protected double[] tendonRange;

  /** Name [ntendon]. */
  @Dims("ntendon")
  protected String[] tendonName;

  /** Qpos address of a joint term [nwrap]. */
  @Dims("nwrap")
  protected int[] wrapQposAdr;

  /** Dof address of a joint term [nwrap]. */
  @Dims("nwrap")
  protected int[] wrapDofAdr;

  /** Site of a path element, or -1 [nwrap]. */
  @Dims("nwrap")
  protected int[] wrapSite;

  /** Wrapping geom of a path element, or -1 [nwrap]. */
  @Dims("nwrap")
  protected int[] wrapGeom;

  /** Side site of a wrapping geom, or -1 [nwrap]. */
  @Dims("nwrap")
  protected int[] wrapSide;

  /** Coefficient of a joint term; a pulley's divisor [nwrap]. */
  @Dims("nwrap")
  protected double[] wrapCoef;

  // ---- actuators ----
  /** ActuatorType ordinal [nu]. */
  @Dims("nu")
  protected int[] actType;

  /** Joint driven, or -1 [nu]. */
  @Dims("nu")
  protected int[] actJnt;

  /** Tendon driven, or -1 [nu]. */
  @Dims("nu")
  protected int[] actTendon;

  /** Crank site of a slider-crank, or -1 [nu]. */
  @Dims("nu")
  protected int[] actCrankSite;

  /** Slider site of a slider-crank, or -1 [nu]. */
  @Dims("nu")
  protected int[] actSliderSite;

  /** Site of a site transmission, or -1 [nu]. */
  @Dims("nu")
  protected int[] actSite;

  /** Reference site of a site transmission, or -1 (none, or another transmission) [nu]. */
  @Dims("nu")
  protected int[] actRefSite;

  /** Body of an adhesion actuator, or -1 [nu]. */
  @Dims("nu")
  protected int[] actBody;

  /** First transmission term [nu]. */
  @Dims("nu")
  protected int[] actTrnAdr;

  /** Number of transmission terms [nu]. */
  @Dims("nu")
  protected int[] actTrnNum;

  /** Control clamped (0 or 1) [nu]. */
  @Dims("nu")
  protected int[] actCtrlLimited;

  /** Force clamped (0 or 1) [nu]. */
  @Dims("nu")
  protected int[] actForceLimited;

  /** DynType ordinal [nu]. */
  @Dims("nu")
  protected int[] actDynType;

  /** Activation clamped (0 or 1) [nu]. */
  @Dims("nu")
  protected int[] actActLimited;

  /** Index in act, or -1 [nu]. */
  @Dims("nu")
  protected int[] actActAdr;

  /** Muscle gain (0 or 1) [nu]. */
  @Dims("nu")
  protected int[] actGainMuscle;

  /** Muscle bias (0 or 1) [nu]. */
  @Dims("nu")
  protected int[] actBiasMuscle;

  /** Gear [nu]. */
  @Dims("nu")
  protected double[] actGear;

  /** A site transmission's gear: translation then rotation; zeros for the others [nu×6]. */
  @Dims({"nu", "6"})
  protected double[] actSiteGear;

  /** Rod length of a slider-crank [nu]. */
  @Dims("nu")
  protected double[] actCrankLength;

  /** Control range [nu×2]. */
  @Dims({"nu", "2"})
  protected double[] actCtrlRange;

  /** Force range [nu×2]. */
  @Dims({"nu", "2"})
  protected double[] actForceRange;

  /** Gain parameters [nu×9]. */
  @Dims({"nu", "9"})
  protected double[] actGain;

  /** Bias parameters [nu×9]. */
  @Dims({"nu", "9"})
  protected double[] actBias;

  /** Dynamics parameters [nu×2]. */
  @Dims({"nu", "2"})
  protected double[] actDynPrm;

  /** Activation range [nu×2]. */
  @Dims({"nu", "2"})
  protected double[] actActRange;

  /** Length range [nu×2]. */
  @Dims({"nu", "2"})
  protected double[] actLengthRange;

  /** MuJoCo's acc0 [nu]. */
  @Dims("nu")
  protected double[] actAcc0;

  /** Name [nu]. */
  @Dims("nu")
  protected String[] actName;

  /** Samples of the control's history buffer, 0 for none (MJCF nsample) [nu]. */
  @Dims("nu")
  protected int[] actHistoryNum;

  /** Interpolation of the control's history: 0 zoh, 1 linear, 2 cubic (MJCF interp) [nu]. */
  @Dims("nu")
  protected int[] actHistoryInterp;

  /** Start of the control's history buffer in Data.history [nu]. */
  @Dims("nu")
  protected int[] actHistoryAdr;

  /** Delay of the control, s (MJCF delay) [nu]. */
  @Dims("nu")
  protected double[] actDelay;

  /** Qpos address of a transmission term [ntrn]. */
  @Dims("ntrn")
  protected int[] trnQposAdr;

  /** Dof address of a transmission term [ntrn]. */
  @Dims("ntrn")
  protected int[] trnDofAdr;

  /** Coefficient of a transmission term [ntrn]. */
  @Dims("ntrn")
  protected double[] trnCoef;

  // ---- sites and sensors ----
  /** GeomType ordinal of its shape [nsite]. */
  @Dims("nsite")
  protected int[] siteType;

  /** Body [nsite]. */
  @Dims("nsite")
  protected int[] siteBody;

  /** Size parameters [nsite×3]. */
  @Dims({"nsite", "3"})
  protected double[] siteSize;

  /** Position in the body frame [nsite×3]. */
  @Dims({"nsite", "3"})
  protected double[] sitePos;

  /** Orientation in the body frame [nsite×4]. */
  @Dims({"nsite", "4"})
  protected double[] siteQuat;

  /** Name [nsite]. */
  @Dims("nsite")
  protected String[] siteName;

  /** SensorType ordinal [nsensor]. */
  @Dims("nsensor")
  protected int[] sensorType;

  /** FrameType ordinal of the frame read [nsensor]. */
  @Dims("nsensor")
  protected int[] sensorFrame;

  /** Object read [nsensor]. */
  @Dims("nsensor")
  protected int[] sensorObj;

  /** FrameType ordinal of a frame sensor's reference frame, NONE for the world [nsensor]. */
  @Dims("nsensor")
  protected int[] sensorRefFrame;

  /** The reference frame's body, geom or site, -1 for the world [nsensor]. */
  @Dims("nsensor")
  protected int[] sensorRefObj;

  /** First value in sensordata [nsensor]. */
  @Dims("nsensor")
  protected int[] sensorAdr;

  /** Number of values [nsensor]. */
  @Dims("nsensor")
  protected int[] sensorDim;

  /** Cutoff (0: none) [nsensor]. */
  @Dims("nsensor")
  protected double[] sensorCutoff;

  /** Name [nsensor]. */
  @Dims("nsensor")
  protected String[] sensorName;

  /** Samples of the sensor's history buffer, 0 for none (MJCF nsample) [nsensor]. */
  @Dims("nsensor")
  protected int[] sensorHistoryNum;

  /** Interpolation of the sensor's history: 0 zoh, 1 linear, 2 cubic [nsensor]. */
  @Dims("nsensor")
  protected int[] sensorHistoryInterp;

  /** Start of the sensor's history buffer in Data.history [nsensor]. */
  @Dims("nsensor")
  protected int[] sensorHistoryAdr;

  /** Delay of the sensor's reading, s [nsensor]. */
  @Dims("nsensor")
  protected double[] sensorDelay;

  /** Sampling interval, s; 0 samples every step (MJCF interval) [nsensor]. */
  @Dims("nsensor")
  protected double[] sensorInterval;

  // ---- equality constraints ----
  /** EqualityType ordinal [neq]. */
  @Dims("neq")
  protected int[] eqType;

  /** First object [neq]. */
  @Dims("neq")
  protected int[] eqObj1;

  /** Second object, or -1 [neq]. */
  @Dims("neq")
  protected int[] eqObj2;

  /** Active (0 or 1) [neq]. */
  @Dims("neq")
  protected int[] eqActive;

  /** MuJoCo's eq_data [neq×11]. */
  @Dims({"neq", "11"})
  protected double[] eqData;

  /** Name [neq]. */
  @Dims("neq")
  protected String[] eqName;

  // ---- keyframes ----
  /** Time [nkey]. */
  @Dims("nkey")
  protected double[] keyTime;

  /** Qpos [nkey×nq]. */
  @Dims({"nkey", "nq"})
  protected double[] keyQpos;

  /** Qvel [nkey×nv]. */
  @Dims({"nkey", "nv"})
  protected double[] keyQvel;

  /** Ctrl [nkey×nu]. */
  @Dims({"nkey", "nu"})
  protected double[] keyCtrl;

  /** Act [nkey×na]. */
  @Dims({"nkey", "na"})
  protected double[] keyAct;

  /** Name [nkey]. */
  @Dims("nkey")
  protected String[] keyName;

  // ---- custom data (MuJoCo's <custom>: read by controllers, never by the step) ----
  /** Name [nnumeric]. */
  @Dims("nnumeric")
  protected String[] numericName;

  /** Address in numericData [nnumeric]. */
  @Dims("nnumeric")
  protected int[] numericAdr;

  /** Number of values [nnumeric]. */
  @Dims("nnumeric")
  protected int[] numericSize;

  /** Values, each field's numericSize of them, zero-padded past its data [nnumericdata]. */
  @Dims("nnumericdata")
  protected double[] numericData;

  /** Name [ntext]. */
  @Dims("ntext")
  protected String[] textName;

  /** Text [ntext]. */
  @Dims("ntext")
  protected String[] textData;

  /** Name [ntuple]. */
  @Dims("ntuple")
  protected String[] tupleName;

  /** Address of the first element [ntuple]. */
  @Dims("ntuple")
  protected int[] tupleAdr;

  /** Number of elements [ntuple]. */
  @Dims("ntuple")
  protected int[] tupleSize;

  /** Object type, MuJoCo's mjtObj code (body 1, joint 3, geom 5, ...) [ntupledata]. */
  @Dims("ntupledata")
  protected int[] tupleObjType;

  /** Object id in its kind's numbering [ntupledata]. */
  @Dims("ntupledata")
  protected int[] tupleObjId;

  /** The element's parameter (prm) [ntupledata]. */
  @Dims("ntupledata")
  protected double[] tupleObjPrm;

  // ---- user data (MuJoCo's user attributes, zero-padded to nuser_*) ----
  /** Body user values [nbody×nuserBody]. */
  @Dims({"nbody", "nuserBody"})
  protected double[] bodyUser;

  /** Joint user values [njnt×nuserJnt]. */
  @Dims({"njnt", "nuserJnt"})
  protected double[] jntUser;

  /** Geom user values [ngeom×nuserGeom]. */
  @Dims({"ngeom", "nuserGeom"})
  protected double[] geomUser;

  /** Site user values [nsite×nuserSite]. */
  @Dims({"nsite", "nuserSite"})
  protected double[] siteUser;

  /** Tendon user values [ntendon×nuserTendon]. */
  @Dims({"ntendon", "nuserTendon"})
  protected double[] tendonUser;

  /** Actuator user values [nu×nuserActuator]. */
  @Dims({"nu", "nuserActuator"})
  protected double[] actUser;

  /** Sensor user values [nsensor×nuserSensor]. */
  @Dims({"nsensor", "nuserSensor"})
  protected double[] sensorUser;

  /** Fields to be filled (by the compiler). */
  protected ModelFields() {}

  /** A copy of another's fields, its arrays shared. */
  protected ModelFields(ModelFields from) {
    try {
      for (Field f : ModelFields.class.getDeclaredFields()) {
        if (!Modifier.isStatic(f.getModifiers())) {
          f.set(this, f.get(from));
        }
      }
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The sizes, then the arrays, in declaration order. */
  public static List<Spec> declared() {
    return DECLARED;
  }

  /**
   * The value of one dimension of a {@link Dims}: a size's value, a number, or a size plus a
   * number.
   */
  int dimension(String d) {
    int plus = d.indexOf('+');
    if (plus >= 0) {
      return dimension(d.substring(0, plus).strip()) + dimension(d.substring(plus + 1).strip());
    }
    if (Character.isDigit(d.charAt(0))) {
      return Integer.parseInt(d);
    }
    for (Spec s : DECLARED) {
      if (s.name().equals(d) && s.type() == int.class) {
        return (Integer) s.get(this);
      }
    }
    throw new IllegalArgumentException("no size named " + d);
  }

  private static List<Spec> specs() {
    List<Spec> out = new ArrayList<>();
    for (Field f : ModelFields.class.getDeclaredFields()) {
      if (Modifier.isStatic(f.getModifiers())
          || !(f.getType() == int.class || f.getType().isArray())) {
        continue;
      }
      Dims dims = f.getAnnotation(Dims.class);
      if (f.getType().isArray() == (dims == null)) {
        throw new IllegalStateException(
            "ModelFields." + f.getName() + ": every array has its @Dims, no size has");
      }
      f.setAccessible(true);
      out.add(
          new Spec(f.getName(), f.getType(), dims == null ? List.of() : List.of(dims.value()), f));
    }
    return List.copyOf(out);
  }
}
