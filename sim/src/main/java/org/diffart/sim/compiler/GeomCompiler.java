package org.diffart.sim.compiler;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.diffart.sim.model.ContactCapacity;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.Model;
import org.diffart.sim.sdf.MarchingTetrahedra;
import org.diffart.sim.sdf.TriangleMesh;

/**
 * The model compiler's second floor: geoms, height fields, meshes, sites and the collision pairs.
 */
abstract class GeomCompiler extends TreeCompiler {
  /** Each geom's margin and gap: compile-time only, the pairs keep the mix. */
  double[] geomMargin;

  GeomCompiler(ModelBuilder b) {
    super(b);
  }

  // ---- geoms and collision pairs ----

  void geoms() {
    List<GeomSpec> order = new ArrayList<>(b.geoms);
    order.sort(Comparator.comparingInt(g -> g.body));
    ngeom = order.size();
    geomType = new int[ngeom];
    geomBody = new int[ngeom];
    geomContype = new int[ngeom];
    geomConaffinity = new int[ngeom];
    geomCondim = new int[ngeom];
    geomPriority = new int[ngeom];
    geomMargin = new double[2 * ngeom];
    geomSize = new double[3 * ngeom];
    geomRbound = new double[ngeom];
    geomPos = new double[3 * ngeom];
    geomQuat = new double[4 * ngeom];
    geomFriction = new double[3 * ngeom];
    geomName = new String[ngeom];
    geomHfield = new int[ngeom];
    geomMesh = new int[ngeom];
    hfields();
    meshes(order);
    for (int g = 0; g < ngeom; g++) {
      GeomSpec s = order.get(g);
      if ((s.type == GeomType.PLANE || s.type == GeomType.HFIELD) && bodyWeld[s.body] != 0) {
        throw new IllegalArgumentException(
            "geom '"
                + s.name
                + "': a "
                + (s.type == GeomType.PLANE ? "plane" : "height field")
                + " must belong to a static body");
      }
      if ((s.type == GeomType.SDF) != (s.sdf != null)) {
        throw new IllegalArgumentException(
            "geom '"
                + s.name
                + "': "
                + (s.sdf == null
                    ? "an sdf geom needs its shape (MJCF: <plugin instance=\"NAME\"/>)"
                    : "only an sdf geom has a signed distance function"));
      }
      if ((s.type == GeomType.MESH) != (s.mesh != null)) {
        throw new IllegalArgumentException(
            "geom '"
                + s.name
                + "': "
                + (s.mesh == null ? "a mesh geom needs its mesh" : "only a mesh geom has a mesh"));
      }
      if ((s.type == GeomType.HFIELD) != (s.hfield != null)) {
        throw new IllegalArgumentException(
            "geom '"
                + s.name
                + "': "
                + (s.hfield == null
                    ? "a height field geom needs its height field"
                    : "only a height field geom has a height field"));
      }
      if (!validCondim(s.condim)) {
        throw new IllegalArgumentException("geom '" + s.name + "': condim " + s.condim + CONDIMS);
      }
      s.compiledIndex = g;
      geomType[g] = s.type.ordinal();
      geomBody[g] = s.body;
      geomContype[g] = s.contype;
      geomConaffinity[g] = s.conaffinity;
      geomCondim[g] = s.condim;
      geomPriority[g] = s.priority;
      if (!(s.margin >= 0 && s.gap >= 0) || Double.isInfinite(s.margin + s.gap)) {
        throw new IllegalArgumentException(
            "geom '"
                + s.name
                + "': margin and gap must be finite and >= 0, got "
                + s.margin
                + " and "
                + s.gap);
      }
      geomMargin[2 * g] = s.margin;
      geomMargin[2 * g + 1] = s.gap;
      System.arraycopy(s.size, 0, geomSize, 3 * g, 3);
      geomHfield[g] = s.hfield == null ? -1 : b.hfields.indexOf(s.hfield);
      if (s.hfield != null) {
        // MuJoCo's: the half-extents and half the height from the base to the top
        geomSize[3 * g] = s.hfield.size[0];
        geomSize[3 * g + 1] = s.hfield.size[1];
        geomSize[3 * g + 2] = 0.5 * (s.hfield.size[2] + s.hfield.size[3]);
      }
      geomRbound[g] = s.sdf != null ? 0 : rbound(s.type, s.size);
      geomMesh[g] = s.mesh == null ? -1 : b.meshes.indexOf(s.mesh);
      if (s.mesh != null) {
        // MuJoCo's: the largest |coordinate| per principal axis, and its length
        System.arraycopy(s.mesh.extent, 0, geomSize, 3 * g, 3);
        double[] e = s.mesh.extent;
        geomRbound[g] = Math.sqrt(e[0] * e[0] + e[1] * e[1] + e[2] * e[2]);
      }
      if (s.sdf != null) {
        sdfGeom(s, g);
      } else {
        geomSdf.set(g, primitiveSdf(s.type, s.size));
      }
      System.arraycopy(framePos(s), 0, geomPos, 3 * g, 3);
      System.arraycopy(frameQuat(s), 0, geomQuat, 4 * g, 4);
      System.arraycopy(s.friction, 0, geomFriction, 3 * g, 3);
      geomName[g] = s.name;
    }
  }

