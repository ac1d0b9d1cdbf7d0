package org.diffart.cli;

import com.google.gson.JsonObject;
import java.util.Arrays;
import java.util.concurrent.Callable;
import org.diffart.kernel.display.Coordinates;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * {@code diffart forward --model M [state] [--no-contact]}: one forward-dynamics evaluation, {@code
 * qacc} as MuJoCo's {@code mj_forward} gives it (smooth dynamics, then the contact and limit
 * impulses divided by the time step).
 */
@Command(
    name = "forward",
    description =
        "Evaluate the forward dynamics once at a state: qacc as MuJoCo's mj_forward gives it.",
    footer = {
      "",
      "The state is qpos0 with zero velocity, controls and activations, or keyframe K; --qpos/--qvel/--ctrl/--act"
          + " then replace their part.",
      "JSON keys: model, contact (false with --no-contact), qpos, qvel, ctrl, act and act_dot (models with"
          + " activation dynamics), qacc, qacc_smooth (the acceleration"
          + " without contact and limit impulses), ncon (number of contacts), sensordata (models with sensors, in"
          + " MuJoCo's order)."
    })
final class ForwardCommand implements Callable<Integer> {
  @Mixin private ModelOption model;
  @Mixin private StateOptions state;
  @Mixin private Output output;

  @Option(
      names = "--no-contact",
      description = "Disable contacts (the model's other options are kept).")
  private boolean noContact;

  @Override
  public Integer call() {
    Model loaded = model.load();
    Model m =
        noContact ? loaded.withOptions(loaded.opt().toBuilder().contact(false).build()) : loaded;
    Data d = state.initial(m);
    Step.forward(m, d);
    JsonObject o = new JsonObject();
    o.addProperty("model", m.name());
    o.addProperty("contact", m.opt().contact());
    o.add("qpos", Output.array(d.qpos));
    o.add("qvel", Output.array(d.qvel));
    o.add("ctrl", Output.array(d.ctrl));
    if (m.na() > 0) {
      o.add("act", Output.array(d.act));
      o.add("act_dot", Output.array(d.actDot));
    }
    o.add("qacc", Output.array(d.qacc));
    o.add("qacc_smooth", Output.array(d.qaccSmooth));
    o.addProperty("ncon", d.ncon);
    if (m.nsensor() > 0) {
      o.add("sensordata", Output.array(d.sensordata));
    }
    output.print(o, () -> text(m, d));
    return 0;
  }

  private static String text(Model m, Data d) {
    Table dofs =
        Table.create(
            "forward dynamics of "
                + m.name()
                + " ("
                + d.ncon
                + " contacts"
                + (m.opt().contact() ? "" : ", disabled")
                + ")",
            StringColumn.create("dof", Coordinates.qvel(m)),
            DoubleColumn.create("qvel", d.qvel),
            DoubleColumn.create("qacc", d.qacc),
            DoubleColumn.create("qacc_smooth", d.qaccSmooth));
    Table positions =
        Table.create(
            "state",
            StringColumn.create("coordinate", Coordinates.qpos(m)),
            DoubleColumn.create("qpos", d.qpos));
    String controls = m.nu() == 0 ? "" : "\n\nctrl " + Arrays.toString(d.ctrl);
    String sensors =
        m.nsensor() == 0
            ? ""
            : "\n\n"
                + Table.create(
                        "sensors",
                        StringColumn.create("sensor", Coordinates.sensordata(m)),
                        DoubleColumn.create("value", d.sensordata))
                    .printAll();
    return positions.printAll() + controls + "\n\n" + dofs.printAll() + sensors;
  }
}
