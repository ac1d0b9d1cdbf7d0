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
    e.requireAttributesIn(with("objtype", "objname"));
    String objtype = e.required("objtype").strip();
    FrameType frame =
        switch (objtype) {
          case "body" -> FrameType.BODY;
          case "xbody" -> FrameType.XBODY;
          case "geom" -> FrameType.GEOM;
          case "site" -> FrameType.SITE;
          default ->
              throw e.error(
                  "attribute 'objtype': '" + objtype + "' is not one of body, xbody, geom, site");
        };
    Object target =
        switch (frame) {
          case BODY, XBODY -> body(e, "objname", b);
          case GEOM -> {
            GeomSpec g = bodies.geom(e.required("objname").strip());
            if (g == null) {
              throw e.error("unknown geom '" + e.attribute("objname").strip() + "'");
            }
            yield g;
          }
          case SITE, NONE -> site(e, "objname", bodies);
        };
    return b.addSensor(type, frame, target, name);
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
