package org.diffart.sweep;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.stream.Stream;

/**
 * The runners by name: {@code inprocess} (this JVM's threads) and those of {@link
 * SweepRunnerProvider}s, Apache Spark's from the {@code sweep} module. The kernel's jar does not
 * hold Spark: when no provider is on the class path, the runner's jars are loaded from the folder
 * the {@code sweep} module's build fills ({@code sweep/target/runner} beside the kernel's jar, or
 * {@code $DIFFART_SWEEP_RUNNER}), in a class loader of their own so that their libraries and the
 * kernel's do not mix.
 */
public final class SweepRunners {
  /** The in-process runner's name. */
  public static final String IN_PROCESS = "inprocess";

  /** The folder of the Spark runner's jars, when not beside the kernel's build. */
  public static final String RUNNER_ENV = "DIFFART_SWEEP_RUNNER";

  private static volatile ClassLoader runnerLoader;

  private SweepRunners() {}

  /**
   * The runner called {@code name} on {@code master}.
   *
   * @param name {@code inprocess} or a provider's name ({@code spark})
   * @param master the provider's master (Spark's URL), or null for its default; the in-process
   *     runner takes none
   * @throws IllegalArgumentException naming the runner or master that is not accepted, or saying
   *     what to build when the provider's jars are missing
   */
  public static SweepRunner create(String name, String master) {
    if (name.equals(IN_PROCESS)) {
      if (master != null) {
        throw new IllegalArgumentException(
            "--master is the spark runner's option; --runner inprocess runs on this JVM's threads");
      }
      return InProcessRunner.perCore();
    }
    return provider(name).create(master);
  }

  /**
   * The runner a command runs on when none is named: Spark on {@code local[*]} for a sweep larger
   * than CI's, in-process otherwise (CI's sizes, and experiments that are not sweeps).
   *
   * @param sweep whether the experiment is a sweep of independent units
   * @param quick whether it runs at CI's size
   */
  public static String defaultFor(boolean sweep, boolean quick) {
    return sweep && !quick ? "spark" : IN_PROCESS;
  }

  private static SweepRunnerProvider provider(String name) {
    Optional<SweepRunnerProvider> here = find(name, SweepRunners.class.getClassLoader());
    if (here.isPresent()) {
      return here.get();
    }
    Path dir = runnerFolder();
    if (!name.equals("spark")) {
      throw new IllegalArgumentException(
          "--runner: unknown runner '" + name + "'; available: inprocess, spark");
    }
    if (dir == null || !Files.isDirectory(dir)) {
      throw new IllegalArgumentException(
          "--runner spark: the Spark runner is not built"
              + (dir == null ? "" : " (no folder " + dir + ")")
              + "; build it with `mvn -DskipTests install` (the sweep module copies Apache Spark's"
              + " jars into sweep/target/runner), or set "
              + RUNNER_ENV
              + " to a folder holding them; or run the sweep in this JVM with --runner inprocess");
    }
    return find(name, loader(dir))
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "--runner spark: "
                        + dir
                        + " holds no diffart sweep runner; rebuild the sweep"
                        + " module (mvn -DskipTests install)"));
  }

  private static Optional<SweepRunnerProvider> find(String name, ClassLoader loader) {
    return ServiceLoader.load(SweepRunnerProvider.class, loader).stream()
        .map(ServiceLoader.Provider::get)
        .filter(p -> p.name().equals(name))
        .findFirst();
  }

  /** {@code $DIFFART_SWEEP_RUNNER}, else {@code sweep/target/runner} of this jar's build. */
  static Path runnerFolder() {
    try {
      var source = SweepRunners.class.getProtectionDomain().getCodeSource();
      return runnerFolder(source == null ? null : Path.of(source.getLocation().toURI()));
    } catch (URISyntaxException e) {
      return runnerFolder(null);
    }
  }

  /**
   * {@code $DIFFART_SWEEP_RUNNER}, else {@code sweep/target/runner} of the build that made the
   * kernel's jar or class folder {@code kernel} ({@code kernel-ext/target/...}), else null.
   */
  public static Path runnerFolder(Path kernel) {
    String env = System.getenv(RUNNER_ENV);
    if (env != null && !env.isBlank()) {
      return Path.of(env);
    }
    Path target = kernel == null ? null : kernel.toAbsolutePath().getParent();
    if (target != null && target.getFileName().toString().equals("classes")) {
      target = target.getParent();
    }
    if (target == null
        || !target.getFileName().toString().equals("target")
        || target.getParent() == null
        || target.getParent().getParent() == null) {
      return null;
    }
    return target.getParent().getParent().resolve("sweep").resolve("target").resolve("runner");
  }

  /** One loader for the runner's jars per JVM: Spark keeps static state per loaded class. */
  private static synchronized ClassLoader loader(Path dir) {
    if (runnerLoader == null) {
      List<URL> urls = new ArrayList<>();
      try (Stream<Path> jars = Files.list(dir)) {
        for (Path p : jars.filter(p -> p.toString().endsWith(".jar")).sorted().toList()) {
          urls.add(p.toUri().toURL());
        }
      } catch (MalformedURLException e) {
        throw new IllegalStateException(e);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot list the sweep runner's jars in " + dir, e);
      }
      runnerLoader =
          new RunnerClassLoader(urls.toArray(URL[]::new), SweepRunners.class.getClassLoader());
    }
    return runnerLoader;
  }

  /**
   * Looks in its own jars first, except for diffart's classes, which come from the kernel so that
   * the units and results the runner hands back are the kernel's own types.
   */
  private static final class RunnerClassLoader extends URLClassLoader {
    static {
      registerAsParallelCapable();
    }

    RunnerClassLoader(URL[] urls, ClassLoader kernel) {
      super("diffart-sweep-runner", urls, kernel);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      if (name.startsWith("org.diffart.") && !name.startsWith("org.diffart.sweep.spark.")) {
        return super.loadClass(name, resolve);
      }
      synchronized (getClassLoadingLock(name)) {
        Class<?> c = findLoadedClass(name);
        if (c == null) {
          try {
            c = getPlatformClassLoader().loadClass(name);
          } catch (ClassNotFoundException e) {
            try {
              c = findClass(name);
            } catch (ClassNotFoundException e2) {
              c = getParent().loadClass(name);
            }
          }
        }
        if (resolve) {
          resolveClass(c);
        }
        return c;
      }
    }

    /**
     * A service's providers from the runner's jars alone when they declare any (the kernel's slf4j
     * binding does not implement the runner's slf4j).
     */
    @Override
    public java.util.Enumeration<URL> getResources(String name) throws IOException {
      if (name.startsWith("META-INF/services/")) {
        java.util.Enumeration<URL> own = findResources(name);
        if (own.hasMoreElements()) {
          return own;
        }
      }
      return super.getResources(name);
    }

    @Override
    public URL getResource(String name) {
      URL u = findResource(name);
      return u != null ? u : super.getResource(name);
    }
  }
}
