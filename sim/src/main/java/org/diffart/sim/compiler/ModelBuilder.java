package org.diffart.sim.compiler;

import java.util.ArrayList;
import java.util.List;
import org.diffart.sim.model.ActuatorType;
import org.diffart.sim.model.DynType;
import org.diffart.sim.model.EqualityType;
import org.diffart.sim.model.FrameType;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.LengthRangeOptions;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.Options;
import org.diffart.sim.model.SensorType;

/**
 * Builds a {@link Model} from bodies, joints, geoms, actuators and keyframes, with MuJoCo's
 * semantics: bodies are added parent first (body 0 is the world), joints of a body compose in the
 * order they are added, and bodies without explicit inertial properties take them from their geoms.
 *
 * <pre>{@code
 * ModelBuilder b = new ModelBuilder("pendulum");
 * BodySpec link = b.addBody(0, "link").pos(0, 0, 1);
 * b.addJoint(link.id(), JointType.HINGE, "hinge").axis(0, 1, 0);
 * b.addGeom(link.id(), GeomType.CAPSULE, "rod").size(0.02).fromto(0, 0, 0, 0, 0, -0.5).mass(1);
 * Model m = b.build();
 * }</pre>
 */
public final class ModelBuilder {
  /**
   * When body inertial properties are computed from geoms (MJCF {@code compiler/inertiafromgeom}).
   */
  public enum InertiaFromGeom {
    /** Never: bodies without {@code inertial} are massless. */
    FALSE,
    /**
     * For every body with geoms, overriding explicit inertials (a body without geoms keeps its
     * inertial).
     */
    TRUE,
    /** Only for bodies without explicit inertial properties (MuJoCo's default). */
    AUTO
  }

  private final String name;
  final List<BodySpec> bodies = new ArrayList<>();
  final List<JointSpec> joints = new ArrayList<>();
  final List<GeomSpec> geoms = new ArrayList<>();
  final List<HfieldSpec> hfields = new ArrayList<>();
  final List<MeshSpec> meshes = new ArrayList<>();
  final List<ActuatorSpec> actuators = new ArrayList<>();
  final List<SiteSpec> sites = new ArrayList<>();
  final List<TendonSpec> tendons = new ArrayList<>();
  final List<SensorSpec> sensors = new ArrayList<>();
  final List<EqualitySpec> equalities = new ArrayList<>();
  final List<KeyframeSpec> keyframes = new ArrayList<>();
  final List<CustomSpec.Numeric> numerics = new ArrayList<>();
  final List<CustomSpec.Text> texts = new ArrayList<>();
  final List<CustomSpec.Tuple> tuples = new ArrayList<>();
  final java.util.Map<String, Integer> nuser = new java.util.HashMap<>();
  Options options = Options.defaults();
  InertiaFromGeom inertiaFromGeom = InertiaFromGeom.AUTO;
  double totalMass = -1;
  LengthRangeOptions lengthRange = LengthRangeOptions.DEFAULTS;
  int contactCapacity = -1;
  final List<String> warnings = new ArrayList<>();
  final List<int[]> excludes = new ArrayList<>();
  final List<ContactPairSpec> contactPairs = new ArrayList<>();

  /** Starts a model with only the world body. */
  public ModelBuilder(String name) {
    this.name = name;
    bodies.add(new BodySpec(0, -1, "world"));
  }

  /** The model's name. */
  public String name() {
    return name;
  }

  /** Adds a body below {@code parent}; returns its spec for further settings. */
  public BodySpec addBody(int parent, String bodyName) {
    if (parent < 0 || parent >= bodies.size()) {
      throw new IllegalArgumentException(
          "parent body " + parent + " does not exist (bodies: " + bodies.size() + ")");
    }
    BodySpec b = new BodySpec(bodies.size(), parent, bodyName);
    bodies.add(b);
    return b;
  }

