package org.diffart.sim.io;

import java.util.ArrayList;
import java.util.List;
import org.diffart.sim.spatial.Quat;

/**
 * MJCF 3's {@code <frame>}: a coordinate frame inside a body (or the world body) that places the
 * elements it holds and may set their default class, without becoming a body itself. As MuJoCo 3.14
 * compiles it (semantics § 7): a frame's {@code pos} and orientation ({@code quat}, {@code
 * axisangle}, {@code euler}, {@code xyaxes} or {@code zaxis}, in the compiler's angle unit and
 * euler sequence) are relative to the enclosing frame or body; each element inside keeps its own
 * placement relative to the frame, so a body, geom, site or {@code <inertial>} gets position {@code
 * p + q·pos} and orientation {@code q·quat}, a joint anchor {@code p + q·pos} and axis {@code
 * q·axis}, where {@code (p, q)} is the frame composed with its enclosing frames. A geom's or site's
 * {@code fromto} is resolved in the frame first. The frame's {@code childclass}, else its {@code
 * class}, else the class in force around it, is the default class of everything inside, bodies' own
 * elements included. Elements inside frames keep document order among their siblings.
 */
final class MjcfFrames {
  private MjcfFrames() {}

  /**
   * An element of a body with the frame that places it, composed with every enclosing frame, and
   * the default class in force.
   *
   * @param frame position and unit quaternion (7: p, q) in the body's frame, or null at the body's
   *     own frame
   * @param childclass the default class in force, or null for the top class
   */
  record Member(XmlElement element, double[] frame, String childclass) {}

  /**
   * The elements of a body (or the world body) in document order, with the elements of its frames
   * (and theirs) in their place instead of the frames; each frame's attributes are checked and its
   * name registered.
   */
  static List<Member> members(
      XmlElement body,
      String childclass,
      MjcfDefaults defaults,
      MjcfCompiler compiler,
      NamedElements names) {
    List<Member> out = new ArrayList<>();
    collect(body, null, childclass, defaults, compiler, names, out);
    return out;
  }

  private static void collect(
      XmlElement container,
      double[] frame,
      String childclass,
      MjcfDefaults defaults,
      MjcfCompiler compiler,
      NamedElements names,
      List<Member> out) {
    for (XmlElement c : container.children()) {
      if (!c.name().equals("frame")) {
        out.add(new Member(c, frame, childclass));
        continue;
      }
      c.requireAttributesIn(MjcfSchema.FRAME);
      names.register("frame", c.string("name", "").strip(), c);
      String cc = childclass;
      for (String attr : new String[] {"class", "childclass"}) {
        if (c.has(attr)) {
          cc = c.attribute(attr).strip();
          defaults.requireClass(c, cc);
        }
      }
      double[] own = new double[7];
      System.arraycopy(c.has("pos") ? c.numbers("pos", 3) : new double[3], 0, own, 0, 3);
      double[] q = MjcfOrientation.of(new MjcfAttributes(c, List.of()), compiler);
      System.arraycopy(q, 0, own, 3, 4);
      collect(c, frame == null ? own : compose(frame, own), cc, defaults, compiler, names, out);
    }
  }

  /** The frame {@code child}, given in {@code parent}, expressed where {@code parent} is. */
  private static double[] compose(double[] parent, double[] child) {
    double[] res = new double[7];
    Quat.rotate(res, 0, parent, 3, child, 0);
    for (int k = 0; k < 3; k++) {
      res[k] += parent[k];
    }
    Quat.mul(res, 3, parent, 3, child, 3);
    Quat.normalize(res, 3);
    return res;
  }

  /** A point of the frame in the enclosing body's frame: {@code p + q·v}; v itself if no frame. */
  static double[] point(double[] frame, double[] v) {
    if (frame == null) {
      return v;
    }
    double[] res = vector(frame, v);
    for (int k = 0; k < 3; k++) {
      res[k] += frame[k];
    }
    return res;
  }

  /** A direction of the frame in the enclosing body's frame: {@code q·v}; v itself if no frame. */
  static double[] vector(double[] frame, double[] v) {
    if (frame == null) {
      return v;
    }
    double[] res = new double[3];
    Quat.rotate(res, 0, frame, 3, v, 0);
    return res;
  }

  /** An orientation in the frame as one in the enclosing body's frame: {@code q·quat}. */
  static double[] rotation(double[] frame, double[] quat) {
    if (frame == null) {
      return quat;
    }
    double[] res = new double[4];
    Quat.mul(res, 0, frame, 3, quat, 0);
    return res;
  }

  /** The frame's position (3), or null for none. */
  static double[] pos(double[] frame) {
    return frame == null ? null : new double[] {frame[0], frame[1], frame[2]};
  }

  /** The frame's orientation (4), or null for none. */
  static double[] quat(double[] frame) {
    return frame == null ? null : new double[] {frame[3], frame[4], frame[5], frame[6]};
  }
}
