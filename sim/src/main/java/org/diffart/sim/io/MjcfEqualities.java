package org.diffart.sim.io;

import java.util.Set;
import org.diffart.sim.compiler.EqualitySpec;
import org.diffart.sim.compiler.ModelBuilder;
import org.diffart.sim.model.EqualityType;
import org.diffart.sim.model.JointType;

/**
 * Reads MJCF {@code <equality>} sections with MuJoCo 2.2.2's meaning: {@code connect} (body1, body2
 * default the world, anchor in body 1, required), {@code weld} (body1, body2, anchor in body 2,
 * relpose — a zero quaternion, the default, takes the pose at qpos0 — and torquescale), {@code
 * joint} (joint1, joint2, polycoef) and {@code tendon} (tendon1, tendon2, polycoef), each with
 * name, class and active. Their rows are bilateral constraints in the same projected Gauss-Seidel
 * solve as contacts and limits; MuJoCo's soft-constraint parameters (solref, solimp) are checked,
 * ignored and listed in the model's warnings like those of joints and geoms.
 */
final class MjcfEqualities {
  private MjcfEqualities() {}

  static void read(
      XmlElement section,
      ModelBuilder b,
      MjcfDefaults defaults,
      NamedElements names,
      MjcfBodies bodies) {
    section.requireAttributesIn(Set.of());
    for (XmlElement e : section.children()) {
      EqualityType type =
          switch (e.name()) {
            case "connect" -> EqualityType.CONNECT;
            case "weld" -> EqualityType.WELD;
            case "joint" -> EqualityType.JOINT;
            case "tendon" -> EqualityType.TENDON;
            case "distance" ->
                throw e.error("distance equality constraints were removed in MuJoCo 2.2.2");
            default ->
                throw MjcfSchema.unsupported(e, "equality", "connect, weld, joint, tendon", "");
          };
      e.requireAttributesIn(
          switch (type) {
            case CONNECT -> MjcfSchema.CONNECT;
            case WELD -> MjcfSchema.WELD;
            case JOINT -> MjcfSchema.EQ_JOINT;
            case TENDON -> MjcfSchema.EQ_TENDON;
          });
      MjcfAttributes a = defaults.resolve(e, MjcfDefaults.EQUALITY, null);
      String name = e.string("name", "").strip();
      names.register("equality", name, e);
      bodies.ignoreSoftConstraint(a, "solref", "solimp");
      String kind =
          type == EqualityType.CONNECT || type == EqualityType.WELD
              ? "body"
              : type == EqualityType.JOINT ? "joint" : "tendon";
      EqualitySpec s =
          b.addEquality(type, object(e, b, kind, kind + "1", true), name)
              .obj2(object(e, b, kind, kind + "2", false))
              .active(a.keyword("active", "true", "true", "false").equals("true"));
      switch (type) {
        case CONNECT -> {
          double[] anchor = e.numbers("anchor", 3);
          s.anchor(anchor[0], anchor[1], anchor[2]);
        }
        case WELD -> {
          if (e.has("anchor")) {
            double[] anchor = e.numbers("anchor", 3);
            s.anchor(anchor[0], anchor[1], anchor[2]);
          }
          if (e.has("relpose")) {
            s.relpose(e.numbers("relpose", 7));
          }
          double ts = e.number("torquescale", 1);
          if (ts < 0) {
            throw e.error(
                "attribute 'torquescale' must be non-negative, got "
                    + ts
                    + ": diffart's weld scales the orientation rows' Jacobian but not their"
                    + " violation (as MuJoCo 2.2.2), so a negative scale would drive the"
                    + " orientation error away (semantics § 7)");
          }
          s.torquescale(ts);
        }
        case JOINT, TENDON -> {
          if (e.has("polycoef")) {
            s.polycoef(e.numbers("polycoef", 5));
          }
        }
      }
    }
  }

  /**
   * The builder's index of the body, joint or tendon that attribute {@code attr} names; -1 when
   * absent.
   */
  private static int object(
      XmlElement e, ModelBuilder b, String kind, String attr, boolean required) {
    if (!e.has(attr)) {
      if (required) {
        e.required(attr);
      }
      return -1;
    }
    String n = e.string(attr, "").strip();
    int id =
        switch (kind) {
          case "body" -> b.bodyId(n);
          case "joint" -> b.jointId(n);
          default -> b.tendonId(n);
        };
    if (id < 0) {
      throw e.error("unknown " + kind + " '" + n + "' in " + attr);
    }
    if (kind.equals("joint")) {
      JointType t = b.joint(id).type();
      if (t != JointType.HINGE && t != JointType.SLIDE) {
        throw e.error(
            attr
                + " '"
                + n
                + "' is a "
                + t.name().toLowerCase(java.util.Locale.ROOT)
                + " joint; a joint equality couples hinges and slides (MuJoCo too)");
      }
    }
    return id;
  }
}