  /** Adds a joint to {@code body}; several joints of one body compose in the order added. */
  public JointSpec addJoint(int body, JointType type, String jointName) {
    checkBody(body);
    if (body == 0) {
      throw new IllegalArgumentException(
          "joint '" + jointName + "': the world body cannot have joints");
    }
    JointSpec j = new JointSpec(joints.size(), body, type, jointName);
    joints.add(j);
    return j;
  }

  /** Adds a geom to {@code body}. */
  public GeomSpec addGeom(int body, GeomType type, String geomName) {
    checkBody(body);
    GeomSpec g = new GeomSpec(geoms.size(), body, type, geomName);
    geoms.add(g);
    return g;
  }

  /**
   * Adds a height field of {@code nrow × ncol} elevations, row-major (row r, column c at {@code
   * data[r ncol + c]}), normalised by the compiler; geoms of type {@link GeomType#HFIELD} refer to
   * it by {@link GeomSpec#hfield}.
   *
   * @param size the half-extents {@code sx, sy}, the elevation of the highest point and the depth
   *     of the base, all positive (MuJoCo's {@code size})
   */
  public HfieldSpec addHfield(String hfieldName, int nrow, int ncol, double[] size, float[] data) {
    if (nrow < 2 || ncol < 2) {
      throw new IllegalArgumentException(
          "height field '"
              + hfieldName
              + "': nrow and ncol must be at least 2, got "
              + nrow
              + " and "
              + ncol);
    }
    if (size.length != 4 || !(size[0] > 0 && size[1] > 0 && size[2] > 0 && size[3] > 0)) {
      throw new IllegalArgumentException(
          "height field '"
              + hfieldName
              + "': size needs 4 positive values (radius x,"
              + " radius y, elevation, base), got "
              + java.util.Arrays.toString(size));
    }
    if (data.length != nrow * ncol) {
      throw new IllegalArgumentException(
          "height field '"
              + hfieldName
              + "': "
              + data.length
              + " values for "
              + nrow
              + " x "
              + ncol);
    }
    HfieldSpec h = new HfieldSpec(hfieldName, nrow, ncol, size.clone(), data.clone());
    hfields.add(h);
    return h;
  }

  /**
   * Adds a mesh of triangles (indices into the vertices, counter-clockwise seen from outside; none:
   * the convex hull's), processed as MuJoCo's compiler does ({@link MeshSpec}); geoms of type
   * {@link GeomType#MESH} refer to it by {@link GeomSpec#mesh}.
   *
   * @param refpos, refquat, scale MuJoCo's: the vertices are moved by −refpos, turned by refquat⁻¹,
   *     then scaled
   * @param exactInertia MuJoCo's {@code exactmeshinertia}: signed pyramid volumes and the mesh's
   *     own volume
   */
  public MeshSpec addMesh(
      String meshName,
      float[] vertices,
      int[] faces,
      double[] refpos,
      double[] refquat,
      double[] scale,
      boolean exactInertia) {
    if (vertices.length < 12 || vertices.length % 3 != 0 || faces.length % 3 != 0) {
      throw new IllegalArgumentException(
          "mesh '"
              + meshName
              + "': at least 4 vertices and whole triangles are"
              + " needed, got "
              + vertices.length / 3
              + " vertices and "
              + faces.length
              + " face indices");
    }
    MeshSpec s = new MeshSpec(meshName, vertices, faces, refpos, refquat, scale, exactInertia);
    meshes.add(s);
    return s;
  }

  /** Adds a site of the given shape to a body (0: the world). */
  public SiteSpec addSite(int body, GeomType type, String siteName) {
    checkBody(body);
    SiteSpec s = new SiteSpec(body, type, siteName);
    sites.add(s);
    return s;
  }

  /**
   * Adds a sensor; sensordata holds the sensors' values in the order they were added.
   *
   * @param frame for frame sensors, which frame of the target is measured; null otherwise
   * @param target see {@link SensorSpec}
   */
  public SensorSpec addSensor(SensorType type, FrameType frame, Object target, String sensorName) {
    SensorSpec s = new SensorSpec(type, frame, target, sensorName);
    sensors.add(s);
    return s;
  }

