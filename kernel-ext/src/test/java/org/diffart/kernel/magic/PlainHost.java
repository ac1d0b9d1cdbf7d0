package org.diffart.kernel.magic;

import io.github.spencerpark.jupyter.kernel.BaseKernel;
import io.github.spencerpark.jupyter.kernel.LanguageInfo;
import io.github.spencerpark.jupyter.kernel.display.DisplayData;

/**
 * A kernel that only hosts magics: the magics' tests install the workbench into it and call them
 * directly.
 */
final class PlainHost extends BaseKernel {
  @Override
  public DisplayData eval(String code) {
    throw new UnsupportedOperationException();
  }

  @Override
  public LanguageInfo getLanguageInfo() {
    return new LanguageInfo.Builder("java").build();
  }
}
