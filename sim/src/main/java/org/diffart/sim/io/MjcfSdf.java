package org.diffart.sim.io;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.diffart.sim.compiler.MeshSpec;
import org.diffart.sim.sdf.BoxSdf;
import org.diffart.sim.sdf.CapsuleSdf;
import org.diffart.sim.sdf.GridSdf;
import org.diffart.sim.sdf.NeuralSdfFamily;
import org.diffart.sim.sdf.Sdf;
import org.diffart.sim.sdf.SphereSdf;
import org.diffart.sim.sdf.SuperellipsoidSdf;
import org.diffart.sim.sdf.TorusSdf;

/**
 * diffart's SDF geoms in MJCF, in the syntax of MuJoCo 3's SDF plugins: an {@code <extension>}
 * declares shape instances, a geom of type {@code sdf} takes one by its {@code <plugin
 * instance="NAME"/>} child:
 *
 * <pre>
 * &lt;extension&gt;
 *   &lt;plugin plugin="diffart.sdf.superellipsoid"&gt;
 *     &lt;instance name="pebble"&gt;
 *       &lt;config key="size" value="0.1 0.08 0.06"/&gt;
 *       &lt;config key="exponents" value="0.5 1"/&gt;
 *       &lt;config key="cells" value="32"/&gt;
 *     &lt;/instance&gt;
 *   &lt;/plugin&gt;
 * &lt;/extension&gt;
 * ...
 * &lt;geom type="sdf" density="500"&gt;&lt;plugin instance="pebble"/&gt;&lt;/geom&gt;
 * </pre>
 *
 * Shapes: {@code diffart.sdf.sphere} (radius), {@code diffart.sdf.box} (size: half-extents), {@code
 * diffart.sdf.capsule} (radius, halflength), {@code diffart.sdf.superellipsoid} (size: semi-axes,
 * exponents: ε₁ ε₂), {@code diffart.sdf.torus} (radius1: the ring's, radius2: the tube's, the keys
 * of MuJoCo's {@code mujoco.sdf.torus}); every shape takes {@code cells}, the marching grid's cells
 * along the longest side of its bounds (default 32). The difference from MuJoCo: its SDF plugins
 * ({@code mujoco.sdf.torus}, bolt, nut, gear, bowl) are compiled C++ functions without shape
 * derivatives, collided by gradient descent on the two SDFs; diffart's are Java shapes
 * differentiable in their parameters, collided through the mesh of their zero set (a plane against
 * its vertices, other geoms against its convex hull), and MuJoCo's sdf geom also names a mesh,
 * which diffart's does not.
 */
final class MjcfSdf {
  private MjcfSdf() {}

  /** A declared shape with its mesh resolution. */
  record Instance(Sdf shape, int cells) {}

  private static final String PREFIX = "diffart.sdf.";

  /** The shape instances of the {@code <extension>} sections, by name. */
  static Map<String, Instance> read(
      List<XmlElement> extensions, NamedElements names, MjcfMeshes meshes) {
    Map<String, Instance> out = new HashMap<>();
    for (XmlElement ext : extensions) {
      ext.requireAttributesIn(Set.of());
      for (XmlElement plugin : ext.children()) {
        if (!plugin.name().equals("plugin")) {
          throw MjcfSchema.unsupported(plugin, "extension", "plugin", "");
        }
        plugin.requireAttributesIn(Set.of("plugin"));
        String kind = plugin.required("plugin").strip();
        if (!kind.startsWith(PREFIX)) {
          throw plugin.error(
              "plugin '"
                  + kind
                  + "' is not one of diffart's: MuJoCo's plugins are compiled C++; diffart's SDF"
                  + " shapes are diffart.sdf.sphere, diffart.sdf.box, diffart.sdf.capsule,"
                  + " diffart.sdf.superellipsoid, diffart.sdf.torus, diffart.sdf.mesh and"
                  + " diffart.sdf.neural");
        }
        for (XmlElement inst : plugin.children()) {
          if (!inst.name().equals("instance")) {
            throw MjcfSchema.unsupported(inst, "plugin", "instance", "");
          }
          inst.requireAttributesIn(Set.of("name"));
          String name = inst.required("name").strip();
          names.register("plugin instance", name, inst);
          out.put(name, instance(kind.substring(PREFIX.length()), inst, meshes));
        }
      }
    }
    return out;
  }