  /**
   * The height fields: sizes, grid dimensions and data normalised as MuJoCo 2.2.2 does (in single
   * precision: minus the minimum, then over the range when it exceeds 1e-15), stored as doubles.
   */
  void hfields() {
    int n = b.hfields.size(), total = 0;
    hfieldSize = new double[4 * n];
    hfieldNrow = new int[n];
    hfieldNcol = new int[n];
    hfieldAdr = new int[n];
    for (int h = 0; h < n; h++) {
      HfieldSpec s = b.hfields.get(h);
      System.arraycopy(s.size, 0, hfieldSize, 4 * h, 4);
      hfieldNrow[h] = s.nrow;
      hfieldNcol[h] = s.ncol;
      hfieldAdr[h] = total;
      total += s.data.length;
    }
    nhfield = n;
    nhfielddata = total;
    hfieldData = new double[total];
    for (int h = 0; h < n; h++) {
      float[] v = b.hfields.get(h).data;
      float lo = 1e10f, hi = -1e10f;
      for (float x : v) {
        lo = Math.min(lo, x);
        hi = Math.max(hi, x);
      }
      float range = hi - lo;
      for (int i = 0; i < v.length; i++) {
        float x = v[i] - lo;
        if (range > 1e-15) {
          x /= range;
        }
        hfieldData[hfieldAdr[h] + i] = x;
      }
    }
  }