  /**
   * Adds an actuator of the given type on the joint with addition index {@code joint} (a hinge or
   * slide).
   */
  public ActuatorSpec addActuator(ActuatorType type, int joint, String actuatorName) {
    if (joint < 0 || joint >= joints.size()) {
      throw new IllegalArgumentException(
          "actuator '" + actuatorName + "': joint " + joint + " does not exist");
    }
    ActuatorSpec a = new ActuatorSpec(type, actuatorName, joint, -1);
    actuators.add(a);
    return a;
  }

  /** Adds an actuator of the given type on the tendon with addition index {@code tendon}. */
  public ActuatorSpec addTendonActuator(ActuatorType type, int tendon, String actuatorName) {
    if (tendon < 0 || tendon >= tendons.size()) {
      throw new IllegalArgumentException(
          "actuator '" + actuatorName + "': tendon " + tendon + " does not exist");
    }
    ActuatorSpec a = new ActuatorSpec(type, actuatorName, -1, tendon);
    actuators.add(a);
    return a;
  }

  /**
   * Adds an actuator of the given type on a slider-crank (MuJoCo's {@code cranksite}, {@code
   * slidersite}, {@code cranklength}): a rod of length {@code rod} joins the crank site to a point
   * on the slider site's z axis; the actuator's length is that point's position along the axis,
   * {@code a·v − √((a·v)² + rod² − v·v)} with {@code v} from the slider site to the crank site
   * (just {@code a·v} when the rod is too short to reach the axis).
   */
  public ActuatorSpec addSliderCrankActuator(
      ActuatorType type, SiteSpec crank, SiteSpec slider, double rod, String actuatorName) {
    if (!(rod > 0)) {
      throw new IllegalArgumentException(
          "actuator '" + actuatorName + "': cranklength must be positive, got " + rod);
    }
    ActuatorSpec a = new ActuatorSpec(type, actuatorName, -1, -1);
    a.crank = crank;
    a.slider = slider;
    a.crankLength = rod;
    actuators.add(a);
    return a;
  }

  /**
   * Adds an actuator of the given type on a site (MuJoCo's {@code site} transmission, gear {@code
   * (1, 0, 0, 0, 0, 0)} until {@link ActuatorSpec#siteGear} sets it). Without a reference site the
   * gear is a wrench (force, torque) in the site's frame, applied at the site, and the length is 0;
   * with one ({@code refsite}) the length is the site's pose relative to the reference site's frame
   * along the gear: the position in that frame, and the rotation vector of {@code conj(q_ref) ⊗ q}
   * with each site's orientation taken as MuJoCo 3.14 takes it, {@code q_site ⊗ q_body} (see {@code
   * datasets/reference/mujoco-314-semantics.md} § 6).
   *
   * @param refSite the reference site, or null
   */
  public ActuatorSpec addSiteActuator(
      ActuatorType type, SiteSpec site, SiteSpec refSite, String actuatorName) {
    if (site == null) {
      throw new IllegalArgumentException("actuator '" + actuatorName + "': no site");
    }
    if (type == ActuatorType.MUSCLE || type == ActuatorType.ADHESION) {
      throw new IllegalArgumentException(
          "actuator '"
              + actuatorName
              + "': a "
              + type.name().toLowerCase(java.util.Locale.ROOT)
              + " cannot act on a site (MuJoCo 3.14's schema has no site on it)");
    }
    ActuatorSpec a = new ActuatorSpec(type, actuatorName, -1, -1);
    a.site = site;
    a.refSite = refSite;
    a.siteGear(new double[] {1, 0, 0, 0, 0, 0});
    actuators.add(a);
    return a;
  }

