package org.diffart.sim.io;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.diffart.sim.compiler.MeshSpec;
import org.diffart.sim.compiler.ModelBuilder;

/**
 * MJCF {@code <asset><mesh>} with MuJoCo 2.2.2's meaning: name (by default the file's name without
 * directory and extension), file, scale, refpos, refquat, and vertex and face given inline; MuJoCo
 * 3's maxhullvert where it leaves the hull whole. Files are chosen by the last three letters of
 * their name, as MuJoCo does: binary STL (exact duplicate vertices merged), OBJ (the first object's
 * faces, polygons split into a fan from their first corner, each triangle corner a vertex of its
 * own, as tinyobjloader gives them to MuJoCo; 1-based or negative indices) and MuJoCo's MSH. A mesh
 * without faces takes its convex hull's, as in MuJoCo. Paths are resolved against the compiler's
 * meshdir and the directory of the file that holds the element.
 */
final class MjcfMeshes {
  static final Set<String> ATTRIBUTES =
      Set.of(
          "name",
          "class",
          "file",
          "scale",
          "refpos",
          "refquat",
          "vertex",
          "face",
          "normal",
          "texcoord",
          "smoothnormal",
          "maxhullvert");

  private final Map<String, MeshSpec> byName = new HashMap<>();

  /** The mesh named {@code name}, or null. */
  MeshSpec get(String name) {
    return byName.get(name);
  }

  /** Reads one {@code <mesh>} into the builder. */
  void read(
      XmlElement e, MjcfAttributes a, ModelBuilder b, MjcfCompiler compiler, NamedElements names) {
    e.requireAttributesIn(ATTRIBUTES);
    String file = e.string("file", "").strip();
    String name = MjcfAssetFiles.name(e, file, "mesh", names);
    float[] vert;
    int[] face;
    if (!file.isEmpty()) {
      if (e.has("vertex") || e.has("face")) {
        throw e.error("a mesh is given by its file or by vertex and face, not both");
      }
      Path path = MjcfAssetFiles.path(e, compiler, file);
      byte[] bytes = MjcfAssetFiles.read(e, path, "mesh");
      String ext =
          file.length() < 3 ? "" : file.substring(file.length() - 3).toLowerCase(Locale.ROOT);
      List<float[]> vf = new ArrayList<>();
      List<int[]> ff = new ArrayList<>();
      switch (ext) {
        case "stl" -> stl(e, path, bytes, vf, ff);
        case "obj" -> obj(e, path, bytes, vf, ff);
        case "msh" -> msh(e, path, bytes, vf, ff);
        default -> throw e.error("unknown mesh file type of " + file + " (stl, obj or msh)");
      }
      vert = vf.get(0);
      face = ff.get(0);
    } else {
      if (!e.has("vertex")) {
        throw e.error("a mesh needs a file or vertex data");
      }
      double[] v = e.numbers("vertex", 12, Integer.MAX_VALUE);
      if (v.length % 3 != 0) {
        throw e.error("vertex needs a multiple of 3 numbers, got " + v.length);
      }
      vert = new float[v.length];
      for (int i = 0; i < v.length; i++) {
        vert[i] = (float) v[i];
      }
      face = new int[0];
      if (e.has("face")) {
        double[] f = e.numbers("face", 3, Integer.MAX_VALUE);
        if (f.length % 3 != 0) {
          throw e.error("face needs a multiple of 3 numbers, got " + f.length);
        }
        face = new int[f.length];
        for (int i = 0; i < f.length; i++) {
          face[i] = (int) f[i];
          if (face[i] != f[i]) {
            throw e.error("face indices are integers, got " + f[i]);
          }
        }
      }
    }
    double[] scale = a.overlay("scale", new double[] {1, 1, 1});
    double[] refpos = e.has("refpos") ? e.numbers("refpos", 3) : new double[3];
    double[] refquat = e.has("refquat") ? e.numbers("refquat", 4) : new double[] {1, 0, 0, 0};
    if (!file.isEmpty() && scale[0] * scale[1] * scale[2] < 0) {
      // MuJoCo flips the faces it reads from a file under a left-handed scale, so that they stay
      // counter-clockwise
      for (int f = 0; f < face.length; f += 3) {
        int t = face[f + 1];
        face[f + 1] = face[f + 2];
        face[f + 2] = t;
      }
    }
    MeshSpec mesh;
    try {
      mesh = b.addMesh(name, vert, face, refpos, refquat, scale, compiler.exactMeshInertia());
    } catch (IllegalArgumentException ex) {
      throw e.error(ex.getMessage());
    }
    maxhullvert(a, mesh);
    byName.put(name, mesh);
  }