  /**
   * The meshes' vertices and triangles, concatenated: the assets' (principal frame,
   * single-precision values), then the meshes of the SDF geoms' zero sets (their geoms' frame,
   * double precision) with their vertices' Jacobians in the shape parameters ({@link
   * MarchingTetrahedra#vertexJacobian}); the SDF geoms' shape parameters.
   */
  void meshes(List<GeomSpec> order) {
    List<GeomSpec> sdfs = order.stream().filter(s -> s.sdf != null).toList();
    int assets = b.meshes.size(), n = assets + sdfs.size(), nvert = 0, nf = 0, nvs = 0;
    meshVertAdr = new int[n];
    meshVertNum = new int[n];
    meshFaceAdr = new int[n];
    meshFaceNum = new int[n];
    meshVertShapeAdr = new int[n];
    java.util.Arrays.fill(meshVertShapeAdr, -1);
    for (int i = 0; i < n; i++) {
      int verts, faces;
      if (i < assets) {
        MeshSpec s = b.meshes.get(i);
        verts = s.vert.length / 3;
        faces = s.face.length / 3;
      } else {
        GeomSpec g = sdfs.get(i - assets);
        verts = g.sdfMesh().nvertex();
        faces = g.sdfMesh().ntriangle();
        meshVertShapeAdr[i] = nvs;
        nvs += 3 * verts * g.sdf.nparam();
      }
      meshVertAdr[i] = nvert;
      meshVertNum[i] = verts;
      meshFaceAdr[i] = nf;
      meshFaceNum[i] = faces;
      nvert += verts;
      nf += faces;
    }
    nmesh = n;
    nmeshvert = nvert;
    nmeshface = nf;
    nmeshvertshape = nvs;
    meshVert = new double[3 * nvert];
    meshFace = new int[3 * nf];
    meshVertShape = new double[nvs];
    for (int i = 0; i < assets; i++) {
      MeshSpec s = b.meshes.get(i);
      for (int k = 0; k < s.vert.length; k++) {
        meshVert[3 * meshVertAdr[i] + k] = s.vert[k];
      }
      System.arraycopy(s.face, 0, meshFace, 3 * meshFaceAdr[i], s.face.length);
    }
    sdfMesh = new java.util.HashMap<>();
    nshape = 0;
    for (int j = 0; j < sdfs.size(); j++) {
      GeomSpec g = sdfs.get(j);
      int i = assets + j, np = g.sdf.nparam();
      TriangleMesh tm = g.sdfMesh();
      System.arraycopy(tm.vertices(), 0, meshVert, 3 * meshVertAdr[i], tm.vertices().length);
      System.arraycopy(tm.triangles(), 0, meshFace, 3 * meshFaceAdr[i], tm.triangles().length);
      for (int k = 0; k < np; k++) {
        double[] dv = g.sdfVertexJacobian(k);
        for (int q = 0; q < dv.length; q++) {
          meshVertShape[meshVertShapeAdr[i] + q * np + k] = dv[q];
        }
      }
      sdfMesh.put(g, i);
      nshape += np;
    }
    shapeParam = new double[nshape];
    shapeBodyInert = new double[10 * nshape];
    geomShapeAdr = new int[ngeom];
    geomShapeNum = new int[ngeom];
    geomSdfSphere = new int[ngeom];
    geomSdf = java.util.Arrays.asList(new org.diffart.sim.sdf.Sdf[ngeom]);
    java.util.Arrays.fill(geomShapeAdr, -1);
  }

  /**
   * The signed distance of a sphere's, capsule's, ellipsoid's or box's surface at its size (the
   * ellipsoid's radial one, {@link org.diffart.sim.sdf.SuperellipsoidSdf} with ε = 1), which
   * contacts by signed distance against SDF geoms evaluate; null for other types.
   */
  static org.diffart.sim.sdf.Sdf primitiveSdf(GeomType t, double[] size) {
    return switch (t) {
      case SPHERE -> new org.diffart.sim.sdf.SphereSdf(size[0]);
      case CAPSULE -> new org.diffart.sim.sdf.CapsuleSdf(size[0], size[1]);
      case ELLIPSOID -> new org.diffart.sim.sdf.SuperellipsoidSdf(size[0], size[1], size[2], 1, 1);
      case BOX -> new org.diffart.sim.sdf.BoxSdf(size[0], size[1], size[2]);
      default -> null;
    };
  }

  /** The mesh index of each SDF geom (compile-time only). */
  private java.util.Map<GeomSpec, Integer> sdfMesh;

  /** Shape parameters added so far. */
  private int shapeCount;

