package org.diffart.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class MainTest {

  @ParameterizedTest
  @ValueSource(strings = {"info", "forward", "rollout", "kernel install"})
  void everyCommandPrintsItsHelpOnStdoutWithJsonAmongItsOptions(String command) {
    String[] words = (command + " --help").split(" ");

    Cli.Outcome r = Cli.run(words);

    assertEquals(0, r.code(), r.err());
    assertEquals("", r.err());
    assertTrue(r.out().startsWith("Usage: diffart " + command), r.out());
    assertTrue(r.out().contains("--json"), r.out());
  }

  @Test
  void topLevelHelpListsTheCommands() {
    Cli.Outcome r = Cli.run("--help");

    assertEquals(0, r.code());
    for (String c : new String[] {"info", "forward", "rollout", "kernel"}) {
      assertTrue(r.out().contains("  " + c + " "), r.out());
    }
  }

  @Test
  void versionNamesDiffartAndJava() {
    Cli.Outcome r = Cli.run("--version");

    assertEquals(0, r.code());
    assertTrue(r.out().matches("(?s)diffart \\d+\\.\\d+\\.\\d+\\S*\\nJava .*"), r.out());
  }

  @Test
  void everySimulatingCommandsHelpListsTheBuiltinModels() {
    for (String command :
        new String[] {"info", "forward", "rollout", "grad", "transition", "jac", "derivatives"}) {
      Cli.Outcome r = Cli.run(command, "--help");

      assertEquals(0, r.code());
      String help = r.out().replaceAll("\\s+", " ");
      for (String name : org.diffart.sim.io.Builtins.names()) {
        assertTrue(
            help.matches("(?s).*NAME one of [^(]*\\b" + name.replace(":N", ":N") + "\\b.*"),
            command + " --help lacks " + name + ":\n" + r.out());
      }
    }
  }

  @Test
  void anUnknownOptionIsAnArgumentErrorWithUsageOnStderr() {
    Cli.Outcome r = Cli.run("info", "--model", "builtin:pendulum:2", "--frobnicate", "--json");

    assertEquals(2, r.code());
    assertEquals("", r.out());
    assertTrue(r.err().startsWith("diffart info: Unknown option: '--frobnicate'"), r.err());
    assertTrue(r.err().contains("Usage: diffart info"), r.err());
  }

  @Test
  void aMissingModelIsAnArgumentError() {
    Cli.Outcome r = Cli.run("forward", "--json");

    assertEquals(2, r.code());
    assertEquals("", r.out());
    assertTrue(r.err().contains("Missing required option: '--model=M'"), r.err());
  }

  @Test
  void anUnknownCommandOrNoneIsAnArgumentError() {
    Cli.Outcome unknown = Cli.run("simulate");
    Cli.Outcome none = Cli.run();
    Cli.Outcome kernel = Cli.run("kernel");

    assertEquals(2, unknown.code());
    assertTrue(
        unknown.err().contains("Unmatched argument") && unknown.err().contains("Usage: diffart"),
        unknown.err());
    assertEquals(2, none.code());
    assertTrue(none.err().contains("missing command"), none.err());
    assertEquals(2, kernel.code());
    assertTrue(kernel.err().contains("Usage: diffart kernel"), kernel.err());
  }

  @Test
  void anUnknownBuiltinModelIsAModelError() {
    Cli.Outcome r = Cli.run("info", "--model", "builtin:teapot");

    assertEquals(1, r.code());
    assertTrue(
        r.err()
            .startsWith(
                "diffart info: builtin:teapot: unknown built-in model; available: builtin:"),
        r.err());
  }

  @Test
  void aMissingModelFileSaysNoSuchFile() {
    Cli.Outcome r = Cli.run("info", "--model", "no/such/model.xml");

    assertEquals(1, r.code());
    assertTrue(r.err().startsWith("diffart info: no/such/model.xml: no such file (in "), r.err());
  }
}
