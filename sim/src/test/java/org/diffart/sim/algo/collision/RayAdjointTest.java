package org.diffart.sim.algo.collision;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.Model;
import org.diffart.sim.testing.ReferenceFiles;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link RayAdjoint} against central differences of {@link Ray#ray}, on the rays of MuJoCo's
 * reference scenes ({@code datasets/reference/rays}: every primitive, meshes and height fields,
 * from outside and from inside): the derivatives of the distance in the ray's start and direction,
 * and in the hit geom's position and its rotation about each world axis. A ray whose hit geom
 * changes under a perturbation is not compared (the distance jumps there).
 */
class RayAdjointTest {
  static List<String> references() {
    return RayReferenceTest.references();
  }

  @ParameterizedTest
  @MethodSource("references")
  void adjointEqualsCentralDifferences(String name) throws IOException {
    JsonObject ref =
        JsonParser.parseString(Files.readString(RayReferenceTest.dir().resolve(name + ".json")))
            .getAsJsonObject();
    Model m = ModelLoader.load(RayReferenceTest.dir().resolve(name + ".xml"));
    Data d = new Data(m);
    DataBar b = new DataBar(m);
    double eps = 1e-6, worst = 0;
    int compared = 0;
    java.util.Set<GeomType> types = java.util.EnumSet.noneOf(GeomType.class);
    for (JsonElement ce : ref.getAsJsonArray("cases")) {
      JsonObject k = ce.getAsJsonObject();
      System.arraycopy(ReferenceFiles.doubles(k.get("qpos")), 0, d.qpos, 0, m.nq());
      Kinematics.forward(m, d);
      Kinematics.geoms(m, d);
      for (JsonElement e : k.getAsJsonArray("rays")) {
        JsonObject r = e.getAsJsonObject();
        double[] ray = new double[6];
        System.arraycopy(ReferenceFiles.doubles(r.get("pnt")), 0, ray, 0, 3);
        System.arraycopy(ReferenceFiles.doubles(r.get("vec")), 0, ray, 3, 3);
        int exclude = r.get("bodyexclude").getAsInt();
        int g = Ray.hitGeom(m, d, ray[0], ray[1], ray[2], ray[3], ray[4], ray[5], exclude);
        if (g < 0) {
          continue;
        }
        java.util.Arrays.fill(b.geomXposBar, 0);
        java.util.Arrays.fill(b.geomXmatBar, 0);
        double[] bar = new double[6];
        RayAdjoint.ray(m, d, b, ray[0], ray[1], ray[2], ray[3], ray[4], ray[5], exclude, 1, bar, 0);
        // twelve directions: p, v, the geom's position, its rotation about x, y, z
        double[] exact = new double[12], fd = new double[12];
        boolean same = true;
        for (int i = 0; i < 12; i++) {
          exact[i] =
              i < 6 ? bar[i] : i < 9 ? b.geomXposBar[3 * g + i - 6] : rotationBar(d, b, g, i - 9);
          double[] x = new double[2];
          for (int s = 0; s < 2; s++) {
            double h = s == 0 ? eps : -eps;
            double[] saved = perturb(d, g, ray, i, h);
            x[s] = Ray.ray(m, d, ray[0], ray[1], ray[2], ray[3], ray[4], ray[5], exclude);
            same &= Ray.hitGeom(m, d, ray[0], ray[1], ray[2], ray[3], ray[4], ray[5], exclude) == g;
            restore(d, g, ray, saved);
          }
          fd[i] = (x[0] - x[1]) / (2 * eps);
        }
        if (!same) {
          continue;
        }
        double scale = 1, err = 0;
        for (int i = 0; i < 12; i++) {
          scale = Math.max(scale, Math.abs(fd[i]));
          err = Math.max(err, Math.abs(fd[i] - exact[i]));
        }
        assertTrue(
            err < 1e-6 * scale,
            name
                + ": geom "
                + g
                + " ("
                + m.geomType(g)
                + "): exact "
                + java.util.Arrays.toString(exact)
                + " vs central differences "
                + java.util.Arrays.toString(fd));
        worst = Math.max(worst, err / scale);
        compared++;
        types.add(m.geomType(g));
      }
    }
    System.out.printf(
        "%s: %d rays, types %s, worst relative error %.2e%n", name, compared, types, worst);
    assertTrue(compared >= 20, name + ": rays compared " + compared);
  }

  /**
   * The directional derivative of the bars along a rotation of geom g about world axis k: Σ R̄_jl
   * ([e_k]× R)_jl.
   */
  private static double rotationBar(Data d, DataBar b, int g, int k) {
    double s = 0;
    for (int j = 0; j < 3; j++) {
      for (int l = 0; l < 3; l++) {
        s += b.geomXmatBar[9 * g + 3 * j + l] * crossRow(d, g, k, j, l);
      }
    }
    return s;
  }

  /** Entry (j, l) of {@code [e_k]× R}, R geom g's rotation. */
  private static double crossRow(Data d, int g, int k, int j, int l) {
    double[] e = new double[3];
    e[k] = 1;
    int a = (j + 1) % 3, c = (j + 2) % 3;
    // (e × R_col)_j = e_a R_cl − e_c R_al
    return e[a] * d.geomXmat[9 * g + 3 * c + l] - e[c] * d.geomXmat[9 * g + 3 * a + l];
  }

  /**
   * Perturbs direction i by h (the ray, the geom's position, or its rotation by angle h); returns
   * what it changed.
   */
  private static double[] perturb(Data d, int g, double[] ray, int i, double h) {
    double[] saved = new double[18];
    System.arraycopy(ray, 0, saved, 0, 6);
    System.arraycopy(d.geomXpos, 3 * g, saved, 6, 3);
    System.arraycopy(d.geomXmat, 9 * g, saved, 9, 9);
    if (i < 6) {
      ray[i] += h;
    } else if (i < 9) {
      d.geomXpos[3 * g + i - 6] += h;
    } else {
      int k = i - 9, a = (k + 1) % 3, c = (k + 2) % 3;
      double cs = Math.cos(h), sn = Math.sin(h);
      for (int l = 0; l < 3; l++) {
        double ra = saved[9 + 3 * a + l], rc = saved[9 + 3 * c + l];
        d.geomXmat[9 * g + 3 * a + l] = cs * ra - sn * rc;
        d.geomXmat[9 * g + 3 * c + l] = sn * ra + cs * rc;
      }
    }
    return saved;
  }

  private static void restore(Data d, int g, double[] ray, double[] saved) {
    System.arraycopy(saved, 0, ray, 0, 6);
    System.arraycopy(saved, 6, d.geomXpos, 3 * g, 3);
    System.arraycopy(saved, 9, d.geomXmat, 9 * g, 9);
  }
}