  /** One {@code <instance>}: its {@code <config key value>} children into a shape. */
  private static Instance instance(String kind, XmlElement inst, MjcfMeshes meshes) {
    Map<String, XmlElement> config = new HashMap<>();
    for (XmlElement c : inst.children()) {
      if (!c.name().equals("config")) {
        throw MjcfSchema.unsupported(c, "instance", "config", "");
      }
      c.requireAttributesIn(Set.of("key", "value"));
      config.put(c.required("key").strip(), c);
    }
    Set<String> keys =
        switch (kind) {
          case "sphere" -> Set.of("radius", "cells");
          case "box" -> Set.of("size", "cells");
          case "capsule" -> Set.of("radius", "halflength", "cells");
          case "superellipsoid" -> Set.of("size", "exponents", "cells");
          case "torus" -> Set.of("radius1", "radius2", "cells");
          case "mesh" -> Set.of("mesh", "samples", "scale", "cells");
          case "neural" -> Set.of("file", "shape", "code", "cells");
          default ->
              throw inst.error(
                  "unknown SDF shape 'diffart.sdf."
                      + kind
                      + "': use sphere, box, capsule, superellipsoid, torus, mesh or neural");
        };
    for (var e : config.entrySet()) {
      if (!keys.contains(e.getKey())) {
        throw e.getValue().error("diffart.sdf." + kind + " takes the keys " + keys);
      }
    }
    try {
      Sdf shape =
          switch (kind) {
            case "sphere" -> new SphereSdf(positive(config, inst, "radius", 1)[0]);
            case "box" -> {
              double[] s = positive(config, inst, "size", 3);
              yield new BoxSdf(s[0], s[1], s[2]);
            }
            case "capsule" ->
                new CapsuleSdf(
                    positive(config, inst, "radius", 1)[0],
                    positive(config, inst, "halflength", 1)[0]);
            case "torus" ->
                new TorusSdf(
                    positive(config, inst, "radius1", 1)[0],
                    positive(config, inst, "radius2", 1)[0]);
            case "mesh" -> meshShape(config, inst, meshes);
            case "neural" -> neuralShape(config, inst);
            case "superellipsoid" -> {
              double[] s = positive(config, inst, "size", 3);
              double[] e = positive(config, inst, "exponents", 2);
              yield new SuperellipsoidSdf(s[0], s[1], s[2], e[0], e[1]);
            }
            default -> throw new IllegalStateException(kind);
          };
      int cells = config.containsKey("cells") ? (int) number(config.get("cells"), 1)[0] : 32;
      if (cells < 4 || cells > 256) {
        throw config.get("cells").error("cells must be between 4 and 256, got " + cells);
      }
      return new Instance(shape, cells);
    } catch (IllegalArgumentException e) {
      throw inst.error(e.getMessage());
    }
  }

  /**
   * {@code diffart.sdf.mesh}: the signed distance of an asset mesh ({@code <config key="mesh"
   * value="NAME"/>}, as stored: about its centre of mass, along its principal axes) sampled on a
   * grid of {@code samples} spacings along its longest side (default 32), scaled by {@code scale}
   * (default 1, the shape's parameter).
   */
  private static Sdf meshShape(Map<String, XmlElement> config, XmlElement inst, MjcfMeshes meshes) {
    XmlElement c = config.get("mesh");
    if (c == null) {
      throw inst.error("missing <config key=\"mesh\" value=\"NAME\"/> naming a mesh asset");
    }
    String name = c.required("value").strip();
    MeshSpec mesh = meshes.get(name);
    if (mesh == null) {
      throw c.error("unknown mesh '" + name + "' (an <asset><mesh> of this file)");
    }
    int samples = config.containsKey("samples") ? (int) number(config.get("samples"), 1)[0] : 32;
    if (samples < 4 || samples > 128) {
      throw config.get("samples").error("samples must be between 4 and 128, got " + samples);
    }
    double scale = config.containsKey("scale") ? positive(config, inst, "scale", 1)[0] : 1;
    return GridSdf.fromMesh(mesh.triangleMesh(), samples).withParams(new double[] {scale});
  }

  /**
   * {@code diffart.sdf.neural}: a trained neural SDF family ({@code <config key="file"
   * value="PATH.nsdf"/>}, a {@link NeuralSdfFamily} file, relative to this file's directory, or
   * {@code builtin:superellipsoids}, the family the workbench ships), one of its shapes by name
   * ({@code shape}) or any code ({@code code}, the latent numbers; the code is the shape's
   * parameters).
   */
  private static Sdf neuralShape(Map<String, XmlElement> config, XmlElement inst) {
    XmlElement c = config.get("file");
    if (c == null) {
      throw inst.error(
          "missing <config key=\"file\" value=\"PATH.nsdf\"/> naming a neural SDF file");
    }
    java.nio.file.Path dir =
        inst.source() == null
            ? java.nio.file.Path.of("")
            : java.nio.file.Path.of(inst.source()).toAbsolutePath().getParent();
    NeuralSdfFamily family;
    String file = c.required("value").strip();
    try {
      family =
          file.equals("builtin:superellipsoids")
              ? NeuralSdfFamily.shipped()
              : NeuralSdfFamily.read(dir.resolve(file));
    } catch (IllegalArgumentException e) {
      throw c.error(e.getMessage());
    }
    XmlElement shape = config.get("shape"), code = config.get("code");
    if ((shape == null) == (code == null)) {
      throw inst.error(
          "diffart.sdf.neural takes one of <config key=\"shape\" value=\"NAME\"/> (a shape of the"
              + " file: "
              + family.codes().keySet()
              + ") and <config key=\"code\" value=\"Z...\"/>");
    }
    if (shape != null) {
      try {
        return family.shape(shape.required("value").strip());
      } catch (IllegalArgumentException e) {
        throw shape.error(e.getMessage());
      }
    }
    return family.network().withParams(number(code, family.network().latent()));
  }

  private static double[] positive(
      Map<String, XmlElement> config, XmlElement inst, String key, int n) {
    XmlElement c = config.get(key);
    if (c == null) {
      throw inst.error("missing <config key=\"" + key + "\" value=\"...\"/>");
    }
    double[] v = number(c, n);
    for (double x : v) {
      if (!(x > 0) || !Double.isFinite(x)) {
        throw c.error(key + " must be positive and finite, got " + java.util.Arrays.toString(v));
      }
    }
    return v;
  }

  private static double[] number(XmlElement c, int n) {
    return c.numbers("value", n);
  }
}
