package org.diffart.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

class VectorTest {
  private final Vector.Converter converter = new Vector.Converter();

  @Test
  void readsCommaSeparatedNumbersInFullPrecision() {
    assertArrayEquals(
        new double[] {0.1, -2, 3e-4, 0.30000000000000004},
        converter.convert("0.1, -2,3e-4,0.30000000000000004").values());
    assertArrayEquals(new double[0], converter.convert("").values());
  }

  @Test
  void refusesMissingMalformedAndNonFiniteEntries() {
    assertThrows(TypeConversionException.class, () -> converter.convert("1,,2"));
    assertThrows(TypeConversionException.class, () -> converter.convert("1;2"));
    assertThrows(TypeConversionException.class, () -> converter.convert("1,Infinity"));
    assertThrows(TypeConversionException.class, () -> converter.convert("nan"));
  }
}
