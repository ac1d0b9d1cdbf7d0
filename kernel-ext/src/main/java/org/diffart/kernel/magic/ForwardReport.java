package org.diffart.kernel.magic;

import io.github.spencerpark.jupyter.kernel.display.DisplayDataRenderable;
import io.github.spencerpark.jupyter.kernel.display.RenderContext;
import io.github.spencerpark.jupyter.kernel.display.mime.MIMEType;
import java.util.Arrays;
import java.util.Set;
import org.diffart.kernel.display.Coordinates;
import org.diffart.kernel.display.DataSummary;
import org.diffart.kernel.display.Displays;
import org.diffart.kernel.display.TableHtml;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * What {@code %forward} returns: one forward-dynamics evaluation, as MuJoCo's {@code mj_forward}:
 * per dof the velocity, {@code qacc} and {@code qacc_smooth} (without constraint impulses), and
 * {@code sensordata} by sensor name.
 *
 * @param model the model evaluated
 * @param start where the state came from, e.g. {@code key stand}
 * @param data the evaluation
 */
public record ForwardReport(Model model, String start, Data data) implements DisplayDataRenderable {

  /** One row per dof: its name, qvel, qacc, qacc_smooth. */
  public Table dofs() {
    return Table.create(
        "forward dynamics of "
            + model.name()
            + " from "
            + start
            + " ("
            + data.ncon
            + " contacts"
            + (model.opt().contact() ? "" : ", disabled")
            + ")",
        StringColumn.create("dof", Coordinates.qvel(model)),
        DoubleColumn.create("qvel", data.qvel),
        DoubleColumn.create("qacc", data.qacc),
        DoubleColumn.create("qacc_smooth", data.qaccSmooth));
  }

  /** The accelerations (nv). */
  public double[] qacc() {
    return data.qacc.clone();
  }

  /**
   * A sensor's values, by its name (or {@code type<i>} when unnamed, as {@link
   * Coordinates#sensordata} names it).
   *
   * @throws IllegalArgumentException naming the model's sensors when it has none of that name
   */
  public double[] sensor(String name) {
    for (int i = 0; i < model.nsensor(); i++) {
      String n =
          model.sensorName(i).isEmpty() ? model.sensorType(i).mjcfName() + i : model.sensorName(i);
      if (n.equals(name)) {
        return Arrays.copyOfRange(
            data.sensordata, model.sensorAdr(i), model.sensorAdr(i) + model.sensorDim(i));
      }
    }
    throw new IllegalArgumentException(
        "no sensor '"
            + name
            + "' in "
            + model.name()
            + "; sensors: "
            + String.join(
                ", ",
                new java.util.LinkedHashSet<>(
                    Arrays.stream(Coordinates.sensordata(model))
                        .map(s -> s.replaceFirst("\\.[wxyz]$", ""))
                        .toList())));
  }

  @Override
  public Set<MIMEType> getPreferredRenderTypes() {
    return Set.of(MIMEType.TEXT_HTML, MIMEType.TEXT_PLAIN);
  }

  @Override
  public void render(RenderContext ctx) {
    boolean sensors = model.nsensordata() > 0;
    ctx.renderIfRequested(
        MIMEType.TEXT_HTML,
        () ->
            TableHtml.of(dofs(), Displays.MAX_TABLE_ROWS)
                + (sensors
                    ? TableHtml.of(DataSummary.sensors(data), Displays.MAX_TABLE_ROWS)
                    : ""));
    ctx.renderIfRequested(
        MIMEType.TEXT_PLAIN,
        () ->
            Displays.text(dofs())
                + (sensors ? "\n\n" + Displays.text(DataSummary.sensors(data)) : ""));
  }

  @Override
  public String toString() {
    return "ForwardReport[" + model.name() + " from " + start + "]";
  }
}