  /**
   * MuJoCo 3's {@code maxhullvert}: -1 (no limit, the default) or more than 3. MuJoCo 3.14 stops
   * its hull (qhull) after that many vertices, which changes the collision hull and, for a mesh
   * without faces, its inertia; diffart's hull is always the full one, so a limit below the full
   * hull's vertex count is refused by name, and one at or above it (which changes nothing) is
   * accepted.
   */
  private static void maxhullvert(MjcfAttributes a, MeshSpec mesh) {
    XmlElement d = a.definer("maxhullvert");
    if (d == null) {
      return;
    }
    int max = a.integer("maxhullvert", -1);
    if (max != -1 && max <= 3) {
      throw d.error("attribute 'maxhullvert' must be -1 or larger than 3, got " + max);
    }
    int full;
    try {
      full = mesh.hullVertexCount();
    } catch (IllegalArgumentException ex) {
      throw d.error("maxhullvert on mesh '" + mesh.name() + "': " + ex.getMessage());
    }
    if (max != -1 && max < full) {
      throw d.error(
          "maxhullvert "
              + max
              + " would reduce mesh '"
              + mesh.name()
              + "''s convex hull of "
              + full
              + " vertices: MuJoCo 3.14 lets qhull stop after "
              + max
              + " vertices, which diffart does not reproduce (give -1 or at least "
              + full
              + ")");
    }
  }

  /**
   * Binary STL: 80-byte header, uint32 count, 50-byte triangles; exact duplicate vertices merged as
   * MuJoCo does.
   */
  private static void stl(XmlElement e, Path path, byte[] bytes, List<float[]> vf, List<int[]> ff) {
    if (bytes.length < 84) {
      throw e.error("invalid header in STL file " + path);
    }
    ByteBuffer buf = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    long n = Integer.toUnsignedLong(buf.getInt(80));
    if (n < 1 || n > 200000 || n * 50 != bytes.length - 84) {
      throw e.error(
          "STL file "
              + path
              + " is not a binary STL of 1 to 200000 triangles ("
              + n
              + " triangles in the"
              + " header for "
              + bytes.length
              + " bytes; ASCII STL is not read, as in MuJoCo)");
    }
    int nf = (int) n;
    float[] v = new float[9 * nf];
    for (int i = 0; i < nf; i++) {
      for (int k = 0; k < 9; k++) {
        v[9 * i + k] = buf.getFloat(84 + 50 * i + 12 + 4 * k);
        if (!Float.isFinite(v[9 * i + k]) || Math.abs(v[9 * i + k]) > (1 << 30)) {
          throw e.error("STL file " + path + " has an invalid vertex coordinate in triangle " + i);
        }
      }
    }
    // MuJoCo's RemoveRepeated: stable sort by x + 0.01 y + 0.0001 z, a vertex equal to the previous
    // one in that order
    // is merged into it; the others keep their order
    int nv = 3 * nf;
    Integer[] order = new Integer[nv];
    for (int i = 0; i < nv; i++) {
      order[i] = i;
    }
    java.util.Arrays.sort(order, (p, q) -> Double.compare(key(v, p), key(v, q)));
    int[] root = new int[nv];
    for (int i = 0; i < nv; i++) {
      root[i] = i;
    }
    for (int s = 1; s < nv; s++) {
      int p = order[s - 1], q = order[s];
      if (v[3 * p] == v[3 * q] && v[3 * p + 1] == v[3 * q + 1] && v[3 * p + 2] == v[3 * q + 2]) {
        root[q] = root[p];
      }
    }
    int[] index = new int[nv];
    int kept = 0;
    for (int i = 0; i < nv; i++) {
      index[i] = root[i] == i ? kept++ : -1;
    }
    float[] out = new float[3 * kept];
    for (int i = 0; i < nv; i++) {
      if (root[i] == i) {
        System.arraycopy(v, 3 * i, out, 3 * index[i], 3);
      }
    }
    int[] face = new int[nv];
    for (int i = 0; i < nv; i++) {
      face[i] = index[root[i]];
    }
    vf.add(out);
    ff.add(face);
  }

