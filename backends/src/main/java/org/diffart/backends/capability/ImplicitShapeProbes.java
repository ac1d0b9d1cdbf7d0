package org.diffart.backends.capability;

import static org.diffart.backends.capability.Probes.put;
import static org.diffart.backends.capability.Probes.run;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.diffart.backends.Backend;
import org.diffart.backends.Backends;
import org.diffart.backends.Capability;
import org.diffart.backends.capability.Capabilities.Verdict;
import org.diffart.backends.capability.Probes.Run;
import org.diffart.sim.data.Data;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.FiniteDifferenceGradient;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.diff.Wrt;
import org.diffart.sim.model.Model;

/**
 * Rigid bodies with implicit shapes (DiffSDFSim): the interior-point contact solver and its
 * implicit adjoint, SDF geoms' contacts, and gradients with respect to their shapes.
 */
final class ImplicitShapeProbes implements ProbeFamily {
  @Override
  public void verify(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    interiorPoint(name, claims, out);
    sdf(name, claims, out);
    impact(name, claims, out);
    surface(name, claims, out);
  }

  /** The verdict on backend name refusing to step model m, naming {@code word}. */
  private static Verdict refusesToStep(String name, Model m, Capability c, String word) {
    return Probes.refusal(
        c,
        () -> {
          try (Backend b = Backends.create(name, m, 1)) {
            b.step(1);
          }
        },
        word);
  }

  /**
   * Contacts by signed distance on {@code sdf_surface.xml}: a ball given as a superellipsoid of 8
   * cells and a sphere geom dropped side by side on a tilted plane move alike (through its mesh the
   * ball would slide millimetres lower), and a ball smaller than a torus's hole falls through it
   * (on the torus's hull it would rest 7 cm above the torus's centre).
   */
  private static void surface(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = Probes.scene("sdf_surface.xml");
    Capability c = Capability.COLLISION_SDF_SURFACE;
    if (!claims.contains(c)) {
      out.put(c, refusesToStep(name, m, c, "sdfsurface"));
      return;
    }
    try (Backend b = Backends.create(name, m, 1)) {
      b.step(80);
      double[] q = new double[m.nq()];
      b.getQpos(q);
      double gap = 0;
      for (int k = 1; k < 3; k++) {
        gap = Math.max(gap, Math.abs(q[k] - q[7 + k]));
      }
      double through = q[16] - 0.5;
      put(
          out,
          c,
          claims,
          gap < 1e-7 && q[2] < 0.05 && through < -0.2,
          String.format(
              Locale.ROOT,
              "an SDF ball of 8 cells and a sphere geom after 0.8 s on a plane tilted 10°: their"
                  + " y and z differ by %.2g m (z = %.4f m); a 4 cm ball dropped at a torus's 7 cm"
                  + " hole is %.3f m from its centre (on its hull: 0.07 m)",
              gap,
              q[2],
              through));
    } catch (RuntimeException e) {
      out.put(c, new Verdict(c, true, false, "failed: " + e));
    }
  }

