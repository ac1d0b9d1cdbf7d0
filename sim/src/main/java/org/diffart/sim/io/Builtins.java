package org.diffart.sim.io;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.util.ArrayList;
import java.util.List;
import org.diffart.sim.compiler.BodySpec;
import org.diffart.sim.compiler.ModelBuilder;
import org.diffart.sim.model.ActuatorType;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.Integrator;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.Options;

/**
 * The built-in models, {@code builtin:NAME[:ARG]} on the command line. Each is an MJCF file of
 * {@code datasets/models/} (packaged on the class path under {@code org/diffart/sim/models/}; the
 * file's header says where its numbers come from), except {@code pendulum:N}, which is generated
 * here for any N.
 */
public final class Builtins {
  private static final String RESOURCES = "org/diffart/sim/models/";

  /**
   * The file-backed built-ins, in the order {@link #names()} lists them (those present in this
   * build).
   */
  private static final List<String> FILES =
      List.of("laikago", "laikago10", "arm9", "golf", "ant", "humanoid", "chain50");

  /**
   * Link masses of the paper's RL pendulum (Qiao et al. 2021), kg: the first link, then every other
   * one.
   */
  private static final double FIRST_MASS = 1;

  private static final double OTHER_MASS = 2.16;

  /**
   * Principal inertias about each link's centre of mass, kg·m², from the paper's {@code
   * pendulum7.urdf}.
   */
  private static final double[] FIRST_INERTIA = {0.00494174, 0.00494875, 0.002219};

  private static final double[] OTHER_INERTIA = {0.0048979, 0.00539427, 0.00311573};
  private static final double LINK_LENGTH = 0.5;

  private Builtins() {}

  /**
   * The available names, as written after {@code builtin:} ({@code pendulum:N} takes the number of
   * links).
   */
  public static List<String> names() {
    List<String> names = new ArrayList<>();
    names.add("pendulum:N");
    for (String f : FILES) {
      if (resource(f) != null) {
        names.add(f);
      }
    }
    return names;
  }

  /**
   * Loads {@code NAME[:ARG]} (without the {@code builtin:} prefix).
   *
   * @throws IllegalArgumentException for an unknown name, listing the available ones, or a bad
   *     argument
   */
  public static Model load(String spec) {
    int colon = spec.indexOf(':');
    String name = colon < 0 ? spec : spec.substring(0, colon);
    String arg = colon < 0 ? null : spec.substring(colon + 1);
    if (name.equals("pendulum")) {
      return pendulum(links(arg));
    }
    URL url = FILES.contains(name) ? resource(name) : null;
    if (url == null) {
      throw new IllegalArgumentException(
          "builtin:"
              + spec
              + ": unknown built-in model; available: builtin:"
              + String.join(", builtin:", names()));
    }
    if (arg != null) {
      throw new IllegalArgumentException(
          "builtin:" + spec + ": built-in model " + name + " takes no argument");
    }
    try (InputStream in = url.openStream()) {
      return MjcfLoader.load(in, "builtin:" + name);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read built-in model " + name, e);
    }
  }

  /**
   * The paper's RL pendulum chain with {@code n} links (Qiao et al. 2021; as {@code
   * datasets/models/pendulum7.xml} for n = 7): links of 0.5 m along +x at q = 0, each with a hinge
   * about y at its near end; the first link 1 kg, the others 2.16 kg, each with its centre of mass
   * at the far end; capsule rods (r 0.02) and tip spheres (r 0.05) with contacts disabled; one
   * motor per joint (gear 10, ctrl in [-1, 1]); time step 1 ms; keyframe {@code hang} with the
   * first joint at π/2 (hanging down) and the others at 0.1 rad, or 0.01 rad above 20 links (larger
   * relative angles curl a long chain up), as {@code datasets/models/generate.py} writes the files.
   */
  public static Model pendulum(int n) {
    if (n < 1) {
      throw new IllegalArgumentException(
          "builtin:pendulum:" + n + ": a pendulum needs at least one link");
    }
    ModelBuilder b =
        new ModelBuilder("pendulum" + n)
            .options(
                Options.builder()
                    .timestep(0.001)
                    .gravity(0, 0, -9.81)
                    .integrator(Integrator.EULER)
                    .build());
    int parent = 0;
    double[] hang = new double[n];
    for (int i = 0; i < n; i++) {
      BodySpec link = b.addBody(parent, "link" + i).pos(i == 0 ? 0 : LINK_LENGTH, 0, 0);
      b.addJoint(link.id(), JointType.HINGE, "joint" + i).axis(0, 1, 0);
      link.inertial(
          i == 0 ? FIRST_MASS : OTHER_MASS,
          new double[] {LINK_LENGTH, 0, 0},
          new double[] {1, 0, 0, 0},
          i == 0 ? FIRST_INERTIA : OTHER_INERTIA);
      b.addGeom(link.id(), GeomType.CAPSULE, "rod" + i)
          .size(0.02)
          .fromto(0, 0, 0, LINK_LENGTH, 0, 0)
          .contype(0)
          .conaffinity(0);
      b.addGeom(link.id(), GeomType.SPHERE, "tip" + i)
          .size(0.05)
          .pos(LINK_LENGTH, 0, 0)
          .contype(0)
          .conaffinity(0);
      hang[i] = i == 0 ? Math.PI / 2 : n <= 20 ? 0.1 : 0.01;
      parent = link.id();
    }
    for (int i = 0; i < n; i++) {
      b.addActuator(ActuatorType.MOTOR, i, "joint" + i).gear(10).ctrlRange(-1, 1);
    }
    b.addKeyframe("hang").qpos(hang);
    return b.build();
  }

  private static int links(String arg) {
    if (arg == null) {
      throw new IllegalArgumentException(
          "builtin:pendulum needs the number of links, e.g. builtin:pendulum:7");
    }
    try {
      return Integer.parseInt(arg.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "builtin:pendulum:" + arg + ": the number of links must be an integer", e);
    }
  }

  private static URL resource(String name) {
    return Builtins.class.getClassLoader().getResource(RESOURCES + name + ".xml");
  }
}
