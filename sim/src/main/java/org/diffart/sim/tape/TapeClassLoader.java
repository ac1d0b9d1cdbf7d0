package org.diffart.sim.tape;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * Loads the simulator's algorithm classes ({@code org.diffart.sim.algo}, {@code
 * org.diffart.sim.spatial}) a second time, rewritten by {@link TapeRewriter} to record on a {@link
 * Tape}; every other class (the {@code Model}, the {@code Data} the step writes into, the JDK) is
 * the parent's, so taped and plain code share one {@code Data}.
 */
final class TapeClassLoader extends ClassLoader {
  private static final List<String> TAPED =
      List.of("org.diffart.sim.algo.", "org.diffart.sim.spatial.");

  static {
    registerAsParallelCapable();
  }

  TapeClassLoader(ClassLoader parent) {
    super("diffart-tape", parent);
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
    if (!taped(name)) {
      return super.loadClass(name, resolve);
    }
    synchronized (getClassLoadingLock(name)) {
      Class<?> c = findLoadedClass(name);
      if (c == null) {
        byte[] bytes =
            TapeRewriter.rewrite(read(name), internal -> taped(internal.replace('/', '.')));
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
    try (InputStream in = getParent().getResourceAsStream(path)) {
      if (in == null) {
        throw new ClassNotFoundException(name);
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException("reading " + path, e);
    }
  }
}
