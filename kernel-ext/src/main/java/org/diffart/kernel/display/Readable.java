package org.diffart.kernel.display;

import java.lang.reflect.Method;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.Locale;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.FloatColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;
import tech.tablesaw.columns.numbers.NumberColumnFormatter;

/**
 * Numbers as a researcher reads them, in tables and text alike: six significant digits, fixed notation between 1e-4
 * and 1e6 and scientific outside ({@code %g}'s rule and look, {@code 1.23457e-05}, as pandas shows floats), and long
 * vectors elided in the middle
 * with their length. Tables keep Tablesaw's column formatting: a column's default formatter is replaced by a {@link
 * NumberColumnFormatter} over {@link #significant()}; a formatter the user set is kept.
 */
public final class Readable {
  /** Significant digits shown. */
  public static final int DIGITS = 6;
  /** Vectors longer than this show their first and last few entries. */
  public static final int MAX_VECTOR = 8;

  private static final String DEFAULT_FORMATTER = describe(NumberColumnFormatter.floatingPointDefault());

  private Readable() {}

  /** A NumberFormat with {@link #DIGITS} significant digits, scientific below 1e-4 and from 1e6 in magnitude. */
  public static NumberFormat significant() {
    return new Significant();
  }

  /** One number as {@link #significant()} writes it. */
  public static String number(double x) {
    return significant().format(x);
  }

  /** A vector as {@code [a, b, c, …, y, z] (n)} when longer than {@link #MAX_VECTOR}, else {@code [a, b, c]}. */
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
   * The first {@code maxRows} rows of a table, its number columns that still have Tablesaw's default formatter
   * given {@link #significant()} (the table itself is not changed).
   */
  public static Table table(Table t, int maxRows) {
    Table shown = t.rowCount() > maxRows ? t.first(maxRows) : t.copy();
    shown.setName(t.name());
    for (int i = 0; i < t.columnCount(); i++) {
      Column<?> original = t.column(i), c = shown.column(i);
      if (c instanceof DoubleColumn || c instanceof FloatColumn) {
        NumberColumnFormatter own = formatter(original);
        NumberColumnFormatter f = own == null || DEFAULT_FORMATTER.equals(describe(own))
            ? new NumberColumnFormatter(significant()) : own;
        if (c instanceof DoubleColumn d) {
          d.setPrintFormatter(f);
        } else {
          ((FloatColumn) c).setPrintFormatter(f);
        }
      }
    }
    return shown;
  }

  /** What a formatter does: its format's class and pattern (DecimalFormat's toString is only its hash). */
  private static String describe(NumberColumnFormatter f) {
    NumberFormat n = f.getFormat();
    return n == null ? "null" : n.getClass().getName() + (n instanceof DecimalFormat d ? " " + d.toPattern() : "@"
        + System.identityHashCode(n));
  }

  /** A number column's print formatter (Tablesaw keeps the getter protected), or null. */
  private static NumberColumnFormatter formatter(Column<?> c) {
    try {
      Method m = tech.tablesaw.api.NumberColumn.class.getDeclaredMethod("getPrintFormatter");
      m.setAccessible(true);
      return (NumberColumnFormatter) m.invoke(c);
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  /** {@code %g}-like: fixed or scientific by magnitude, trailing zeros dropped. */
  private static final class Significant extends NumberFormat {
    private static final long serialVersionUID = 1L;
    private final DecimalFormat scientific =
        new DecimalFormat("0." + "#".repeat(DIGITS - 1) + "E0", DecimalFormatSymbols.getInstance(Locale.ROOT));

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
        // %g's look, 1.23457e-05 and 2.5e+06: a lower-case e, a signed exponent of at least two digits
        String s = scientific.format(x);
        int e = s.indexOf('E');
        String exponent = s.substring(e + 1);
        boolean negative = exponent.startsWith("-");
        String digits = negative ? exponent.substring(1) : exponent;
        return to.append(s, 0, e).append('e').append(negative ? '-' : '+')
            .append(digits.length() < 2 ? "0" + digits : digits);
      }
      int decimals = Math.max(0, DIGITS - 1 - (int) Math.floor(Math.log10(a)));
      DecimalFormat fixed = new DecimalFormat("0" + (decimals > 0 ? "." + "#".repeat(decimals) : ""),
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
