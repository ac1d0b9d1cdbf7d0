package org.diffart.sim.diff;

import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;

/**
 * Slots that each hold the declared minimal state a step needs to be recomputed bit for bit (STYLE P9): time,
 * {@code qpos}, {@code qvel}, {@code act} and, when the solver warm-starts, the warm-start impulses and their
 * validity. Its bytes are counted, not estimated.
 */
final class StateStore {
  private final Model model;
  private final boolean warm;
  private final int width;
  private final double[] slots;

  StateStore(Model m, int count) {
    model = m;
    warm = m.opt().warmStart();
    width = stateWidth(m);
    slots = new double[Math.max(0, count) * width];
  }

  /** Numbers per stored state. */
  static int stateWidth(Model m) {
    return 1 + m.nq() + m.nv() + m.na() + (m.opt().warmStart() ? 4 * m.nslot() : 0);
  }

  /** Bytes held by the slots. */
  long bytes() {
    return 8L * slots.length;
  }

  void save(int slot, Data d) {
    int o = slot * width;
    slots[o++] = d.time;
    System.arraycopy(d.qpos, 0, slots, o, model.nq());
    o += model.nq();
    System.arraycopy(d.qvel, 0, slots, o, model.nv());
    o += model.nv();
    System.arraycopy(d.act, 0, slots, o, model.na());
    o += model.na();
    if (warm) {
      int nc = model.nslot();
      System.arraycopy(d.warmImpulse, 0, slots, o, 3 * nc);
      o += 3 * nc;
      for (int c = 0; c < nc; c++) {
        slots[o + c] = d.warmValid[c];
      }
    }
  }

  void load(int slot, Data d) {
    int o = slot * width;
    d.time = slots[o++];
    System.arraycopy(slots, o, d.qpos, 0, model.nq());
    o += model.nq();
    System.arraycopy(slots, o, d.qvel, 0, model.nv());
    o += model.nv();
    System.arraycopy(slots, o, d.act, 0, model.na());
    o += model.na();
    if (warm) {
      int nc = model.nslot();
      System.arraycopy(slots, o, d.warmImpulse, 0, 3 * nc);
      o += 3 * nc;
      for (int c = 0; c < nc; c++) {
        d.warmValid[c] = (int) slots[o + c];
      }
    } else {
      java.util.Arrays.fill(d.warmValid, 0);
    }
  }
}
