package org.diffart.sweep.spark;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A Spark standalone cluster on the loopback address: a master and one-core workers, each its own
 * JVM started from the tests' class path (the same Spark artifacts, nothing downloaded), their logs
 * under the given folder. The workers start executors from the same class path ({@code
 * spark.executor.extraClassPath}, which {@link #driverSettings} sets).
 */
final class LoopbackCluster implements AutoCloseable {
  /** The class path of this JVM, every entry absolute. */
  static final String CLASS_PATH =
      Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
          .map(p -> Path.of(p).toAbsolutePath().toString())
          .collect(Collectors.joining(File.pathSeparator));

  private final Path dir;
  private final int port;
  private final Process master;
  private final List<Process> workers = new ArrayList<>();

  LoopbackCluster(Path dir, int workerCount) throws IOException, InterruptedException {
    this.dir = dir;
    Files.createDirectories(dir.resolve("spark-home").resolve("jars"));
    // the cluster's own log at Spark's usual level: the test waits for its INFO lines
    Files.writeString(
        dir.resolve("log4j2.properties"),
        String.join(
            "\n",
            "rootLogger.level = info",
            "rootLogger.appenderRef.out.ref = out",
            "appender.out.type = Console",
            "appender.out.name = out",
            "appender.out.layout.type = PatternLayout",
            "appender.out.layout.pattern = %d{HH:mm:ss} %p %c{1}: %m%n"));
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    master =
        start(
            "master",
            "org.apache.spark.deploy.master.Master",
            "--host",
            "127.0.0.1",
            "--port",
            "" + port,
            "--webui-port",
            "0");
    awaitLog("master", "I have been elected leader");
    for (int i = 0; i < workerCount; i++) {
      workers.add(
          start(
              "worker" + i,
              "org.apache.spark.deploy.worker.Worker",
              "--cores",
              "1",
              "--memory",
              "1g",
              "--host",
              "127.0.0.1",
              "--webui-port",
              "0",
              "--work-dir",
              dir.resolve("work" + i).toString(),
              url()));
    }
    for (int i = 0; i < workerCount; i++) {
      awaitLog("worker" + i, "Successfully registered with master");
    }
  }

  /** The master's URL. */
  String url() {
    return "spark://127.0.0.1:" + port;
  }

  /**
   * What a driver in this JVM needs to run on the cluster: executors on the tests' class path and
   * small, the driver on the loopback address.
   */
  static void driverSettings() {
    System.setProperty("spark.executor.extraClassPath", CLASS_PATH);
    System.setProperty("spark.executor.memory", "512m");
    System.setProperty("spark.driver.host", "127.0.0.1");
    System.setProperty("spark.driver.bindAddress", "127.0.0.1");
  }

  static void clearDriverSettings() {
    for (String k :
        List.of(
            "spark.executor.extraClassPath",
            "spark.executor.memory",
            "spark.driver.host",
            "spark.driver.bindAddress")) {
      System.clearProperty(k);
    }
  }

  /** The processes worker i started (its executors). */
  java.util.Set<Long> executors(int i) {
    return workers.get(i).descendants().map(ProcessHandle::pid).collect(Collectors.toSet());
  }

  /** Kills worker i and the executors it started, as a machine that dies. */
  void kill(int i) {
    Process w = workers.get(i);
    w.descendants().forEach(ProcessHandle::destroyForcibly);
    w.destroyForcibly();
  }

  private Process start(String name, String main, String... args) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(
        List.of(
            "-Xmx256m",
            "-cp",
            CLASS_PATH,
            "-Dlog4j2.configurationFile=" + dir.resolve("log4j2.properties"),
            "-Dspark.master.rest.enabled=false",
            main));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    pb.redirectOutput(dir.resolve(name + ".log").toFile());
    pb.environment().put("SPARK_HOME", dir.resolve("spark-home").toString());
    pb.environment().put("SPARK_SCALA_VERSION", "2.13");
    pb.environment().put("SPARK_LOCAL_IP", "127.0.0.1");
    return pb.start();
  }

  private void awaitLog(String name, String line) throws InterruptedException {
    Path log = dir.resolve(name + ".log");
    long until = System.nanoTime() + 120_000_000_000L;
    while (System.nanoTime() < until) {
      try {
        if (Files.exists(log) && Files.readString(log).contains(line)) {
          return;
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      Thread.sleep(200);
    }
    String said;
    try {
      List<String> lines = Files.exists(log) ? Files.readAllLines(log) : List.of();
      said = String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    } catch (IOException e) {
      said = e.toString();
    }
    throw new IllegalStateException(
        name + " did not say '" + line + "' within 120 s; its log ends:\n" + said);
  }

  @Override
  public void close() {
    for (Process p : workers) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
    }
    master.destroyForcibly();
  }
}