  /**
   * Steps without penetration and time-of-contact gradients on {@code impact.xml}: the ball thrown
   * at the wall rebounds where the analytic bounce puts it (x_T = 0.75 at T = 0.6 s), and with
   * fixed steps and no Baumgarte correction the time-of-contact gradient of x_T is the analytic
   * ∂x_T/∂x_0 = −e = −0.5 and ∂x_T/∂v_0 = −e T = −0.3, where the plain adjoint says 1 and 0.375.
   */
  private static void impact(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = Probes.scene("impact.xml");
    Capability c = Capability.CONTACT_IMPACT_BISECTION;
    if (!claims.contains(c)) {
      out.put(c, refusesToStep(name, m, c, "impactbisections"));
    } else {
      double[] q = new double[m.nq()];
      try (Backend b = Backends.create(name, m, 1)) {
        double[] v0 = new double[m.nv()];
        v0[0] = 2;
        b.setQvel(v0);
        b.step(60);
        b.getQpos(q);
        put(
            out,
            c,
            claims,
            Math.abs(q[0] - 0.75) < 2e-4,
            String.format(
                Locale.ROOT,
                "a ball thrown at a wall is at x = %.6f after 0.6 s (the analytic bounce: 0.75)",
                q[0]));
      } catch (RuntimeException e) {
        out.put(c, new Verdict(c, true, false, "failed: " + e));
      }
    }
    Capability t = Capability.DERIVATIVE_TIME_OF_CONTACT;
    Model fixed = m.withOptions(m.opt().toBuilder().impactBisections(0).erp(0).build());
    Data start = new Data(fixed);
    start.qvel[0] = 2;
    RolloutProblem p =
        new RolloutProblem(
            fixed,
            start,
            new double[0],
            60,
            new Loss() {
              @Override
              public double terminal(Model m, double[] qpos, double[] qvel, Gradient g) {
                g.qpos()[0] = 1;
                return qpos[0];
              }

              @Override
              public boolean hasRunningCost() {
                return false;
              }
            });
    try (Backend b = Backends.create(name, fixed, 1)) {
      if (!claims.contains(t)) {
        out.put(
            t,
            Probes.refusal(
                t, () -> b.gradient(p, "adjoint", new Checkpointing.Every(4)), "timeofcontact"));
        return;
      }
      GradientResult g = b.gradient(p, "adjoint", new Checkpointing.Every(4));
      double dx = g.qpos0()[0], dv = g.qvel0()[0];
      put(
          out,
          t,
          claims,
          Math.abs(dx + 0.5) < 1e-3 && Math.abs(dv + 0.3) < 1e-3,
          String.format(
              Locale.ROOT,
              "the ball at the wall after 60 fixed steps: ∂x_T/∂x_0 = %.6f, ∂x_T/∂v_0 = %.6f"
                  + " (analytic -0.5 and -0.3; without time of contact 1 and 0.375)",
              dx,
              dv));
    } catch (RuntimeException e) {
      out.put(t, new Verdict(t, true, false, "failed: " + e));
    }
  }

  /**
   * The interior-point solver (lcp-pdipm): the scene against the reference, a sliding ball that
   * slows at the Coulomb rate μ g while it slips, and rollout gradients through the solve's
   * implicit adjoint against central differences.
   */
  private static void interiorPoint(
      String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = Probes.scene("interior_point.xml");
    if (!claims.contains(Capability.CONTACT_INTERIOR_POINT)) {
      out.put(
          Capability.CONTACT_INTERIOR_POINT,
          refusesToStep(name, m, Capability.CONTACT_INTERIOR_POINT, "lcp-pdipm"));
    } else {
      Run run = run(name, m, 150);
      double[] v = null;
      try (Backend b = Backends.create(name, m, 1)) {
        double[] v0 = new double[m.nv()];
        v0[0] = 1;
        b.setQvel(v0);
        b.step(5);
        v = new double[m.nv()];
        b.getQvel(v);
      } catch (RuntimeException e) {
        v = null;
      }
      // while it slips the ball slows at μ g (the floor also pushes it out of its 0.5 mm
      // penetration, which adds about 1% to the normal impulse of the first steps)
      double coulomb = 0.3 * 9.81 * 0.05;
      boolean analytic = v != null && Math.abs((1 - v[0]) - coulomb) < 0.02 * coulomb;
      put(
          out,
          Capability.CONTACT_INTERIOR_POINT,
          claims,
          run.agrees() && analytic,
          (v == null
                  ? "the sliding ball failed; "
                  : String.format(
                      Locale.ROOT,
                      "a ball sliding at 1 m/s slows by %.5f m/s in 50 ms (μ g t = %.5f); ",
                      1 - v[0],
                      coulomb))
              + run.agreement(150, 2));
    }
    // the implicit adjoint: a ball sliding and turning, 12 steps, loss on its final configuration
    Data start = new Data(m);
    start.qvel[0] = 2;
    start.qvel[1] = 0.7;
    RolloutProblem p = RolloutProblem.of(m, start, 12, Loss.finalConfiguration());
    Capability c = Capability.DERIVATIVE_IMPLICIT_CONTACT;
    try (Backend b = Backends.create(name, m, 1)) {
      if (!claims.contains(c)) {
        out.put(
            c, Probes.refusal(c, () -> b.gradient(p, "adjoint", new Checkpointing.Every(4)), name));
        return;
      }
      GradientResult g = b.gradient(p, "adjoint", new Checkpointing.Every(4));
      double d = Probes.relative(g, Probes.centralDifferences(p));
      put(
          out,
          c,
          claims,
          d < 1e-5 && Probes.norm(g) > 1e-3,
          String.format(
              Locale.ROOT,
              "12 steps of a sliding ball: relative difference %.3g from central differences (the"
                  + " solves converge to 1e-12, the differences' own error is about 1e-6)",
              d));
    } catch (RuntimeException e) {
      out.put(c, new Verdict(c, claims.contains(c), false, "failed: " + e));
    }
  }

