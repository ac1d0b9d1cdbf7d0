package org.diffart.kernel.display;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.text.DecimalFormat;
import org.junit.jupiter.api.Test;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.LongColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.numbers.NumberColumnFormatter;

class ReadableTest {

  @Test
  void numbersShowSixSignificantDigitsScientificWhereClearer() {
    assertEquals("5.74357e-36", Readable.number(5.743574326372422E-36));
    assertEquals("1.23457e+06", Readable.number(1234567.891));
    assertEquals("2e-05", Readable.number(2e-5));
    assertEquals("0.1", Readable.number(0.1));
    assertEquals("3.14159", Readable.number(Math.PI));
    assertEquals("-0.000123457", Readable.number(-0.000123456789));
    assertEquals("42", Readable.number(42));
    assertEquals("0", Readable.number(0));
    assertEquals("NaN", Readable.number(Double.NaN));
  }

  @Test
  void longVectorsAreElidedWithTheirLength() {
    double[] v = new double[37];
    for (int i = 0; i < v.length; i++) {
      v[i] = i + 0.5;
    }
    assertEquals("[0.5, 1.5, 2.5, …, 35.5, 36.5] (37)", Readable.vector(v, v.length));
    assertEquals("[0.5, 1.5, 2.5]", Readable.vector(v, 3));
  }

  @Test
  void tablesReadTheSameInHtmlAndTextAndKeepAUsersFormatter() {
    DoubleColumn tiny =
        DoubleColumn.create("error (rad)", new double[] {5.743574326372422E-36, 0.25});
    DoubleColumn own = DoubleColumn.create("own", new double[] {1.5, 2.5});
    own.setPrintFormatter(new NumberColumnFormatter(new DecimalFormat("0.000")));
    Table t = Table.create("t", tiny, own);
    String html = TableHtml.of(t, 50), text = Displays.text(t);
    for (String s : new String[] {html, text}) {
      assertTrue(s.contains("5.74357e-36") && s.contains("0.25"), s);
      assertTrue(
          s.contains("1.500") && s.contains("2.500"), "the user's own formatter stays: " + s);
      assertTrue(!s.contains("0.0000000000000"), s);
    }
    assertEquals(
        "0.000000000000000000000000000000000005743574326372422",
        tiny.getString(0),
        "the table itself is not changed");
  }

  @Test
  void durationsAndSizesReadInHumanUnitsToThreeDigits() {
    assertEquals("7.08 ms", Readable.duration(7.0812));
    assertEquals("812 µs", Readable.duration(0.8124));
    assertEquals("1.00 s", Readable.duration(999.7), "the unit chosen after rounding");
    assertEquals("5.43 s", Readable.duration(5432));
    assertEquals("208 s", Readable.duration(208_000));
    assertEquals("16.7 min", Readable.duration(1_000_000));
    assertEquals("0 ms", Readable.duration(0));
    assertEquals("2.94 GiB", Readable.bytes(3160408064L));
    assertEquals("56000", Readable.significant(3).format(55989.3), "three digits of a rate");
    assertEquals("0.00123", Readable.significant(3).format(0.00123456));

    DoubleColumn ms = Readable.durations(DoubleColumn.create("forward", 7.0812, 1234.5));
    ms.appendMissing();
    LongColumn bytes =
        Readable.sizes(LongColumn.create("peak memory", new long[] {165_000, 3160408064L, 5}));
    Table t = Readable.table(Table.create("timing", ms, bytes), 10);
    String text = t.print();
    assertTrue(
        text.contains("7.08 ms")
            && text.contains("1.23 s")
            && text.contains("161 KiB")
            && text.contains("2.94 GiB")
            && text.contains("5 B"),
        text);
    assertEquals(
        7.0812, t.doubleColumn("forward").get(0), "the values stay numbers in their units");
    assertTrue(TableHtml.of(t, 10).contains(">7.08 ms</td>"));
    assertTrue(ms.getString(2).isEmpty(), "a missing time shows as nothing: " + ms.getString(2));
  }
}
