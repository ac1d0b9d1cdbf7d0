package org.diffart.sim.model;

/**
 * MuJoCo's equality constraints (MJCF {@code <equality>}), each a block of bilateral rows in the
 * constraint solve whose violation {@code pos} the rows drive to zero ({@code J q̇⁺ =
 * -erp·pos/dt}). The numbers a constraint keeps are MuJoCo 2.2.2's {@code eq_data} (11 per
 * constraint), measured on {@code datasets/reference/models/equality.xml}.
 */
public enum EqualityType {
  /**
   * Two bodies share a point: {@code pos = (x₁ + R₁ a₁) - (x₂ + R₂ a₂)} (3 rows), with {@code a₁ =
   * data[0..3)} the anchor in body 1 and {@code a₂ = data[3..6)} the same point in body 2 at {@code
   * qpos0}.
   */
  CONNECT(3),
  /**
   * Two bodies keep their relative pose: the points {@code x₁ + R₁ data[3..6)} and {@code x₂ + R₂
   * data[0..3)} coincide (3 rows), and {@code Im(q₂⁻¹ ⊗ q₁ ⊗ r)} vanishes with {@code r =
   * data[6..10)} (3 rows). MuJoCo 2.2.2 scales these rows' Jacobian by {@code torquescale =
   * data[10]} but not their violation (measured; later versions scale both).
   */
  WELD(6),
  /**
   * Two scalar joints are coupled by a quartic: {@code pos = (q₁ - q₁⁰) - data[0] - Σₖ data[k] (q₂
   * - q₂⁰)ᵏ} (one row; without joint 2 the joint is held at {@code q₁⁰ + data[0]}).
   */
  JOINT(1),
  /**
   * As {@link #JOINT} for the lengths of two fixed tendons, relative to their lengths at {@code
   * qpos0}.
   */
  TENDON(1);

  /** Number of constraint rows. */
  public final int rows;

  EqualityType(int rows) {
    this.rows = rows;
  }
}
