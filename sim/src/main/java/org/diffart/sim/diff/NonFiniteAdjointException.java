package org.diffart.sim.diff;

import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Model;

/**
 * The first NaN or infinity of a backward pass, located to the step, the stage of the step's
 * adjoint that produced it, and the entity (dof and joint, body, geom, contact or constraint row)
 * of the first non-finite bar.
 */
public final class NonFiniteAdjointException extends RuntimeException {
  private final int step;
  private final String stage;
  private final String where;

  public NonFiniteAdjointException(int step, String stage, String where) {
    super(
        "backward pass: the adjoint of step "
            + step
            + " became non-finite in stage '"
            + stage
            + "' at "
            + where);
    this.step = step;
    this.stage = stage;
    this.where = where;
  }

  /** The step whose adjoint produced it. */
  public int step() {
    return step;
  }

  /** The stage of that step's adjoint. */
  public String stage() {
    return stage;
  }

  /** The bar and the entity it belongs to. */
  public String where() {
    return where;
  }

  /** The first non-finite bar of b as "field[index] (entity)", or null when all are finite. */
  static String firstNonFinite(Model m, DataBar b) {
    Object[][] fields = {
      {"qposBar", b.qposBar, "qpos"},
      {"qvelBar", b.qvelBar, "dof"},
      {"ctrlBar", b.ctrlBar, "actuator"},
      {"qaccBar", b.qaccBar, "dof"},
      {"qaccSmoothBar", b.qaccSmoothBar, "dof"},
      {"qvelFreeBar", b.qvelFreeBar, "dof"},
      {"qfrcSmoothBar", b.qfrcSmoothBar, "dof"},
      {"dofDampingBar", b.dofDampingBar, "dof"},
      {"dofArmatureBar", b.dofArmatureBar, "dof"},
      {"dofSBar", b.dofSBar, "dof6"},
      {"bodyInertBar", b.bodyInertBar, "body10"},
      {"bodyVelBar", b.bodyVelBar, "body6"},
      {"bodyBiasBar", b.bodyBiasBar, "body6"},
      {"xRotBar", b.xRotBar, "body9"},
      {"xTransBar", b.xTransBar, "body3"},
      {"xposBar", b.xposBar, "body3"},
      {"xmatBar", b.xmatBar, "body9"},
      {"xquatBar", b.xquatBar, "body4"},
      {"geomXposBar", b.geomXposBar, "geom3"},
      {"geomXmatBar", b.geomXmatBar, "geom9"},
      {"geomFrictionBar", b.geomFrictionBar, "geom1"},
      {"conPosBar", b.conPosBar, "contact3"},
      {"conFrameBar", b.conFrameBar, "contact9"},
      {"efcImpulseBar", b.efcImpulseBar, "row"},
      {"efcBBar", b.efcBBar, "row"}
    };
    for (Object[] f : fields) {
      double[] a = (double[]) f[1];
      for (int i = 0; i < a.length; i++) {
        if (!Double.isFinite(a[i])) {
          return f[0] + "[" + i + "] = " + a[i] + " (" + entity(m, (String) f[2], i) + ")";
        }
      }
    }
    return null;
  }

  private static String entity(Model m, String kind, int i) {
    if (kind.equals("qpos")) {
      for (int j = m.njnt() - 1; j >= 0; j--) {
        if (m.jntQposAdr(j) <= i) {
          return "joint '" + m.jntName(j) + "' of body '" + m.bodyName(m.jntBody(j)) + "'";
        }
      }
    }
    if (kind.equals("actuator")) {
      return "actuator '" + m.actName(i) + "'";
    }
    if (kind.equals("row")) {
      return "constraint row " + i;
    }
    int width =
        kind.startsWith("dof")
                || kind.startsWith("body")
                || kind.startsWith("geom")
                || kind.startsWith("contact")
            ? Math.max(1, parseWidth(kind))
            : 1;
    int e = i / width;
    if (kind.startsWith("dof")) {
      return "dof "
          + e
          + " of joint '"
          + m.jntName(m.dofJnt(e))
          + "' in body '"
          + m.bodyName(m.dofBody(e))
          + "'";
    }
    if (kind.startsWith("body")) {
      return "body '" + m.bodyName(e) + "'";
    }
    if (kind.startsWith("geom")) {
      return "geom "
          + e
          + (m.geomName(e).isEmpty() ? "" : " '" + m.geomName(e) + "'")
          + " of body '"
          + m.bodyName(m.geomBody(e))
          + "'";
    }
    return "contact " + e;
  }

  private static int parseWidth(String kind) {
    String digits = kind.replaceAll("[^0-9]", "");
    return digits.isEmpty() ? 1 : Integer.parseInt(digits);
  }
}
