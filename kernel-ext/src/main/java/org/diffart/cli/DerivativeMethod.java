package org.diffart.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** The {@code --method fd|adjoint} and {@code --eps E} checks the derivative commands share. */
final class DerivativeMethod {
  private DerivativeMethod() {}

  /**
   * @throws ParameterException for a method other than fd and adjoint, or an eps that is not > 0
   */
  static void check(CommandSpec spec, String method, double eps) {
    if (!method.equals("fd") && !method.equals("adjoint")) {
      throw new ParameterException(
          spec.commandLine(), "unknown --method '" + method + "'; available: fd, adjoint");
    }
    if (!(eps > 0)) {
      throw new ParameterException(spec.commandLine(), "--eps must be > 0, got " + eps);
    }
  }
}
