package org.diffart.backends.opencl;

import static org.jocl.CL.CL_MEM_COPY_HOST_PTR;
import static org.jocl.CL.CL_MEM_READ_ONLY;
import static org.jocl.CL.CL_MEM_READ_WRITE;
import static org.jocl.CL.CL_TRUE;
import static org.jocl.CL.clCreateBuffer;
import static org.jocl.CL.clCreateKernel;
import static org.jocl.CL.clEnqueueReadBuffer;
import static org.jocl.CL.clReleaseKernel;
import static org.jocl.CL.clReleaseMemObject;
import static org.jocl.CL.clSetKernelArg;

import java.util.ArrayList;
import java.util.List;
import org.diffart.sim.algo.history.History;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.DataBar;
import org.diffart.sim.data.SimulationException;
import org.diffart.sim.diff.AdjointGradient;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.Loss;
import org.diffart.sim.diff.NonFiniteAdjointException;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.diff.Sweep;
import org.diffart.sim.model.Model;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;

/**
 * The adjoint of a batch of rollouts on an OpenCL device, one world per rollout: the forward sweep
 * keeps its checkpoints on the device, and the checkpointing schedule ({@link
 * Checkpointing#backward}) drives the backward sweep from the host, one kernel call per operation
 * for every world at once, as it drives {@link AdjointGradient} on the CPU. Each step's
 * intermediates are recomputed and reversed by the CPU's statements, translated ({@code
 * sim_adjoint.cl}), so each world's gradient is the CPU adjoint's, bit for bit. Only the terminal
 * loss is evaluated on the host (in Java, with its gradient as the seed); running losses and
 * truncation are refused.
 */
final class OpenClAdjoint implements AutoCloseable {
  private final Model m;
  private final OpenClLayout layout;
  private final OpenClRuntime cl;
  private final List<RolloutProblem> problems;
  private final int worlds, steps, slots;
  private final cl_mem md, mi, dd, di, bd, bi, store, controls, ctrlGrad, norms, tangent, keep;
  private final cl_kernel forward, save, load, advance, reverse;
  private long recomputed;

  /**
   * Uploads the batch: each problem's start and parameters, its controls, a fresh DataBar, and room
   * for the checkpoints.
   *
   * @throws IllegalArgumentException for problems of another model, of different lengths or with a
   *     running loss
   */
  OpenClAdjoint(
      OpenClRuntime cl,
      OpenClLayout layout,
      List<RolloutProblem> problems,
      Checkpointing schedule) {
    this.cl = cl;
    this.layout = layout;
    this.m = layout.model();
    this.problems = List.copyOf(problems);
    this.worlds = problems.size();
    this.steps = problems.get(0).steps();
    for (RolloutProblem p : problems) {
      if (p.model() != m) {
        throw new IllegalArgumentException(
            "every problem must be of the backend's model " + m.name());
      }
      if (p.steps() != steps) {
        throw new IllegalArgumentException(
            "every problem must have the same number of steps, got " + steps + " and " + p.steps());
      }
      if (p.loss().hasRunningCost() || p.loss().hasSensorCost()) {
        throw new IllegalArgumentException(
            "the opencl backend's adjoint supports terminal losses only; this loss has a "
                + (p.loss().hasRunningCost() ? "running cost" : "cost on the sensors")
                + " (use the cpu backend)");
      }
      if (History.sensorBuffers(m)) {
        throw new IllegalArgumentException(
            "the opencl backend's adjoint has no sensors, and model '"
                + m.name()
                + "' buffers some (delayed or sampled sensors, whose inserted values the"
                + " gradient follows back through the sensors' adjoint): use the cpu backend");
      }
    }
    this.slots = schedule.slots(steps);
    int wd = layout.worldDoubles(),
        wi = layout.worldInts(),
        bdw = layout.barDoubles(),
        biw = layout.barInts();
    double[] doubles = new double[Math.multiplyExact(worlds, wd)];
    int[] ints = new int[Math.multiplyExact(worlds, wi)];
    double[] u = new double[Math.max(1, worlds * steps * m.nu())];
    for (int w = 0; w < worlds; w++) {
      layout.pack(problems.get(w).newData(), doubles, w * wd, ints, w * wi);
      System.arraycopy(problems.get(w).controls(), 0, u, w * steps * m.nu(), steps * m.nu());
    }
    cl_program program = cl.program(layout.adjointProgram());
    md = upload(layout.modelDoubles());
    mi = upload(layout.modelInts());
    dd = upload(doubles);
    di = upload(ints);
    bd =
        clCreateBuffer(
            cl.context(), CL_MEM_READ_WRITE, (long) worlds * bdw * Sizeof.cl_double, null, null);
    bi =
        clCreateBuffer(
            cl.context(), CL_MEM_READ_WRITE, (long) worlds * biw * Sizeof.cl_int, null, null);
    long storeDoubles = Math.max(1L, (long) worlds * slots * layout.stateWidth());
    store =
        clCreateBuffer(
            cl.context(), CL_MEM_READ_WRITE, storeDoubles * Sizeof.cl_double, null, null);
    controls = upload(u);
    ctrlGrad =
        clCreateBuffer(
            cl.context(), CL_MEM_READ_WRITE, (long) u.length * Sizeof.cl_double, null, null);
    norms =
        clCreateBuffer(
            cl.context(),
            CL_MEM_READ_WRITE,
            (long) worlds * (steps + 1) * Sizeof.cl_double,
            null,
            null);
    tangent =
        clCreateBuffer(
            cl.context(),
            CL_MEM_READ_WRITE,
            (long) worlds * Math.max(1, m.nv()) * Sizeof.cl_double,
            null,
            null);
    int[] slotOf = schedule.keep(steps, 0);
    keep =
        clCreateBuffer(
            cl.context(),
            CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
            (long) Math.max(1, steps) * Sizeof.cl_int,
            Pointer.to(steps == 0 ? new int[1] : slotOf),
            null);
    forward = clCreateKernel(program, "adj_forward", null);
    save = clCreateKernel(program, "adj_save", null);
    load = clCreateKernel(program, "adj_load", null);
    advance = clCreateKernel(program, "adj_advance", null);
    reverse = clCreateKernel(program, "adj_reverse", null);
  }

