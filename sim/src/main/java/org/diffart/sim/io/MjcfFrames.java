package org.diffart.sim.io;

import java.util.ArrayList;
import java.util.List;
import org.diffart.sim.spatial.Quat;

/**
 * MJCF 3's {@code <frame>} and {@code <replicate>}: coordinate frames inside a body (or the world
 * body) that place the elements they hold and may set their default class, without becoming bodies
 * themselves; a replicate holds its elements once per copy, each copy in its own frame and with a
 * name suffix. As MuJoCo 3.14 compiles them (semantics § 7): a frame's {@code pos} and orientation
 * ({@code quat}, {@code axisangle}, {@code euler}, {@code xyaxes} or {@code zaxis}, in the
 * compiler's angle unit and euler sequence) are relative to the enclosing frame or body; each
 * element inside keeps its own placement relative to the frame, so a body, geom, site or {@code
 * <inertial>} gets position {@code p + q·pos} and orientation {@code q·quat}, a joint anchor {@code
 * p + q·pos} and axis {@code q·axis}, where {@code (p, q)} is the frame composed with its enclosing
 * frames. A geom's or site's {@code fromto} is resolved in the frame first. The frame's {@code
 * childclass}, else its {@code class}, else the class in force around it, is the default class of
 * everything inside, bodies' own elements included. Elements inside frames keep document order
 * among their siblings.
 *
 * <p>Copy {@code i} (from 0) of {@code <replicate count offset euler sep>} sits in the frame with
 * orientation {@code Q(i·euler)} and position {@code Σ_{k<i} Q(k·euler)·offset}, and every name in
 * it (of its bodies' subtrees too) ends with {@code sep} and {@code i} padded with zeros to the
 * digits of {@code count}; a nested replicate's suffix comes before the enclosing one's.
 */
final class MjcfFrames {
  private MjcfFrames() {}

  /**
   * An element of a body with the frame that places it, composed with every enclosing frame, the
   * default class in force and the suffix of the replicated copies it is in.
   *
   * @param frame position and unit quaternion (7: p, q) in the body's frame, or null at the body's
   *     own frame
   * @param childclass the default class in force, or null for the top class
   * @param suffix what MuJoCo appends to the names of this copy ("" outside replicates)
   */
  record Member(XmlElement element, double[] frame, String childclass, String suffix) {
    /** The element's name with the copy's suffix; "" when unnamed (the copies stay unnamed). */
    String name() {
      String n = element.string("name", "").strip();
      return n.isEmpty() ? n : n + suffix;
    }

    /** Whether the element is a copy made by a {@code <replicate>}. */
    boolean replicated() {
      return !suffix.isEmpty();
    }
  }

  /**
   * The elements of a body (or the world body) in document order, with the elements of its frames
   * and of each copy of its replicates (and theirs) in their place; each frame's and replicate's
   * attributes are checked and frame names registered.
   *
   * @param suffix the suffix of the copy the body is in ("" if none)
   */
  static List<Member> members(
      XmlElement body,
      String childclass,
      String suffix,
      MjcfDefaults defaults,
      MjcfCompiler compiler,
      NamedElements names) {
    List<Member> out = new ArrayList<>();
    new Collector(defaults, compiler, names, out).collect(body, null, childclass, suffix);
    return out;
  }

  /** Walks frames and replicates, adding their elements to {@code out}. */
  private record Collector(
      MjcfDefaults defaults, MjcfCompiler compiler, NamedElements names, List<Member> out) {
    void collect(XmlElement container, double[] frame, String childclass, String suffix) {
      for (XmlElement c : container.children()) {
        switch (c.name()) {
          case "frame" -> frame(c, frame, childclass, suffix);
          case "replicate" -> replicate(c, frame, childclass, suffix);
          default -> out.add(new Member(c, frame, childclass, suffix));
        }
      }
    }

    private void frame(XmlElement c, double[] frame, String childclass, String suffix) {
      c.requireAttributesIn(MjcfSchema.FRAME);
      String name = c.string("name", "").strip();
      names.register("frame", name.isEmpty() ? name : name + suffix, c);
      double[] own = new double[7];
      System.arraycopy(c.has("pos") ? c.numbers("pos", 3) : new double[3], 0, own, 0, 3);
      double[] q = MjcfOrientation.of(new MjcfAttributes(c, List.of()), compiler);
      System.arraycopy(q, 0, own, 3, 4);
      collect(c, compose(frame, own), innerClass(c, childclass), suffix);
    }

    private void replicate(XmlElement c, double[] frame, String childclass, String suffix) {
      c.requireAttributesIn(MjcfSchema.REPLICATE);
      if (!c.has("count")) {
        throw c.error("required attribute 'count' is missing");
      }
      int count = c.integer("count", 0);
      double[] offset = c.has("offset") ? c.numbers("offset", 3) : new double[3];
      double[] euler = c.has("euler") ? c.numbers("euler", 3) : new double[3];
      String sep = c.string("sep", "");
      String cc = innerClass(c, childclass);
      int digits = Integer.toString(count).length();
      // copy i: orientation Q(i euler) (resolved anew, not the first turn i times), position the
      // sum of the earlier copies' turned offsets
      double[] copy = {0, 0, 0, 1, 0, 0, 0};
      for (int i = 0; i < count; i++) {
        double[] q =
            MjcfOrientation.euler(
                new double[] {i * euler[0], i * euler[1], i * euler[2]}, compiler);
        System.arraycopy(q, 0, copy, 3, 4);
        String n = Integer.toString(i);
        String own = sep + "0".repeat(digits - n.length()) + n;
        collect(c, compose(frame, copy.clone()), cc, own + suffix);
        double[] step = new double[3];
        Quat.rotate(step, 0, q, 0, offset, 0);
        for (int k = 0; k < 3; k++) {
          copy[k] += step[k];
        }
      }
    }

    /** The default class inside a frame or replicate: its childclass, else its class. */
    private String innerClass(XmlElement c, String childclass) {
      String cc = childclass;
      for (String attr : new String[] {"class", "childclass"}) {
        if (c.has(attr)) {
          cc = c.attribute(attr).strip();
          defaults.requireClass(c, cc);
        }
      }
      return cc;
    }
  }

  /**
   * The frame {@code child}, given in {@code parent}, expressed where {@code parent} is; child
   * itself when parent is null.
   */
  private static double[] compose(double[] parent, double[] child) {
    if (parent == null) {
      return child;
    }
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