  /**
   * Adds an adhesion actuator on body {@code body} (MuJoCo's {@code <adhesion>}, a body
   * transmission): {@code force = gain·ctrl} pulls the body onto what it touches, along the mean of
   * the normal Jacobians of its contacts (those in their gap included, so a margin makes it reach
   * out); its length is 0. The control range must be set and nonnegative.
   */
  public ActuatorSpec addAdhesionActuator(int body, double gain, String actuatorName) {
    checkBody(body);
    if (body == 0) {
      throw new IllegalArgumentException(
          "actuator '" + actuatorName + "': adhesion needs a body, not the world");
    }
    if (!(gain >= 0)) {
      throw new IllegalArgumentException(
          "actuator '" + actuatorName + "': adhesion gain cannot be negative, got " + gain);
    }
    ActuatorSpec a = new ActuatorSpec(ActuatorType.ADHESION, actuatorName, -1, -1);
    a.body = body;
    a.gain(gain, 0, 0);
    actuators.add(a);
    return a;
  }

  /**
   * Number of actuators added so far that have activation dynamics (the {@code na} they compile
   * to).
   */
  public int activationCount() {
    return (int) actuators.stream().filter(a -> a.dynType != DynType.NONE).count();
  }

  /** Adds a fixed tendon; its joints are added on the returned spec. */
  public TendonSpec addTendon(String tendonName) {
    TendonSpec t = new TendonSpec(tendons.size(), tendonName);
    tendons.add(t);
    return t;
  }

  /**
   * Adds an equality constraint on object 1 (a body for connect and weld, a hinge or slide joint's
   * addition index, a tendon's); the rest is set on the returned spec.
   */
  public EqualitySpec addEquality(EqualityType type, int obj1, String equalityName) {
    EqualitySpec e = new EqualitySpec(type, equalityName, obj1);
    equalities.add(e);
    return e;
  }

  /**
   * Makes geoms g1 and g2 an explicit contact pair (MJCF {@code <contact><pair>}): they collide
   * whatever their contype, conaffinity, bodies or exclusions, with the pair's condim and friction;
   * the same two geoms then have no other pair. {@code pairName} may be empty.
   */
  public ContactPairSpec addContactPair(GeomSpec g1, GeomSpec g2, String pairName) {
    ContactPairSpec p = new ContactPairSpec(pairName, g1, g2);
    contactPairs.add(p);
    return p;
  }

  /**
   * Excludes the contacts between the geoms of bodies b1 and b2 (MJCF {@code <contact><exclude>}).
   */
  public ModelBuilder excludeContacts(int b1, int b2) {
    checkBody(b1);
    checkBody(b2);
    excludes.add(new int[] {b1, b2});
    return this;
  }

  /** The addition index of the tendon with this name, or -1. */
  public int tendonId(String tendonName) {
    for (TendonSpec t : tendons) {
      if (t.name.equals(tendonName)) {
        return t.id;
      }
    }
    return -1;
  }

  /** The number of keyframes added so far. */
  public int keyframeCount() {
    return keyframes.size();
  }

  /** Adds a keyframe. */
  public KeyframeSpec addKeyframe(String keyName) {
    KeyframeSpec k = new KeyframeSpec(keyName);
    keyframes.add(k);
    return k;
  }

  /**
   * MuJoCo's {@code nuser_<kind>} ({@code body}, {@code jnt}, {@code geom}, {@code site}, {@code
   * tendon}, {@code actuator}, {@code sensor}): the number of user values of every element of the
   * kind; -1 (the default) sizes it to the longest given.
   */
  public ModelBuilder nuser(String kind, int n) {
    if (!CustomCompiler.USER_KINDS.contains(kind) || n < -1) {
      throw new IllegalArgumentException("nuser_" + kind + " must be >= -1, got " + n);
    }
    nuser.put(kind, n);
    return this;
  }

  /** The {@code nuser_<kind>} given, or -1. */
  public int nuser(String kind) {
    return nuser.getOrDefault(kind, -1);
  }