  private cl_mem upload(double[] a) {
    double[] src = a.length == 0 ? new double[1] : a;
    return clCreateBuffer(
        cl.context(),
        CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
        (long) src.length * Sizeof.cl_double,
        Pointer.to(src),
        null);
  }

  private cl_mem upload(int[] a) {
    int[] src = a.length == 0 ? new int[1] : a;
    return clCreateBuffer(
        cl.context(),
        CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
        (long) src.length * Sizeof.cl_int,
        Pointer.to(src),
        null);
  }

  /** Runs both sweeps; one gradient per problem, in order. */
  List<GradientResult> run(Checkpointing schedule) {
    long t0 = System.nanoTime();
    call(forward, md, mi, dd, di, store, slots, keep, controls, steps);
    failIfAny("the forward sweep");
    long t1 = System.nanoTime();
    // the terminal loss and its gradient, in Java, from each world's x_T; seeded into fresh
    // DataBars
    Data fin;
    double[] losses = new double[worlds];
    double[] finalNorms = new double[worlds];
    double[] barDoubles = new double[worlds * layout.barDoubles()];
    int[] barInts = new int[worlds * layout.barInts()];
    for (int w = 0; w < worlds; w++) {
      fin = cl.readWorld(layout, dd, di, w);
      RolloutProblem p = problems.get(w);
      Loss.Gradient g = Loss.Gradient.of(m);
      losses[w] = p.loss().terminal(m, fin.qpos, fin.qvel, g);
      DataBar b = new DataBar(m);
      System.arraycopy(g.qpos(), 0, b.qposBar, 0, m.nq());
      System.arraycopy(g.qvel(), 0, b.qvelBar, 0, m.nv());
      finalNorms[w] = AdjointGradient.stateNorm(m, fin.qpos, b, new double[m.nv()]);
      layout.packBar(b, barDoubles, w * layout.barDoubles(), barInts, w * layout.barInts());
    }
    write(bd, barDoubles);
    writeInts(bi, barInts);
    schedule.backward(
        new Sweep() {
          @Override
          public void save(int slot) {
            call(save, md, mi, dd, di, store, slots, slot);
          }

          @Override
          public void load(int slot) {
            call(load, md, mi, dd, di, store, slots, slot);
          }

          @Override
          public void advance(int t) {
            call(advance, md, mi, dd, di, controls, t, steps);
            recomputed++;
          }

          @Override
          public void reverse(int t) {
            call(reverse, md, mi, dd, di, bd, bi, controls, ctrlGrad, norms, tangent, t, steps);
          }
        },
        steps,
        0);
    failIfAny("the backward sweep");
    long t2 = System.nanoTime();
    double[] grads = new double[Math.max(1, worlds * steps * m.nu())];
    double[] allNorms = new double[worlds * (steps + 1)];
    readDoubles(ctrlGrad, grads);
    readDoubles(norms, allNorms);
    readDoubles(bd, barDoubles);
    readIntsBuffer(bi, barInts);
    long bytesPerWorld =
        8L
                * ((long) slots * layout.stateWidth()
                    + layout.barDoubles()
                    + layout.worldDoubles()
                    + (long) steps * m.nu()
                    + steps
                    + 1
                    + m.nv())
            + 4L * (layout.barInts() + layout.worldInts());
    List<GradientResult> out = new ArrayList<>();
    double fwdMs = (t1 - t0) / 1e6, bwdMs = (t2 - t1) / 1e6;
    for (int w = 0; w < worlds; w++) {
      DataBar b = new DataBar(m);
      layout.unpackBar(barDoubles, w * layout.barDoubles(), barInts, w * layout.barInts(), b);
      double[] ctrl =
          java.util.Arrays.copyOfRange(grads, w * steps * m.nu(), (w + 1) * steps * m.nu());
      double[] n = java.util.Arrays.copyOfRange(allNorms, w * (steps + 1), (w + 1) * (steps + 1));
      n[steps] = finalNorms[w];
      for (int t = steps - 1; t >= 0; t--) {
        if (!Double.isFinite(n[t])) {
          throw nonFinite(w);
        }
      }
      out.add(
          AdjointGradient.result(
              problems.get(w),
              true,
              b,
              losses[w],
              ctrl,
              n,
              recomputed,
              bytesPerWorld * worlds,
              fwdMs,
              bwdMs,
              "checkpoint " + schedule + ", " + worlds + " worlds on the OpenCL device"));
    }
    return out;
  }

