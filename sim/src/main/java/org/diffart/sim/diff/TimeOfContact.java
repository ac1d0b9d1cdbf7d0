package org.diffart.sim.diff;

import org.diffart.sim.algo.ImpactBisection;
import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.collision.CollisionAdjoint;
import org.diffart.sim.algo.constraint.Rows;
import org.diffart.sim.algo.kinematics.Configuration;
import org.diffart.sim.algo.kinematics.KinematicsAdjoint;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Integrator;
import org.diffart.sim.model.Model;

/**
 * Time-of-contact gradients (DiffSDFSim's, {@code World.H}) for the rollout adjoint ({@link
 * AdjointGradient}, with {@code Options.timeOfContact}). A fixed step cannot say when inside it a
 * contact began, so without them the gradient of a trajectory after an impact misses how the impact
 * time moves with the parameters (a bouncing ball's rebound point is piecewise constant in its
 * radius). With them, when the state x_t has contacts of a geom pair that had none at x_{t-1}, the
 * computation that is differentiated is
 *
 * <pre>
 *   q_t     = q_{t-1} ⊕ h(x) v_t            (step t-1 moves by the contact time)
 *   q_{t+1} = q_t     ⊕ (2dt − h(x)) v_{t+1} (step t the rest, total time kept)
 * </pre>
 *
 * with {@code h(x) = dt} in value, so the simulation is the fixed-step one, and its derivative by
 * the implicit function theorem on the new contacts' penetrations {@code D_c(h) = −dist_c(q_{t-1} ⊕
 * h v_t)}: least squares over the contacts, {@code ∂h/∂x = Σ_c a_c ∂dist_c/∂x / Σ_c a_c²} with
 * {@code a_c = ∂D_c/∂h = −J_c v_t} (the approach speed along the contact normal); a contact not
 * moving into the other geom ({@code a_c < 10⁻⁸/dt}) is dropped and the derivative is zero when
 * {@code Σ a_c² ≤ 10⁻⁵}, DiffSDFSim's rules. x is everything the distances depend on: the state
 * before step t-1 and its velocity after it (through {@code q_t}), and the geometry's parameters
 * (an SDF's shape). The velocities of both steps keep their fixed-step values (DiffSDFSim also
 * solves step t's dynamics with {@code 2dt − h}; with a restitution target on the velocity before
 * the step, as both use, that changes the normal velocity not at all and the tangential ones by the
 * smooth acceleration times δh).
 *
 * <p>In the backward sweep a step's position update contributes {@code ρ_s = ⟨ū, v_{s+1}⟩} to the
 * bar of its duration (ū the bar of its displacement {@code dt·v_{s+1}}); an event at x_t collects
 * {@code h̄ = ρ_{t-1} − ρ_t} and adds {@code h̄ ∂h/∂x} to the bars, before step t-1's adjoint so
 * that the part through {@code q_t} flows on through it. Euler-type integrators; no history
 * buffers.
 */
final class TimeOfContact {
  /** DiffSDFSim's TOL: slower approach than TOL/dt counts as no motion into the contact. */
  static final double TOL = 1e-8;

  /** Below this Σ a_c² the contact time is taken as not moving. */
  static final double DEGENERATE = 1e-5;

  private final Model m;
  private final java.util.ArrayList<long[]> pairs = new java.util.ArrayList<>();
  private final DataBar g;
  private final double[] qbar, vbar, vplus;
  private double[] approach = new double[0];
  private boolean pending;
  private double pendingBar;

  TimeOfContact(Model m) {
    if (m.opt().integrator() == Integrator.RK4) {
      throw new IllegalArgumentException(
          "time-of-contact gradients split Euler steps; the model integrates with RK4:"
              + " turn diffart:timeofcontact off or use an Euler integrator");
    }
    if (m.nhistory() > 0) {
      throw new IllegalArgumentException(
          "time-of-contact gradients do not follow history buffers (delayed actuators or"
              + " sensors); the model has "
              + m.nhistory()
              + " buffered numbers");
    }
    this.m = m;
    g = new DataBar(m);
    qbar = new double[m.nq()];
    vbar = new double[m.nv()];
    vplus = new double[m.nv()];
  }

  /**
   * Records the geom pairs in contact at state s (sorted keys, {@link ImpactBisection#pairs}): s
   * counts the states the steps start from, or their pieces' with {@code Options.impactBisections}.
   */
  void record(int s, long[] startPairs) {
    while (pairs.size() <= s) {
      pairs.add(null);
    }
    pairs.set(s, startPairs);
  }