  /**
   * SDF geom s (index g): its mesh, its size (the largest |coordinate| of a vertex per axis) and
   * bounding radius, its shape parameters, and how its body's inertia moves with them.
   */
  private void sdfGeom(GeomSpec s, int g) {
    int mesh = sdfMesh.get(s);
    geomMesh[g] = mesh;
    double r2 = 0;
    double[] v = s.sdfMesh().vertices();
    java.util.Arrays.fill(geomSize, 3 * g, 3 * g + 3, 0);
    for (int q = 0; q < v.length / 3; q++) {
      double n2 = 0;
      for (int k = 0; k < 3; k++) {
        geomSize[3 * g + k] = Math.max(geomSize[3 * g + k], Math.abs(v[3 * q + k]));
        n2 += v[3 * q + k] * v[3 * q + k];
      }
      r2 = Math.max(r2, n2);
    }
    geomRbound[g] = Math.sqrt(r2);
    double[] theta = s.sdf.params();
    geomShapeAdr[g] = shapeCount;
    geomShapeNum[g] = theta.length;
    geomSdfSphere[g] = s.sdf instanceof org.diffart.sim.sdf.SphereSdf ? 1 : 0;
    geomSdf.set(g, s.sdf);
    System.arraycopy(theta, 0, shapeParam, shapeCount, theta.length);
    if (bodyFromGeoms[s.body]) {
      for (int k = 0; k < theta.length; k++) {
        ShapeDerivatives.bodyInert(
            s, s.sdfMesh(), k, framePos(s), frameQuat(s), shapeBodyInert, 10 * (shapeCount + k));
      }
    }
    shapeCount += theta.length;
  }

  private static final String CONDIMS =
      " is not supported (1: frictionless, 3: sliding friction, 4: and torsional,"
          + " 6: and rolling)";

  /**
   * MuJoCo's contact dimensionalities: the normal, then 2 sliding, 1 torsional and 2 rolling
   * friction rows.
   */
  static boolean validCondim(int condim) {
    return condim == 1 || condim == 3 || condim == 4 || condim == 6;
  }

