package org.diffart.kernel.magic;

import io.github.spencerpark.jupyter.kernel.BaseKernel;
import io.github.spencerpark.jupyter.kernel.display.mime.MIMEType;
import io.github.spencerpark.jupyter.kernel.magic.registry.Magics;
import org.diffart.kernel.display.Displays;
import org.diffart.sim.diff.KinematicJacobian;
import org.diffart.sim.diff.SmoothDerivatives;
import org.diffart.sim.diff.Transition;

/**
 * The one entry point that adds diffart's renderings and workbench magics ({@link WorkbenchMagics},
 * {@link StateMagics}, {@link ReproduceMagics}) to a Jupyter kernel built on basekernel: the
 * diffart kernel, or a user's own IJava.
 *
 * <p>In IJava, put the diffart jar on {@code IJAVA_CLASSPATH} and this line in {@code
 * IJAVA_STARTUP_SCRIPT}:
 *
 * <pre>{@code
 * org.diffart.kernel.magic.DiffartExtension.install(
 *     io.github.spencerpark.ijava.IJava.getKernelInstance(),
 *     io.github.spencerpark.ijava.IJava.getKernelInstance().getMagics());
 * }</pre>
 */
public final class DiffartExtension {

  private DiffartExtension() {}

  /**
   * Registers the renderings on the kernel's renderer and the magics in its registry.
   *
   * @param kernel the host kernel; only its basekernel services are used
   * @param magics the host's magics registry
   */
  public static void install(BaseKernel kernel, Magics magics) {
    Displays.register(kernel.getRenderer());
    // a transition, Jacobian or smooth derivatives a cell computes shows as %transition's, %jac's
    // and %derivatives's do: matrices with named rows and columns
    kernel
        .getRenderer()
        .createRegistration(Transition.class)
        .preferring(MIMEType.TEXT_HTML, MIMEType.TEXT_PLAIN)
        .register((t, ctx) -> new TransitionReport(null, t).render(ctx));
    kernel
        .getRenderer()
        .createRegistration(KinematicJacobian.class)
        .preferring(MIMEType.TEXT_HTML, MIMEType.TEXT_PLAIN)
        .register((j, ctx) -> new JacobianReport(null, j).render(ctx));
    kernel
        .getRenderer()
        .createRegistration(SmoothDerivatives.class)
        .preferring(MIMEType.TEXT_HTML, MIMEType.TEXT_PLAIN)
        .register((d, ctx) -> new DerivativesReport(null, d).render(ctx));
    WorkbenchMagics workbench = new WorkbenchMagics(kernel);
    magics.registerMagics(workbench);
    magics.registerMagics(new StateMagics(workbench));
    magics.registerMagics(new ReproduceMagics(kernel));
    WorkbenchMagics.registerHelp();
    ReproduceMagics.registerHelp();
    StateMagics.registerHelp();
  }
}