  /** Adds a custom numeric field ({@code <custom><numeric>}), its data padded to its size. */
  public ModelBuilder addNumeric(String numericName, double[] data) {
    numerics.add(new CustomSpec.Numeric(numericName, data.clone()));
    return this;
  }

  /** Adds a custom text field. */
  public ModelBuilder addText(String textName, String text) {
    texts.add(new CustomSpec.Text(textName, text));
    return this;
  }

  /** Adds a custom tuple; its objects are resolved by name when the model is built. */
  public ModelBuilder addTuple(String tupleName, List<CustomSpec.Element> elements) {
    tuples.add(new CustomSpec.Tuple(tupleName, List.copyOf(elements)));
    return this;
  }

  /** Sets the simulation options. */
  public ModelBuilder options(Options o) {
    options = o;
    return this;
  }

  /** The current simulation options. */
  public Options options() {
    return options;
  }

  /** Sets when inertial properties come from geoms. */
  public ModelBuilder inertiaFromGeom(InertiaFromGeom mode) {
    inertiaFromGeom = mode;
    return this;
  }

  /**
   * Scales every body's mass and inertia by one factor so that the model's total mass is {@code
   * mass} (MJCF {@code compiler settotalmass}); a non-positive value leaves the masses as they are.
   */
  public ModelBuilder totalMass(double mass) {
    totalMass = mass;
    return this;
  }

  /**
   * How actuator length ranges are found (MJCF {@code compiler lengthrange}); MuJoCo's defaults
   * otherwise.
   */
  public ModelBuilder lengthRange(LengthRangeOptions o) {
    lengthRange = o;
    return this;
  }

  /**
   * The most contacts a step may hold at once (MJCF {@code size nconmax}); a non-positive value
   * keeps the default, the smaller of the pairs' contact slots and {@link
   * Model#DEFAULT_CONTACT_CAPACITY}. A step that finds more fails with a {@code
   * SimulationException} that says so.
   */
  public ModelBuilder contactCapacity(int n) {
    contactCapacity = n;
    return this;
  }

  /**
   * Adds a warning to the compiled model's {@link Model#warnings()}, e.g. a loader's note on
   * ignored input.
   */
  public ModelBuilder warning(String message) {
    warnings.add(message);
    return this;
  }

  /** The spec of body {@code id}. */
  public BodySpec body(int id) {
    checkBody(id);
    return bodies.get(id);
  }

  /** The spec of the joint with addition index {@code id}. */
  public JointSpec joint(int id) {
    if (id < 0 || id >= joints.size()) {
      throw new IllegalArgumentException(
          "joint " + id + " does not exist (joints: " + joints.size() + ")");
    }
    return joints.get(id);
  }

  /** Index of the body named {@code bodyName}, or -1. */
  public int bodyId(String bodyName) {
    for (BodySpec b : bodies) {
      if (b.name.equals(bodyName)) {
        return b.id;
      }
    }
    return -1;
  }

  /** Addition index of the joint named {@code jointName}, or -1. */
  public int jointId(String jointName) {
    for (JointSpec j : joints) {
      if (j.name.equals(jointName)) {
        return j.id;
      }
    }
    return -1;
  }

  /** Number of bodies so far, the world included. */
  public int bodyCount() {
    return bodies.size();
  }

  /** Number of joints so far. */
  public int jointCount() {
    return joints.size();
  }

  /**
   * Compiles the immutable model: joint and geom order by body, address arrays, inertia from geoms,
   * collision pairs, actuator parameters and keyframes.
   *
   * @throws IllegalArgumentException naming the offending element when the model is inconsistent
   */
  public Model build() {
    return ModelCompiler.compile(this);
  }

  private void checkBody(int body) {
    if (body < 0 || body >= bodies.size()) {
      throw new IllegalArgumentException(
          "body " + body + " does not exist (bodies: " + bodies.size() + ")");
    }
  }
}
