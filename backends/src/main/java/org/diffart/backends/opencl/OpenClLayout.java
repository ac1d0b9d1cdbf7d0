package org.diffart.backends.opencl;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.model.Model;
import org.diffart.sim.model.ModelFields;
import org.diffart.sim.model.Options;

/**
 * How one model and its worlds lie in device buffers, and the OpenCL program that steps them.
 *
 * <ul>
 *   <li>The model: every {@code int[]} field of {@link Model} one after another in one int buffer
 *       ({@code MI_f} its offset), every {@code double[]} field in one double buffer ({@code
 *       MD_f}), its int sizes as {@code M_f}, its options as {@code OPT_f}. The fields are those
 *       {@link ModelFields#declared()} lists: what the translated getters ({@code sim.cl}) index,
 *       by the same names.
 *   <li>A world: every public field of {@link Data} in declaration order, doubles ({@code double[]}
 *       and {@code double}) in one slice of {@code DATA_DOUBLES}, ints ({@code int[]}, {@code int},
 *       {@code long}) in one slice of {@code DATA_INTS} ending with the world's error flag ({@code
 *       DI_error}); {@code DD_f}/{@code DI_f} are the offsets and {@code DL_f} the lengths. World
 *       w's slices start at {@code w*DATA_DOUBLES} and {@code w*DATA_INTS}: the batch layout of
 *       DESIGN.md, a leading world index.
 * </ul>
 *
 * Every number goes into the program as a hexadecimal floating constant, so the device computes
 * with exactly the model the CPU backend has.
 */
public final class OpenClLayout {
  /**
   * The entry points the stepping program is translated from ({@code sim.cl}): the step, and the
   * forward evaluation without a step.
   */
  public static final List<String> STEP_ENTRIES = List.of("Step.fixedStep/2", "Step.forward/2");

  /**
   * The adjoint program's entry points ({@code sim_adjoint.cl}): a step's forward intermediates,
   * its adjoint, and the state adjoint in the tangent space (for its norm).
   */
  public static final List<String> ADJOINT_ENTRIES =
      List.of(
          "Step.fixedStep/2",
          "Step.dynamics/2",
          "StepAdjoint.step/3",
          "Configuration.tangentGradient/4");

  private static final String RESOURCES = "/org/diffart/backends/opencl/";

  private final Model model;
  private final Fields data, bar;
  private final int errorSlot, stateWidth;
  private final double[] modelDoubles;
  private final int[] modelInts;
  private final String defines;

