package org.diffart.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The value of a vector option such as {@code --qpos 0.1,-2,3e-4}: comma-separated finite numbers
 * (an empty text is the empty vector, for models without actuators).
 *
 * @param values the numbers in the order given
 */
record Vector(double[] values) {

  /**
   * Reads the option text; a malformed or non-finite entry is an argument error naming its
   * position.
   */
  static final class Converter implements ITypeConverter<Vector> {
    @Override
    public Vector convert(String text) {
      if (text.isBlank()) {
        return new Vector(new double[0]);
      }
      String[] parts = text.split(",", -1);
      double[] v = new double[parts.length];
      for (int i = 0; i < parts.length; i++) {
        String s = parts[i].strip();
        try {
          v[i] = Double.parseDouble(s);
        } catch (NumberFormatException e) {
          throw new TypeConversionException("entry " + (i + 1) + " '" + s + "' is not a number");
        }
        if (!Double.isFinite(v[i])) {
          throw new TypeConversionException(
              "entry " + (i + 1) + " '" + s + "' is not a finite number");
        }
      }
      return new Vector(v);
    }
  }
}
