package org.diffart.kernel.display;

import java.lang.reflect.Method;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.Locale;
import java.util.function.DoubleFunction;
import org.diffart.sim.tape.ByteSize;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.FloatColumn;
import tech.tablesaw.api.NumberColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;
import tech.tablesaw.columns.numbers.NumberColumnFormatter;

/**
 * Numbers as a researcher reads them, in tables and text alike: six significant digits, fixed
 * notation between 1e-4 and 1e6 and scientific outside ({@code %g}'s rule and look, {@code
 * 1.23457e-05}, as pandas shows floats), and long vectors elided in the middle with their length.
 * Tables keep Tablesaw's column formatting: a column's default formatter is replaced by a {@link
 * NumberColumnFormatter} over {@link #significant()}; a formatter the user set is kept.
 */
public final class Readable {
  /** Significant digits shown. */
  public static final int DIGITS = 6;

  /** Vectors longer than this show their first and last few entries. */
  public static final int MAX_VECTOR = 8;

  private static final String DEFAULT_FORMATTER =
      describe(NumberColumnFormatter.floatingPointDefault());

  private Readable() {}

  /**
   * A NumberFormat with {@link #DIGITS} significant digits, scientific below 1e-4 and from 1e6 in
   * magnitude.
   */
  public static NumberFormat significant() {
    return new Significant(DIGITS);
  }

  /**
   * A NumberFormat with the given significant digits, scientific below 1e-4 and from 1e6 in
   * magnitude.
   */
  public static NumberFormat significant(int digits) {
    return new Significant(digits);
  }

  /** One number as {@link #significant()} writes it. */
  public static String number(double x) {
    return significant().format(x);
  }

  /**
   * A duration given in milliseconds, to three significant digits in the unit that reads best:
   * {@code 812 µs}, {@code 7.08 ms}, {@code 5.43 s}, {@code 16.7 min}.
   */
  public static String duration(double ms) {
    if (!Double.isFinite(ms)) {
      return ms + " ms";
    }
    double a = Math.abs(ms);
    if (a == 0) {
      return "0 ms";
    }
    // the unit chosen on the rounded value, so that 999.7 ms reads 1.00 s
    double rounded = Double.parseDouble(ByteSize.threeDigits(a));
    if (rounded < 1e-3) {
      return ByteSize.threeDigits(ms * 1e6) + " ns";
    } else if (rounded < 1) {
      return ByteSize.threeDigits(ms * 1e3) + " µs";
    } else if (rounded < 1e3) {
      return ByteSize.threeDigits(ms) + " ms";
    } else if (rounded < 1e6) {
      return ByteSize.threeDigits(ms / 1e3) + " s";
    }
    return ByteSize.threeDigits(ms / 6e4) + " min";
  }

  /**
   * A size given in bytes, to three significant digits in binary units: {@code 512 B}, {@code 162
   * KiB}.
   */
  public static String bytes(double bytes) {
    return ByteSize.of(bytes);
  }

  /**
   * Shows a column of milliseconds as {@link #duration}s (its values stay milliseconds); returns
   * the column.
   */
  public static <C extends NumberColumn<?, ?>> C durations(C ms) {
    ms.setPrintFormatter(new NumberColumnFormatter(new Units(Readable::duration), ""));
    return ms;
  }

  /**
   * Shows a column of byte counts as {@link #bytes} (its values stay bytes); returns the column.
   */
  public static <C extends NumberColumn<?, ?>> C sizes(C bytes) {
    bytes.setPrintFormatter(new NumberColumnFormatter(new Units(Readable::bytes), ""));
    return bytes;
  }

  /**
   * A vector as {@code [a, b, c, …, y, z] (n)} when longer than {@link #MAX_VECTOR}, else {@code
   * [a, b, c]}.
   */
  public static String vector(double[] v, int n) {
    StringBuilder s = new StringBuilder("[");
    NumberFormat f = significant();
    int head = n > MAX_VECTOR ? 3 : n;
    for (int i = 0; i < head; i++) {
      s.append(i == 0 ? "" : ", ").append(f.format(v[i]));
    }
    if (n > MAX_VECTOR) {
      s.append(", …");
      for (int i = n - 2; i < n; i++) {
        s.append(", ").append(f.format(v[i]));
      }
      return s.append("] (").append(n).append(")").toString();
    }
    return s.append("]").toString();
  }

