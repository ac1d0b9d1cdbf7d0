package org.diffart.kernel.display;

import java.util.Locale;
import org.diffart.sim.model.Model;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

/**
 * A compiled {@link Model} as tables of its bodies, joints and actuators, and a line of its sizes.
 */
public final class ModelSummary {

  private ModelSummary() {}

  /**
   * The model's sizes, e.g. {@code pendulum: nq=3 nv=3 nu=3 nbody=4 njnt=3 ngeom=3}.
   *
   * @param m a model
   */
  public static String sizes(Model m) {
    return String.format(
        Locale.ROOT,
        "%s: nq=%d nv=%d nu=%d%s nbody=%d njnt=%d ngeom=%d%s, timestep %s s",
        m.name(),
        m.nq(),
        m.nv(),
        m.nu(),
        m.na() > 0 ? " na=" + m.na() : "",
        m.nbody(),
        m.njnt(),
        m.ngeom(),
        m.nsensor() > 0 ? " nsite=" + m.nsite() + " nsensor=" + m.nsensor() : "",
        m.opt().timestep());
  }

  /**
   * One row per body, the world included: id, name, parent, mass (kg), number of joints, depth.
   *
   * @param m a model
   */
  public static Table bodies(Model m) {
    int n = m.nbody();
    IntColumn id = IntColumn.create("id");
    StringColumn name = StringColumn.create("name");
    StringColumn parent = StringColumn.create("parent");
    DoubleColumn mass = DoubleColumn.create("mass (kg)");
    IntColumn joints = IntColumn.create("joints");
    IntColumn depth = IntColumn.create("depth");
    for (int i = 0; i < n; i++) {
      id.append(i);
      name.append(m.bodyName(i));
      parent.append(m.bodyParent(i) < 0 ? "" : m.bodyName(m.bodyParent(i)));
      mass.append(m.bodyMass(i));
      joints.append(m.bodyJntNum(i));
      depth.append(m.bodyDepth(i));
    }
    return Table.create("bodies", id, name, parent, mass, joints, depth);
  }

  /**
   * One row per joint: id, name, type, body, qpos and dof addresses, range (empty when unlimited),
   * damping of its first dof.
   *
   * @param m a model
   */
  public static Table joints(Model m) {
    IntColumn id = IntColumn.create("id");
    StringColumn name = StringColumn.create("name");
    StringColumn type = StringColumn.create("type");
    StringColumn body = StringColumn.create("body");
    IntColumn qposAdr = IntColumn.create("qposadr");
    IntColumn dofAdr = IntColumn.create("dofadr");
    StringColumn range = StringColumn.create("range");
    DoubleColumn damping = DoubleColumn.create("damping");
    for (int j = 0; j < m.njnt(); j++) {
      id.append(j);
      name.append(m.jntName(j));
      type.append(m.jntType(j).name().toLowerCase(Locale.ROOT));
      body.append(m.bodyName(m.jntBody(j)));
      qposAdr.append(m.jntQposAdr(j));
      dofAdr.append(m.jntDofAdr(j));
      range.append(m.jntLimited(j) ? interval(m.jntRange(j, 0), m.jntRange(j, 1)) : "");
      damping.append(m.dofDamping(m.jntDofAdr(j)));
    }
    return Table.create("joints", id, name, type, body, qposAdr, dofAdr, range, damping);
  }

  /**
   * One row per actuator: id, name, type, joint, gear, control range (empty when unlimited),
   * activation dynamics (empty without).
   *
   * @param m a model
   */
  public static Table actuators(Model m) {
    IntColumn id = IntColumn.create("id");
    StringColumn name = StringColumn.create("name");
    StringColumn type = StringColumn.create("type");
    StringColumn joint = StringColumn.create("joint");
    DoubleColumn gear = DoubleColumn.create("gear");
    StringColumn ctrlRange = StringColumn.create("ctrlrange");
    StringColumn dynamics = StringColumn.create("activation");
    for (int a = 0; a < m.nu(); a++) {
      id.append(a);
      name.append(m.actName(a));
      type.append(m.actType(a).name().toLowerCase(Locale.ROOT));
      joint.append(
          m.actJnt(a) >= 0
              ? m.jntName(m.actJnt(a))
              : m.actCrankSite(a) >= 0
                  ? "slider-crank "
                      + m.siteName(m.actCrankSite(a))
                      + " → "
                      + m.siteName(m.actSliderSite(a))
                  : m.actSite(a) >= 0
                      ? "site "
                          + m.siteName(m.actSite(a))
                          + (m.actRefSite(a) >= 0 ? " in " + m.siteName(m.actRefSite(a)) : "")
                      : m.actBody(a) >= 0
                          ? "contacts of body " + m.bodyName(m.actBody(a))
                          : "tendon " + m.tendonName(m.actTendon(a)));
      gear.append(m.actGear(a));
      ctrlRange.append(
          m.actCtrlLimited(a) ? interval(m.actCtrlRange(a, 0), m.actCtrlRange(a, 1)) : "");
      dynamics.append(activation(m, a));
    }
    return Table.create("actuators", id, name, type, joint, gear, ctrlRange, dynamics);
  }

