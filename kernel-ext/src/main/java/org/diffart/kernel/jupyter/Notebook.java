package org.diffart.kernel.jupyter;

import io.github.spencerpark.jupyter.kernel.display.DisplayData;
import java.util.List;
import java.util.UUID;

/**
 * The functions notebook cells call, statically imported into every diffart notebook: rich display,
 * in-place updates, rendering and the targets of rewritten magics. They follow IJava's runtime
 * helpers of the same names.
 */
public final class Notebook {

  private static volatile DiffartKernel kernel;

  private Notebook() {}

  static void bind(DiffartKernel current) {
    kernel = current;
  }

  /**
   * The kernel running this notebook.
   *
   * @throws IllegalStateException outside a diffart kernel
   */
  public static DiffartKernel kernel() {
    DiffartKernel k = kernel;
    if (k == null) {
      throw new IllegalStateException("no diffart kernel is running in this JVM");
    }
    return k;
  }

  /**
   * Runs a line magic; {@code %name a b} in a cell is rewritten into this call.
   *
   * @param name the magic's name, without {@code %}
   * @param args its arguments, split shell-style
   * @return the magic's value
   * @throws Exception whatever the magic throws, including an unknown-magic error
   */
  @SuppressWarnings("unchecked")
  public static <T> T lineMagic(String name, List<String> args) throws Exception {
    if (args.equals(List.of("--help"))) {
      return (T) org.diffart.kernel.magic.MagicHelp.of("%" + name);
    }
    try {
      return kernel().getMagics().applyLineMagic(name, args);
    } catch (io.github.spencerpark.jupyter.kernel.magic.registry.UndefinedMagicException e) {
      throw unknown(name, false);
    }
  }

  /** An unknown magic's error: the nearest names there are, and where to find them all. */
  private static org.diffart.kernel.magic.MagicUsageException unknown(String name, boolean cell) {
    List<String> near = org.diffart.kernel.magic.MagicHelp.nearest(name, cell);
    return new org.diffart.kernel.magic.MagicUsageException(
        "no magic "
            + (cell ? "%%" : "%")
            + name
            + (near.isEmpty() ? "" : "; did you mean " + String.join(", ", near) + "?"),
        "%lsmagic lists every magic");
  }

  /**
   * Runs a cell magic; a cell starting {@code %%name a b} is rewritten into this call.
   *
   * @param name the magic's name, without {@code %%}
   * @param args the arguments on the magic's line
   * @param body the rest of the cell
   * @return the magic's value
   * @throws Exception whatever the magic throws, including an unknown-magic error
   */
  @SuppressWarnings("unchecked")
  public static <T> T cellMagic(String name, List<String> args, String body) throws Exception {
    if (args.equals(List.of("--help"))) {
      return (T) org.diffart.kernel.magic.MagicHelp.of("%%" + name);
    }
    try {
      return kernel().getMagics().applyCellMagic(name, args, body);
    } catch (io.github.spencerpark.jupyter.kernel.magic.registry.UndefinedMagicException e) {
      throw unknown(name, true);
    }
  }

  /**
   * Prints x to the cell's output ({@code System.out.print}), as JShell's {@code PRINTING} start-up
   * offers.
   */
  public static void print(Object x) {
    System.out.print(x);
  }

  /** Prints the characters of s ({@code System.out.print(char[])}). */
  public static void print(char[] s) {
    System.out.print(s);
  }

  /** Prints x and a line break to the cell's output ({@code System.out.println}). */
  public static void println(Object x) {
    System.out.println(x);
  }

  /** Prints the characters of s and a line break. */
  public static void println(char[] s) {
    System.out.println(s);
  }

  /** Prints a line break. */
  public static void println() {
    System.out.println();
  }

  /**
   * Prints formatted text to the cell's output, {@code printf("n = %d%n", n)}: {@code
   * System.out.printf}, returning nothing, so that a cell ending with it shows no value.
   */
  public static void printf(String format, Object... args) {
    System.out.printf(format, args);
  }

  /**
   * Shows a value in the cell's output now, rendered with its preferred MIME types.
   *
   * @param value any object; tables and charts get rich renderings
   * @return a handle to update the output in place
   */
  public static DisplayHandle display(Object value) {
    return show(render(value));
  }

  /**
   * Shows a value in the cell's output now, rendered as the given MIME types.
   *
   * @param value any object
   * @param mimeTypes for example {@code "image/svg+xml"}
   * @return a handle to update the output in place
   */
  public static DisplayHandle display(Object value, String... mimeTypes) {
    return show(render(value, mimeTypes));
  }

  /**
   * Replaces an output shown earlier, as IJava's {@code updateDisplay} does.
   *
   * @param id the display id of the output ({@link DisplayHandle#id()})
   * @param value the new content
   */
  public static void updateDisplay(String id, Object value) {
    kernel().getIO().display.updateDisplay(id, render(value));
  }

  /**
   * Replaces an output shown earlier, rendering the new content as the given MIME types.
   *
   * @param id the display id of the output
   * @param value the new content
   * @param mimeTypes for example {@code "text/html"}
   */
  public static void updateDisplay(String id, Object value, String... mimeTypes) {
    kernel().getIO().display.updateDisplay(id, render(value, mimeTypes));
  }

  /**
   * Renders a value with its preferred MIME types without showing it.
   *
   * @param value any object or null; a {@link DisplayData} is returned unchanged
   */
  public static DisplayData render(Object value) {
    if (value == null) {
      return new DisplayData("null");
    }
    return value instanceof DisplayData data ? data : kernel().getRenderer().render(value);
  }

  /**
   * Renders a value as the given MIME types without showing it.
   *
   * @param value any object
   * @param mimeTypes for example {@code "text/plain"}
   */
  public static DisplayData render(Object value, String... mimeTypes) {
    return value == null
        ? new DisplayData("null")
        : kernel().getRenderer().renderAs(value, mimeTypes);
  }

  private static DisplayHandle show(DisplayData data) {
    DisplayData shown = new DisplayData(data);
    String id = data.hasDisplayId() ? data.getDisplayId() : UUID.randomUUID().toString();
    shown.setDisplayId(id);
    kernel().display(shown);
    return new DisplayHandle(id);
  }

  /**
   * An output shown with {@link #display}; a cell that ends with one shows nothing more.
   *
   * @param id the Jupyter display id
   */
  public record DisplayHandle(String id) {
    /**
     * Replaces the output with a new value.
     *
     * @param value the new content
     */
    public void update(Object value) {
      updateDisplay(id, value);
    }
  }
}
