package org.diffart.sim.compiler;

import org.diffart.sim.model.GeomType;
import org.diffart.sim.sdf.MarchingTetrahedra;
import org.diffart.sim.sdf.Sdf;
import org.diffart.sim.sdf.ShapeInertia;
import org.diffart.sim.sdf.TriangleMesh;
import org.diffart.sim.spatial.Quat;

/**
 * A geom being built: shape, placement in the body frame, contact properties and mass (or density).
 */
public final class GeomSpec {
  /** MuJoCo's {@code user} values (the model pads them to its nuser with zeros). */
  double[] user = {};

  /** Sets MuJoCo's {@code user} values. */
  public GeomSpec user(double... v) {
    user = v.clone();
    return this;
  }

  final int id;
  final int body;
  final GeomType type;
  final String name;
  final double[] size = new double[3];
  final double[] pos = new double[3];
  final double[] quat = {1, 0, 0, 0};
  int contype = 1;
  int conaffinity = 1;
  int condim = 3;
  int priority = 0;
  double margin = 0, gap = 0;
  final double[] friction = {1, 0.005, 0.0001};
  double mass = Double.NaN;
  double density = 1000;
  HfieldSpec hfield;
  MeshSpec mesh;
  Sdf sdf;
  int sdfCells = 32;
  private TriangleMesh sdfMesh;
  private ShapeInertia sdfUnit;
  private double[][] sdfJacobian;
  int compiledIndex = -1;

  GeomSpec(int id, int body, GeomType type, String name) {
    this.id = id;
    this.body = body;
    this.type = type;
    this.name = name;
  }

  /**
   * The mesh of a geom of type {@link GeomType#MESH}, which gives its shape, its size and (as
   * MuJoCo) its frame: pos and quat place the mesh's own coordinates, the geom sits at the mesh's
   * centre of mass and principal axes.
   */
  public GeomSpec mesh(MeshSpec m) {
    mesh = m;
    return this;
  }

  /**
   * The shape of a geom of type {@link GeomType#SDF}: its signed distance function (in the geom's
   * frame) and the cells of the grid its zero set is meshed on along the longest side of its bounds
   * ({@link MarchingTetrahedra}). Its mass is its density times its volume unless given, its
   * inertia that of the solid inside the mesh ({@link ShapeInertia}).
   */
  public GeomSpec sdf(Sdf shape, int cells) {
    if (cells < 4) {
      throw new IllegalArgumentException(
          "geom '" + name + "': an SDF needs at least 4 cells, got " + cells);
    }
    sdf = shape;
    sdfCells = cells;
    sdfMesh = null;
    sdfUnit = null;
    sdfJacobian = null;
    return this;
  }

  /** The mesh of an SDF geom's zero set, made once. */
  TriangleMesh sdfMesh() {
    if (sdfMesh == null) {
      sdfMesh = MarchingTetrahedra.extract(sdf, sdfCells);
      if (sdfMesh.ntriangle() == 0) {
        throw new IllegalArgumentException(
            "geom '" + name + "': its SDF has no surface inside its bounds");
      }
    }
    return sdfMesh;
  }

  /**
   * The solid inside the SDF's mesh at unit density (its volume as mass, its centre), made once.
   */
  ShapeInertia sdfUnitInertia() {
    if (sdfUnit == null) {
      sdfUnit = ShapeInertia.of(sdfMesh(), 1);
    }
    return sdfUnit;
  }

  /**
   * How the SDF's mesh moves with shape parameter k ({@link MarchingTetrahedra#vertexJacobian}),
   * made once for every k.
   */
  double[] sdfVertexJacobian(int k) {
    if (sdfJacobian == null) {
      sdfJacobian = new double[sdf.nparam()][];
      for (int q = 0; q < sdfJacobian.length; q++) {
        sdfJacobian[q] = MarchingTetrahedra.vertexJacobian(sdf, sdfMesh(), q);
      }
    }
    return sdfJacobian[k];
  }

  /**
   * The height field of a geom of type {@link GeomType#HFIELD}, which gives its shape (its size is
   * unused).
   */
  public GeomSpec hfield(HfieldSpec h) {
    hfield = h;
    return this;
  }

  /** The geom's type. */
  public GeomType type() {
    return type;
  }

  /** The body the geom is attached to. */
  public int body() {
    return body;
  }

  /** The geom's name (may be empty). */
  public String name() {
    return name;
  }

  /** Size parameters as in MuJoCo (see {@link GeomType}); unused trailing values may be omitted. */
  public GeomSpec size(double... s) {
    if (s.length > 3) {
      throw new IllegalArgumentException("a geom size has at most 3 values, got " + s.length);
    }
    System.arraycopy(s, 0, size, 0, s.length);
    return this;
  }

  /** Centre of the geom in the body frame, m. */
  public GeomSpec pos(double x, double y, double z) {
    pos[0] = x;
    pos[1] = y;
    pos[2] = z;
    return this;
  }

  /** Orientation of the geom frame in the body frame (w, x, y, z); normalised here. */
  public GeomSpec quat(double w, double x, double y, double z) {
    quat[0] = w;
    quat[1] = x;
    quat[2] = y;
    quat[3] = z;
    Quat.normalize(quat, 0);
    return this;
  }