  /** The layout of model m. */
  public OpenClLayout(Model m) {
    this.model = m;
    StringBuilder h = new StringBuilder("// model ").append(m.name()).append('\n');
    // the model's arrays and sizes
    List<double[]> ds = new ArrayList<>();
    List<int[]> is = new ArrayList<>();
    int dOff = 0, iOff = 0;
    for (ModelFields.Spec f : ModelFields.declared()) {
      Object v = f.get(m);
      if (v instanceof double[] a) {
        h.append("#define MD_").append(f.name()).append(' ').append(dOff).append('\n');
        ds.add(a);
        dOff += a.length;
      } else if (v instanceof int[] a) {
        h.append("#define MI_").append(f.name()).append(' ').append(iOff).append('\n');
        is.add(a);
        iOff += a.length;
      } else if (f.type() == int.class) {
        h.append("#define M_").append(f.name()).append(' ').append(v).append('\n');
      }
    }
    modelDoubles = concat(ds, dOff);
    modelInts = concatInts(is, iOff);
    // the options: compile-time constants
    for (RecordComponent c : Options.class.getRecordComponents()) {
      Object v = invoke(c, m.opt());
      if (v instanceof double[] a) {
        h.append("__constant double OPT_").append(c.getName()).append("[] = {");
        for (int k = 0; k < a.length; k++) {
          h.append(k == 0 ? "" : ", ").append(hex(a[k]));
        }
        h.append("};\n");
      } else {
        h.append("#define OPT_").append(c.getName()).append(' ').append(constant(v)).append('\n');
      }
    }
    // one world's Data, and its DataBar (the adjoint's workspace)
    Data sample = new Data(m);
    data = new Fields(Data.class, "D", sample, h);
    // the declared minimal state a checkpoint keeps (Data's @State fields), as an X-macro
    // adjoint_kernels.cl expands
    stateWidth = sample.stateWidth();
    h.append("#define STATE_WIDTH ")
        .append(stateWidth)
        .append("\n#define STATE_FIELDS(SCALAR, DOUBLES, INTS)");
    for (Field f : Data.stateFields(m)) {
      h.append(' ')
          .append(
              f.getType() == double.class
                  ? "SCALAR"
                  : f.getType() == double[].class ? "DOUBLES" : "INTS")
          .append('(')
          .append(f.getName())
          .append(')');
    }
    h.append("\n#define STATE_CLEARED(INTS)");
    Data.clearedStateFields(m).forEach(f -> h.append(" INTS(").append(f.getName()).append(')'));
    h.append('\n');
    errorSlot = data.ints++;
    h.append("#define DI_error ").append(errorSlot).append('\n');
    h.append("#define DATA_DOUBLES ")
        .append(data.worldDoubles())
        .append("\n#define DATA_INTS ")
        .append(data.ints)
        .append('\n');
    bar = new Fields(DataBar.class, "B", new DataBar(m), h);
    h.append("#define BAR_DOUBLES ")
        .append(bar.worldDoubles())
        .append("\n#define BAR_INTS ")
        .append(Math.max(1, bar.ints))
        .append('\n');
    defines = h.toString();
  }

  /** The model. */
  public Model model() {
    return model;
  }

  /**
   * The stepping program for this model: its defines, then {@code prelude.cl}, {@code sim.cl},
   * {@code kernels.cl}.
   */
  public String program() {
    return defines
        + "\n"
        + resource("prelude.cl")
        + "\n"
        + resource("sim.cl")
        + "\n"
        + resource("kernels.cl");
  }

  /**
   * The adjoint program: the defines, {@code prelude.cl}, the step ({@code sim.cl}), what the
   * adjoint adds to it ({@code sim_adjoint.cl}) and {@code adjoint_kernels.cl}.
   */
  public String adjointProgram() {
    return defines
        + "\n"
        + resource("prelude.cl")
        + "\n"
        + resource("sim.cl")
        + "\n"
        + resource("sim_adjoint.cl")
        + "\n"
        + resource("adjoint_kernels.cl");
  }

  /** The model's double arrays, one after another. */
  public double[] modelDoubles() {
    return modelDoubles.length == 0 ? new double[1] : modelDoubles.clone();
  }

  /** The model's int arrays, one after another. */
  public int[] modelInts() {
    return modelInts.length == 0 ? new int[1] : modelInts.clone();
  }

  /** Doubles per world's Data. */
  public int worldDoubles() {
    return data.worldDoubles();
  }

  /** Ints per world's Data, the error flag included. */
  public int worldInts() {
    return data.ints;
  }

  /** Doubles per world's DataBar. */
  public int barDoubles() {
    return bar.worldDoubles();
  }

  /** Ints per world's DataBar. */
  public int barInts() {
    return Math.max(1, bar.ints);
  }

  /**
   * Numbers one checkpoint of a world's state holds ({@link Data#stateWidth()}), on the device as
   * on the CPU.
   */
  public int stateWidth() {
    return stateWidth;
  }

  /** The offset of the world's error flag in its int slice. */
  public int errorSlot() {
    return errorSlot;
  }

  /**
   * The offset of a double field ({@code double[]} or {@code double}) of Data in a world's slice.
   */
  public int doubleOffset(String field) {
    return data.offset(field, true);
  }

