package org.diffart.kernel.magic;

import java.util.List;
import java.util.Locale;
import org.diffart.kernel.display.Coordinates;
import org.diffart.sim.diff.KinematicJacobian;
import org.diffart.sim.model.Model;

/**
 * What {@code %jac} returns: a kinematic Jacobian ({@link KinematicJacobian}, MuJoCo's {@code
 * mj_jac}) shown as its translation and rotation, 3×nv each, rows the world axes and columns the
 * degrees of freedom ({@link Coordinates#qvel}). A {@link KinematicJacobian} a cell computes itself
 * shows the same way.
 *
 * @param start where the configuration came from, e.g. {@code key stand}, or null when not known
 * @param jacobian the matrices
 */
public record JacobianReport(String start, KinematicJacobian jacobian) implements MatrixReport {
  private static final String[] XYZ = {"x", "y", "z"};

  /** The model. */
  public Model model() {
    return jacobian.model();
  }

  /** One line: what the point is, where, and the shapes. */
  @Override
  public String title() {
    double[] p = jacobian.point();
    return String.format(
        Locale.ROOT,
        "jacobian of %s %s of %s%s at (%.6g, %.6g, %.6g), world frame: translation and rotation, 3 × nv"
            + " (nv = %d) with respect to qvel",
        jacobian.frame(),
        jacobian.name(),
        model().name(),
        start == null ? "" : " (" + start + ")",
        p[0],
        p[1],
        p[2],
        model().nv());
  }

  @Override
  public List<NamedMatrix> parts() {
    String[] dofs = Coordinates.qvel(model());
    return List.of(
        new NamedMatrix("jacp: point velocity / qvel", jacobian.translation(), XYZ, dofs),
        new NamedMatrix("jacr: angular velocity / qvel", jacobian.rotation(), XYZ, dofs));
  }

  @Override
  public String toString() {
    return title();
  }
}
