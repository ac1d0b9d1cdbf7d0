package org.diffart.kernel.magic;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.diffart.kernel.display.Coordinates;
import org.diffart.kernel.display.Readable;
import org.diffart.sim.diff.SmoothDerivatives;
import org.diffart.sim.model.Model;

/**
 * What {@code %derivatives} returns: the internal derivatives of the smooth dynamics at a state
 * ({@link SmoothDerivatives}): {@code ∂qfrc_smooth/∂qvel} (MuJoCo's {@code qDeriv}) and {@code
 * ∂qacc_smooth/∂(q, qvel, act, ctrl)}, rows the degrees of freedom, columns the tangent coordinates
 * of q ({@link Coordinates#tangent}), the dofs, the activations and the actuators. A {@link
 * SmoothDerivatives} a cell computes itself shows the same way.
 *
 * @param start where the state came from, e.g. {@code key stand}, or null when not known
 * @param derivatives the matrices
 */
public record DerivativesReport(String start, SmoothDerivatives derivatives)
    implements MatrixReport {

  /** The model. */
  public Model model() {
    return derivatives.model();
  }

  /** One line: the model, the method, the sizes and the time it took. */
  @Override
  public String title() {
    Model m = model();
    return String.format(
        Locale.ROOT,
        "smooth dynamics' derivatives of %s%s by %s: nv = %d, na = %d, nu = %d, before constraints and"
            + " integration; %s",
        m.name(),
        start == null ? "" : " at " + start,
        derivatives.method(),
        m.nv(),
        m.na(),
        m.nu(),
        Readable.duration(derivatives.ms()));
  }

  @Override
  public List<NamedMatrix> parts() {
    Model m = model();
    String[] dofs = Coordinates.qvel(m), tangent = Coordinates.tangent(m);
    String[] act = Arrays.copyOfRange(Coordinates.state(m), 2 * m.nv(), 2 * m.nv() + m.na());
    int nv = m.nv();
    return List.of(
        new NamedMatrix(
            "∂qfrc_smooth/∂qvel = qDeriv (" + nv + "×" + nv + ")",
            derivatives.qfrcSmoothDqvel(),
            dofs,
            dofs),
        new NamedMatrix(
            "∂qacc/∂q, tangent (" + nv + "×" + nv + ")", derivatives.qaccDqpos(), dofs, tangent),
        new NamedMatrix("∂qacc/∂qvel (" + nv + "×" + nv + ")", derivatives.qaccDqvel(), dofs, dofs),
        new NamedMatrix(
            "∂qacc/∂act (" + nv + "×" + m.na() + ")", derivatives.qaccDact(), dofs, act),
        new NamedMatrix(
            "∂qacc/∂ctrl (" + nv + "×" + m.nu() + ")",
            derivatives.qaccDctrl(),
            dofs,
            Coordinates.ctrl(m)));
  }

  @Override
  public String toString() {
    return title();
  }
}