  /**
   * The offset of an int field ({@code int[]}, {@code int} or {@code long}) of Data in a world's
   * slice.
   */
  public int intOffset(String field) {
    return data.offset(field, false);
  }

  /** Writes d's fields into one world's slices. */
  public void pack(Data d, double[] doubles, int dOff, int[] ints, int iOff) {
    data.pack(d, doubles, dOff, ints, iOff);
  }

  /** Reads one world's slices into d. */
  public void unpack(double[] doubles, int dOff, int[] ints, int iOff, Data d) {
    data.unpack(doubles, dOff, ints, iOff, d);
  }

  /** Writes b's fields into one world's DataBar slices. */
  public void packBar(DataBar b, double[] doubles, int dOff, int[] ints, int iOff) {
    bar.pack(b, doubles, dOff, ints, iOff);
  }

  /** Reads one world's DataBar slices into b. */
  public void unpackBar(double[] doubles, int dOff, int[] ints, int iOff, DataBar b) {
    bar.unpack(doubles, dOff, ints, iOff, b);
  }

  /**
   * Where the public number fields of Data or DataBar lie in a world's slices: {@code double[]} and
   * {@code double} in the double slice ({@code PD_f}, lengths {@code PL_f}), {@code int[]}, {@code
   * int}, {@code long} and {@code boolean} in the int slice ({@code PI_f}), P the prefix. Data's
   * nullable pgsRecord is left out: the device passes it beside the slices.
   */
  private static final class Fields {
    private final Class<?> type;
    private final Map<String, Integer> doubles = new LinkedHashMap<>();
    private final Map<String, Integer> intOffsets = new LinkedHashMap<>();
    private int doublesUsed;
    int ints;

    Fields(Class<?> type, String prefix, Object sample, StringBuilder h) {
      this.type = type;
      for (Field f : fields(type)) {
        Object v = read(f, sample);
        String n = f.getName();
        if (v instanceof double[] a) {
          h.append("#define ")
              .append(prefix)
              .append("D_")
              .append(n)
              .append(' ')
              .append(doublesUsed)
              .append("\n#define ")
              .append(prefix)
              .append("L_")
              .append(n)
              .append(' ')
              .append(a.length)
              .append('\n');
          doubles.put(n, doublesUsed);
          doublesUsed += a.length;
        } else if (v instanceof int[] a) {
          h.append("#define ")
              .append(prefix)
              .append("I_")
              .append(n)
              .append(' ')
              .append(ints)
              .append("\n#define ")
              .append(prefix)
              .append("L_")
              .append(n)
              .append(' ')
              .append(a.length)
              .append('\n');
          intOffsets.put(n, ints);
          ints += a.length;
        } else if (f.getType() == double.class) {
          h.append("#define ")
              .append(prefix)
              .append("D_")
              .append(n)
              .append(' ')
              .append(doublesUsed)
              .append('\n');
          doubles.put(n, doublesUsed++);
        } else {
          h.append("#define ")
              .append(prefix)
              .append("I_")
              .append(n)
              .append(' ')
              .append(ints)
              .append('\n');
          intOffsets.put(n, ints++);
        }
      }
    }

    int worldDoubles() {
      return Math.max(doublesUsed, 1);
    }

    int offset(String field, boolean isDouble) {
      Integer o = (isDouble ? doubles : intOffsets).get(field);
      if (o == null) {
        throw new IllegalArgumentException(
            type.getSimpleName() + " has no " + (isDouble ? "double" : "int") + " field " + field);
      }
      return o;
    }

