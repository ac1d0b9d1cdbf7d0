package org.diffart.sim.model;

/** The solvers of the step's velocity-level contact problem. */
public enum ContactSolver {
  /**
   * Projected Gauss-Seidel with box friction bounds ±μ p_n (one sliding or two orthogonal
   * directions), as Qiao et al.'s code: a fixed number of sweeps, differentiated by reversing them
   * (the reverse PGS). The default.
   */
  PGS,
  /**
   * DiffSDFSim's mixed LCP with a polyhedral friction cone of {@code frictionDirections} edges (the
   * seed's 8) and the sliding speed γ per contact, solved by a primal–dual interior-point method to
   * its KKT point and differentiated implicitly at the solution, through the KKT system ({@code
   * org.diffart.sim.algo.constraint.ContactInteriorPoint}). Name on every surface: {@code
   * lcp-pdipm}.
   */
  PDIPM;

  /**
   * The solver's name on the command line, in MJCF and in tables: {@code pgs}, {@code lcp-pdipm}.
   */
  public String label() {
    return this == PGS ? "pgs" : "lcp-pdipm";
  }

  /** The solver of a {@link #label()}; throws naming the accepted names. */
  public static ContactSolver ofLabel(String label) {
    for (ContactSolver s : values()) {
      if (s.label().equals(label)) {
        return s;
      }
    }
    throw new IllegalArgumentException(
        "unknown contact solver \"" + label + "\": use pgs or lcp-pdipm");
  }
}
