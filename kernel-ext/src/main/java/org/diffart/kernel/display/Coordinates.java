package org.diffart.kernel.display;

import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;

/**
 * Names of the entries of {@code qpos}, {@code qvel}, the tangent-space state, the controls and
 * {@code sensordata}, for tables and labels: the joint's name, with the component for ball and free
 * joints ({@code root.qw}, {@code root.vx}), in MuJoCo's order.
 */
public final class Coordinates {
  private static final String[] FREE_Q = {"x", "y", "z", "qw", "qx", "qy", "qz"};
  private static final String[] FREE_V = {"vx", "vy", "vz", "wx", "wy", "wz"};
  private static final String[] BALL_Q = {"qw", "qx", "qy", "qz"};
  private static final String[] BALL_V = {"wx", "wy", "wz"};
  private static final String[] FREE_T = {"x", "y", "z", "rx", "ry", "rz"};
  private static final String[] BALL_T = {"rx", "ry", "rz"};

  private Coordinates() {}

  /** One name per position coordinate (nq). */
  public static String[] qpos(Model m) {
    String[] names = new String[m.nq()];
    for (int j = 0; j < m.njnt(); j++) {
      JointType t = m.jntType(j);
      for (int k = 0; k < t.nq; k++) {
        names[m.jntQposAdr(j) + k] = component(jointName(m, j), t, FREE_Q, BALL_Q, k);
      }
    }
    return names;
  }

  /**
   * One name per sensor value (nsensordata): the sensor's name (or its type and index when
   * unnamed), with the component for sensors of several values ({@code imu_acc.x}, {@code
   * head_quat.w}).
   */
  public static String[] sensordata(Model m) {
    String[] names = new String[m.nsensordata()];
    String[] xyz = {"x", "y", "z"}, wxyz = {"w", "x", "y", "z"};
    for (int i = 0; i < m.nsensor(); i++) {
      String n = m.sensorName(i).isEmpty() ? m.sensorType(i).mjcfName() + i : m.sensorName(i);
      int dim = m.sensorDim(i);
      for (int k = 0; k < dim; k++) {
        names[m.sensorAdr(i) + k] = dim == 1 ? n : n + "." + (dim == 4 ? wxyz : xyz)[k];
      }
    }
    return names;
  }

  /** One name per degree of freedom (nv). */
  public static String[] qvel(Model m) {
    String[] names = new String[m.nv()];
    for (int j = 0; j < m.njnt(); j++) {
      JointType t = m.jntType(j);
      for (int k = 0; k < t.nv; k++) {
        names[m.jntDofAdr(j) + k] = component(jointName(m, j), t, FREE_V, BALL_V, k);
      }
    }
    return names;
  }

  /**
   * One name per tangent-space coordinate of the configuration (nv): a free joint's {@code x, y, z}
   * and rotation vector {@code rx, ry, rz}, a ball's rotation vector, a hinge's or slide's joint.
   */
  public static String[] tangent(Model m) {
    String[] names = new String[m.nv()];
    for (int j = 0; j < m.njnt(); j++) {
      JointType t = m.jntType(j);
      for (int k = 0; k < t.nv; k++) {
        names[m.jntDofAdr(j) + k] = component(jointName(m, j), t, FREE_T, BALL_T, k);
      }
    }
    return names;
  }

  /**
   * The transition's state {@code x = (δq, v, act)} (nx = 2 nv + na): {@code q root.rx}, {@code v
   * knee}, {@code act muscle}.
   */
  public static String[] state(Model m) {
    String[] t = tangent(m), v = qvel(m);
    String[] names = new String[2 * m.nv() + m.na()];
    for (int k = 0; k < m.nv(); k++) {
      names[k] = "q " + t[k];
      names[m.nv() + k] = "v " + v[k];
    }
    for (int a = 0; a < m.nu(); a++) {
      if (m.actActAdr(a) >= 0) {
        names[2 * m.nv() + m.actActAdr(a)] = "act " + actuatorName(m, a);
      }
    }
    return names;
  }

  /**
   * The state's names with, when {@code history}, one per sample value of the history buffers
   * ({@code History.sampleValues}'s order): {@code h <actuator>[slot]} and {@code h <sensor>[slot]}
   * (with the component for vector sensors), slot being the ring's storage slot.
   */
  public static String[] state(Model m, boolean history) {
    String[] base = state(m);
    if (!history) {
      return base;
    }
    java.util.List<String> names = new java.util.ArrayList<>(java.util.List.of(base));
    for (int a = 0; a < m.nu(); a++) {
      for (int k = 0; k < m.actHistoryNum(a); k++) {
        names.add("h " + actuatorName(m, a) + "[" + k + "]");
      }
    }
    String[] sensors = sensordata(m);
    for (int i = 0; i < m.nsensor(); i++) {
      int dim = m.sensorDim(i);
      for (int k = 0; k < m.sensorHistoryNum(i); k++) {
        for (int c = 0; c < dim; c++) {
          String n = sensors[m.sensorAdr(i) + c];
          int dot = dim > 1 ? n.lastIndexOf('.') : n.length();
          names.add("h " + n.substring(0, dot) + "[" + k + "]" + n.substring(dot));
        }
      }
    }
    return names.toArray(String[]::new);
  }

  /** One name per control (nu): the actuator's name, or {@code actuator<a>}. */
  public static String[] ctrl(Model m) {
    String[] names = new String[m.nu()];
    for (int a = 0; a < m.nu(); a++) {
      names[a] = actuatorName(m, a);
    }
    return names;
  }

  private static String actuatorName(Model m, int a) {
    return m.actName(a).isEmpty() ? "actuator" + a : m.actName(a);
  }

  /** The joint's name, or {@code joint<j>} for an unnamed one. */
  private static String jointName(Model m, int j) {
    return m.jntName(j).isEmpty() ? "joint" + j : m.jntName(j);
  }

  private static String component(String joint, JointType t, String[] free, String[] ball, int k) {
    return switch (t) {
      case FREE -> joint + "." + free[k];
      case BALL -> joint + "." + ball[k];
      case HINGE, SLIDE -> joint;
    };
  }
}