  /**
   * The first {@code maxRows} rows of a table, its number columns that still have Tablesaw's
   * default formatter given {@link #significant()} (the table itself is not changed).
   */
  public static Table table(Table t, int maxRows) {
    Table shown = t.rowCount() > maxRows ? t.first(maxRows) : t.copy();
    shown.setName(t.name());
    for (int i = 0; i < t.columnCount(); i++) {
      Column<?> original = t.column(i), c = shown.column(i);
      if (c instanceof DoubleColumn || c instanceof FloatColumn) {
        NumberColumnFormatter own = formatter(original);
        NumberColumnFormatter f =
            own == null || DEFAULT_FORMATTER.equals(describe(own))
                ? new NumberColumnFormatter(significant())
                : own;
        if (c instanceof DoubleColumn d) {
          d.setPrintFormatter(f);
        } else {
          ((FloatColumn) c).setPrintFormatter(f);
        }
      }
    }
    return shown;
  }

  /**
   * What a formatter does: its format's class and pattern (DecimalFormat's toString is only its
   * hash).
   */
  private static String describe(NumberColumnFormatter f) {
    NumberFormat n = f.getFormat();
    return n == null
        ? "null"
        : n.getClass().getName()
            + (n instanceof DecimalFormat d
                ? " " + d.toPattern()
                : "@" + System.identityHashCode(n));
  }

  /** A number column's print formatter (Tablesaw keeps the getter protected), or null. */
  private static NumberColumnFormatter formatter(Column<?> c) {
    try {
      Method m = NumberColumn.class.getDeclaredMethod("getPrintFormatter");
      m.setAccessible(true);
      return (NumberColumnFormatter) m.invoke(c);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  /** A number with its unit, as a function writes it. */
  private static final class Units extends NumberFormat {
    private static final long serialVersionUID = 1L;
    private final transient DoubleFunction<String> write;

    Units(DoubleFunction<String> write) {
      this.write = write;
    }

    @Override
    public StringBuffer format(double x, StringBuffer to, FieldPosition pos) {
      return to.append(write.apply(x));
    }

    @Override
    public StringBuffer format(long x, StringBuffer to, FieldPosition pos) {
      return to.append(write.apply(x));
    }

    @Override
    public Number parse(String source, ParsePosition pos) {
      throw new UnsupportedOperationException("a number with its unit is for reading");
    }
  }

  /** {@code %g}-like: fixed or scientific by magnitude, trailing zeros dropped. */
  private static final class Significant extends NumberFormat {
    private static final long serialVersionUID = 1L;
    private final int digits;
    private final DecimalFormat scientific;

    Significant(int digits) {
      this.digits = digits;
      this.scientific =
          new DecimalFormat(
              "0." + "#".repeat(digits - 1) + "E0", DecimalFormatSymbols.getInstance(Locale.ROOT));
    }

    @Override
    public StringBuffer format(double x, StringBuffer to, FieldPosition pos) {
      if (Double.isNaN(x) || Double.isInfinite(x)) {
        return to.append(x);
      }
      double a = Math.abs(x);
      if (a == 0) {
        return to.append("0");
      }
      if (a < 1e-4 || a >= 1e6) {
        // %g's look, 1.23457e-05 and 2.5e+06: a lower-case e, a signed exponent of at least two
        // digits
        String s = scientific.format(x);
        int e = s.indexOf('E');
        String exponent = s.substring(e + 1);
        boolean negative = exponent.startsWith("-");
        String digits = negative ? exponent.substring(1) : exponent;
        return to.append(s, 0, e)
            .append('e')
            .append(negative ? '-' : '+')
            .append(digits.length() < 2 ? "0" + digits : digits);
      }
      int decimals = digits - 1 - (int) Math.floor(Math.log10(a));
      if (decimals < 0) { // more integer digits than significant ones: 55989 to three is 56000
        x = new java.math.BigDecimal(x).round(new java.math.MathContext(digits)).doubleValue();
        decimals = 0;
      }
      DecimalFormat fixed =
          new DecimalFormat(
              "0" + (decimals > 0 ? "." + "#".repeat(decimals) : ""),
              DecimalFormatSymbols.getInstance(Locale.ROOT));
      return fixed.format(x, to, pos);
    }

    @Override
    public StringBuffer format(long x, StringBuffer to, FieldPosition pos) {
      return to.append(x);
    }

    @Override
    public Number parse(String source, ParsePosition pos) {
      return scientific.parse(source, pos);
    }
  }
}