  private static double key(float[] v, int i) {
    return v[3 * i] + 1e-2 * v[3 * i + 1] + 1e-4 * v[3 * i + 2];
  }

  /**
   * OBJ: the vertices ({@code v}) and the faces ({@code f}) of the first object or group that has
   * faces; each face is split into a fan from its first corner and each triangle corner becomes a
   * vertex of its own, as MuJoCo reads tinyobjloader's output.
   */
  private static void obj(XmlElement e, Path path, byte[] bytes, List<float[]> vf, List<int[]> ff) {
    List<float[]> pos = new ArrayList<>();
    List<Integer> corners = new ArrayList<>();
    boolean done = false;
    int lineNo = 0;
    for (String raw : new String(bytes, StandardCharsets.UTF_8).split("\r?\n|\r")) {
      lineNo++;
      String line = raw.strip();
      String[] t = line.split("\\s+");
      try {
        switch (t[0]) {
          case "v" ->
              pos.add(
                  new float[] {
                    (float) Double.parseDouble(t[1]),
                    (float) Double.parseDouble(t[2]),
                    (float) Double.parseDouble(t[3])
                  });
          // a later object or group: MuJoCo reads the first one's faces only
          case "o", "g" -> done |= !corners.isEmpty();
          case "f" -> {
            if (done) {
              continue;
            }
            int[] idx = new int[t.length - 1];
            for (int i = 1; i < t.length; i++) {
              int k = Integer.parseInt(t[i].split("/")[0]);
              idx[i - 1] = k > 0 ? k - 1 : pos.size() + k;
              if (k == 0 || idx[i - 1] < 0 || idx[i - 1] >= pos.size()) {
                throw new IllegalArgumentException(
                    "vertex index " + k + " out of range (" + pos.size() + " vertices so far)");
              }
            }
            for (int i = 1; i + 1 < idx.length; i++) {
              corners.add(idx[0]);
              corners.add(idx[i]);
              corners.add(idx[i + 1]);
            }
          }
          default -> {}
        }
      } catch (RuntimeException ex) {
        throw e.error("OBJ file " + path + ", line " + lineNo + ": " + ex.getMessage());
      }
    }
    float[] v = new float[3 * corners.size()];
    int[] face = new int[corners.size()];
    for (int i = 0; i < corners.size(); i++) {
      System.arraycopy(pos.get(corners.get(i)), 0, v, 3 * i, 3);
      face[i] = i;
    }
    if (face.length == 0) {
      v = new float[3 * pos.size()];
      for (int i = 0; i < pos.size(); i++) {
        System.arraycopy(pos.get(i), 0, v, 3 * i, 3);
      }
    }
    vf.add(v);
    ff.add(face);
  }

  /**
   * MuJoCo's MSH: int32 nvert, nnormal, ntexcoord, nface; then float vertices, normals, texcoords,
   * int faces.
   */
  private static void msh(XmlElement e, Path path, byte[] bytes, List<float[]> vf, List<int[]> ff) {
    if (bytes.length < 16) {
      throw e.error("missing header in MSH file " + path);
    }
    ByteBuffer buf = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    int nv = buf.getInt(), nn = buf.getInt(), nt = buf.getInt(), nf = buf.getInt();
    if (nv < 4
        || nf < 0
        || (nn != 0 && nn != nv)
        || (nt != 0 && nt != nv)
        || 16L + 12L * nv + 12L * nn + 8L * nt + 12L * nf != bytes.length) {
      throw e.error(
          "MSH file "
              + path
              + " has invalid sizes: "
              + nv
              + " vertices, "
              + nn
              + " normals, "
              + nt
              + " texture coordinates, "
              + nf
              + " faces for "
              + bytes.length
              + " bytes");
    }
    float[] v = new float[3 * nv];
    buf.asFloatBuffer().get(v);
    int[] face = new int[3 * nf];
    buf.position(16 + 12 * nv + 12 * nn + 8 * nt);
    buf.asIntBuffer().get(face);
    vf.add(v);
    ff.add(face);
  }
}
