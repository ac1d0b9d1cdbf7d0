package org.diffart.backends.rl;

import org.diffart.backends.Backend;
import org.diffart.backends.Backends;
import org.diffart.sim.data.Data;
import org.diffart.sim.rl.AbstractTaskEnv;
import org.diffart.sim.rl.Task;
import org.diffart.sim.rl.VectorEnv;

/**
 * The {@link VectorEnv} of a {@link Task} whose W worlds step on a {@link Backend} (cpu, opencl):
 * one {@code step} sets every world's controls, advances all worlds by the task's substeps in one
 * {@link Backend#step} call and reads their states back; observations, rewards, flags and the
 * action Jacobians are then computed on the CPU from those states ({@link AbstractTaskEnv}).
 *
 * <p>What the backend's worlds hold beyond {@code (qpos, qvel, act)} is not read back: a reset or a
 * restore sets those three and leaves a world's contact warm start and time as they were. Neither
 * the paper's pendulum (no contacts) nor its ant (RK4, which has no warm start) has any other
 * state; for a model with warm-started contacts (Euler, implicit) steps after a reset or restore
 * can differ from the CPU {@code TaskEnv}'s in the last bits, and the Jacobians are those of a cold
 * start.
 */
public final class BackendEnv extends AbstractTaskEnv {
  private final Backend backend;
  private final double[] qpos;
  private final double[] qvel;
  private final double[] act;
  private final double[] ctrl;

  /**
   * The task's worlds on {@code backend}, which must run the task's model; each world at the task's
   * reset from seed w until {@link #reset} is called.
   *
   * @throws IllegalArgumentException when the backend runs another model
   */
  public BackendEnv(Task task, Backend backend) {
    super(task, backend.worlds());
    if (backend.model() != task.model()) {
      throw new IllegalArgumentException(
          "backend "
              + backend.name()
              + " runs model "
              + backend.model().name()
              + ", not task "
              + task.name()
              + "'s model: create it with the task's model (BackendEnv.create)");
    }
    this.backend = backend;
    int w = backend.worlds();
    qpos = new double[w * task.model().nq()];
    qvel = new double[w * task.model().nv()];
    act = new double[w * task.model().na()];
    ctrl = new double[w * task.model().nu()];
    restoreDone();
  }

  /**
   * W worlds of {@code task} on the backend named {@code backend} ({@link Backends#names()}).
   *
   * @throws IllegalArgumentException for an unknown backend
   * @throws IllegalStateException when the backend cannot start (OpenCL missing), saying why
   */
  public static BackendEnv create(Task task, String backend, int worlds) {
    return new BackendEnv(task, Backends.create(backend, task.model(), worlds));
  }

  /** The backend the worlds step on. */
  public Backend backend() {
    return backend;
  }

  @Override
  public String name() {
    return task.name() + "@" + backend.name();
  }

  @Override
  protected void resetDone(int world) {
    restoreDone();
  }

  /** Writes every world's {@code (qpos, qvel, act)} from {@link #after} to the backend. */
  @Override
  protected void restoreDone() {
    for (int w = 0; w < worlds(); w++) {
      Data d = after[w];
      toBatch(d.qpos, qpos, w);
      toBatch(d.qvel, qvel, w);
      toBatch(d.act, act, w);
    }
    backend.setQpos(qpos);
    backend.setQvel(qvel);
    backend.setAct(act);
  }

  @Override
  protected void advance() {
    for (int w = 0; w < worlds(); w++) {
      toBatch(after[w].ctrl, ctrl, w);
    }
    backend.setCtrl(ctrl);
    backend.step(task.substeps());
    backend.getQpos(qpos);
    backend.getQvel(qvel);
    backend.getAct(act);
    for (int w = 0; w < worlds(); w++) {
      Data d = after[w];
      fromBatch(qpos, w, d.qpos);
      fromBatch(qvel, w, d.qvel);
      fromBatch(act, w, d.act);
      diverged[w] = bad(d);
      if (diverged[w]) {
        // the episode ends here; the caller's reset writes the backend's world anew
        d.copyStateFrom(before[w]);
      }
    }
  }

  /** World w's slice of a batch array (W×world.length) from one world's array. */
  private static void toBatch(double[] world, double[] batch, int w) {
    System.arraycopy(world, 0, batch, w * world.length, world.length);
  }

  /** One world's array from world w's slice of a batch array. */
  private static void fromBatch(double[] batch, int w, double[] world) {
    System.arraycopy(batch, w * world.length, world, 0, world.length);
  }

  @Override
  public void close() {
    backend.close();
  }
}
