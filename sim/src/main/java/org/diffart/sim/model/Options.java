package org.diffart.sim.model;

/**
 * Simulation options of a {@link Model}: time step, gravity, integrator and the contact solver
 * settings.
 *
 * <p>Contact is a velocity-level mixed linear complementarity problem (Qiao et al. 2021, App. G)
 * solved by projected Gauss-Seidel. Defaults follow the paper's public code: 50 iterations from
 * zero, {@code erp = 0.01}, {@code cfm = 1e-5}, one friction direction, a normal impulse cap of
 * 1000 N·s, no restitution.
 *
 * @param timestep step size in seconds (MJCF {@code option/timestep}, default 0.002 as in MuJoCo)
 * @param gravity gravitational acceleration in the world frame, m/s² (3)
 * @param integrator time integrator
 * @param contact whether geom contacts are detected and solved (MJCF {@code flag contact})
 * @param limit whether joint range limits are enforced as unilateral constraints (MJCF {@code flag
 *     limit})
 * @param frictionLoss whether the joints' dry friction ({@code frictionloss}) acts (MJCF {@code
 *     flag frictionloss})
 * @param equality whether the equality constraints act (MJCF {@code flag equality})
 * @param energy whether each forward evaluation also computes the potential and kinetic energy into
 *     {@code Data.energy} (MJCF {@code flag energy}, off by default as in MuJoCo)
 * @param passive whether the passive forces act: joint and tendon springs and dampers, fluid forces
 *     (MJCF {@code flag passive}; off, the Euler step still integrates joint damping implicitly, as
 *     MuJoCo 2.2.2's does)
 * @param sensor whether steps and forward evaluations compute the sensors (MJCF {@code flag
 *     sensor}; off, {@code sensordata} keeps what it held, as MuJoCo's, and a damped step needs no
 *     evaluation of its own for them)
 * @param actuation whether the actuators act (MJCF {@code flag actuation}; off, their lengths and
 *     velocities are still computed, their forces and activation derivatives are zero)
 * @param iterations projected Gauss-Seidel sweeps per step
 * @param tolerance stop early when the largest impulse change of a sweep is below this (0: fixed
 *     count)
 * @param warmStart start PGS from the previous step's impulses of the same contacts instead of zero
 *     (normal impulses; friction impulses too with two friction directions)
 * @param erp Baumgarte error-reduction factor: a penetration {@code d < 0} adds {@code -erp*d/dt}
 *     to the target normal velocity
 * @param cfm constraint force mixing added to the diagonal of the Delassus matrix
 * @param frictionDirections with PGS 1 (a single direction along the sliding velocity, as in the
 *     paper's code) or 2 (two orthogonal tangents, a box approximation of the Coulomb cone); with
 *     {@link ContactSolver#PDIPM} the edges of the polyhedral friction cone, 3 or more
 *     (DiffSDFSim's 8), evenly spaced from the contact frame's first tangent
 * @param solver the contact solver: {@link ContactSolver#PGS} (the default) or DiffSDFSim's
 *     interior-point LCP solver {@link ContactSolver#PDIPM} (its iterations and tolerance are the
 *     interior point's)
 * @param restitution default coefficient of restitution e of every geom (a per-world parameter in
 *     {@code Data}); a contact takes the larger of its two geoms' and targets the normal velocity
 *     {@code -e*v_n}, v_n its normal velocity before the step, when approaching
 * @param timeOfContact the rollout adjoint takes time-of-contact gradients (DiffSDFSim's): a step
 *     that brings a pair of geoms into contact moves its positions by the implicit time of contact
 *     h(x) and the next step by 2dt − h(x), both of value dt, so that the simulation is unchanged
 *     and its gradient sees how the contact time moves ({@code org.diffart.sim.diff.TimeOfContact})
 * @param impactBisections 0, or DiffSDFSim's steps without penetration ({@code World.step_dt}): a
 *     step that leaves a geom pair that was not in contact more than 10⁻⁸ m deep is taken again at
 *     half its length, at most this many halvings (the seed's 10), the rest of the step after it,
 *     so that contacts begin at the surface, not up to a step's travel deep ({@code
 *     org.diffart.sim.algo.ImpactBisection}); Euler-type integrators
 * @param sdfSurface SDF geoms meet planes, each other, spheres, capsules, ellipsoids and boxes as
 *     DiffSDFSim's do, by their signed distance: the contact is where φ is least on the plane, or
 *     where the SDF's φ is least on the other geom's surface (up to four such points: a non-convex
 *     shape touches in several places; {@code org.diffart.sim.algo.collision.SdfSurface}), its
 *     depth φ there and its point and depth differentiable in the shape through φ itself; without
 *     it (the default) at the vertices of the SDF's mesh, and against other geoms by MPR on their
 *     hulls. CPU only
 * @param maxNormalImpulse upper bound of each normal impulse, N·s
 * @param density density of the surrounding medium, kg/m³ (MJCF {@code option density}; MuJoCo
 *     2.2.2's inertia-box fluid forces, {@code org.diffart.sim.algo.forces.Fluid})
 * @param viscosity viscosity of the medium, Pa·s (MJCF {@code option viscosity})
 * @param wind velocity of the medium in the world, m/s (3; MJCF {@code option wind})
 * @param magnetic the global magnetic field in the world that magnetometers read (3; MJCF {@code
 *     option magnetic}, default MuJoCo's (0, -0.5, 0))
 */
