package org.diffart.sim.tape;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

/**
 * Sizes as a reader takes them in: three significant digits in binary units ({@code 162 KiB},
 * {@code 2.94 GiB}).
 */
public final class ByteSize {
  private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};

  private ByteSize() {}

  /**
   * {@code bytes} to three significant digits in the largest binary unit that keeps it at least 1
   * (bytes whole).
   */
  public static String of(double bytes) {
    if (!Double.isFinite(bytes)) {
      return bytes + " B";
    }
    double a = Math.abs(bytes);
    int unit = 0;
    // the unit is chosen after rounding, so that 1023.9 KiB reads 1.00 MiB and not 1.02e+03 KiB
    while (unit + 1 < UNITS.length && round3(a / Math.pow(1024, unit)) >= 1000) {
      unit++;
    }
    if (unit == 0) {
      return Math.round(bytes) + " B";
    }
    return threeDigits(bytes / Math.pow(1024, unit)) + " " + UNITS[unit];
  }

  /**
   * x to three significant digits, trailing zeros kept ({@code 7.08}, {@code 16.0}, {@code 162},
   * {@code 0.977}).
   */
  public static String threeDigits(double x) {
    if (x == 0 || !Double.isFinite(x)) {
      return x == 0 ? "0" : Double.toString(x);
    }
    double r = round3(x);
    int decimals = Math.max(0, 2 - (int) Math.floor(Math.log10(Math.abs(r))));
    return String.format(Locale.ROOT, "%." + decimals + "f", r);
  }

  private static double round3(double x) {
    return x == 0 ? 0 : new BigDecimal(x).round(new MathContext(3)).doubleValue();
  }
}
