package org.diffart.sim.spatial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link Trig} against {@link StrictMath} (fdlibm, within 1 ulp of exact): within 2 ulp, 3 for
 * atan2.
 */
class TrigTest {
  private static double ulps(double ours, double exact) {
    return Math.abs(ours - exact) / Math.ulp(exact);
  }

  @Test
  void sineAndCosineAreWithinTwoUlpOverTheRangeJointsUse() {
    Random rnd = new Random(20261130);
    double worst = 0;
    for (int i = 0; i < 200_000; i++) {
      double scale = i % 4 == 0 ? 1e-6 : i % 4 == 1 ? 1 : i % 4 == 2 ? 10 : 1e5;
      double x = (2 * rnd.nextDouble() - 1) * scale;
      worst =
          Math.max(
              worst,
              Math.max(ulps(Trig.sin(x), StrictMath.sin(x)), ulps(Trig.cos(x), StrictMath.cos(x))));
    }
    assertTrue(worst <= 2, "worst error " + worst + " ulp");
  }

  @Test
  void specialPointsAreExact() {
    assertEquals(0.0, Trig.sin(0.0));
    assertEquals(1.0, Trig.cos(0.0));
    assertEquals(1.0, Trig.sin(Math.PI / 2));
    assertEquals(-1.0, Trig.cos(Math.PI));
    assertTrue(
        Double.isNaN(Trig.sin(Double.NaN)) && Double.isNaN(Trig.cos(Double.POSITIVE_INFINITY)));
    assertTrue(Double.isNaN(Trig.sin(1e16)));
  }

  @Test
  void atan2IsWithinThreeUlpInEveryQuadrant() {
    Random rnd = new Random(7);
    double worst = 0;
    for (int i = 0; i < 200_000; i++) {
      double y = (2 * rnd.nextDouble() - 1) * Math.pow(10, rnd.nextInt(7) - 3);
      double x = (2 * rnd.nextDouble() - 1) * Math.pow(10, rnd.nextInt(7) - 3);
      worst = Math.max(worst, ulps(Trig.atan2(y, x), StrictMath.atan2(y, x)));
    }
    assertTrue(worst <= 3, "worst error " + worst + " ulp");
    assertEquals(0.0, Trig.atan2(0, 1));
    assertEquals(Math.PI, Trig.atan2(0, -1));
    assertEquals(Math.PI / 2, Trig.atan2(1, 0));
    assertEquals(-Math.PI / 2, Trig.atan2(-2, 0));
  }

  @Test
  void arcCosineAndArcSineAreWithinFourUlpAndClampTheirArgument() {
    Random rnd = new Random(11);
    double worst = 0;
    for (int i = 0; i < 200_000; i++) {
      // uniform on [-1, 1], and crowded against ±1 where acos is ill-conditioned
      double x =
          i % 2 == 0
              ? 2 * rnd.nextDouble() - 1
              : Math.copySign(1 - Math.pow(10, -1 - 15 * rnd.nextDouble()), rnd.nextDouble() - 0.5);
      worst =
          Math.max(
              worst,
              Math.max(
                  ulps(Trig.acos(x), StrictMath.acos(x)), ulps(Trig.asin(x), StrictMath.asin(x))));
    }
    assertTrue(worst <= 4, "worst error " + worst + " ulp");
    assertEquals(0.0, Trig.acos(1 + 1e-16));
    assertEquals(Math.PI, Trig.acos(-1.0000000000000002));
    assertEquals(Math.PI / 2, Trig.asin(1.0000000000000002));
  }
}
