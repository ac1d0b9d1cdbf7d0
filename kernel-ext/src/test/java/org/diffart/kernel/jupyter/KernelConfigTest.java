package org.diffart.kernel.jupyter;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class KernelConfigTest {

  @Test
  void environmentVariablesAreSplitLikeIJavasOwn() {
    String sep = File.pathSeparator;
    KernelConfig c =
        KernelConfig.fromEnvironment(
            Map.of(
                "DIFFART_CLASSPATH", "lib/*.jar" + sep + sep + "classes",
                "DIFFART_COMPILER_OPTS", "  -Xlint:none   -parameters ",
                "DIFFART_STARTUP_SCRIPTS_PATH", "init/*.jshell",
                "DIFFART_STARTUP_SCRIPT", "int x = 1;"));
    assertEquals(List.of("lib/*.jar", "classes"), c.classpath());
    assertEquals(List.of("-Xlint:none", "-parameters"), c.compilerOptions());
    assertEquals(List.of("init/*.jshell"), c.startupScriptsPath());
    assertEquals("int x = 1;", c.startupScript());
  }

  @Test
  void unsetVariablesGiveAnEmptyConfiguration() {
    assertEquals(KernelConfig.empty(), KernelConfig.fromEnvironment(Map.of()));
  }
}