  /**
   * SDF geoms: the scene against the reference with both kinds of contact arising, and the gradient
   * of a sliding pebble's final configuration with respect to its first semi-axis against central
   * differences of models compiled at a ± ε.
   */
  private static void sdf(String name, Set<Capability> claims, Map<Capability, Verdict> out) {
    Model m = Probes.scene("sdf_shapes.xml");
    Run run = run(name, m, 100);
    boolean both = run.pairs().contains("PLANE-SDF") && run.pairs().contains("BOX-SDF");
    put(
        out,
        Capability.COLLISION_SDF,
        claims,
        run.agrees() && both,
        String.join(", ", run.pairs()).toLowerCase(Locale.ROOT)
            + " contacts, "
            + run.agreement(100, 2));
    Capability c = Capability.DERIVATIVE_SHAPE;
    RolloutProblem p = pebble(m);
    try (Backend b = Backends.create(name, m, 1)) {
      if (!claims.contains(c)) {
        out.put(
            c, Probes.refusal(c, () -> b.gradient(p, "adjoint", new Checkpointing.Every(5)), name));
        return;
      }
      GradientResult g = b.gradient(p, "adjoint", new Checkpointing.Every(5));
      double eps = 1e-6, a = m.shapeParam(0);
      double fd =
          (loss(pebble(withSemiAxis(a + eps))) - loss(pebble(withSemiAxis(a - eps)))) / (2 * eps);
      double d = Math.abs(g.shape()[0] - fd) / Math.abs(fd);
      put(
          out,
          c,
          claims,
          d < 1e-5 && Math.abs(fd) > 1e-3,
          String.format(
              Locale.ROOT,
              "a pebble sliding 15 steps: ∂L/∂a = %.6g, central differences of models compiled at a"
                  + " ± 1e-6 %.6g (relative difference %.3g)",
              g.shape()[0],
              fd,
              d));
    } catch (RuntimeException e) {
      out.put(c, new Verdict(c, claims.contains(c), false, "failed: " + e));
    }
  }

  /** The probe scene with the pebble's first semi-axis a. */
  private static Model withSemiAxis(double a) {
    return org.diffart.sim.io.ModelLoader.loadMjcfString(
        Probes.sceneText("sdf_shapes.xml")
            .replace("value=\"0.1 0.08 0.06\"", "value=\"" + a + " 0.08 0.06\""),
        "sdf_shapes.xml");
  }

  /** The pebble sliding and spinning for 15 steps, loss on the final configuration. */
  private static RolloutProblem pebble(Model m) {
    Data start = new Data(m);
    start.qvel[0] = 1.5;
    start.qvel[1] = 0.4;
    start.qvel[5] = 3;
    return RolloutProblem.of(m, start, 15, Loss.finalConfiguration());
  }

  private static double loss(RolloutProblem p) {
    return FiniteDifferenceGradient.compute(
            p, EnumSet.noneOf(Wrt.class), FiniteDifferenceGradient.Settings.defaults())
        .loss();
  }
}