  /**
   * The final state x_T: d holds its dynamics ({@link Step#dynamics}); an event there has no step
   * after it.
   */
  void terminal(int s, Data d) {
    pending = false;
    record(s, ImpactBisection.pairs(m, d));
    event(s, d, 0, m.opt().timestep());
  }

  /**
   * Before the adjoint of the step (or piece) from state s, d holding its dynamics under {@code
   * piece} (the model, or one with the piece's length as its time step) and b the bars of state
   * s+1: settles the event at s+1 (its h̄ gets this step's position term, then {@code h̄ ∂h/∂x}
   * goes into b) and prepares one at s.
   */
  void beforeStep(int s, Model piece, Data d, DataBar b) {
    double dt = piece.opt().timestep();
    double rho = positionRate(piece, d, b, dt);
    if (pending) {
      addScaled(b, pendingBar + rho);
      pending = false;
    }
    event(s, d, -rho, dt);
  }

  /**
   * ρ: the bar of the duration of the step from d's state, through its position update {@code q ⊕
   * dt v⁺} only.
   */
  private double positionRate(Model piece, Data d, DataBar b, double dt) {
    int nv = m.nv();
    double[] acc = Step.appliedAcceleration(piece, d);
    for (int k = 0; k < nv; k++) {
      vplus[k] = d.qvel[k] + dt * acc[k];
      vbar[k] = 0;
    }
    System.arraycopy(b.qposBar, 0, qbar, 0, m.nq());
    // vbar gets dt·ū, the bar of v⁺ through the displacement dt·v⁺
    Configuration.integratePosAdjoint(piece, d.qpos, vplus, 0, dt, qbar, vbar, 0);
    double rho = 0;
    for (int k = 0; k < nv; k++) {
      rho += vbar[k] * vplus[k];
    }
    return rho / dt;
  }

  /**
   * If state s (s ≥ 1) has contacts of pairs not in contact at state s-1: ∂h/∂x into g by the
   * contacts' distance adjoint at d's positions, pending with the bar {@code start}.
   */
  private void event(int s, Data d, double start, double dt) {
    if (s < 1 || s - 1 >= pairs.size() || pairs.get(s - 1) == null) {
      return;
    }
    long[] before = pairs.get(s - 1);
    int nv = m.nv();
    double sum = 0;
    if (approach.length < d.ncon) {
      approach = new double[d.conDist.length];
    }
    double[] a = approach;
    for (int c = 0; c < d.ncon; c++) {
      a[c] = 0;
      if (java.util.Arrays.binarySearch(before, ImpactBisection.key(m, d, c)) >= 0) {
        continue;
      }
      int r = normalRow(d, c);
      if (r < 0) {
        continue;
      }
      double vn = 0;
      for (int k = d.efcDofLo[r]; k < d.efcDofHi[r]; k++) {
        vn += d.efcJ[nv * r + k] * d.qvel[k];
      }
      // only motion into the contact
      a[c] = -vn >= TOL / dt ? -vn : 0;
      sum += a[c] * a[c];
    }
    if (sum <= DEGENERATE) {
      return;
    }
    clearInputs(g);
    for (int c = 0; c < d.ncon; c++) {
      g.conDistBar[c] = a[c] / sum;
    }
    CollisionAdjoint.detect(m, d, g);
    KinematicsAdjoint.geoms(m, d, g);
    KinematicsAdjoint.forward(m, d, g);
    pending = true;
    pendingBar = start;
  }

  private static int normalRow(Data d, int c) {
    for (int r = 0; r < d.nefc; r++) {
      if (d.efcType[r] == Rows.NORMAL && d.efcId[r] == c) {
        return r;
      }
    }
    return -1;
  }

  /** b += s·g over the bars a distance reaches: the positions and the geometry's parameters. */
  private void addScaled(DataBar b, double s) {
    add(b.qposBar, g.qposBar, s);
    add(b.bodyInertBar, g.bodyInertBar, s);
    add(b.shapeBar, g.shapeBar, s);
  }

  private static void add(double[] to, double[] from, double s) {
    for (int k = 0; k < to.length; k++) {
      to[k] += s * from[k];
    }
  }

  private static void clearInputs(DataBar g) {
    java.util.Arrays.fill(g.qposBar, 0);
    java.util.Arrays.fill(g.bodyInertBar, 0);
    java.util.Arrays.fill(g.shapeBar, 0);
  }
}
