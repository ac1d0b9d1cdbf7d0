package org.diffart.sim.algo.sensor;

import org.diffart.sim.algo.forces.Forces;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.JointType;
import org.diffart.sim.model.Model;

/**
 * MuJoCo's {@code mjData.energy} ({@code flag energy}): the potential energy of gravity and of the
 * joint and tendon springs, and the kinetic energy {@code ½ q̇ᵀ M q̇} with the rotor inertia
 * (armature). An output, as sensors are: it never changes the motion.
 */
public final class Energy {
  private Energy() {}

  /**
   * Writes {@code energy[0]} (potential) and {@code energy[1]} (kinetic). Requires {@link
   * Kinematics#forward}, {@link Kinematics#velocity} and the tendon lengths ({@link
   * Forces#passive}).
   */
  public static void compute(Model m, Data d) {
    double potential = 0, kinetic = 0;
    for (int b = 1; b < m.nbody(); b++) {
      int o = 10 * b, x = 3 * b, r = 9 * b, v = 6 * b;
      double[] in = d.bodyInert;
      // gravity: -g · (m x_b + R_b (m c))
      for (int i = 0; i < 3; i++) {
        double mc =
            d.xmat[r + 3 * i] * in[o + 1]
                + d.xmat[r + 3 * i + 1] * in[o + 2]
                + d.xmat[r + 3 * i + 2] * in[o + 3];
        potential -= m.opt().gravity(i) * (in[o] * d.xpos[x + i] + mc);
      }
      // ½ (m v·v + 2 v·(ω × mc) + ωᵀ I ω) with the body-frame velocity (ω, v) at the body origin
      double wx = d.bodyVel[v], wy = d.bodyVel[v + 1], wz = d.bodyVel[v + 2];
      double vx = d.bodyVel[v + 3], vy = d.bodyVel[v + 4], vz = d.bodyVel[v + 5];
      double cx = in[o + 1], cy = in[o + 2], cz = in[o + 3];
      double iw =
          wx * (in[o + 4] * wx + in[o + 7] * wy + in[o + 8] * wz)
              + wy * (in[o + 7] * wx + in[o + 5] * wy + in[o + 9] * wz)
              + wz * (in[o + 8] * wx + in[o + 9] * wy + in[o + 6] * wz);
      double cross = vx * (wy * cz - wz * cy) + vy * (wz * cx - wx * cz) + vz * (wx * cy - wy * cx);
      kinetic += 0.5 * (in[o] * (vx * vx + vy * vy + vz * vz) + iw) + cross;
    }
    for (int k = 0; k < m.nv(); k++) {
      kinetic += 0.5 * m.dofArmature(k) * d.qvel[k] * d.qvel[k];
    }
    for (int j = 0; j < m.njnt(); j++) {
      double k = m.jntStiffness(j);
      if (k == 0) {
        continue;
      }
      int a = m.jntQposAdr(j);
      JointType t = m.jntType(j);
      if (t == JointType.HINGE || t == JointType.SLIDE) {
        double dq = d.qpos[a] - m.qposSpring(a);
        potential += 0.5 * k * dq * dq;
        continue;
      }
      if (t == JointType.FREE) {
        for (int i = 0; i < 3; i++) {
          double dq = d.qpos[a + i] - m.qposSpring(a + i);
          potential += 0.5 * k * dq * dq;
        }
        a += 3;
      }
      Forces.springDifference(m, d, a);
      double[] s = d.scratch36;
      potential += 0.5 * k * (s[8] * s[8] + s[9] * s[9] + s[10] * s[10]);
    }
    for (int t = 0; t < m.ntendon(); t++) {
      double dl = d.tendonLength[t] - m.tendonLengthSpring(t);
      potential += 0.5 * m.tendonStiffness(t) * dl * dl;
    }
    d.energy[0] = potential;
    d.energy[1] = kinetic;
  }
}
