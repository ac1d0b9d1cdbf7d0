package org.diffart.sim.data;

import org.diffart.sim.model.ContactSolver;
import org.diffart.sim.model.Model;

/**
 * What a per-world struct ({@link Data}, {@link DataBar}) is allocated from: its model and the
 * model's sizes, known before the struct's own fields are initialised, so that each field is
 * declared once with its shape where it is allocated ({@code public final double[] xpos = new
 * double[3 * nbody];}), as MuJoCo's {@code mjxmacro.h} lists each of its fields once. A new
 * per-world array is one such line plus its use.
 */
public abstract class WorldArrays {
  /** The model this struct was allocated for. */
  public final Model model;

  /**
   * The model's sizes: {@link Model#nq()}, {@link Model#nv()}, {@link Model#nu()}, {@link
   * Model#na()}.
   */
  protected final int nq, nv, nu, na;

  /** The model's counts of bodies, geoms, sites, tendons, tendon terms and sensor values. */
  protected final int nbody, ngeom, nsite, ntendon, nwrap, nsensordata;

  /** The model's contact slots ({@link Model#nslot()}). */
  protected final int nslot;

  /** Numbers the model's history buffers hold ({@link Model#nhistory()}). */
  protected final int nhistory;

  /**
   * Contacts the contact arrays hold: {@link Model#nconMax()}, and one more for the candidate being
   * tested.
   */
  protected final int contactCapacity;

  /** Constraint rows the constraint arrays hold ({@link Data#nefcMax}). */
  protected final int rowCapacity;

  /**
   * Unknowns the interior-point contact solver's arrays hold: every row and a sliding speed per
   * contact with the {@code lcp-pdipm} solver, 0 with PGS.
   */
  protected final int ipmCapacity;

  WorldArrays(Model m) {
    model = m;
    nq = m.nq();
    nv = m.nv();
    nu = m.nu();
    na = m.na();
    nbody = m.nbody();
    ngeom = m.ngeom();
    nsite = m.nsite();
    ntendon = m.ntendon();
    nwrap = m.nwrap();
    nsensordata = m.nsensordata();
    nslot = m.nslot();
    nhistory = m.nhistory();
    contactCapacity = m.nconMax() + 1;
    rowCapacity = Data.nefcMax(m);
    ipmCapacity = m.opt().solver() == ContactSolver.PDIPM ? rowCapacity + m.nconMax() : 0;
  }
}
