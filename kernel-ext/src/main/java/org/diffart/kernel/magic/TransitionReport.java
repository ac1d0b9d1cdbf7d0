package org.diffart.kernel.magic;

import io.github.spencerpark.jupyter.kernel.display.DisplayDataRenderable;
import io.github.spencerpark.jupyter.kernel.display.RenderContext;
import io.github.spencerpark.jupyter.kernel.display.mime.MIMEType;
import java.util.Locale;
import java.util.Set;
import org.diffart.kernel.display.Coordinates;
import org.diffart.kernel.display.Readable;
import org.diffart.kernel.display.TableHtml;
import org.diffart.kernel.display.Values;
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
public record TransitionReport(String start, Transition transition)
    implements DisplayDataRenderable {

  /** The model linearised. */
  public Model model() {
    return transition.model();
  }

  /** The four matrices' names, what they differentiate, and their rows' and columns' names. */
  private String[][][] parts() {
    Model model = model();
    String[] x = Coordinates.state(model),
        u = Coordinates.ctrl(model),
        y = Coordinates.sensordata(model);
    return new String[][][] {
      {{"A = ∂x′/∂x"}, x, x}, {{"B = ∂x′/∂u"}, x, u}, {{"C = ∂y/∂x"}, y, x}, {{"D = ∂y/∂u"}, y, u}
    };
  }

  private double[][][] matrices() {
    return new double[][][] {transition.A(), transition.B(), transition.C(), transition.D()};
  }

  /** One line: the model, the method, the sizes and the time it took. */
  public String title() {
    Model model = model();
    return String.format(
        Locale.ROOT,
        "transition of %s%s by %s: nx = %d (2 nv + na), nu = %d, %d sensor" + " values; %s",
        model.name(),
        start == null ? "" : " from " + start,
        transition.method(),
        transition.A().length,
        model.nu(),
        model.nsensordata(),
        Readable.duration(transition.ms()));
  }

  @Override
  public Set<MIMEType> getPreferredRenderTypes() {
    return Set.of(MIMEType.TEXT_HTML, MIMEType.TEXT_PLAIN);
  }

  @Override
  public void render(RenderContext ctx) {
    String[][][] parts = parts();
    double[][][] m = matrices();
    ctx.renderIfRequested(
        MIMEType.TEXT_HTML,
        () -> {
          StringBuilder s =
              new StringBuilder("<p>").append(TableHtml.escape(title())).append("</p>\n");
          for (int k = 0; k < 4; k++) {
            if (m[k].length > 0 && m[k][0].length > 0) {
              s.append(Values.matrixHtml(parts[k][0][0], m[k], parts[k][1], parts[k][2]));
            }
          }
          return s.toString();
        });
    ctx.renderIfRequested(
        MIMEType.TEXT_PLAIN,
        () -> {
          StringBuilder s = new StringBuilder(title());
          for (int k = 0; k < 4; k++) {
            if (m[k].length > 0 && m[k][0].length > 0) {
              s.append("\n\n")
                  .append(Values.matrixText(parts[k][0][0], m[k], parts[k][1], parts[k][2]));
            }
          }
          return s.toString();
        });
  }

  @Override
  public String toString() {
    return title();
  }
}
