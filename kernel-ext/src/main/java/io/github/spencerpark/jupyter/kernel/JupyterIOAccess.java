package io.github.spencerpark.jupyter.kernel;

import io.github.spencerpark.jupyter.channels.ShellReplyEnvironment;

/**
 * What basekernel's own execute handler does with a kernel's {@link JupyterIO} (attach it to the
 * request's reply environment, detach it when the request is done), for a kernel that handles
 * execute requests itself: basekernel keeps these methods package-private, so this class lives in
 * its package (on the classpath, and in the shaded jar).
 */
public final class JupyterIOAccess {
  private JupyterIOAccess() {}

  /** Sends the IO's streams and display to {@code env} until it is resolved. */
  public static void attach(JupyterIO io, ShellReplyEnvironment env, boolean stdinEnabled) {
    io.setEnv(env);
    env.defer(() -> io.retractEnv(env));
    io.setJupyterInEnabled(stdinEnabled);
  }
}
