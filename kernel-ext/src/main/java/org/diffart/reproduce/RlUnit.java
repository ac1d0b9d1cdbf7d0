package org.diffart.reproduce;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.diffart.sim.agent.Agent;
import org.diffart.sim.rl.VectorEnv;

/**
 * One training run of an RL experiment, an independent unit of work fixed completely by its task,
 * method, seed and plan: an agent trained on its environment and evaluated every {@code
 * plan.evalEvery()} environment steps. With a directory it keeps, after each evaluation, the
 * evaluations so far with the agent's whole state ({@code ID.state}, and the evaluations as {@code
 * ID.csv} to read), so that a run interrupted between evaluations resumes from the last and
 * continues bit for bit; a finished run is read back, not run again.
 *
 * @param task {@code pendulum} or {@code ant}
 * @param links the pendulum's link count (0 for the ant)
 * @param method the agent's method
 * @param seed the seed
 * @param plan the run's size
 */
record RlUnit(String task, int links, String method, long seed, RlPlan plan) {
  /** Episodes of evaluation start from seeds {@code EVAL_SEED + k}, the same for every run. */
  static final long EVAL_SEED = 1_000_000_007L;

  /** Builds a run's environments and agent. */
  interface Factory {
    /** The environment of a task with W worlds. */
    VectorEnv env(String task, int links, int worlds);

    /** The agent of a method training on env. */
    Agent agent(String method, String task, int links, RlPlan plan, VectorEnv env, long seed);
  }

  /** The run's name, e.g. {@code pendulum-3_pe_seed0} or {@code ant_se_seed2}. */
  static String id(String task, int links, String method, long seed) {
    return (task.equals("pendulum") ? task + "-" + links : task) + "_" + method + "_seed" + seed;
  }

  String id() {
    return id(task, links, method, seed);
  }

  /** The evaluations the run makes, the untrained policy's first. */
  int evaluations() {
    return (int) (plan.envSteps() / plan.evalEvery()) + 1;
  }

  /**
   * Runs (or resumes, or reads back) the run.
   *
   * @param dir where its files are kept, or null to keep none
   * @param each receives every evaluation as it is made (read-back ones too)
   * @return every evaluation, in order
   */
  List<RlPoint> run(Factory factory, Path dir, Consumer<RlPoint> each) {
    return run(factory, dir, evaluations(), each);
  }

  /**
   * As {@link #run(Factory, Path, Consumer)}, stopping after the first {@code upTo} evaluations (as
   * an interruption would).
   */
  List<RlPoint> run(Factory factory, Path dir, int upTo, Consumer<RlPoint> each) {
    try (VectorEnv env = factory.env(task, links, plan.worlds());
        VectorEnv evalEnv = factory.env(task, links, plan.evalEpisodes())) {
      Agent agent = factory.agent(method, task, links, plan, env, seed);
      String header = header(factory, agent);
      List<RlPoint> points = dir == null ? new ArrayList<>() : readBack(dir, header);
      if (points.size() >= upTo) {
        points.forEach(each);
        return points;
      }
      double wall = 0;
      if (!points.isEmpty()) {
        restore(agent, dir);
        wall = points.get(points.size() - 1).wallMs();
        points.forEach(each);
      }
      for (int k = points.size(); k < upTo; k++) {
        if (Thread.currentThread().isInterrupted()) {
          // a cancelled sweep: stop at an evaluation, whose state is kept to resume from
          throw new IllegalStateException(id() + " interrupted after " + k + " evaluations");
        }
        long t0 = System.nanoTime();
        agent.trainUntil(k * plan.evalEvery());
        wall += (System.nanoTime() - t0) / 1e6;
        double ret = agent.evaluate(evalEnv, plan.evalEpisodes(), EVAL_SEED);
        RlPoint p =
            new RlPoint(task, links, method, seed, agent.envSteps(), wall, ret, status(ret));
        points.add(p);
        if (dir != null) {
          keep(agent, dir, header, points);
        }
        each.accept(p);
      }
      return points;
    }
  }

  private static String status(double ret) {
    return Double.isFinite(ret) ? "ok" : "non-finite return";
  }

  private Path state(Path dir) {
    return dir.resolve(id() + ".state");
  }

