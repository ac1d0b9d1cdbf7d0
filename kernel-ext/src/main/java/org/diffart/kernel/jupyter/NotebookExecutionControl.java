package org.diffart.kernel.jupyter;

import java.lang.reflect.Method;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import jdk.jshell.execution.DirectExecutionControl;
import jdk.jshell.spi.ExecutionControl;
import jdk.jshell.spi.ExecutionControlProvider;
import jdk.jshell.spi.ExecutionEnv;

/**
 * Runs JShell snippets inside the kernel's own JVM, on a dedicated notebook thread, and keeps each
 * snippet's live result object so that the kernel can render it.
 *
 * <p>JShell hands a snippet's value back as a string. This control stores the real object under a
 * fresh key and returns the key instead; {@link #takeResult(String)} redeems it. A {@link #stop()}
 * cancels the running snippet (interrupting the notebook thread) and is remembered, because JShell
 * reports a stopped snippet as a silent success.
 */
final class NotebookExecutionControl extends DirectExecutionControl {

  private final Map<String, Object> results = new ConcurrentHashMap<>();
  private final Object lock = new Object();
  private ExecutorService executor = newNotebookThread();
  private Future<?> running;
  private boolean stopRequested;

  /** A JShell execution engine that hands out this control. */
  ExecutionControlProvider provider() {
    return new ExecutionControlProvider() {
      @Override
      public String name() {
        return "diffart-notebook";
      }

      @Override
      public ExecutionControl generate(ExecutionEnv env, Map<String, String> parameters) {
        return NotebookExecutionControl.this;
      }
    };
  }

  /**
   * The static field that holds a notebook variable, given the wrapper class JShell compiled it
   * into (as JShell names it in {@code varValue}); null when the class or field cannot be found.
   */
  java.lang.reflect.Field variableField(String className, String name) {
    try {
      java.lang.reflect.Field f = findClass(className).getDeclaredField(name);
      f.setAccessible(true);
      return f;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }

  private String lastVariableClass;
  private volatile boolean locateOnly;

  /** The wrapper class of the variable whose value JShell asked for last. */
  String lastVariableClass() {
    return lastVariableClass;
  }

  /**
   * While true, {@code varValue} only records the wrapper class and does not call the value's
   * toString.
   */
  void locateOnly(boolean b) {
    locateOnly = b;
  }

  @Override
  public String varValue(String className, String varName)
      throws RunException, EngineTerminationException, InternalException {
    lastVariableClass = className;
    return locateOnly ? "" : super.varValue(className, varName);
  }

  /** Forgets an earlier stop request; called when a new cell starts. */
  void beginCell() {
    synchronized (lock) {
      stopRequested = false;
    }
    results.clear();
  }

  /** Whether {@link #stop()} was called since the cell began. */
  boolean wasStopped() {
    synchronized (lock) {
      return stopRequested;
    }
  }

  /**
   * Redeems the key JShell reported as a snippet's value.
   *
   * @param key the value string of a snippet event, possibly null
   * @return the live object, or null when the key is unknown or the value was null
   */
  Object takeResult(String key) {
    return key == null ? null : results.remove(key);
  }

  @Override
  protected String invoke(Method doitMethod) throws Exception {
    Future<Object> task;
    synchronized (lock) {
      if (stopRequested) {
        throw new StoppedException();
      }
      ClassLoader snippetLoader = doitMethod.getDeclaringClass().getClassLoader();
      task =
          executor.submit(
              () -> {
                Thread.currentThread().setContextClassLoader(snippetLoader);
                try {
                  return doitMethod.invoke(null);
                } finally {
                  Thread.interrupted(); // never leave a stale interrupt for the next snippet
                }
              });
      running = task;
    }
    try {
      Object value = task.get();
      String key = UUID.randomUUID().toString();
      if (value != null) {
        results.put(key, value);
      }
      return key;
    } catch (CancellationException e) {
      throw new StoppedException();
    } catch (ExecutionException e) {
      throw (Exception)
          e.getCause(); // the InvocationTargetException DirectExecutionControl unwraps
    } finally {
      synchronized (lock) {
        running = null;
      }
    }
  }

  /**
   * Stops the running snippet: interrupts the notebook thread and, since code that ignores the
   * interrupt may keep that thread busy, moves later cells to a fresh notebook thread. Also refuses
   * snippets still to come in the current cell.
   */
  @Override
  public void stop() {
    synchronized (lock) {
      stopRequested = true;
      if (running != null) {
        running.cancel(true);
        executor.shutdownNow();
        executor = newNotebookThread();
      }
    }
  }

  @Override
  public void close() {
    synchronized (lock) {
      executor.shutdownNow();
    }
    results.clear();
    super.close();
  }

  private static ExecutorService newNotebookThread() {
    return Executors.newSingleThreadExecutor(
        r -> {
          Thread t = new Thread(r, "notebook");
          t.setDaemon(true);
          return t;
        });
  }
}
