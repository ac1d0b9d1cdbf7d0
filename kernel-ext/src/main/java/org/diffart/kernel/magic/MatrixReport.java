package org.diffart.kernel.magic;

import io.github.spencerpark.jupyter.kernel.display.DisplayDataRenderable;
import io.github.spencerpark.jupyter.kernel.display.RenderContext;
import io.github.spencerpark.jupyter.kernel.display.mime.MIMEType;
import java.util.List;
import java.util.Set;

/**
 * A report of derivative matrices ({@link TransitionReport}, {@link JacobianReport}, {@link
 * DerivativesReport}): a title line, then each matrix with named rows and columns, as HTML and as
 * text.
 */
public interface MatrixReport extends DisplayDataRenderable {
  /** One line: what the matrices are, of which model, at which state. */
  String title();

  /** The matrices with their captions and row and column names. */
  List<NamedMatrix> parts();

  @Override
  default Set<MIMEType> getPreferredRenderTypes() {
    return Set.of(MIMEType.TEXT_HTML, MIMEType.TEXT_PLAIN);
  }

  @Override
  default void render(RenderContext ctx) {
    NamedMatrix.render(ctx, title(), parts());
  }
}