  /**
   * A world whose adjoint went non-finite: the CPU adjoint of its problem names the step, stage and
   * entity.
   */
  private RuntimeException nonFinite(int w) {
    try {
      AdjointGradient.compute(problems.get(w), new Checkpointing.Every(1));
    } catch (NonFiniteAdjointException e) {
      return new NonFiniteAdjointException(e.step(), "world " + w + ": " + e.stage(), e.where());
    } catch (SimulationException e) {
      return new SimulationException("world " + w + ": " + e.getMessage(), e.step(), e.dof());
    }
    return new IllegalStateException(
        "world "
            + w
            + ": the adjoint on the OpenCL device is not finite, but the CPU"
            + " adjoint of the same problem is (a difference between the backends)");
  }

  /** Throws the first failed world's error, as the CPU adjoint of its problem reports it. */
  private void failIfAny(String where) {
    int[] ints = new int[worlds * layout.worldInts()];
    readIntsBuffer(di, ints);
    for (int w = 0; w < worlds; w++) {
      if (ints[w * layout.worldInts() + layout.errorSlot()] != 0) {
        try {
          AdjointGradient.compute(problems.get(w), new Checkpointing.Every(1));
        } catch (SimulationException e) {
          throw new SimulationException("world " + w + ": " + e.getMessage(), e.step(), e.dof());
        }
        throw new IllegalStateException(
            "world "
                + w
                + ": a step of "
                + where
                + " failed on the OpenCL device,"
                + " but not on the CPU (a difference between the backends)");
      }
    }
  }

  private void write(cl_mem b, double[] src) {
    org.jocl.CL.clEnqueueWriteBuffer(
        cl.queue(),
        b,
        CL_TRUE,
        0,
        (long) src.length * Sizeof.cl_double,
        Pointer.to(src),
        0,
        null,
        null);
  }

  private void writeInts(cl_mem b, int[] src) {
    org.jocl.CL.clEnqueueWriteBuffer(
        cl.queue(),
        b,
        CL_TRUE,
        0,
        (long) src.length * Sizeof.cl_int,
        Pointer.to(src),
        0,
        null,
        null);
  }

  private void readDoubles(cl_mem b, double[] out) {
    clEnqueueReadBuffer(
        cl.queue(),
        b,
        CL_TRUE,
        0,
        (long) out.length * Sizeof.cl_double,
        Pointer.to(out),
        0,
        null,
        null);
  }

  private void readIntsBuffer(cl_mem b, int[] out) {
    clEnqueueReadBuffer(
        cl.queue(),
        b,
        CL_TRUE,
        0,
        (long) out.length * Sizeof.cl_int,
        Pointer.to(out),
        0,
        null,
        null);
  }

  /**
   * Sets the arguments (buffers, then ints) and the world count last, and runs one work-item per
   * world.
   */
  private void call(cl_kernel k, Object... args) {
    int i = 0;
    for (Object a : args) {
      if (a instanceof cl_mem b) {
        clSetKernelArg(k, i++, Sizeof.cl_mem, Pointer.to(b));
      } else {
        clSetKernelArg(k, i++, Sizeof.cl_int, Pointer.to(new int[] {(Integer) a}));
      }
    }
    clSetKernelArg(k, i, Sizeof.cl_int, Pointer.to(new int[] {worlds}));
    cl.launch(k, worlds);
  }

  @Override
  public void close() {
    for (cl_kernel k : new cl_kernel[] {forward, save, load, advance, reverse}) {
      clReleaseKernel(k);
    }
    for (cl_mem b :
        new cl_mem[] {md, mi, dd, di, bd, bi, store, controls, ctrlGrad, norms, tangent, keep}) {
      clReleaseMemObject(b);
    }
  }
}
