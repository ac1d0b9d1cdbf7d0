package org.diffart.kernel.jupyter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.Gson;
import com.google.gson.JsonObject;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KernelspecInstallerTest {

  @Test
  void prefixInstallCopiesTheJarAndWritesARelocatableSpecThatJupyterLists(@TempDir Path dir)
      throws Exception {
    Path jar = Files.writeString(dir.resolve("some.jar"), "not really a jar");
    Path prefix = dir.resolve("prefix");

    Path spec = KernelspecInstaller.install(KernelspecInstaller.Scope.prefix(prefix), jar);

    assertEquals(prefix.resolve("share/jupyter/kernels/diffart"), spec);
    assertEquals("not really a jar", Files.readString(spec.resolve(KernelspecInstaller.JAR_NAME)));
    JsonObject json =
        new Gson().fromJson(Files.readString(spec.resolve("kernel.json")), JsonObject.class);
    List<String> argv =
        json.getAsJsonArray("argv").asList().stream().map(e -> e.getAsString()).toList();
    assertEquals(
        List.of(
            "-Djava.awt.headless=true",
            "--add-exports=jdk.compiler/com.sun.tools.javac.parser=ALL-UNNAMED",
            "--add-exports=jdk.compiler/com.sun.tools.javac.util=ALL-UNNAMED",
            "-cp",
            "{resource_dir}/diffart-kernel.jar",
            "org.diffart.kernel.jupyter.KernelMain",
            "{connection_file}"),
        argv.subList(1, argv.size()));
    assertTrue(Files.isExecutable(Path.of(argv.get(0))), argv.get(0));
    assertEquals("message", json.get("interrupt_mode").getAsString());
    assertEquals("java", json.get("language").getAsString());

    JupyterClient.requireJupyter();
    ProcessBuilder pb = new ProcessBuilder("/usr/bin/jupyter", "kernelspec", "list", "--json");
    pb.environment().put("JUPYTER_PATH", prefix.resolve("share/jupyter").toString());
    pb.redirectErrorStream(false);
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor());
    JsonObject listed =
        new Gson()
            .fromJson(out, JsonObject.class)
            .getAsJsonObject("kernelspecs")
            .getAsJsonObject("diffart");
    assertEquals(spec.toRealPath(), Path.of(listed.get("resource_dir").getAsString()).toRealPath());
  }

  @Test
  void installingTwiceReplacesTheSpec(@TempDir Path dir) throws Exception {
    Path jar = Files.writeString(dir.resolve("a.jar"), "one");
    KernelspecInstaller.Scope scope = KernelspecInstaller.Scope.prefix(dir);
    KernelspecInstaller.install(scope, jar);
    Files.writeString(jar, "two");
    Path spec = KernelspecInstaller.install(scope, jar);
    assertEquals("two", Files.readString(spec.resolve(KernelspecInstaller.JAR_NAME)));
  }

  @Test
  void aMissingJarIsRefused(@TempDir Path dir) {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            KernelspecInstaller.install(
                KernelspecInstaller.Scope.prefix(dir), dir.resolve("none.jar")));
  }

  @Test
  void userScopeFollowsJupytersDataFolderRules() {
    Path home = Path.of("/home/u");
    assertEquals(
        Path.of("/home/u/.local/share/jupyter/kernels"),
        KernelspecInstaller.Scope.user(Map.of(), "Linux", home).kernelsDir());
    assertEquals(
        Path.of("/xdg/jupyter/kernels"),
        KernelspecInstaller.Scope.user(Map.of("XDG_DATA_HOME", "/xdg"), "Linux", home)
            .kernelsDir());
    assertEquals(
        Path.of("/data/kernels"),
        KernelspecInstaller.Scope.user(Map.of("JUPYTER_DATA_DIR", "/data"), "Linux", home)
            .kernelsDir());
    assertEquals(
        Path.of("/home/u/Library/Jupyter/kernels"),
        KernelspecInstaller.Scope.user(Map.of(), "Mac OS X", home).kernelsDir());
  }
}
