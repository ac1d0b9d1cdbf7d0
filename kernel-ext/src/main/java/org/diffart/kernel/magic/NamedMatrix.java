package org.diffart.kernel.magic;

import io.github.spencerpark.jupyter.kernel.display.RenderContext;
import io.github.spencerpark.jupyter.kernel.display.mime.MIMEType;
import java.util.List;
import org.diffart.kernel.display.TableHtml;
import org.diffart.kernel.display.Values;

/**
 * A matrix with a caption and named rows and columns, as the derivative reports ({@link
 * TransitionReport}, {@link JacobianReport}, {@link DerivativesReport}) show it.
 *
 * @param caption what the matrix is, with its shape
 * @param values the entries, rows × columns
 * @param rows one name per row
 * @param columns one name per column
 */
public record NamedMatrix(String caption, double[][] values, String[] rows, String[] columns) {

  /** A title line, then every matrix that has entries, as HTML and as text. */
  static void render(RenderContext ctx, String title, List<NamedMatrix> parts) {
    ctx.renderIfRequested(
        MIMEType.TEXT_HTML,
        () -> {
          StringBuilder s =
              new StringBuilder("<p>").append(TableHtml.escape(title)).append("</p>\n");
          for (NamedMatrix p : parts) {
            if (p.nonEmpty()) {
              s.append(Values.matrixHtml(p.caption, p.values, p.rows, p.columns));
            }
          }
          return s.toString();
        });
    ctx.renderIfRequested(
        MIMEType.TEXT_PLAIN,
        () -> {
          StringBuilder s = new StringBuilder(title);
          for (NamedMatrix p : parts) {
            if (p.nonEmpty()) {
              s.append("\n\n").append(Values.matrixText(p.caption, p.values, p.rows, p.columns));
            }
          }
          return s.toString();
        });
  }

  private boolean nonEmpty() {
    return values.length > 0 && values[0].length > 0;
  }
}
