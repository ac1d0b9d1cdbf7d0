package org.diffart.sim.io;

/**
 * A model file that cannot be loaded: malformed XML, an unknown or unsupported element or
 * attribute, a bad value or an inconsistent model. The message always names the file, the line and
 * the element, as {@code "<file>:<line>: <element>: <message>"}, so that editors and terminals can
 * jump to it.
 */
public final class ModelFormatException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final String file;
  private final int line;
  private final String element;
  private final String detail;

  /**
   * @param file the model file or source name (for inline models, the name given by the caller)
   * @param line 1-based line of the element (for XML elements: the line where the start tag ends)
   * @param element the element's tag name, e.g. {@code joint}
   * @param detail what is wrong, without the location
   */
  public ModelFormatException(String file, int line, String element, String detail) {
    this(file, line, element, detail, null);
  }

  /**
   * As {@link #ModelFormatException(String, int, String, String)}, keeping the underlying cause.
   */
  public ModelFormatException(
      String file, int line, String element, String detail, Throwable cause) {
    super(file + ":" + line + ": " + element + ": " + detail, cause);
    this.file = file;
    this.line = line;
    this.element = element;
    this.detail = detail;
  }

  /** The model file or source name. */
  public String file() {
    return file;
  }

  /** The 1-based line of the offending element. */
  public int line() {
    return line;
  }

  /** The tag name of the offending element. */
  public String element() {
    return element;
  }

  /** The message without the location prefix. */
  public String detail() {
    return detail;
  }
}
