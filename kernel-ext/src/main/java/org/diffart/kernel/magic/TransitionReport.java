package org.diffart.kernel.magic;

import java.util.List;
import java.util.Locale;
import org.diffart.kernel.display.Coordinates;
import org.diffart.kernel.display.Readable;
import org.diffart.sim.diff.Transition;
import org.diffart.sim.model.Model;

/**
 * What {@code %transition} returns: a step's linearisation {@code δx' = A δx + B δu}, {@code δy = C
 * δx + D δu} shown as its four matrices with named rows and columns: the state {@code x = (δq, v,
 * act)} in the tangent space ({@link Coordinates#state}), the controls by actuator and the sensor
 * values by sensor.
 *
 * <p>{@code %transition} returns one; a {@link Transition} a cell computes itself shows the same
 * way.
 *
 * @param start where the state came from, e.g. {@code key stand}, or null when not known
 * @param transition the matrices
 */
public record TransitionReport(String start, Transition transition) implements MatrixReport {

  /** The model linearised. */
  public Model model() {
    return transition.model();
  }

  /** The four matrices with what they differentiate and their rows' and columns' names. */
  @Override
  public List<NamedMatrix> parts() {
    Model model = model();
    String[] x = Coordinates.state(model, transition.A().length > 2 * model.nv() + model.na()),
        u = Coordinates.ctrl(model),
        y = Coordinates.sensordata(model);
    return List.of(
        new NamedMatrix("A = ∂x′/∂x", transition.A(), x, x),
        new NamedMatrix("B = ∂x′/∂u", transition.B(), x, u),
        new NamedMatrix("C = ∂y/∂x", transition.C(), y, x),
        new NamedMatrix("D = ∂y/∂u", transition.D(), y, u));
  }

  /** One line: the model, the method, the sizes and the time it took. */
  @Override
  public String title() {
    Model model = model();
    return String.format(
        Locale.ROOT,
        "transition of %s%s by %s: nx = %d (2 nv + na%s), nu = %d, %d sensor values; %s",
        model.name(),
        start == null ? "" : " from " + start,
        transition.method(),
        transition.A().length,
        transition.A().length > 2 * model.nv() + model.na() ? " + the history's samples" : "",
        model.nu(),
        model.nsensordata(),
        Readable.duration(transition.ms()));
  }

  @Override
  public String toString() {
    return title();
  }
}
