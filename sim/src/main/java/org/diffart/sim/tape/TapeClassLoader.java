package org.diffart.sim.tape;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Loads the simulator's algorithm classes ({@code org.diffart.sim.algo}, {@code
 * org.diffart.sim.spatial}) a second time, rewritten by {@link TapeRewriter} to record on a {@link
 * Tape}; every other class (the {@code Model}, the {@code Data} the step writes into, the JDK) is
 * the parent's, so taped and plain code share one {@code Data}.
 *
 * <p>{@link #twin} makes a loader of the same kind for one user class (a control law over double
 * arrays): that class and the others nested in its top-level class are rewritten, calls into the
 * algorithms go to their taped twins, and every other class is the user class's own loader's.
 */
final class TapeClassLoader extends ClassLoader {
  private static final List<String> TAPED =
      List.of("org.diffart.sim.algo.", "org.diffart.sim.spatial.");

  static {
    registerAsParallelCapable();
  }

  private final Predicate<String> rewritten;
  private final ClassLoader source;
  private final Function<String, ClassLoader> others;

  TapeClassLoader(ClassLoader parent) {
    this("diffart-tape", parent, TapeClassLoader::taped, parent, null);
  }

  /**
   * @param rewritten which binary names this loader rewrites and defines
   * @param source where their class files are read
   * @param others the loader of every other class, or null for the parent (parent first)
   */
  private TapeClassLoader(
      String name,
      ClassLoader parent,
      Predicate<String> rewritten,
      ClassLoader source,
      Function<String, ClassLoader> others) {
    super(name, parent);
    this.rewritten = rewritten;
    this.source = source;
    this.others = others;
  }

  /**
   * The loader of the taped twin of class {@code type} (read from {@code user}): it rewrites {@code
   * type} and every class nested in {@code root}, its top-level class (not root itself, which the
   * twin's code may not run); the algorithms come from {@code algo}, the rest from {@code user}.
   */
  static TapeClassLoader twin(String type, String root, ClassLoader algo, ClassLoader user) {
    return new TapeClassLoader(
        "diffart-tape-twin",
        algo,
        n -> n.equals(type) || n.startsWith(root + "$"),
        user,
        n -> taped(n) ? algo : user);
  }

  static boolean taped(String binaryName) {
    for (String p : TAPED) {
      if (binaryName.startsWith(p)) {
        return true;
      }
    }
    return false;
  }

  @Override
  protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
    if (!rewritten.test(name)) {
      return others == null ? super.loadClass(name, resolve) : others.apply(name).loadClass(name);
    }
    synchronized (getClassLoadingLock(name)) {
      Class<?> c = findLoadedClass(name);
      if (c == null) {
        byte[] bytes =
            TapeRewriter.rewrite(
                read(name),
                internal -> {
                  String n = internal.replace('/', '.');
                  return taped(n) || rewritten.test(n);
                });
        c = defineClass(name, bytes, 0, bytes.length);
      }
      if (resolve) {
        resolveClass(c);
      }
      return c;
    }
  }

  private byte[] read(String name) throws ClassNotFoundException {
    String path = name.replace('.', '/') + ".class";
    try (InputStream in = source.getResourceAsStream(path)) {
      if (in == null) {
        throw new ClassNotFoundException(
            name + ": its class file is not readable, so the tape cannot rewrite it");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("reading " + path, e);
    }
  }
}
