package org.diffart.sim.diff;

import java.lang.reflect.Field;
import java.util.List;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;

/**
 * Slots that each hold the declared minimal state a step needs to be recomputed bit for bit (STYLE
 * P9): the fields {@link Data} marks {@link org.diffart.sim.data.State}, in their declaration order
 * (time, {@code qpos}, {@code qvel}, {@code act} and, when the solver warm-starts, the warm-start
 * impulses and their validity). Its bytes are counted, not estimated.
 */
final class StateStore {
  private final List<Field> fields, cleared;
  private final int width;
  private final double[] slots;

  StateStore(Data template, int count) {
    fields = Data.stateFields(template.model);
    cleared = Data.clearedStateFields(template.model);
    width = template.stateWidth();
    slots = new double[Math.max(0, count) * width];
  }

  /** Numbers per stored state of model m. */
  static int stateWidth(Model m) {
    return new Data(m).stateWidth();
  }

  /** Bytes held by the slots. */
  long bytes() {
    return 8L * slots.length;
  }

  void save(int slot, Data d) {
    int o = slot * width;
    try {
      for (Field f : fields) {
        if (f.getType() == double.class) {
          slots[o++] = f.getDouble(d);
        } else if (f.get(d) instanceof double[] a) {
          System.arraycopy(a, 0, slots, o, a.length);
          o += a.length;
        } else {
          for (int x : (int[]) f.get(d)) {
            slots[o++] = x;
          }
        }
      }
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }

  void load(int slot, Data d) {
    int o = slot * width;
    try {
      for (Field f : fields) {
        if (f.getType() == double.class) {
          f.setDouble(d, slots[o++]);
        } else if (f.get(d) instanceof double[] a) {
          System.arraycopy(slots, o, a, 0, a.length);
          o += a.length;
        } else {
          int[] a = (int[]) f.get(d);
          for (int k = 0; k < a.length; k++) {
            a[k] = (int) slots[o++];
          }
        }
      }
      for (Field f : cleared) {
        java.util.Arrays.fill((int[]) f.get(d), 0);
      }
    } catch (IllegalAccessException e) {
      throw new IllegalStateException(e);
    }
  }
}
