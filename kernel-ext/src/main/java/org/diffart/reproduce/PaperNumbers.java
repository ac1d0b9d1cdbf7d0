package org.diffart.reproduce;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Optional;
import java.util.OptionalDouble;
import tech.tablesaw.api.ColumnType;
import tech.tablesaw.api.Row;
import tech.tablesaw.api.Table;
import tech.tablesaw.io.csv.CsvReadOptions;

/**
 * The numbers the papers report, as {@code datasets/paper/PAPER/*.csv} holds them (packaged with
 * the jar): Qiao et al. (2021) in {@code qiao2021}, DiffSDFSim (Strecke and Stueckler 2021) in
 * {@code diffsdfsim}; every cell read as text, an empty cell meaning the paper gives no number
 * there.
 */
final class PaperNumbers {
  private static final String DIR = "/org/diffart/reproduce/paper/";

  private PaperNumbers() {}

  /** The table in {@code qiao2021/NAME.csv}. */
  static Table table(String name) {
    return table("qiao2021", name);
  }

  /** The table in {@code PAPER/NAME.csv}. */
  static Table table(String paper, String name) {
    String file = DIR + paper + "/" + name + ".csv";
    try (InputStream in = PaperNumbers.class.getResourceAsStream(file)) {
      if (in == null) {
        throw new IllegalStateException("the paper's numbers are missing from the jar: " + file);
      }
      return Table.read()
          .usingOptions(
              CsvReadOptions.builder(in)
                  .tableName((paper.equals("qiao2021") ? "Qiao et al. 2021" : paper) + ": " + name)
                  .columnTypes(c -> ColumnType.STRING));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The first row of {@code t} whose columns equal the given (column, value) pairs. */
  static Optional<Row> find(Table t, String... columnValue) {
    for (Row r : t) {
      boolean all = true;
      for (int i = 0; i < columnValue.length; i += 2) {
        all &= r.getString(columnValue[i]).equalsIgnoreCase(columnValue[i + 1]);
      }
      if (all) {
        return Optional.of(r);
      }
    }
    return Optional.empty();
  }

  /** The number in column c of r, or empty when the cell is empty. */
  static OptionalDouble number(Row r, String c) {
    String s = r.getString(c).strip();
    return s.isEmpty() ? OptionalDouble.empty() : OptionalDouble.of(Double.parseDouble(s));
  }
}
