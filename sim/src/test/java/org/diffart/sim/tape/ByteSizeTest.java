package org.diffart.sim.tape;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class ByteSizeTest {
  @Test
  void threeSignificantDigitsInTheUnitThatReadsBest() {
    assertEquals("0 B", ByteSize.of(0));
    assertEquals("512 B", ByteSize.of(512));
    assertEquals("999 B", ByteSize.of(999));
    assertEquals("0.979 KiB", ByteSize.of(1002));
    assertEquals("162 KiB", ByteSize.of(162 * 1024 + 300));
    assertEquals("64.0 KiB", ByteSize.of(65536));
    assertEquals("1.00 MiB", ByteSize.of(1024 * 1024 - 10), "rounded before the unit is chosen");
    assertEquals("2.94 GiB", ByteSize.of(3160408064L));
    assertEquals("-7.08 MiB", ByteSize.of(-7.08 * 1024 * 1024));
  }

  @Test
  void threeDigitsKeepTrailingZeros() {
    assertEquals("7.08", ByteSize.threeDigits(7.0812));
    assertEquals("16.0", ByteSize.threeDigits(15.999));
    assertEquals("1000", ByteSize.threeDigits(999.7));
    assertEquals("0.00123", ByteSize.threeDigits(0.0012345));
    assertEquals("123000", ByteSize.threeDigits(123456));
  }
}