  /**
   * MuJoCo's {@code fromto}: places a capsule, cylinder, box or ellipsoid between two points of the
   * body frame. The geom's local z axis points from the second point to the first (as MuJoCo 2.2.2
   * compiles it) and its half-length (size[1] for capsule and cylinder, size[2] for box and
   * ellipsoid) is half the distance; the radius must be set with {@link #size}.
   */
  public GeomSpec fromto(double x1, double y1, double z1, double x2, double y2, double z2) {
    placeBetween(type, pos, quat, size, x1, y1, z1, x2, y2, z2);
    return this;
  }

  /**
   * Moves the geom, as placed so far (by pos and quat or {@code fromto}), into a frame of its body,
   * as MJCF's {@code <frame>}: pos becomes {@code p + q·pos} and quat {@code q ⊗ quat}.
   *
   * @param framePos the frame's origin in the body frame (3), m
   * @param frameQuat the frame's orientation in the body frame (4), unit
   */
  public GeomSpec inFrame(double[] framePos, double[] frameQuat) {
    placeInFrame(pos, quat, framePos, frameQuat);
    return this;
  }

  /** pos ← p + q·pos, quat ← q ⊗ quat, normalised ({@link #inFrame}). */
  static void placeInFrame(double[] pos, double[] quat, double[] p, double[] q) {
    Quat.rotate(pos, 0, q, 0, pos, 0);
    for (int k = 0; k < 3; k++) {
      pos[k] += p[k];
    }
    Quat.mul(quat, 0, q, 0, quat, 0);
    Quat.normalize(quat, 0);
  }

  /**
   * MuJoCo's {@code fromto} for a geom or site of this type: centre, orientation (local z from the
   * second point to the first) and half-length written into {@code pos}, {@code quat} and {@code
   * size}.
   */
  static void placeBetween(
      GeomType type,
      double[] pos,
      double[] quat,
      double[] size,
      double x1,
      double y1,
      double z1,
      double x2,
      double y2,
      double z2) {
    double dx = x1 - x2, dy = y1 - y2, dz = z1 - z2;
    double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (len < 1e-12) {
      throw new IllegalArgumentException("fromto points coincide");
    }
    pos[0] = 0.5 * (x1 + x2);
    pos[1] = 0.5 * (y1 + y2);
    pos[2] = 0.5 * (z1 + z2);
    // shortest rotation taking +z to the direction
    double ux = dx / len, uy = dy / len, uz = dz / len;
    if (uz < -1 + 1e-12) {
      quat[0] = 0;
      quat[1] = 1;
      quat[2] = 0;
      quat[3] = 0;
    } else {
      quat[0] = 1 + uz;
      quat[1] = -uy;
      quat[2] = ux;
      quat[3] = 0;
      Quat.normalize(quat, 0);
    }
    switch (type) {
      case CAPSULE, CYLINDER -> size[1] = 0.5 * len;
      case BOX, ELLIPSOID -> {
        size[1] = size[0];
        size[2] = 0.5 * len;
      }
      default ->
          throw new IllegalArgumentException(
              "fromto is not defined for " + type.mjcfName() + " geoms");
    }
  }

  /**
   * Collision type bits: two geoms collide when {@code (contype1 & conaffinity2) | (contype2 &
   * conaffinity1)}.
   */
  public GeomSpec contype(int v) {
    contype = v;
    return this;
  }

  /** Collision affinity bits. */
  public GeomSpec conaffinity(int v) {
    conaffinity = v;
    return this;
  }

  /**
   * Contact dimensionality: 1 frictionless, 3 with sliding friction, 4 and torsional friction, 6
   * and rolling friction (MuJoCo's {@code condim}).
   */
  public GeomSpec condim(int v) {
    condim = v;
    return this;
  }

  /**
   * Contact priority: in a pair of different priorities the higher's friction, restitution and
   * condim apply (MuJoCo's {@code priority}); of equal priorities, the larger of each.
   */
  public GeomSpec priority(int v) {
    priority = v;
    return this;
  }

  /**
   * Contact margin and gap, m (MuJoCo's {@code margin} and {@code gap}): contacts are detected
   * while the surfaces are closer than the margin, and act (get constraint rows) while they are
   * closer than {@code margin − gap}, holding the surfaces that far apart; a pair takes the larger
   * of its geoms' margins and the larger of their gaps. The contacts in between are detected but
   * inactive (MuJoCo's excluded contacts).
   */
  public GeomSpec margin(double margin, double gap) {
    this.margin = margin;
    this.gap = gap;
    return this;
  }

  /**
   * Sliding, torsional and rolling friction. The sliding coefficient is a per-world parameter
   * ({@code Data.geomFriction}) with a gradient; the torsional (a length: torque per normal force)
   * and rolling ones are model constants, used by contacts of condim 4 and 6.
   */
  public GeomSpec friction(double slide, double torsion, double roll) {
    friction[0] = slide;
    friction[1] = torsion;
    friction[2] = roll;
    return this;
  }

  /** Mass of the geom, kg (overrides density when inertia is computed from geoms). */
  public GeomSpec mass(double v) {
    mass = v;
    return this;
  }

  /** Density, kg/m³ (default 1000, as MuJoCo). */
  public GeomSpec density(double v) {
    density = v;
    return this;
  }
}