public record Options(
    double timestep,
    double[] gravity,
    Integrator integrator,
    boolean contact,
    boolean limit,
    boolean frictionLoss,
    boolean equality,
    boolean energy,
    boolean passive,
    boolean actuation,
    boolean sensor,
    int iterations,
    double tolerance,
    boolean warmStart,
    double erp,
    double cfm,
    int frictionDirections,
    ContactSolver solver,
    double restitution,
    boolean timeOfContact,
    int impactBisections,
    boolean sdfSurface,
    double maxNormalImpulse,
    double density,
    double viscosity,
    double[] wind,
    double[] magnetic) {

  /** Validates the settings and copies the gravity vector. */
  public Options {
    gravity = gravity.clone();
    wind = wind.clone();
    magnetic = magnetic.clone();
    if (wind.length != 3 || magnetic.length != 3) {
      throw new IllegalArgumentException(
          "wind and magnetic must have 3 components, got "
              + wind.length
              + " and "
              + magnetic.length);
    }
    if (!(density >= 0)
        || !(viscosity >= 0)
        || !Double.isFinite(density)
        || !Double.isFinite(viscosity)) {
      throw new IllegalArgumentException(
          "density and viscosity must be finite and >= 0, got " + density + ", " + viscosity);
    }
    if (gravity.length != 3) {
      throw new IllegalArgumentException("gravity must have 3 components, got " + gravity.length);
    }
    if (!(timestep > 0) || !Double.isFinite(timestep)) {
      throw new IllegalArgumentException("timestep must be positive and finite, got " + timestep);
    }
    if (iterations < 0) {
      throw new IllegalArgumentException("iterations must be >= 0, got " + iterations);
    }
    if (solver == ContactSolver.PGS && frictionDirections != 1 && frictionDirections != 2) {
      throw new IllegalArgumentException(
          "frictionDirections must be 1 or 2 with the pgs solver, got " + frictionDirections);
    }
    if (solver == ContactSolver.PDIPM && frictionDirections != 4 && frictionDirections != 8) {
      throw new IllegalArgumentException(
          "frictionDirections must be 4 or 8 (the friction cone's edges) with the lcp-pdipm"
              + " solver, got "
              + frictionDirections);
    }
    if (impactBisections < 0 || impactBisections > 30) {
      throw new IllegalArgumentException(
          "impactBisections must be between 0 and 30, got " + impactBisections);
    }
    if (impactBisections > 0 && integrator == Integrator.RK4) {
      throw new IllegalArgumentException(
          "impactBisections splits Euler steps; the integrator is RK4: use an Euler integrator");
    }
    if (tolerance < 0 || erp < 0 || cfm < 0 || restitution < 0 || maxNormalImpulse <= 0) {
      throw new IllegalArgumentException(
          "tolerance, erp, cfm, restitution must be >= 0 and maxNormalImpulse > 0");
    }
  }

  /** MuJoCo's defaults for time step and gravity, the paper's defaults for the contact solver. */
  public static Options defaults() {
    return builder().build();
  }

  /** A builder starting from the defaults. */
  public static Builder builder() {
    return new Builder();
  }

  /** A builder starting from these options. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.timestep = timestep;
    b.gravity = gravity.clone();
    b.integrator = integrator;
    b.contact = contact;
    b.limit = limit;
    b.frictionLoss = frictionLoss;
    b.equality = equality;
    b.energy = energy;
    b.passive = passive;
    b.actuation = actuation;
    b.sensor = sensor;
    b.iterations = iterations;
    b.tolerance = tolerance;
    b.warmStart = warmStart;
    b.erp = erp;
    b.cfm = cfm;
    b.frictionDirections = frictionDirections;
    b.solver = solver;
    b.restitution = restitution;
    b.timeOfContact = timeOfContact;
    b.impactBisections = impactBisections;
    b.sdfSurface = sdfSurface;
    b.maxNormalImpulse = maxNormalImpulse;
    b.density = density;
    b.viscosity = viscosity;
    b.wind = wind.clone();
    b.magnetic = magnetic.clone();
    return b;
  }

  /** Gravity component k (0..2). */
  public double gravity(int k) {
    return gravity[k];
  }

  @Override
  public double[] gravity() {
    return gravity.clone();
  }

  /** Wind component k (0..2). */
  public double wind(int k) {
    return wind[k];
  }

  @Override
  public double[] wind() {
    return wind.clone();
  }

  /** Magnetic field component k (0..2). */
  public double magnetic(int k) {
    return magnetic[k];
  }

  @Override
  public double[] magnetic() {
    return magnetic.clone();
  }

  /** Whether the medium exerts forces (density or viscosity positive). */
  public boolean fluid() {
    return density > 0 || viscosity > 0;
  }

  /** Mutable builder for {@link Options}. */
  public static final class Builder {
    private double timestep = 0.002;
    private double[] gravity = {0, 0, -9.81};
    private Integrator integrator = Integrator.EULER;
    private boolean contact = true;
    private boolean limit = true;
    private boolean frictionLoss = true;
    private boolean equality = true;
    private boolean energy;
    private boolean passive = true;
    private boolean actuation = true;
    private boolean sensor = true;
    private int iterations = 50;
    private double tolerance = 0;
    private boolean warmStart = false;
    private double erp = 0.01;
    private double cfm = 1e-5;
    private int frictionDirections = 1;
    private ContactSolver solver = ContactSolver.PGS;
    private double restitution = 0;
    private boolean timeOfContact = false;
    private int impactBisections = 0;
    private boolean sdfSurface = false;
    private double maxNormalImpulse = 1000;
    private double density;
    private double viscosity;
    private double[] wind = new double[3];
    private double[] magnetic = {0, -0.5, 0};

    private Builder() {}

    public Builder timestep(double v) {
      timestep = v;
      return this;
    }

    public Builder gravity(double x, double y, double z) {
      gravity = new double[] {x, y, z};
      return this;
    }

    public Builder integrator(Integrator v) {
      integrator = v;
      return this;
    }

    public Builder contact(boolean v) {
      contact = v;
      return this;
    }

    public Builder limit(boolean v) {
      limit = v;
      return this;
    }

    public Builder frictionLoss(boolean v) {
      frictionLoss = v;
      return this;
    }

    public Builder equality(boolean v) {
      equality = v;
      return this;
    }

    public Builder energy(boolean v) {
      energy = v;
      return this;
    }

    public Builder passive(boolean v) {
      passive = v;
      return this;
    }

    public Builder sensor(boolean v) {
      sensor = v;
      return this;
    }

    public Builder actuation(boolean v) {
      actuation = v;
      return this;
    }

    public Builder iterations(int v) {
      iterations = v;
      return this;
    }

    public Builder tolerance(double v) {
      tolerance = v;
      return this;
    }

    public Builder warmStart(boolean v) {
      warmStart = v;
      return this;
    }

    public Builder erp(double v) {
      erp = v;
      return this;
    }

    public Builder cfm(double v) {
      cfm = v;
      return this;
    }

    public Builder frictionDirections(int v) {
      frictionDirections = v;
      return this;
    }

    /**
     * The contact solver. Switching to {@link ContactSolver#PDIPM} also sets DiffSDFSim's solver
     * settings: at most 30 Newton steps, tolerance 1e-12, and 8 cone edges in place of PGS's one or
     * two friction directions; switching back to {@link ContactSolver#PGS} its defaults (50 sweeps,
     * no tolerance, one friction direction in place of a cone's edges). Set them after this to
     * change them.
     */
    public Builder solver(ContactSolver v) {
      if (v == ContactSolver.PDIPM && solver != ContactSolver.PDIPM) {
        frictionDirections = frictionDirections < 3 ? 8 : frictionDirections;
        iterations = 30;
        tolerance = 1e-12;
      } else if (v == ContactSolver.PGS && solver != ContactSolver.PGS) {
        frictionDirections = frictionDirections > 2 ? 1 : frictionDirections;
        iterations = 50;
        tolerance = 0;
      }
      solver = v;
      return this;
    }

    public Builder restitution(double v) {
      restitution = v;
      return this;
    }

    public Builder timeOfContact(boolean v) {
      timeOfContact = v;
      return this;
    }

    public Builder impactBisections(int v) {
      impactBisections = v;
      return this;
    }

    public Builder sdfSurface(boolean v) {
      sdfSurface = v;
      return this;
    }

    public Builder maxNormalImpulse(double v) {
      maxNormalImpulse = v;
      return this;
    }

    public Builder density(double v) {
      density = v;
      return this;
    }

    public Builder viscosity(double v) {
      viscosity = v;
      return this;
    }

    public Builder wind(double x, double y, double z) {
      wind = new double[] {x, y, z};
      return this;
    }

    public Builder magnetic(double x, double y, double z) {
      magnetic = new double[] {x, y, z};
      return this;
    }

    public Options build() {
      return new Options(
          timestep,
          gravity,
          integrator,
          contact,
          limit,
          frictionLoss,
          equality,
          energy,
          passive,
          actuation,
          sensor,
          iterations,
          tolerance,
          warmStart,
          erp,
          cfm,
          frictionDirections,
          solver,
          restitution,
          timeOfContact,
          impactBisections,
          sdfSurface,
          maxNormalImpulse,
          density,
          viscosity,
          wind,
          magnetic);
    }
  }
}
