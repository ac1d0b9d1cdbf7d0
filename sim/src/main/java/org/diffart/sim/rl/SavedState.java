package org.diffart.sim.rl;

import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;

/**
 * The flat layout of a task environment's saved state ({@link AbstractTaskEnv}): per world its step
 * count, its current state and the state its last step started from (time, step count, qpos, qvel,
 * ctrl, act, the contact warm start, history buffers), then the last actions and whether a step was
 * taken. Doubles hold the integers exactly.
 */
public final class SavedState {
  private final Model m;
  private final int worlds;
  private final int actions;
  private final double[] values;
  private int at;

  /** An empty state of W worlds of model m with {@code actions} action numbers each. */
  public SavedState(Model m, int worlds, int actions) {
    this(m, worlds, actions, new double[length(m, worlds, actions)]);
  }

  private SavedState(Model m, int worlds, int actions, double[] values) {
    this.m = m;
    this.worlds = worlds;
    this.actions = actions;
    this.values = values;
  }

  /**
   * The saved {@code values} of W worlds of model m, to read back.
   *
   * @throws IllegalArgumentException when {@code values} is not the length this layout needs
   */
  public static SavedState of(Model m, int worlds, int actions, double[] values) {
    int n = length(m, worlds, actions);
    if (values.length != n) {
      throw new IllegalArgumentException(
          "saved state of "
              + worlds
              + " worlds of model "
              + m.name()
              + " needs "
              + n
              + " numbers, got "
              + values.length
              + " (saved from a different environment?)");
    }
    return new SavedState(m, worlds, actions, values);
  }

  private static int dataLength(Model m) {
    Data d = new Data(m);
    return 2
        + d.qpos.length
        + d.qvel.length
        + d.ctrl.length
        + d.act.length
        + d.warmImpulse.length
        + d.warmValid.length
        + d.history.length;
  }

  private static int length(Model m, int worlds, int actions) {
    return worlds * (1 + 2 * dataLength(m)) + worlds * actions + 1;
  }

  /** The numbers. */
  public double[] values() {
    return values;
  }

  /** Appends the next world's step count and its two states (worlds in order). */
  public void put(Data current, Data start, int steps) {
    values[at++] = steps;
    putData(current);
    putData(start);
  }

  /** Reads the next world's two states into {@code current} and {@code start}; its step count. */
  public int get(Data current, Data start) {
    int steps = (int) values[at++];
    getData(current);
    getData(start);
    return steps;
  }

  /** Appends the last actions (W×actions) and whether a step was taken. */
  public void putActions(double[] last, boolean stepped) {
    System.arraycopy(last, 0, values, at, worlds * actions);
    at += worlds * actions;
    values[at++] = stepped ? 1 : 0;
  }

  /** Reads the last actions into {@code last}; whether a step was taken. */
  public boolean getActions(double[] last) {
    System.arraycopy(values, at, last, 0, worlds * actions);
    at += worlds * actions;
    return values[at++] != 0;
  }

  private void putData(Data d) {
    values[at++] = d.time;
    values[at++] = d.nstep;
    put(d.qpos);
    put(d.qvel);
    put(d.ctrl);
    put(d.act);
    put(d.warmImpulse);
    for (int v : d.warmValid) {
      values[at++] = v;
    }
    put(d.history);
  }

  private void getData(Data d) {
    d.time = values[at++];
    d.nstep = (long) values[at++];
    get(d.qpos);
    get(d.qvel);
    get(d.ctrl);
    get(d.act);
    get(d.warmImpulse);
    for (int i = 0; i < d.warmValid.length; i++) {
      d.warmValid[i] = (int) values[at++];
    }
    get(d.history);
  }

  private void put(double[] a) {
    System.arraycopy(a, 0, values, at, a.length);
    at += a.length;
  }

  private void get(double[] a) {
    System.arraycopy(values, at, a, 0, a.length);
    at += a.length;
  }
}
