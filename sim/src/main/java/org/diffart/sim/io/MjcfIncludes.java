package org.diffart.sim.io;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Expands MJCF's {@code <include file="..."/>} with MuJoCo 2.2.2's rules, measured on it (probe
 * files in {@code datasets/reference/probes/include/}):
 *
 * <ul>
 *   <li>the include element is replaced by the children of the included file's top-level element,
 *       whatever that element's name; includes may stand anywhere and may nest;
 *   <li>every file name, also in a nested include, is resolved against the <b>main</b> file's
 *       directory, not the including file's;
 *   <li>a file is included at most once, and the main file counts as included: including a file
 *       twice is an error, which also ends every cycle;
 *   <li>an include element has exactly the attribute {@code file} and no children.
 * </ul>
 *
 * Included elements keep their own file and line, so later errors name the included file.
 */
final class MjcfIncludes {
  private MjcfIncludes() {}

  /**
   * The document with every include expanded.
   *
   * @param root the main file's top-level element
   * @param mainFile the main file, or null for text that is not a file (its includes resolve
   *     against {@code dir})
   * @param dir the directory include file names are resolved against
   */
  static XmlElement expand(XmlElement root, Path mainFile, Path dir) {
    Map<Path, XmlElement> included = new HashMap<>();
    if (mainFile != null) {
      included.put(canonical(mainFile), root);
    }
    return expand(root, dir, included);
  }

  private static XmlElement expand(XmlElement e, Path dir, Map<Path, XmlElement> included) {
    if (e.children().isEmpty()) {
      return e;
    }
    List<XmlElement> children = new ArrayList<>();
    boolean changed = false;
    for (XmlElement c : e.children()) {
      if (c.name().equals("include")) {
        children.addAll(expand(read(c, dir, included), dir, included).children());
        changed = true;
      } else {
        XmlElement x = expand(c, dir, included);
        children.add(x);
        changed |= x != c;
      }
    }
    return changed ? e.withChildren(children) : e;
  }

  /**
   * Parses the file an include element names, after checking the element and that the file is new.
   */
  private static XmlElement read(XmlElement include, Path dir, Map<Path, XmlElement> included) {
    include.requireAttributesIn(Set.of("file"));
    if (!include.children().isEmpty()) {
      throw include.error("an <include> element cannot have children");
    }
    String name = include.required("file").strip();
    if (name.isEmpty()) {
      throw include.error("attribute 'file' is empty");
    }
    Path file = dir.resolve(name).normalize();
    if (!Files.isRegularFile(file)) {
      String hint = "";
      Path besideIncluder = Path.of(include.source()).resolveSibling(name).normalize();
      if (!besideIncluder.equals(file) && Files.isRegularFile(besideIncluder)) {
        hint =
            "; a file of that name lies beside the including file, at "
                + besideIncluder
                + ", but MuJoCo"
                + " resolves every include against the main file's directory";
      }
      throw include.error("included file '" + name + "' not found: no such file " + file + hint);
    }
    XmlElement first = included.putIfAbsent(canonical(file), include);
    if (first != null && !first.name().equals("include")) {
      throw include.error("file '" + name + "' is the main file: including it is a cycle");
    }
    if (first != null) {
      throw include.error(
          "file '"
              + name
              + "' is already included (at "
              + first.source()
              + ":"
              + first.line()
              + "); MuJoCo includes each file once, so a second include, or one that closes a cycle, is an error");
    }
    try {
      return SafeXml.parse(file);
    } catch (UncheckedIOException ex) {
      throw include.error("cannot read included file " + file + ": " + ex.getMessage(), ex);
    }
  }

  private static Path canonical(Path p) {
    try {
      return p.toRealPath();
    } catch (java.io.IOException e) {
      return p.toAbsolutePath().normalize();
    }
  }
}
