package org.diffart.sim.io;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.diffart.sim.compiler.GeomSpec;
import org.diffart.sim.compiler.ModelBuilder;
import org.diffart.sim.compiler.SensorSpec;
import org.diffart.sim.compiler.SiteSpec;
import org.diffart.sim.model.FrameType;
import org.diffart.sim.model.SensorType;

/**
 * Reads MJCF {@code <sensor>} sections with MuJoCo 2.2.2's syntax: one element per sensor, named by
 * its type ({@link SensorType}), attached by {@code site}, {@code joint}, {@code actuator}, {@code
 * body} or, for frame sensors, {@code objtype} and {@code objname} ({@code clock} to nothing).
 * {@code noise} is read and kept by MuJoCo for user code and never added to the data, so it is
 * checked and ignored here too; {@code cutoff} clamps; {@code user} gives its user values ({@link
 * MjcfUser}).
 */
final class MjcfSensors {
  private static final Set<String> COMMON =
      Set.of("name", "noise", "cutoff", "user", "delay", "interval", "nsample", "interp");

  private MjcfSensors() {}

  /** Adds the sensors of one {@code <sensor>} section, in document order. */
  static void read(
      XmlElement section,
      ModelBuilder b,
      MjcfBodies bodies,
      List<String> actuators,
      NamedElements names) {
    section.requireAttributesIn(Set.of());
    for (XmlElement e : section.children()) {
      SensorType type = type(e);
      String name = e.string("name", "").strip();
      names.register("sensor", name, e);
      SensorSpec s =
          switch (type.object) {
            case SITE -> {
              e.requireAttributesIn(with("site"));
              yield b.addSensor(type, null, site(e, "site", bodies), name);
            }
            case JOINT -> {
              e.requireAttributesIn(with("joint"));
              int j = b.jointId(e.required("joint").strip());
              if (j < 0) {
                throw e.error("unknown joint '" + e.attribute("joint").strip() + "'");
              }
              yield b.addSensor(type, null, j, name);
            }
            case TENDON -> {
              e.requireAttributesIn(with("tendon"));
              int t = b.tendonId(e.required("tendon").strip());
              if (t < 0 || e.attribute("tendon").isBlank()) {
                throw e.error("unknown tendon '" + e.attribute("tendon").strip() + "'");
              }
              yield b.addSensor(type, null, t, name);
            }
            case ACTUATOR -> {
              e.requireAttributesIn(with("actuator"));
              String a = e.required("actuator").strip();
              int u = a.isEmpty() ? -1 : actuators.indexOf(a);
              if (u < 0) {
                throw e.error("unknown actuator '" + e.attribute("actuator").strip() + "'");
              }
              yield b.addSensor(type, null, u, name);
            }
            case BODY -> {
              e.requireAttributesIn(with("body"));
              yield b.addSensor(type, null, body(e, "body", b), name);
            }
            case FRAME -> frame(e, type, b, bodies, name);
            case NONE -> {
              e.requireAttributesIn(COMMON);
              yield b.addSensor(type, null, 0, name);
            }
          };
      if (e.has("noise") && e.number("noise") < 0) {
        throw e.error("noise must be non-negative, got " + e.attribute("noise"));
      }
      double cutoff = e.number("cutoff", 0);
      if (cutoff < 0) {
        throw e.error("cutoff must be non-negative, got " + cutoff);
      }
      s.cutoff(cutoff);
      s.user(MjcfUser.read(e, "sensor", b));
      if (e.has("delay") || e.has("interval") || e.has("nsample") || e.has("interp")) {
        try {
          s.history(
              e.number("delay", 0),
              e.number("interval", 0),
              e.integer("nsample", 0),
              MjcfActuators.interp(e.keyword("interp", "zoh", "zoh", "linear", "cubic")));
        } catch (IllegalArgumentException x) {
          throw e.error(x.getMessage());
        }
      }
    }
  }

  private static SensorType type(XmlElement e) {
    if (e.name().equals("user")) {
      throw e.error(
          "user sensors are written by MuJoCo's sensor callback (mjcb_sensor), which diffart has no"
              + " counterpart of; compute the value from Data in your own code instead");
    }
    for (SensorType t : SensorType.values()) {
      if (t.mjcfName().equals(e.name())) {
        return t;
      }
    }
    String supported =
        Stream.of(SensorType.values()).map(SensorType::mjcfName).collect(Collectors.joining(", "));
    throw e.error("unsupported sensor <" + e.name() + "> (supported: " + supported + ")");
  }

  private static SensorSpec frame(
      XmlElement e, SensorType type, ModelBuilder b, MjcfBodies bodies, String name) {
    if (type.takesReference()) {
      e.requireAttributesIn(with("objtype", "objname", "reftype", "refname"));
    } else {
      e.requireAttributesIn(with("objtype", "objname"));
    }
    FrameType frame = frameType(e, "objtype");
    SensorSpec s = b.addSensor(type, frame, frameTarget(e, frame, "objname", b, bodies), name);
    if (e.has("reftype") != e.has("refname")) {
      throw e.error("attributes 'reftype' and 'refname' must be given together (MuJoCo too)");
    }
    if (e.has("reftype")) {
      FrameType ref = frameType(e, "reftype");
      s.reference(ref, frameTarget(e, ref, "refname", b, bodies));
    }
    return s;
  }

  /** The frame type an {@code objtype} or {@code reftype} attribute names. */
  private static FrameType frameType(XmlElement e, String attr) {
    String t = e.required(attr).strip();
    return switch (t) {
      case "body" -> FrameType.BODY;
      case "xbody" -> FrameType.XBODY;
      case "geom" -> FrameType.GEOM;
      case "site" -> FrameType.SITE;
      case "camera" ->
          throw e.error(
              "attribute '"
                  + attr
                  + "': cameras are not loaded by diffart (body, xbody, geom, site)");
      default ->
          throw e.error(
              "attribute '" + attr + "': '" + t + "' is not one of body, xbody, geom, site");
    };
  }

  /** The body index, geom or site that attribute attr names as a frame of type f. */
  private static Object frameTarget(
      XmlElement e, FrameType f, String attr, ModelBuilder b, MjcfBodies bodies) {
    return switch (f) {
      case BODY, XBODY -> body(e, attr, b);
      case GEOM -> {
        GeomSpec g = bodies.geom(e.required(attr).strip());
        if (g == null) {
          throw e.error("unknown geom '" + e.attribute(attr).strip() + "'");
        }
        yield g;
      }
      case SITE, NONE -> site(e, attr, bodies);
    };
  }

  private static SiteSpec site(XmlElement e, String attr, MjcfBodies bodies) {
    SiteSpec s = bodies.site(e.required(attr).strip());
    if (s == null) {
      throw e.error("unknown site '" + e.attribute(attr).strip() + "'");
    }
    return s;
  }

  private static int body(XmlElement e, String attr, ModelBuilder b) {
    String n = e.required(attr).strip();
    int id = n.equals("world") ? 0 : b.bodyId(n);
    if (id < 0) {
      throw e.error("unknown body '" + n + "'");
    }
    return id;
  }

  private static Set<String> with(String... attrs) {
    return Stream.concat(COMMON.stream(), Stream.of(attrs)).collect(Collectors.toUnmodifiableSet());
  }
}
