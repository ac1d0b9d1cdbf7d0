package org.diffart.sim.compiler;

/**
 * A height field asset under construction (MJCF {@code <asset><hfield>}, MuJoCo 2.2.2's semantics):
 * a grid of {@code nrow × ncol} elevations over the rectangle {@code [-sx, sx] × [-sy, sy]} of its
 * geom's frame, column c at {@code x = -sx + 2 sx c / (ncol - 1)}, row r at {@code y = -sy + 2 sy r
 * / (nrow - 1)}. The compiler normalises the data to [0, 1] (minus the minimum, over the range when
 * it exceeds 1e-15, in single precision as MuJoCo does), so the surface lies between z = 0 and
 * {@code elevation}; the solid reaches down to {@code z = -base}. Created by {@link
 * ModelBuilder#addHfield}.
 */
public final class HfieldSpec {
  final String name;
  final int nrow, ncol;
  final double[] size;
  final float[] data;

  HfieldSpec(String name, int nrow, int ncol, double[] size, float[] data) {
    this.name = name;
    this.nrow = nrow;
    this.ncol = ncol;
    this.size = size;
    this.data = data;
  }

  /** Its name. */
  public String name() {
    return name;
  }
}
