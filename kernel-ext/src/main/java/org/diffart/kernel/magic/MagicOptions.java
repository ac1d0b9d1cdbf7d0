package org.diffart.kernel.magic;

import io.github.spencerpark.jupyter.kernel.magic.registry.MagicArgsParseException;
import io.github.spencerpark.jupyter.kernel.magic.registry.MagicsArgs;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A magic's parsed arguments, with every problem reported as a {@link MagicUsageException} that
 * carries the magic's usage line.
 */
final class MagicOptions {

  private final String usage;
  private final Map<String, List<String>> values;

  private MagicOptions(String usage, Map<String, List<String>> values) {
    this.usage = usage;
    this.values = values;
  }

  /**
   * The arguments without the given flags: basekernel's parser reads every {@code --NAME} as a
   * keyword taking a value, so a magic's flags are looked for first and taken out.
   */
  static List<String> withoutFlags(List<String> args, String... flags) {
    List<String> taken = List.of(flags);
    return args.stream().filter(a -> !taken.contains(a)).toList();
  }

  /**
   * Parses arguments with basekernel's argparse-like schema.
   *
   * @param usage the usage line shown with any error
   * @param schema the accepted positionals, keywords and flags
   * @param args the magic's arguments
   * @throws MagicUsageException when the arguments do not fit the schema
   */
  static MagicOptions parse(String usage, MagicsArgs schema, List<String> args) {
    try {
      return new MagicOptions(usage, schema.parse(args));
    } catch (MagicArgsParseException e) {
      throw new MagicUsageException(e.getMessage(), usage);
    }
  }

  /** The last value given for a positional or keyword, if any. */
  Optional<String> optional(String name) {
    List<String> given = values.getOrDefault(name, List.of());
    return given.isEmpty() ? Optional.empty() : Optional.of(given.get(given.size() - 1));
  }

  /**
   * The value of a required keyword.
   *
   * @throws MagicUsageException when it is missing
   */
  String required(String name) {
    return optional(name).orElseThrow(() -> error("missing --" + name));
  }

  /**
   * A required keyword read as an integer >= 1, the command line's rule.
   *
   * @throws MagicUsageException when it is missing or not a positive integer
   */
  int positiveInt(String name) {
    String text = required(name);
    int value;
    try {
      value = Integer.parseInt(text.strip());
    } catch (NumberFormatException e) {
      throw error("--" + name + " takes a whole number >= 1; '" + text + "' is not a whole number");
    }
    if (value < 1) {
      throw error("--" + name + " must be >= 1, got " + text);
    }
    return value;
  }

  /**
   * A keyword read as a number.
   *
   * @throws MagicUsageException when it is missing or not a number
   */
  double number(String name) {
    String text = required(name);
    try {
      return Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw error("--" + name + " takes a number, got '" + text + "'");
    }
  }

  /**
   * A keyword read as comma-separated numbers.
   *
   * @throws MagicUsageException when it is missing or one of them is not a number
   */
  double[] numbers(String name) {
    String text = required(name);
    String[] parts = text.split(",");
    double[] out = new double[parts.length];
    for (int i = 0; i < parts.length; i++) {
      try {
        out[i] = Double.parseDouble(parts[i].strip());
      } catch (NumberFormatException e) {
        throw error(
            "--"
                + name
                + " takes comma-separated numbers; '"
                + parts[i].strip()
                + "' is not a number");
      }
    }
    return out;
  }

  /** An error about these arguments, carrying the usage line. */
  MagicUsageException error(String problem) {
    return new MagicUsageException(problem, usage);
  }
}
