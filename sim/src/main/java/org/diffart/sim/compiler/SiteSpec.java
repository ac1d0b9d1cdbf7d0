package org.diffart.sim.compiler;

import org.diffart.sim.model.GeomType;
import org.diffart.sim.spatial.Quat;

/**
 * A site under construction: a frame attached to a body, with a shape (sphere, capsule, ellipsoid,
 * cylinder or box, sized as geoms) that only sensors read. Sites have no mass and never collide.
 * Created by {@link ModelBuilder#addSite}.
 */
public final class SiteSpec {
  /** MuJoCo's {@code user} values (the model pads them to its nuser with zeros). */
  double[] user = {};

  /** Sets MuJoCo's {@code user} values. */
  public SiteSpec user(double... v) {
    user = v.clone();
    return this;
  }

  final int body;
  final GeomType type;
  final String name;
  final double[] size = {0.005, 0.005, 0.005};
  final double[] pos = new double[3];
  final double[] quat = {1, 0, 0, 0};
  int compiledIndex = -1;

  SiteSpec(int body, GeomType type, String name) {
    if (type == GeomType.PLANE || type == GeomType.HFIELD) {
      throw new IllegalArgumentException(
          "site '"
              + name
              + "': a site is a sphere, capsule, ellipsoid, cylinder or"
              + " box, not a "
              + type.mjcfName());
    }
    this.body = body;
    this.type = type;
    this.name = name;
  }

  public int body() {
    return body;
  }

  public String name() {
    return name;
  }

  /** Size parameters as for a geom of the same type (MuJoCo's default 0.005 each). */
  public SiteSpec size(double... s) {
    if (s.length > 3) {
      throw new IllegalArgumentException("a site size has at most 3 values, got " + s.length);
    }
    System.arraycopy(s, 0, size, 0, s.length);
    return this;
  }

  public SiteSpec pos(double x, double y, double z) {
    pos[0] = x;
    pos[1] = y;
    pos[2] = z;
    return this;
  }

  public SiteSpec quat(double w, double x, double y, double z) {
    quat[0] = w;
    quat[1] = x;
    quat[2] = y;
    quat[3] = z;
    Quat.normalize(quat, 0);
    return this;
  }

  /** Moves the site, as placed so far, into a frame of its body, as {@link GeomSpec#inFrame}. */
  public SiteSpec inFrame(double[] framePos, double[] frameQuat) {
    GeomSpec.placeInFrame(pos, quat, framePos, frameQuat);
    return this;
  }

  /** MuJoCo's {@code fromto}, as {@link GeomSpec#fromto}. */
  public SiteSpec fromto(double x1, double y1, double z1, double x2, double y2, double z2) {
    GeomSpec.placeBetween(type, pos, quat, size, x1, y1, z1, x2, y2, z2);
    return this;
  }
}
