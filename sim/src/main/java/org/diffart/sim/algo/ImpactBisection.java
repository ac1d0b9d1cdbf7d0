package org.diffart.sim.algo;

import java.util.Arrays;
import org.diffart.sim.algo.collision.Collision;
import org.diffart.sim.algo.kinematics.Kinematics;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Integrator;
import org.diffart.sim.model.Model;

/**
 * DiffSDFSim's steps without penetration ({@code World.step_dt}, {@code strict_no_penetration}
 * off), {@code Options.impactBisections} = J > 0: a step of length h that leaves a geom pair that
 * was not in contact at its start more than {@link #TOL} deep is undone and taken at h/2, down to
 * dt/2^J (the last is kept whatever it leaves); then the rest of the step, the same way, until the
 * model's dt has passed. A body so comes to rest within the contact margin of the surface it is
 * about to meet, and the next piece meets it there: where a fixed step begins a contact up to one
 * step's travel deep, and so moves the trajectory after an impact in jumps as the impact crosses a
 * step, the impact here lands at the time the pieces resolve. Each piece is {@link Step#fixedStep}
 * with its own length; the step reports the time and step count of the whole step, and the
 * contacts, sensors and accelerations of its last piece.
 *
 * <p>The rollout adjoint reverses the pieces one by one ({@code AdjointGradient}); the pieces'
 * lengths are constants of the gradient (the bisection is a decision, as DiffSDFSim's is), so
 * without time-of-contact gradients the impact time does not move with the parameters.
 */
public final class ImpactBisection {
  /** DiffSDFSim's TOL: the deepest new contact a piece may leave, m. */
  public static final double TOL = 1e-8;

  private ImpactBisection() {}

  /** Receives each piece a step keeps. */
  public interface Pieces {
    /**
     * A piece of the step kept.
     *
     * @param piece the model with the piece's length as its time step
     * @param start the state the piece started from
     * @param startPairs the geom pairs in contact at its start ({@link #pairs}), sorted
     */
    void piece(Model piece, Data start, long[] startPairs);
  }

  /**
   * One step of m's time step in pieces.
   *
   * @param fixedStep a step of a model's own time step ({@link Step#fixedStep})
   * @param pieces receives each piece kept, or null
   */
  public static void step(
      Model m, Data d, java.util.function.BiConsumer<Model, Data> fixedStep, Pieces pieces) {
    if (m.opt().integrator() == Integrator.RK4 || m.nhistory() > 0) {
      throw new IllegalArgumentException(
          "impactBisections splits Euler steps of models without history buffers; "
              + m.name()
              + (m.nhistory() > 0
                  ? " buffers delayed actuators or sensors"
                  : " integrates with RK4"));
    }
    double dt = m.opt().timestep(), t0 = d.time;
    long n0 = d.nstep;
    int levels = m.opt().impactBisections();
    Data start = new Data(m);
    double done = 0;
    while (dt - done > dt * 1e-12) {
      double h = dt - done;
      for (int level = 0; ; level++) {
        start.copyStateFrom(d);
        Model piece = piece(m, h);
        fixedStep.accept(piece, d);
        long[] before = pairs(m, d);
        if (level == levels || !penetrates(piece, d, before)) {
          if (pieces != null) {
            pieces.piece(piece, start, before);
          }
          break;
        }
        d.copyStateFrom(start);
        h /= 2;
      }
      done += h;
    }
    d.time = t0 + dt;
    d.nstep = n0 + 1;
  }

  /** The model with time step h and no bisection of its own. */
  public static Model piece(Model m, double h) {
    return m.withOptions(m.opt().toBuilder().timestep(h).impactBisections(0).build());
  }

  /** The geom pairs of d's contacts as sorted keys {@code min·ngeom + max}. */
  public static long[] pairs(Model m, Data d) {
    long[] p = new long[d.ncon];
    for (int c = 0; c < d.ncon; c++) {
      p[c] = key(m, d, c);
    }
    Arrays.sort(p);
    return p;
  }

  /** Contact c's geom pair as a key. */
  public static long key(Model m, Data d, int c) {
    int a = d.conGeom[2 * c], b = d.conGeom[2 * c + 1];
    return (long) Math.min(a, b) * m.ngeom() + Math.max(a, b);
  }

  /**
   * Whether d's state has a contact more than TOL deep of a pair not among {@code before}
   * (collision detection at d's positions).
   */
  private static boolean penetrates(Model m, Data d, long[] before) {
    Kinematics.forward(m, d);
    d.ncon = 0;
    if (m.opt().contact() && m.nconMax() > 0) {
      Kinematics.geoms(m, d);
      Collision.detect(m, d);
    }
    for (int c = 0; c < d.ncon; c++) {
      if (d.conDist[c] < -TOL && Arrays.binarySearch(before, key(m, d, c)) < 0) {
        return true;
      }
    }
    return false;
  }
}
