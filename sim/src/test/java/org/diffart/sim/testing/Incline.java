package org.diffart.sim.testing;

import org.diffart.sim.compiler.BodySpec;
import org.diffart.sim.compiler.ModelBuilder;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.GeomType;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.Options;

/** A box block on an inclined plane, the contact tests' scene. */
public final class Incline {
  private Incline() {}

  public static final double HALF = 0.1;

  /** A 1 kg cube of half-size 0.1 with a free joint on a plane tilted by theta about y. */
  public static Model blockOnIncline(double theta, double mu, Options o) {
    ModelBuilder b = new ModelBuilder("incline");
    b.options(o);
    b.addGeom(0, GeomType.PLANE, "ground")
        .size(0, 0, 1)
        .quat(Math.cos(theta / 2), 0, Math.sin(theta / 2), 0)
        .friction(mu, 0, 0);
    BodySpec box = b.addBody(0, "block");
    b.addJoint(box.id(), JointType.FREE, "free");
    b.addGeom(box.id(), GeomType.BOX, "cube").size(HALF, HALF, HALF).mass(1).friction(mu, 0, 0);
    return b.build();
  }

  /** Places the block resting on the incline (penetrating by {@code depth}), at rest. */
  public static void restOnIncline(Model m, Data d, double theta, double depth) {
    double h = HALF - depth;
    // plane normal n = (sin θ, 0, cos θ); block centre at h·n, block rotated like the plane
    d.qpos[0] = h * Math.sin(theta);
    d.qpos[1] = 0;
    d.qpos[2] = h * Math.cos(theta);
    d.qpos[3] = Math.cos(theta / 2);
    d.qpos[4] = 0;
    d.qpos[5] = Math.sin(theta / 2);
    d.qpos[6] = 0;
  }
}
