package org.diffart.cli;

import com.google.gson.JsonObject;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.Derivatives;
import org.diffart.sim.diff.KinematicJacobian;
import org.diffart.sim.model.Model;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code diffart jac --model M (--body NAME [--com | --point x,y,z] | --site NAME) [state]}: the
 * kinematic Jacobian of a point fixed to a body, as MuJoCo's {@code mj_jac} family gives it.
 */
@Command(
    name = "jac",
    description =
        "Kinematic Jacobian of a body's origin, centre of mass or point, or of a site: translation and rotation"
            + " with respect to qvel (tangent space), world frame, as MuJoCo's mj_jac.",
    footer = {
      "",
      "jacp (3 x nv) maps qvel to the point's velocity, jacr (3 x nv) to the body's angular velocity, both in"
          + " the world frame at the configuration of the state options (--qpos or --key; velocities and controls"
          + " play no part). Columns follow qvel: a quaternion's 3, not its 4 numbers of qpos. Not a derivative"
          + " of the dynamics: see 'derivatives' (the smooth dynamics at a state) and 'transition' (a step).",
      "--body B: B's origin (mj_jacBody); with --com its centre of mass (mj_jacBodyCom); with --point x,y,z the"
          + " world point x,y,z moving with B (mj_jac). --site S: the site (mj_jacSite).",
      "JSON keys: model, frame (body, body_com, point or site), name, body (the body the point moves with),"
          + " point (world), nv, jacp, jacr (row-major nested arrays), shapes ({jacp: [3, nv], jacr: [3, nv]})."
    })
final class JacCommand implements Callable<Integer> {
  @Mixin private ModelOption model;
  @Mixin private StateOptions state;
  @Mixin private Output output;

  @Option(names = "--body", paramLabel = "NAME", description = "The body, by name.")
  private String body;

  @Option(names = "--site", paramLabel = "NAME", description = "The site, by name.")
  private String site;

  @Option(
      names = "--point",
      paramLabel = "x,y,z",
      converter = Vector.Converter.class,
      description = "With --body: a point in world coordinates moving with the body.")
  private Vector point;

  @Option(names = "--com", description = "With --body: the body's centre of mass.")
  private boolean com;

  @Spec private CommandSpec spec;

  @Override
  public Integer call() {
    if ((body == null) == (site == null)) {
      throw usage("give exactly one of --body NAME or --site NAME");
    }
    if (site != null && (point != null || com)) {
      throw usage("--point and --com go with --body, not --site");
    }
    if (point != null && com) {
      throw usage("--point and --com exclude each other");
    }
    if (point != null && point.values().length != 3) {
      throw usage(
          "--point needs exactly 3 values (x, y, z in the world frame), got "
              + point.values().length);
    }
    Model m = model.load();
    Data d = state.initial(m);
    KinematicJacobian j;
    try {
      if (site != null) {
        j = Derivatives.siteJacobian(m, d, Derivatives.siteId(m, site));
      } else {
        int b = Derivatives.bodyId(m, body);
        j =
            com
                ? Derivatives.bodyComJacobian(m, d, b)
                : point != null
                    ? Derivatives.pointJacobian(m, d, b, point.values())
                    : Derivatives.bodyJacobian(m, d, b);
      }
    } catch (IllegalArgumentException e) {
      throw usage((site != null ? "--site: " : "--body: ") + e.getMessage());
    }
    JsonObject o = new JsonObject();
    o.addProperty("model", m.name());
    o.addProperty("frame", j.frame());
    o.addProperty("name", j.name());
    o.addProperty("body", m.bodyName(j.body()));
    o.add("point", Output.array(j.point()));
    o.addProperty("nv", m.nv());
    o.add("jacp", Output.matrix(j.translation()));
    o.add("jacr", Output.matrix(j.rotation()));
    JsonObject shapes = new JsonObject();
    shapes.add("jacp", Output.shape(3, m.nv()));
    shapes.add("jacr", Output.shape(3, m.nv()));
    o.add("shapes", shapes);
    output.print(o, () -> text(m, j));
    return 0;
  }

  private ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }

  private static String text(Model m, KinematicJacobian j) {
    StringBuilder s =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "jacobian of %s %s of %s at (%.6g, %.6g, %.6g), world frame; columns: qvel (nv = %d)%n",
                j.frame(),
                j.name(),
                m.name(),
                j.point()[0],
                j.point()[1],
                j.point()[2],
                m.nv()));
    Output.text(s, "jacp (3 x nv, translation)", j.translation());
    Output.text(s, "jacr (3 x nv, rotation)", j.rotation());
    return s.toString();
  }
}
