package org.diffart.kernel.display;

import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * A {@link Data} as a short summary: time and step, the state's vectors (elided in the middle), the
 * contacts and constraint rows of its last evaluation, and {@code sensordata} by sensor name.
 */
public final class DataSummary {
  private DataSummary() {}

  /**
   * Time, steps, qpos, qvel, ctrl, act (when the model has activations), contacts and constraint
   * rows.
   */
  public static Table state(Data d) {
    Model m = d.model;
    StringColumn field = StringColumn.create("field"), value = StringColumn.create("value");
    add(field, value, "time (s)", Readable.number(d.time));
    add(field, value, "steps taken", Long.toString(d.nstep));
    add(field, value, "qpos (nq = " + m.nq() + ")", Readable.vector(d.qpos, m.nq()));
    add(field, value, "qvel (nv = " + m.nv() + ")", Readable.vector(d.qvel, m.nv()));
    add(field, value, "qacc", Readable.vector(d.qacc, m.nv()));
    if (m.nu() > 0) {
      add(field, value, "ctrl (nu = " + m.nu() + ")", Readable.vector(d.ctrl, m.nu()));
    }
    if (m.na() > 0) {
      add(field, value, "act (na = " + m.na() + ")", Readable.vector(d.act, m.na()));
    }
    add(field, value, "contacts, constraint rows", d.ncon + ", " + d.nefc);
    return Table.create("Data of " + m.name(), field, value);
  }

  /** One row per sensor value, named as {@link Coordinates#sensordata}. */
  public static Table sensors(Data d) {
    return Table.create(
        "sensordata of " + d.model.name(),
        StringColumn.create("sensor", Coordinates.sensordata(d.model)),
        DoubleColumn.create("value", d.sensordata));
  }

  /** The state's table, then the sensors' (models with sensors). */
  public static String html(Data d) {
    return TableHtml.of(state(d), Displays.MAX_TABLE_ROWS)
        + (d.model.nsensordata() > 0 ? TableHtml.of(sensors(d), Displays.MAX_TABLE_ROWS) : "");
  }

  /** As {@link #html}, in text. */
  public static String text(Data d) {
    return Displays.text(state(d))
        + (d.model.nsensordata() > 0 ? "\n\n" + Displays.text(sensors(d)) : "");
  }

  private static void add(StringColumn field, StringColumn value, String f, String v) {
    field.append(f);
    value.append(v);
  }
}
