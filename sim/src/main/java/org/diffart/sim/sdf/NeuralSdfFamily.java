package org.diffart.sim.sdf;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A trained {@link NeuralSdf} with the codes of the shapes it learned, by name, and its text file
 * ({@code .nsdf}): comment lines starting with {@code #}, then {@code neural-sdf LATENT HIDDEN},
 * {@code box LO_X LO_Y LO_Z HI_X HI_Y HI_Z}, {@code weights W...} and one {@code code NAME Z...}
 * per shape, numbers in full precision. {@link #main} trains and writes the family the workbench
 * ships ({@code datasets/sdf/superellipsoids.nsdf}).
 *
 * @param network the network (its code the first shape's)
 * @param codes each shape's code, by name, in the file's order
 */
public record NeuralSdfFamily(NeuralSdf network, Map<String, double[]> codes) {
  /** Copies the codes. */
  public NeuralSdfFamily {
    codes = new LinkedHashMap<>(codes);
  }

  /** The shape called {@code name}. */
  public NeuralSdf shape(String name) {
    double[] z = codes.get(name);
    if (z == null) {
      throw new IllegalArgumentException(
          "no shape '" + name + "' in this neural SDF family; it has " + codes.keySet());
    }
    return (NeuralSdf) network.withParams(z);
  }

  /** Writes the family, with {@code comment} lines first. */
  public void write(Path file, List<String> comment) {
    StringBuilder s = new StringBuilder();
    for (String c : comment) {
      s.append("# ").append(c).append('\n');
    }
    s.append("neural-sdf ").append(network.latent()).append(' ').append(network.hidden());
    s.append("\nbox");
    numbers(s, network.box());
    s.append("\nweights");
    numbers(s, network.weights());
    for (var e : codes.entrySet()) {
      s.append("\ncode ").append(e.getKey());
      numbers(s, e.getValue());
    }
    s.append('\n');
    try {
      Files.writeString(file, s.toString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void numbers(StringBuilder s, double[] v) {
    for (double x : v) {
      s.append(' ').append(String.format(Locale.ROOT, "%.17g", x));
    }
  }

  /**
   * Reads a family.
   *
   * @throws IllegalArgumentException naming the file and line of what is malformed
   */
  public static NeuralSdfFamily read(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "cannot read neural SDF file "
              + file
              + (Files.exists(file) ? ": " + e : ": no such file"));
    }
    return parse(lines, file.toString());
  }

  /** The family shipped with the workbench ({@code datasets/models/sdf/superellipsoids.nsdf}). */
  public static NeuralSdfFamily shipped() {
    String res = "/org/diffart/sim/models/sdf/superellipsoids.nsdf";
    try (java.io.InputStream in = NeuralSdfFamily.class.getResourceAsStream(res)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + res + ": rebuild the sim module");
      }
      String text = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
      return parse(text.lines().toList(), "superellipsoids.nsdf");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * A family from the lines of its file, {@code file} naming it in errors.
   *
   * @throws IllegalArgumentException naming the file and line of what is malformed
   */
  public static NeuralSdfFamily parse(List<String> lines, String file) {
    int latent = -1, hidden = -1;
    double[] box = null, weights = null;
    Map<String, double[]> codes = new LinkedHashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] t = line.split("\\s+");
      String where = file + ":" + (i + 1);
      try {
        switch (t[0]) {
          case "neural-sdf" -> {
            latent = Integer.parseInt(t[1]);
            hidden = Integer.parseInt(t[2]);
          }
          case "box" -> box = parse(t, 1);
          case "weights" -> weights = parse(t, 1);
          case "code" -> codes.put(t[1], parse(t, 2));
          default ->
              throw new IllegalArgumentException(
                  "unknown line '" + t[0] + "' (neural-sdf, box, weights, code)");
        }
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
      }
    }
    if (latent < 0 || box == null || weights == null || codes.isEmpty()) {
      throw new IllegalArgumentException(
          file + ": a neural SDF file needs its neural-sdf, box, weights and code lines");
    }
    try {
      NeuralSdf net = new NeuralSdf(latent, hidden, weights, codes.values().iterator().next(), box);
      for (var e : codes.entrySet()) {
        net.withParams(e.getValue());
      }
      return new NeuralSdfFamily(net, codes);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
  }

  private static double[] parse(String[] t, int from) {
    double[] v = new double[t.length - from];
    for (int k = 0; k < v.length; k++) {
      v[k] = Double.parseDouble(t[from + k]);
      if (!Double.isFinite(v[k])) {
        throw new IllegalArgumentException("not a finite number: " + t[from + k]);
      }
    }
    return v;
  }

  /**
   * The superellipsoid family the workbench ships: semi-axes 0.1, 0.08, 0.06 m, exponents (ε₁, ε₂)
   * on a 3×3 grid over {0.5, 1, 1.5}², named {@code e1-E1_e2-E2}.
   */
  public static Map<String, Sdf> superellipsoids() {
    Map<String, Sdf> family = new LinkedHashMap<>();
    for (double e1 : new double[] {0.5, 1.0, 1.5}) {
      for (double e2 : new double[] {0.5, 1.0, 1.5}) {
        family.put(
            String.format(Locale.ROOT, "e1-%.1f_e2-%.1f", e1, e2),
            new SuperellipsoidSdf(0.1, 0.08, 0.06, e1, e2));
      }
    }
    return family;
  }

  /** The box around the superellipsoid family. */
  public static final double[] SUPERELLIPSOID_BOX = {-0.1, -0.08, -0.06, 0.1, 0.08, 0.06};

  /** Trains a network on {@code shapes} and names its codes as they are named. */
  public static NeuralSdfFamily train(
      Map<String, Sdf> shapes, double[] box, NeuralSdfTraining.Settings s) {
    NeuralSdfTraining.Result r = NeuralSdfTraining.train(new ArrayList<>(shapes.values()), box, s);
    Map<String, double[]> codes = new LinkedHashMap<>();
    int i = 0;
    for (String name : shapes.keySet()) {
      codes.put(name, r.codes()[i++]);
    }
    return new NeuralSdfFamily(r.network(), codes);
  }

  /**
   * Trains the superellipsoid family with {@link NeuralSdfTraining.Settings#defaults()} and writes
   * it to {@code args[0]} ({@code bin/train-neural-sdf}).
   */
  public static void main(String[] args) {
    if (args.length != 1) {
      System.err.println("usage: NeuralSdfFamily OUT.nsdf");
      System.exit(2);
    }
    NeuralSdfTraining.Settings s = NeuralSdfTraining.Settings.defaults();
    long t0 = System.nanoTime();
    NeuralSdfFamily f = train(superellipsoids(), SUPERELLIPSOID_BOX, s);
    f.write(
        Path.of(args[0]),
        List.of(
            "diffart neural SDF: the superellipsoid family (semi-axes 0.1 0.08 0.06 m, exponents"
                + " {0.5, 1, 1.5}^2),",
            "trained by org.diffart.sim.sdf.NeuralSdfFamily (bin/train-neural-sdf) with " + s,
            "deterministic: the same settings give these numbers"));
    System.err.printf(
        Locale.ROOT,
        "NeuralSdfFamily: trained in %.1f s, wrote %s%n",
        (System.nanoTime() - t0) / 1e9,
        args[0]);
  }
}
