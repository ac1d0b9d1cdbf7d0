package org.diffart.sim.algo.collision;

import org.diffart.sim.data.Data;
import org.diffart.sim.data.SimulationException;
import org.diffart.sim.model.Model;

/**
 * What every narrow-phase function shares: the thresholds, committing a contact ({@link #emit}) and
 * its tangent frame ({@link #tangents}), and the friction and condim rule of two geoms ({@link
 * #priorityGeom}).
 */
public final class Contacts {
  private Contacts() {}

  /** MuJoCo's {@code mjMINVAL}. */
  public static final double MIN_VALUE = 1e-15;

  /**
   * Centres closer than this, m, count as coincident: their normal is not defined by the centres
   * and a documented fallback direction is used instead.
   */
  public static final double MIN_DISTANCE = 1e-12;

  /**
   * Commits the candidate contact at index {@code d.ncon} as feature k of pair p: its normal (row 0
   * of {@code conFrame}) and point ({@code conPos}) are already written there; this adds the
   * tangents and the pair's bookkeeping and increments {@code ncon}.
   *
   * @param dist signed distance between the surfaces, m, below the pair's margin
   */
  public static void emit(Model m, Data d, int p, int k, double dist) {
    int c = d.ncon, g1 = m.pairGeom1(p), g2 = m.pairGeom2(p);
    if (c >= m.nconMax()) {
      throw new SimulationException(
          "step "
              + d.nstep
              + " (t="
              + d.time
              + "): more than "
              + m.nconMax()
              + " contacts, the model's contact capacity (MJCF <size nconmax>, ModelBuilder.contactCapacity)",
          d.nstep,
          -1);
    }
    tangents(d.conFrame, 9 * c);
    d.conDist[c] = dist;
    d.conIncludeMargin[c] = m.pairMargin(p) - m.pairGap(p);
    // the higher-priority geom's, else the larger of the two geoms' (the first on a tie): the
    // choice CollisionAdjoint
    // routes the gradient through
    int gp = priorityGeom(m, g1, g2);
    double f1 = d.geomFriction[g1],
        f2 = d.geomFriction[g2],
        e1 = d.geomRestitution[g1],
        e2 = d.geomRestitution[g2];
    d.conFriction[c] = gp >= 0 ? d.geomFriction[gp] : f1 >= f2 ? f1 : f2;
    d.conRestitution[c] = gp >= 0 ? d.geomRestitution[gp] : e1 >= e2 ? e1 : e2;
    d.conCondim[c] = gp >= 0 ? m.geomCondim(gp) : Math.max(m.geomCondim(g1), m.geomCondim(g2));
    for (int i = 1; i < 3; i++) {
      double s1 = m.geomFriction(g1, i), s2 = m.geomFriction(g2, i);
      d.conFrictionSpinRoll[2 * c + i - 1] = gp >= 0 ? m.geomFriction(gp, i) : s1 >= s2 ? s1 : s2;
    }
    if (m.pairCondim(p) >= 0) {
      // an explicit pair: its own friction and condim
      d.conFriction[c] = m.pairFriction(p, 0);
      d.conFrictionSpinRoll[2 * c] = m.pairFriction(p, 1);
      d.conFrictionSpinRoll[2 * c + 1] = m.pairFriction(p, 2);
      d.conCondim[c] = m.pairCondim(p);
    }
    d.conGeom[2 * c] = g1;
    d.conGeom[2 * c + 1] = g2;
    d.conSlot[c] = m.pairConAdr(p) + k;
    d.ncon = c + 1;
  }

  /**
   * The geom of higher priority of the two, or −1 when their priorities are equal (MuJoCo's rule).
   */
  public static int priorityGeom(Model m, int g1, int g2) {
    int p1 = m.geomPriority(g1), p2 = m.geomPriority(g2);
    return p1 == p2 ? -1 : p1 > p2 ? g1 : g2;
  }

  /**
   * Completes a contact frame from its unit normal {@code n} (row 0 of the row-major 3x3 {@code f}
   * at offset o) with tangent rows 1 and 2 such that {@code (n, t1, t2)} is a right-handed
   * orthonormal basis ({@code n × t1 = t2}).
   *
   * <p>Choice: {@code t1, t2} are the world x and y axes carried by the shortest rotation that
   * takes +z onto n (Frisvad's construction), so a horizontal ground plane gets {@code t1 = x, t2 =
   * y} and an incline tilted about y gets {@code t1} along its slope. That map is smooth in n but
   * singular at n = −z, so for {@code n_z < −1/2} the frame is built from −z instead: the axes x
   * and −y carried by the shortest rotation that takes −z onto n. The cone {@code n_z = −1/2} is
   * the only place where the tangents jump (by a rotation about n); it lies away from the common
   * normals ±z and horizontal.
   */
  public static void tangents(double[] f, int o) {
    double nx = f[o], ny = f[o + 1], nz = f[o + 2];
    if (nz >= -0.5) {
      // chart around +z
      double a = 1 / (1 + nz), b = -nx * ny * a;
      f[o + 3] = 1 - nx * nx * a;
      f[o + 4] = b;
      f[o + 5] = -nx;
      f[o + 6] = b;
      f[o + 7] = 1 - ny * ny * a;
      f[o + 8] = -ny;
    } else {
      // chart around -z: the +z chart of n rotated by pi about x, rotated back
      double a = 1 / (1 - nz), b = nx * ny * a;
      f[o + 3] = 1 - nx * nx * a;
      f[o + 4] = -b;
      f[o + 5] = nx;
      f[o + 6] = b;
      f[o + 7] = ny * ny * a - 1;
      f[o + 8] = -ny;
    }
  }
}