  /**
   * What fixes the run, written first in its state so that no other run's state is read: its name,
   * its plan, and two fingerprints of the code it runs, so that a state kept by an older build (an
   * environment whose dynamics or an agent whose settings, networks or state layout have changed
   * since) starts the run over instead of being resumed: the bits of a short episode of the
   * environment under fixed actions, and the bytes of the untrained agent's saved state.
   */
  private String header(Factory factory, Agent fresh) {
    Fingerprint f = new Fingerprint();
    try (VectorEnv env = factory.env(task, links, 1)) {
      double[] obs = new double[env.observationSize()];
      double[] action = new double[env.actionSize()];
      VectorEnv.StepResult out = VectorEnv.StepResult.of(env);
      env.reset(0, 1, obs);
      f.add(obs);
      for (int t = 0; t < 10; t++) {
        for (int j = 0; j < action.length; j++) {
          action[j] = 0.5 * Math.sin(1.3 * t + j);
        }
        env.step(action, out);
        f.add(out.observation());
        f.add(out.reward());
      }
    }
    String envBits = f.hex();
    try (DataOutputStream agentBytes = new DataOutputStream(f.reset())) {
      fresh.save(agentBytes);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot save " + id() + "'s untrained agent", e);
    }
    return id() + " " + plan + " env " + envBits + " agent " + f.hex();
  }

  /** A 64-bit FNV-1a hash of doubles' bits and bytes. */
  private static final class Fingerprint extends java.io.OutputStream {
    private long h = 0xcbf29ce484222325L;

    void add(double[] values) {
      for (double v : values) {
        long bits = Double.doubleToLongBits(v);
        for (int k = 0; k < 8; k++) {
          write((int) (bits >>> (8 * k)));
        }
      }
    }

    @Override
    public void write(int b) {
      h = (h ^ (b & 0xff)) * 0x100000001b3L;
    }

    Fingerprint reset() {
      h = 0xcbf29ce484222325L;
      return this;
    }

    String hex() {
      return Long.toHexString(h);
    }
  }

  /**
   * The evaluations a previous run of the same header kept in its state file; none when there is
   * none or it belongs to another plan or another build's environment or agent.
   */
  private List<RlPoint> readBack(Path dir, String header) {
    List<RlPoint> points = new ArrayList<>();
    if (!Files.exists(state(dir))) {
      return points;
    }
    try (DataInputStream in = open(dir)) {
      if (!in.readUTF().equals(header)) {
        return points;
      }
      int n = in.readInt();
      for (int i = 0; i < n; i++) {
        points.add(
            new RlPoint(
                task,
                links,
                method,
                seed,
                in.readLong(),
                in.readDouble(),
                in.readDouble(),
                in.readUTF()));
      }
      return points;
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot resume "
              + id()
              + " from "
              + state(dir)
              + ": "
              + e.getMessage()
              + " (delete it to start the run over)",
          e);
    }
  }

  private DataInputStream open(Path dir) throws IOException {
    return new DataInputStream(new BufferedInputStream(Files.newInputStream(state(dir))));
  }

  /** Restores the agent from the state file, past the points {@link #readBack} read. */
  private void restore(Agent agent, Path dir) {
    try (DataInputStream in = open(dir)) {
      in.readUTF();
      int n = in.readInt();
      for (int i = 0; i < n; i++) {
        in.readLong();
        in.readDouble();
        in.readDouble();
        in.readUTF();
      }
      agent.restore(in);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot resume " + id() + " from " + state(dir) + ": " + e.getMessage(), e);
    }
  }

  /**
   * Writes the evaluations so far and the agent's state into one file, through a temporary one so
   * that a kill leaves the last whole state, and the evaluations as {@code ID.csv} to read.
   */
  private void keep(Agent agent, Path dir, String header, List<RlPoint> points) {
    try {
      Files.createDirectories(dir);
      Path tmp = dir.resolve(id() + ".state.tmp");
      try (DataOutputStream out =
          new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp)))) {
        out.writeUTF(header);
        out.writeInt(points.size());
        for (RlPoint p : points) {
          out.writeLong(p.envSteps());
          out.writeDouble(p.wallMs());
          out.writeDouble(p.meanReturn());
          out.writeUTF(p.status());
        }
        agent.save(out);
      }
      Files.move(
          tmp, state(dir), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      List<String> lines = new ArrayList<>(List.of("env_steps,wall_ms,return,status"));
      for (RlPoint p : points) {
        lines.add(
            String.format(
                Locale.ROOT, "%d,%s,%s,%s", p.envSteps(), p.wallMs(), p.meanReturn(), p.status()));
      }
      Files.write(dir.resolve(id() + ".csv"), lines, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot keep " + id() + "'s evaluation in " + dir + ": " + e.getMessage(), e);
    }
  }
}