    void pack(Object o, double[] ds, int dOff, int[] is, int iOff) {
      for (Field f : fields(type)) {
        Object v = read(f, o);
        String n = f.getName();
        if (v instanceof double[] a) {
          System.arraycopy(a, 0, ds, dOff + doubles.get(n), a.length);
        } else if (v instanceof int[] a) {
          System.arraycopy(a, 0, is, iOff + intOffsets.get(n), a.length);
        } else if (v instanceof Double x) {
          ds[dOff + doubles.get(n)] = x;
        } else if (v instanceof Integer x) {
          is[iOff + intOffsets.get(n)] = x;
        } else if (v instanceof Long x) {
          is[iOff + intOffsets.get(n)] = (int) (long) x;
        } else if (v instanceof Boolean x) {
          is[iOff + intOffsets.get(n)] = x ? 1 : 0;
        }
      }
    }

    void unpack(double[] ds, int dOff, int[] is, int iOff, Object o) {
      try {
        for (Field f : fields(type)) {
          Object v = f.get(o);
          String n = f.getName();
          if (v instanceof double[] a) {
            System.arraycopy(ds, dOff + doubles.get(n), a, 0, a.length);
          } else if (v instanceof int[] a) {
            System.arraycopy(is, iOff + intOffsets.get(n), a, 0, a.length);
          } else if (f.getType() == double.class) {
            f.setDouble(o, ds[dOff + doubles.get(n)]);
          } else if (f.getType() == int.class) {
            f.setInt(o, is[iOff + intOffsets.get(n)]);
          } else if (f.getType() == long.class) {
            f.setLong(o, is[iOff + intOffsets.get(n)]);
          } else if (f.getType() == boolean.class) {
            f.setBoolean(o, is[iOff + intOffsets.get(n)] != 0);
          }
        }
      } catch (IllegalAccessException e) {
        throw new IllegalStateException(e);
      }
    }

    /**
     * The public instance fields that hold numbers, in declaration order (Data.pgsRecord left out).
     */
    private static List<Field> fields(Class<?> type) {
      List<Field> out = new ArrayList<>();
      for (Field f : type.getFields()) {
        Class<?> t = f.getType();
        boolean number =
            t == double[].class
                || t == int[].class
                || t == double.class
                || t == int.class
                || t == long.class
                || t == boolean.class;
        boolean record = type == Data.class && f.getName().equals("pgsRecord");
        if (!Modifier.isStatic(f.getModifiers()) && number && !record) {
          out.add(f);
        }
      }
      return out;
    }
  }

  private static Object read(Field f, Object o) {
    try {
      f.setAccessible(true);
      return f.get(o);
    } catch (IllegalAccessException e) {
      throw new IllegalStateException("cannot read " + f, e);
    }
  }

  private static Object invoke(RecordComponent c, Object o) {
    try {
      return c.getAccessor().invoke(o);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("cannot read " + c, e);
    }
  }

  private static String constant(Object v) {
    if (v instanceof Double x) {
      return hex(x);
    }
    if (v instanceof Boolean b) {
      return b ? "true" : "false";
    }
    if (v instanceof Enum<?> e) {
      return Integer.toString(e.ordinal());
    }
    return String.valueOf(v);
  }

  /** A double as an exact OpenCL C constant. */
  static String hex(double x) {
    if (Double.isNaN(x)) {
      return "NAN";
    }
    if (Double.isInfinite(x)) {
      return x > 0 ? "INFINITY" : "(-INFINITY)";
    }
    return "(" + Double.toHexString(x).toLowerCase(Locale.ROOT) + ")";
  }

  private static double[] concat(List<double[]> parts, int n) {
    double[] out = new double[n];
    int o = 0;
    for (double[] p : parts) {
      System.arraycopy(p, 0, out, o, p.length);
      o += p.length;
    }
    return out;
  }

  private static int[] concatInts(List<int[]> parts, int n) {
    int[] out = new int[n];
    int o = 0;
    for (int[] p : parts) {
      System.arraycopy(p, 0, out, o, p.length);
      o += p.length;
    }
    return out;
  }

  static String resource(String name) {
    try (InputStream in = OpenClLayout.class.getResourceAsStream(RESOURCES + name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + RESOURCES + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