  /** E.g. {@code filter τ=0.3 in [-0.5, 0.3]}; empty for an actuator without dynamics. */
  private static String activation(Model m, int a) {
    String s =
        switch (m.actDynType(a)) {
          case NONE -> "";
          case INTEGRATOR -> "integrator";
          case FILTER -> "filter τ=" + m.actDynPrm(a, 0);
          case MUSCLE -> "muscle τ=" + m.actDynPrm(a, 0) + "/" + m.actDynPrm(a, 1);
        };
    return m.actActLimited(a) ? s + " in " + interval(m.actActRange(a, 0), m.actActRange(a, 1)) : s;
  }

  /**
   * One row per sensor: id, name, type, what it reads (a frame type and the object's name), its
   * first index in sensordata and its size.
   *
   * @param m a model
   */
  public static Table sensors(Model m) {
    IntColumn id = IntColumn.create("id");
    StringColumn name = StringColumn.create("name");
    StringColumn type = StringColumn.create("type");
    StringColumn reads = StringColumn.create("reads");
    IntColumn adr = IntColumn.create("sensordata index");
    IntColumn dim = IntColumn.create("values");
    for (int i = 0; i < m.nsensor(); i++) {
      id.append(i);
      name.append(m.sensorName(i));
      type.append(m.sensorType(i).mjcfName());
      reads.append(target(m, i));
      adr.append(m.sensorAdr(i));
      dim.append(m.sensorDim(i));
    }
    return Table.create("sensors", id, name, type, reads, adr, dim);
  }

  private static String target(Model m, int i) {
    int o = m.sensorObj(i);
    return switch (m.sensorType(i).object) {
      case JOINT -> "joint " + m.jntName(o);
      case TENDON -> "tendon " + m.tendonName(o);
      case ACTUATOR -> "actuator " + m.actName(o);
      case BODY -> "body " + m.bodyName(o);
      case SITE -> "site " + m.siteName(o);
      case NONE -> "";
      case FRAME ->
          switch (m.sensorFrame(i)) {
            case BODY -> "body " + m.bodyName(o) + " (inertial frame)";
            case XBODY -> "body " + m.bodyName(o);
            case GEOM -> "geom " + m.geomName(o);
            default -> "site " + m.siteName(o);
          };
    };
  }

  /**
   * The sizes line and the tables as one HTML fragment (sensors only for models with sensors).
   *
   * @param m a model
   */
  public static String html(Model m) {
    return "<div class=\"diffart-model\"><p><b>"
        + TableHtml.escape(sizes(m))
        + "</b></p>\n"
        + TableHtml.of(bodies(m), Displays.MAX_TABLE_ROWS)
        + TableHtml.of(joints(m), Displays.MAX_TABLE_ROWS)
        + TableHtml.of(actuators(m), Displays.MAX_TABLE_ROWS)
        + (m.nsensor() > 0 ? TableHtml.of(sensors(m), Displays.MAX_TABLE_ROWS) : "")
        + warnings(m)
        + "</div>\n";
  }

  /**
   * The sizes line and the tables as plain text.
   *
   * @param m a model
   */
  public static String text(Model m) {
    return sizes(m)
        + "\n"
        + Displays.text(bodies(m))
        + "\n"
        + Displays.text(joints(m))
        + "\n"
        + Displays.text(actuators(m))
        + (m.nsensor() > 0 ? "\n" + Displays.text(sensors(m)) : "")
        + m.warnings().stream()
            .map(w -> "\nwarning: " + w)
            .collect(java.util.stream.Collectors.joining());
  }

  private static String warnings(Model m) {
    StringBuilder html = new StringBuilder();
    for (String w : m.warnings()) {
      html.append("<p>warning: ").append(TableHtml.escape(w)).append("</p>\n");
    }
    return html.toString();
  }

  private static String interval(double lo, double hi) {
    return "[" + Readable.number(lo) + ", " + Readable.number(hi) + "]";
  }
}