  /**
   * The radius of the geom's bounding sphere about its centre, as MuJoCo's {@code geom_rbound}; 0
   * for a plane.
   */
  static double rbound(GeomType t, double[] s) {
    return switch (t) {
      case SPHERE -> s[0];
      case CAPSULE -> s[0] + s[1];
      case ELLIPSOID -> Math.max(s[0], Math.max(s[1], s[2]));
      case CYLINDER -> Math.sqrt(s[0] * s[0] + s[1] * s[1]);
      case BOX -> Math.sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2]);
      default -> 0;
    };
  }

  // ---- sites and sensors ----

  /** Sites grouped by body in body order, as MuJoCo numbers them. */
  void sites() {
    List<SiteSpec> order = new ArrayList<>(b.sites);
    order.sort(Comparator.comparingInt(s -> s.body));
    nsite = order.size();
    siteType = new int[nsite];
    siteBody = new int[nsite];
    siteSize = new double[3 * nsite];
    sitePos = new double[3 * nsite];
    siteQuat = new double[4 * nsite];
    siteName = new String[nsite];
    for (int i = 0; i < nsite; i++) {
      SiteSpec s = order.get(i);
      s.compiledIndex = i;
      siteType[i] = s.type.ordinal();
      siteBody[i] = s.body;
      System.arraycopy(s.size, 0, siteSize, 3 * i, 3);
      System.arraycopy(s.pos, 0, sitePos, 3 * i, 3);
      System.arraycopy(s.quat, 0, siteQuat, 4 * i, 4);
      siteName[i] = s.name;
    }
  }

  /** Sensors in the order they were added; each one's values start at sensorAdr in sensordata. */
  // ---- collision pairs ----

  /** Whether the contacts between bodies b1 and b2 are excluded (either order). */
  boolean excluded(int b1, int b2) {
    for (int[] e : b.excludes) {
      if ((e[0] == b1 && e[1] == b2) || (e[0] == b2 && e[1] == b1)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The contact slots of geoms g1 and g2: {@link ContactCapacity#maxContacts}, and for a height
   * field pair no more than the prisms (two per cell) that MPR can collide under the other geom:
   * its bounding box, at most {@code 2 rbound} wide (a hair more, for the rounding of its support
   * points), spans at most {@code ceil(2 rbound / cell) + 1} cells per direction.
   */
  int capacity(int g1, int g2) {
    GeomType t1 = GeomType.values()[geomType[g1]], t2 = GeomType.values()[geomType[g2]];
    int cap = ContactCapacity.maxContacts(t1, t2, b.options.sdfSurface());
    int hf = t1 == GeomType.HFIELD ? g1 : t2 == GeomType.HFIELD ? g2 : -1;
    if (cap > 0 && hf >= 0) {
      int h = geomHfield[hf];
      double r = geomRbound[hf == g1 ? g2 : g1];
      double dx = 2 * hfieldSize[4 * h] / (hfieldNcol[h] - 1),
          dy = 2 * hfieldSize[4 * h + 1] / (hfieldNrow[h] - 1);
      long cols = Math.min(hfieldNcol[h] - 1, (long) Math.ceil(2 * r * (1 + 1e-9) / dx) + 1);
      long rows = Math.min(hfieldNrow[h] - 1, (long) Math.ceil(2 * r * (1 + 1e-9) / dy) + 1);
      cap = (int) Math.min(cap, 2 * cols * rows);
    }
    return cap;
  }

  /**
   * Candidate pairs: the explicit pairs first (MJCF {@code <pair>}: no filter applies), then the
   * geom pairs that pass MuJoCo's filters (different weld groups, not parent/child (world
   * excepted), bit masks, the excluded body pairs) and are not explicit pairs already.
   */
  void pairs() {
    List<int[]> list = new ArrayList<>();
    List<ContactPairSpec> explicit = new ArrayList<>();
    for (ContactPairSpec s : b.contactPairs) {
      int g1 = s.geom1.compiledIndex, g2 = s.geom2.compiledIndex;
      String what =
          "contact pair '" + s.name + "' of geoms '" + label(g1) + "' and '" + label(g2) + "'";
      if (g1 == g2) {
        throw new IllegalArgumentException(what + ": a geom cannot collide with itself");
      }
      if (!validCondim(s.condim)) {
        throw new IllegalArgumentException(what + ": condim " + s.condim + CONDIMS);
      }
      GeomType t1 = GeomType.values()[geomType[g1]], t2 = GeomType.values()[geomType[g2]];
      int cap = capacity(g1, g2);
      if (cap == 0) {
        throw new IllegalArgumentException(
            what + ": " + t1.mjcfName() + "-" + t2.mjcfName() + " contact is not implemented");
      }
      for (int[] q : list) {
        if ((q[0] == g1 && q[1] == g2) || (q[0] == g2 && q[1] == g1)) {
          throw new IllegalArgumentException(what + ": the two geoms are already a pair");
        }
      }
      boolean swap = t1.ordinal() > t2.ordinal();
      list.add(new int[] {swap ? g2 : g1, swap ? g1 : g2, cap});
      explicit.add(s);
    }
    for (int g1 = 0; g1 < ngeom; g1++) {
      for (int g2 = g1 + 1; g2 < ngeom; g2++) {
        if (isExplicitPair(list, explicit.size(), g1, g2)) {
          continue;
        }
        int w1 = bodyWeld[geomBody[g1]], w2 = bodyWeld[geomBody[g2]];
        if (w1 == w2) {
          continue;
        }
        int p1 = bodyWeld[bodyParent[w1] < 0 ? 0 : bodyParent[w1]];
        int p2 = bodyWeld[bodyParent[w2] < 0 ? 0 : bodyParent[w2]];
        if (w1 != 0 && w2 != 0 && (w1 == p2 || w2 == p1)) {
          continue;
        }
        if ((geomContype[g1] & geomConaffinity[g2]) == 0
            && (geomContype[g2] & geomConaffinity[g1]) == 0) {
          continue;
        }
        if (excluded(geomBody[g1], geomBody[g2])) {
          continue;
        }
        GeomType t1 = GeomType.values()[geomType[g1]], t2 = GeomType.values()[geomType[g2]];
        int cap = capacity(g1, g2);
        if (cap == 0) {
          // every pair of the geom types a model can hold collides; a new type must bring its
          // functions
          throw new IllegalArgumentException(
              "geoms '"
                  + label(g1)
                  + "' ("
                  + t1.mjcfName()
                  + ") and '"
                  + label(g2)
                  + "' ("
                  + t2.mjcfName()
                  + ") may touch, but "
                  + t1.mjcfName()
                  + "-"
                  + t2.mjcfName()
                  + " contact is not implemented: exclude the pair (contype/conaffinity or <exclude>)");
        }
        // plane first, then by type order, so collision functions see a canonical order
        boolean swap = t1.ordinal() > t2.ordinal();
        list.add(new int[] {swap ? g2 : g1, swap ? g1 : g2, cap});
      }
    }
    npair = list.size();
    pairGeom1 = new int[npair];
    pairGeom2 = new int[npair];
    pairConAdr = new int[npair + 1];
    pairCondim = new int[npair];
    pairFriction = new double[3 * npair];
    pairMargin = new double[2 * npair];
    for (int p = 0; p < npair; p++) {
      pairGeom1[p] = list.get(p)[0];
      pairGeom2[p] = list.get(p)[1];
      pairConAdr[p + 1] = pairConAdr[p] + list.get(p)[2];
      boolean isExplicit = p < explicit.size();
      pairCondim[p] = isExplicit ? explicit.get(p).condim : -1;
      if (isExplicit) {
        System.arraycopy(explicit.get(p).friction, 0, pairFriction, 3 * p, 3);
        pairMargin[2 * p] = explicit.get(p).margin;
        pairMargin[2 * p + 1] = explicit.get(p).gap;
      } else {
        // MuJoCo's mix: the larger margin and the larger gap
        int a = pairGeom1[p], c = pairGeom2[p];
        pairMargin[2 * p] = Math.max(geomMargin[2 * a], geomMargin[2 * c]);
        pairMargin[2 * p + 1] = Math.max(geomMargin[2 * a + 1], geomMargin[2 * c + 1]);
      }
      checkMargin(p);
    }
    nslot = pairConAdr[npair];
    nconMax =
        Math.min(nslot, b.contactCapacity > 0 ? b.contactCapacity : Model.DEFAULT_CONTACT_CAPACITY);
  }

  /**
   * Refuses a margin or gap on a height-field pair: MuJoCo 2.2.2's {@code mjc_ConvexHField} raises
   * the prisms by the margin and inflates the other geom by half of it, yet reports the inflated
   * depth as the distance, so its contacts do not hold the surfaces at {@code margin − gap} as
   * every other pair does.
   */
  void checkMargin(int p) {
    int g1 = pairGeom1[p], g2 = pairGeom2[p];
    if ((pairMargin[2 * p] != 0 || pairMargin[2 * p + 1] != 0)
        && (geomType[g1] == GeomType.HFIELD.ordinal()
            || geomType[g2] == GeomType.HFIELD.ordinal())) {
      throw new IllegalArgumentException(
          "geoms '"
              + label(g1)
              + "' and '"
              + label(g2)
              + "': a contact margin or gap"
              + " on a height field is not supported (MuJoCo 2.2.2 reports such contacts at an inflated depth, not at"
              + " their distance): set margin and gap to 0 on these geoms or their pair");
    }
  }

  /**
   * Whether geoms g1 and g2 (either order) are one of the first n pairs of the list, the explicit
   * ones.
   */
  static boolean isExplicitPair(List<int[]> list, int n, int g1, int g2) {
    for (int p = 0; p < n; p++) {
      int[] q = list.get(p);
      if ((q[0] == g1 && q[1] == g2) || (q[0] == g2 && q[1] == g1)) {
        return true;
      }
    }
    return false;
  }

  String label(int g) {
    return geomName[g].isEmpty() ? "#" + g + " of body " + bodyName[geomBody[g]] : geomName[g];
  }
}
