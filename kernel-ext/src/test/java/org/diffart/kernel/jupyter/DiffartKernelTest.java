package org.diffart.kernel.jupyter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.spencerpark.jupyter.kernel.display.DisplayData;
import io.github.spencerpark.jupyter.kernel.display.mime.MIMEType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kernel evaluated in-process, without Jupyter: one JShell shared by all cases, like a
 * notebook.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DiffartKernelTest {

  private DiffartKernel kernel;

  @BeforeAll
  void start(@TempDir Path dir) throws Exception {
    Path script = dir.resolve("first.jshell");
    Files.writeString(script, "int fromScriptFile = 40;");
    kernel =
        new DiffartKernel(
            new KernelConfig(
                List.of(), List.of(), List.of(script.toString()), "int fromInline = 2;"));
    kernel.warmUp(); // as KernelMain does: the built-in imports compile in the background, the
    // scripts still run
  }

  @AfterAll
  void stop() {
    kernel.onShutdown(false);
  }

  @Test
  void startupScriptsRunBeforeTheFirstCell() throws Exception {
    assertEquals(42, kernel.evalRaw("fromScriptFile + fromInline"));
    assertEquals(
        1,
        kernel.evalRaw("new ArrayList<>(List.of(Path.of(\"x\"))).size()")); // the built-in imports
  }

  @Test
  void cellsShareLiveObjects() throws Exception {
    kernel.evalRaw("var shared = new ArrayList<String>(List.of(\"a\"));");
    kernel.evalRaw("shared.add(\"b\");");
    Object value = kernel.evalRaw("shared");
    assertEquals(List.of("a", "b"), value);
    assertInstanceOf(java.util.ArrayList.class, value);
  }

  @Test
  void lastExpressionIsRenderedAndStatementsGiveNothing() throws Exception {
    DisplayData data = kernel.eval("int six = 6;\nsix * 7");
    assertEquals("42", data.getData(MIMEType.TEXT_PLAIN));
    assertNull(kernel.eval("int seven = 7;"));
  }

  @Test
  void kernelClassesAreImportableInCells() throws Exception {
    assertEquals(
        "&lt;b&gt;", kernel.evalRaw("org.diffart.kernel.display.TableHtml.escape(\"<b>\")"));
  }

  @Test
  void runtimeErrorNamesTheOriginalExceptionAndTheNextCellStillWorks() throws Exception {
    EvaluationException e =
        assertThrows(
            EvaluationException.class, () -> kernel.evalRaw("int[] a = new int[1];\na[5] = 1;"));
    assertEquals("java.lang.ArrayIndexOutOfBoundsException", e.exceptionClassName());
    assertTrue(
        e.getMessage().startsWith("java.lang.ArrayIndexOutOfBoundsException: "), e.getMessage());
    List<String> traceback = kernel.formatError(e);
    assertTrue(
        traceback.stream().anyMatch(l -> l.contains("at line 2 of this cell")),
        traceback.toString());
    assertTrue(
        traceback.stream().noneMatch(l -> l.contains("NotebookExecutionControl")),
        traceback.toString());
    assertEquals(3, kernel.evalRaw("1 + 2"));
  }

  @Test
  void compileErrorCarriesJavacsMessage() {
    CompilationException e =
        assertThrows(CompilationException.class, () -> kernel.evalRaw("int wrong = \"text\";"));
    assertTrue(e.getMessage().contains("incompatible types"), e.getMessage());
    assertTrue(e.getMessage().contains("^"), e.getMessage());
  }

  @Test
  void incompleteSourceIsReported() {
    assertThrows(
        IncompleteSourceException.class, () -> kernel.evalRaw("for (int i = 0; i < 3; i++) {"));
    assertEquals("", kernel.isComplete("for (int i = 0; i < 3; i++) {"));
    assertEquals("complete", kernel.isComplete("int q = 1;"));
  }

  @Test
  void interruptStopsASleepingCellWithAnError() throws Exception {
    CompletableFuture<Void> interrupter = interruptAfter(300);
    long start = System.nanoTime();
    assertThrows(
        InterruptedException.class, () -> kernel.evalRaw("Thread.sleep(60_000);\n\"not reached\""));
    assertTrue(System.nanoTime() - start < 20_000_000_000L);
    interrupter.join();
    assertEquals("after", kernel.evalRaw("\"after\""));
  }

  @Test
  void cellIgnoringTheInterruptDoesNotBlockLaterCells() throws Exception {
    CompletableFuture<Void> interrupter = interruptAfter(300);
    long start = System.nanoTime();
    assertThrows(
        InterruptedException.class,
        () ->
            kernel.evalRaw(
                "long end = System.nanoTime() + 8_000_000_000L; while (System.nanoTime() < end) {}"));
    interrupter.join();
    assertEquals(5, kernel.evalRaw("2 + 3"));
    // the busy cell spins 8 s: the next one is back long before, however loaded the machine
    assertTrue(System.nanoTime() - start < 6_000_000_000L, "the next cell waited for the busy one");
  }

  @Test
  void classpathMagicAddsFoldersAndReturnsWhatItAdded(@TempDir Path dir) throws Exception {
    Object added = kernel.evalRaw("var added = %classpath " + dir + "\nadded");
    assertEquals(List.of(dir.toAbsolutePath().normalize().toString()), added);
    assertThrows(
        EvaluationException.class, () -> kernel.evalRaw("%jars " + dir.resolve("none-*.jar")));
  }

  @Test
  void anErrorWhileRenderingFailsTheCellNotTheKernel() throws Exception {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                kernel.eval(
                    "new Object() { public String toString() { throw new AssertionError(\"no text\"); } }"));
    assertTrue(e.getMessage().contains("no text"), e.getMessage());
    assertEquals(4, kernel.evalRaw("2 * 2"));
  }

  @Test
  void assignedMagicValuesKeepTheirType() throws Exception {
    assertEquals(2, kernel.evalRaw("var chain = %model builtin:pendulum:2\nchain.nq()"));
    assertEquals("cpu", kernel.evalRaw("var r = %rollout --steps 20;\nr.backends().get(0)"));
  }

  @Test
  void unknownMagicFailsTheCell() {
    EvaluationException e =
        assertThrows(EvaluationException.class, () -> kernel.evalRaw("%nosuchmagic"));
    assertTrue(e.getMessage().contains("nosuchmagic"), e.getMessage());
  }

  @Test
  void displayReturnsAHandleThatIsNotItselfShown() throws Exception {
    assertNull(kernel.eval("display(\"shown\")"));
    assertInstanceOf(Notebook.DisplayHandle.class, kernel.evalRaw("display(\"shown\")"));
  }

  private CompletableFuture<Void> interruptAfter(long millis) {
    return CompletableFuture.runAsync(
        () -> {
          try {
            Thread.sleep(millis);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          kernel.interrupt();
        });
  }
}
