package org.diffart.kernel.jupyter;

import io.github.spencerpark.jupyter.channels.JupyterConnection;
import io.github.spencerpark.jupyter.kernel.KernelConnectionProperties;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Starts the diffart kernel for Jupyter: {@code java -cp diffart-kernel.jar ... {connection_file}}.
 */
public final class KernelMain {

  private KernelMain() {}

  /**
   * Connects a {@link DiffartKernel} to Jupyter and serves it until Jupyter shuts it down.
   *
   * @param args one argument, the connection file Jupyter wrote
   * @throws Exception when the connection file cannot be read or the sockets cannot be bound
   */
  public static void main(String[] args) throws Exception {
    if (args.length != 1) {
      System.err.println(
          "usage: java -cp diffart-kernel.jar " + KernelMain.class.getName() + " CONNECTION_FILE");
      System.exit(2);
    }
    Logger.getLogger("")
        .setLevel(Level.WARNING); // the socket loops log every start and stop at INFO
    KernelConnectionProperties connection =
        KernelConnectionProperties.parse(Files.readString(Path.of(args[0])));
    DiffartKernel kernel = new DiffartKernel(KernelConfig.fromEnvironment(System.getenv()));
    kernel.warmUp();
    JupyterConnection jupyter = new JupyterConnection(connection);
    kernel.becomeHandlerForConnection(jupyter);
    jupyter.connect();
    jupyter.waitUntilClose();
    System.exit(0); // notebook threads still running must not keep the process alive
  }
}
