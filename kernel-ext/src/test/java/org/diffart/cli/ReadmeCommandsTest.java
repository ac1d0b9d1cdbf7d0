package org.diffart.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The command lines README.md shows under "Command line" run as written and print one JSON object
 * each.
 */
class ReadmeCommandsTest {
  private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

  @Test
  void everyReadmeCommandRunsAsWritten() throws IOException {
    List<List<String>> commands = readmeCommands();
    assertTrue(commands.size() >= 4, "README's command block: " + commands);

    for (List<String> command : commands) {
      if (command.get(0).equals("kernel")) {
        continue; // installs a kernelspec for the user: KernelCommandTest runs it against a
        // temporary prefix
      }
      Cli.Outcome r =
          Cli.run(command.stream().map(ReadmeCommandsTest::fromRoot).toArray(String[]::new));

      assertEquals(0, r.code(), command + ": " + r.err());
      assertFalse(r.json().keySet().isEmpty(), command.toString());
    }
  }

  /**
   * The {@code bin/diffart ...} lines of the first code block after "## Command line", without
   * comments.
   */
  private static List<List<String>> readmeCommands() throws IOException {
    List<String> lines = Files.readAllLines(ROOT.resolve("README.md"));
    int section = lines.indexOf("## Command line");
    assertTrue(section >= 0, "README.md has no '## Command line' section");
    int open = section;
    while (!lines.get(open).startsWith("```")) {
      open++;
    }
    List<List<String>> commands = new ArrayList<>();
    for (int i = open + 1; !lines.get(i).startsWith("```"); i++) {
      String line = lines.get(i).replaceAll("#.*", "").trim();
      if (line.startsWith("bin/diffart ")) {
        commands.add(List.of(line.substring("bin/diffart ".length()).split("\\s+")));
      }
    }
    return commands;
  }

  /**
   * A relative path that exists from the repository root, made absolute; anything else as it is.
   */
  private static String fromRoot(String arg) {
    Path p = ROOT.resolve(arg);
    return !arg.startsWith("-") && arg.contains("/") && Files.exists(p) ? p.toString() : arg;
  }
}
