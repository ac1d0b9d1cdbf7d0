package org.diffart.backends.opencl;

import static org.jocl.CL.CL_MEM_COPY_HOST_PTR;
import static org.jocl.CL.CL_MEM_READ_ONLY;
import static org.jocl.CL.CL_MEM_READ_WRITE;
import static org.jocl.CL.CL_TRUE;
import static org.jocl.CL.clCreateBuffer;
import static org.jocl.CL.clCreateKernel;
import static org.jocl.CL.clEnqueueReadBuffer;
import static org.jocl.CL.clEnqueueWriteBuffer;
import static org.jocl.CL.clReleaseKernel;
import static org.jocl.CL.clReleaseMemObject;
import static org.jocl.CL.clSetKernelArg;

import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.diffart.backends.Backend;
import org.diffart.backends.Capability;
import org.diffart.backends.cpu.CpuBackend;
import org.diffart.sim.algo.Step;
import org.diffart.sim.data.Data;
import org.diffart.sim.data.SimulationException;
import org.diffart.sim.diff.Checkpointing;
import org.diffart.sim.diff.GradientResult;
import org.diffart.sim.diff.RolloutProblem;
import org.diffart.sim.model.Model;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;

/**
 * W worlds of one model on an OpenCL device: the step translated statement for statement from the
 * CPU backend's Java ({@code sim.cl}, see {@link OpenClLayout}), one work-item per world, the
 * worlds' Data resident on the device and read back only on request. A world whose step fails (a
 * non-finite state) stops with its last good state; the error is then reproduced by the CPU step
 * from that state, so its message is the CPU backend's, word for word.
 */
public final class OpenClBackend implements Backend {
  /**
   * The CPU's stepping (the step is its translation), the adjoint and every checkpointing schedule;
   * the tape and finite differences stay on the CPU.
   */
  public static final Set<Capability> CAPABILITIES = Collections.unmodifiableSet(capabilitySet());

  private final Model model;
  private final int worlds;
  private final OpenClLayout layout;
  private final OpenClRuntime cl;
  private final cl_mem md, mi, dd, di;
  private final cl_kernel step, forward, scatter, gather, gatherInts, clearErrors;

  /**
   * W worlds of model m, each at {@code qpos0} at rest, on the process's OpenCL device.
   *
   * @throws IllegalStateException when OpenCL is not available, saying what to install
   */
  public OpenClBackend(Model m, int worlds) {
    if (worlds < 1) {
      throw new IllegalArgumentException("worlds must be >= 1, got " + worlds);
    }
    if (m.opt().impactBisections() > 0) {
      throw new UnsupportedOperationException(
          "the opencl backend takes fixed steps; "
              + m.name()
              + " takes DiffSDFSim's steps without penetration (diffart:impactbisections), which"
              + " run on the cpu backend");
    }
    if (m.opt().sdfSurface()
        && java.util.stream.IntStream.range(0, m.ngeom())
            .anyMatch(g -> m.geomType(g) == org.diffart.sim.model.GeomType.SDF)) {
      throw new UnsupportedOperationException(
          "the opencl backend meets SDF geoms through their meshes; "
              + m.name()
              + " asks for DiffSDFSim's contacts by signed distance (diffart:sdfsurface), which"
              + " evaluate the SDF itself and run on the cpu backend");
    }
    this.model = m;
    this.worlds = worlds;
    this.cl = OpenClRuntime.get();
    this.layout = new OpenClLayout(m);
    cl_program program = cl.program(layout.program());
    double[] modelDoubles = layout.modelDoubles();
    int[] modelInts = layout.modelInts();
    md =
        clCreateBuffer(
            cl.context(),
            CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
            (long) modelDoubles.length * Sizeof.cl_double,
            Pointer.to(modelDoubles),
            null);
    mi =
        clCreateBuffer(
            cl.context(),
            CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
            (long) modelInts.length * Sizeof.cl_int,
            Pointer.to(modelInts),
            null);
    int wd = layout.worldDoubles(), wi = layout.worldInts();
    double[] doubles = new double[Math.multiplyExact(worlds, wd)];
    int[] ints = new int[Math.multiplyExact(worlds, wi)];
    Data fresh = new Data(m);
    for (int w = 0; w < worlds; w++) {
      layout.pack(fresh, doubles, w * wd, ints, w * wi);
    }
    dd =
        clCreateBuffer(
            cl.context(),
            CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
            (long) doubles.length * Sizeof.cl_double,
            Pointer.to(doubles),
            null);
    di =
        clCreateBuffer(
            cl.context(),
            CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
            (long) ints.length * Sizeof.cl_int,
            Pointer.to(ints),
            null);
    step = clCreateKernel(program, "step_worlds", null);
    forward = clCreateKernel(program, "forward_worlds", null);
    scatter = clCreateKernel(program, "scatter_d", null);
    gather = clCreateKernel(program, "gather_d", null);
    gatherInts = clCreateKernel(program, "gather_i", null);
    clearErrors = clCreateKernel(program, "clear_errors", null);
  }

  @Override
  public Set<Capability> capabilities() {
    return CAPABILITIES;
  }

  private static Set<Capability> capabilitySet() {
    Set<Capability> s = EnumSet.copyOf(CpuBackend.STEPPING);
    // contacts by signed distance call the SDF's object, which the device program has not
    s.remove(Capability.COLLISION_SDF_SURFACE);
    s.addAll(
        List.of(
            Capability.DERIVATIVE_ADJOINT,
            Capability.DERIVATIVE_IMPLICIT_CONTACT,
            Capability.DERIVATIVE_SHAPE,
            Capability.HISTORY_GRADIENT_ACTUATOR,
            Capability.CHECKPOINTING_INTERVAL,
            Capability.CHECKPOINTING_REPLAY,
            Capability.CHECKPOINTING_REVOLVE));
    return s;
  }

  @Override
  public String name() {
    return "opencl";
  }

  @Override
  public Model model() {
    return model;
  }

  @Override
  public int worlds() {
    return worlds;
  }

  /** The device this backend runs on. */
  public String device() {
    return cl.description();
  }

  @Override
  public void setQpos(double[] qpos) {
    setField("qpos", qpos, model.nq());
  }

  @Override
  public void setQvel(double[] qvel) {
    setField("qvel", qvel, model.nv());
  }

  @Override
  public void setCtrl(double[] ctrl) {
    setField("ctrl", ctrl, model.nu());
  }

  @Override
  public void setAct(double[] act) {
    setField("act", act, model.na());
  }

  @Override
  public void setHistory(double[] history) {
    setField("history", history, model.nhistory());
  }

  @Override
  public void getHistory(double[] out) {
    getField("history", out, model.nhistory());
  }

  @Override
  public void getQpos(double[] out) {
    getField("qpos", out, model.nq());
  }

  @Override
  public void getAct(double[] out) {
    getField("act", out, model.na());
  }

  @Override
  public void getQvel(double[] out) {
    getField("qvel", out, model.nv());
  }

  @Override
  public void getSensordata(double[] out) {
    getField("sensordata", out, model.nsensordata());
  }

  @Override
  public double time(int w) {
    double[] t = new double[worlds];
    getField("time", t, 1);
    return t[w];
  }

  @Override
  public void setTime(double time) {
    double[] t = new double[worlds];
    java.util.Arrays.fill(t, time);
    setField("time", t, 1);
  }

  /**
   * Advances every world; on a non-finite state, the failed worlds keep their last good state, the
   * others finish, and the first failed world's error is thrown as the CPU step reports it from
   * that state.
   */
  @Override
  public void step(int steps) {
    if (steps <= 0) {
      return;
    }
    clSetKernelArg(step, 0, Sizeof.cl_mem, Pointer.to(md));
    clSetKernelArg(step, 1, Sizeof.cl_mem, Pointer.to(mi));
    clSetKernelArg(step, 2, Sizeof.cl_mem, Pointer.to(dd));
    clSetKernelArg(step, 3, Sizeof.cl_mem, Pointer.to(di));
    clSetKernelArg(step, 4, Sizeof.cl_int, Pointer.to(new int[] {steps}));
    clSetKernelArg(step, 5, Sizeof.cl_int, Pointer.to(new int[] {worlds}));
    run(step);
    throwFirstError(false);
  }

  /**
   * {@code Step.forward} on the device for every world; a world with a non-finite state fails as
   * {@link #step} does.
   */
  @Override
  public void forward() {
    clSetKernelArg(forward, 0, Sizeof.cl_mem, Pointer.to(md));
    clSetKernelArg(forward, 1, Sizeof.cl_mem, Pointer.to(mi));
    clSetKernelArg(forward, 2, Sizeof.cl_mem, Pointer.to(dd));
    clSetKernelArg(forward, 3, Sizeof.cl_mem, Pointer.to(di));
    clSetKernelArg(forward, 4, Sizeof.cl_int, Pointer.to(new int[] {worlds}));
    run(forward);
    throwFirstError(true);
  }

  /** Throws the first failed world's error as the CPU reports it, after clearing every flag. */
  private void throwFirstError(boolean forwardOnly) {
    int[] errors = new int[worlds];
    readInts(layout.errorSlot(), errors, 1);
    for (int w = 0; w < worlds; w++) {
      if (errors[w] != 0) {
        SimulationException e = reproduce(w, forwardOnly);
        clSetKernelArg(clearErrors, 0, Sizeof.cl_mem, Pointer.to(di));
        clSetKernelArg(clearErrors, 1, Sizeof.cl_int, Pointer.to(new int[] {worlds}));
        run(clearErrors);
        throw e;
      }
    }
  }

  /**
   * The adjoint on the device: as {@link #gradients} for one problem. The tape and finite
   * differences are refused: they run on the cpu backend.
   */
  @Override
  public GradientResult gradient(RolloutProblem p, String method, Checkpointing schedule) {
    return gradients(List.of(p), method, schedule).get(0);
  }

  /**
   * The adjoints of a batch of rollouts, one world per problem, side by side on the device ({@link
   * OpenClAdjoint}): each equal to the CPU adjoint of its problem, bit for bit.
   *
   * @throws UnsupportedOperationException for {@code tape} and {@code fd}, and for closed-loop
   *     problems ({@link RolloutProblem#law}), which run on the cpu backend
   * @throws IllegalArgumentException for problems the device adjoint refuses (a running loss,
   *     another model, different lengths)
   */
  @Override
  public List<GradientResult> gradients(
      List<RolloutProblem> problems, String method, Checkpointing schedule) {
    for (int i = 0; i < problems.size(); i++) {
      if (problems.get(i).closedLoop()) {
        throw new UnsupportedOperationException(
            "the opencl backend does not follow a control law inside the rollout (problem "
                + i
                + " is closed by "
                + problems.get(i).law()
                + "): closed-loop gradients run on the cpu backend");
      }
    }
    for (RolloutProblem p : problems) {
      if (p.model().opt().timeOfContact()) {
        throw new UnsupportedOperationException(
            "the opencl backend's adjoint has no time-of-contact gradients"
                + " (diffart:timeofcontact): they run on the cpu backend");
      }
    }
    if (!method.equals("adjoint")) {
      throw new UnsupportedOperationException(
          "the opencl backend differentiates by the adjoint only, not by "
              + method
              + ": use the cpu backend for "
              + method);
    }
    if (problems.isEmpty()) {
      return List.of();
    }
    try (OpenClAdjoint adjoint = new OpenClAdjoint(cl, layout, problems, schedule)) {
      return adjoint.run(schedule);
    }
  }

  /** World w's Data as the device holds it. */
  public Data data(int w) {
    return cl.readWorld(layout, dd, di, w);
  }

  /**
   * Replaces world w's whole Data (state, parameters, warm start and every intermediate) with d's.
   */
  public void setData(int w, Data d) {
    if (w < 0 || w >= worlds) {
      throw new IllegalArgumentException("world " + w + " out of range [0, " + worlds + ")");
    }
    int wd = layout.worldDoubles(), wi = layout.worldInts();
    double[] doubles = new double[wd];
    int[] ints = new int[wi];
    layout.pack(d, doubles, 0, ints, 0);
    clEnqueueWriteBuffer(
        cl.queue(),
        dd,
        CL_TRUE,
        (long) w * wd * Sizeof.cl_double,
        (long) wd * Sizeof.cl_double,
        Pointer.to(doubles),
        0,
        null,
        null);
    clEnqueueWriteBuffer(
        cl.queue(),
        di,
        CL_TRUE,
        (long) w * wi * Sizeof.cl_int,
        (long) wi * Sizeof.cl_int,
        Pointer.to(ints),
        0,
        null,
        null);
  }

  /**
   * The CPU step's (or forward evaluation's) error from world w's last good state, as the CPU
   * backend would report it.
   */
  private SimulationException reproduce(int w, boolean forwardOnly) {
    Data d = data(w);
    try {
      if (forwardOnly) {
        Step.forward(model, d);
      } else {
        Step.step(model, d);
      }
    } catch (SimulationException e) {
      return new SimulationException("world " + w + ": " + e.getMessage(), e.step(), e.dof());
    }
    return new SimulationException(
        "world "
            + w
            + ": the OpenCL "
            + (forwardOnly ? "forward evaluation" : "step")
            + " failed at step "
            + d.nstep
            + ", but the CPU's from the same state did not (a difference between the backends)",
        d.nstep,
        -1);
  }

  private void setField(String field, double[] src, int n) {
    if (src.length != (long) n * worlds) {
      throw new IllegalArgumentException(
          field
              + " must have worlds×"
              + n
              + " = "
              + (long) n * worlds
              + " values, got "
              + src.length);
    }
    cl_mem tmp =
        clCreateBuffer(
            cl.context(),
            CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
            (long) Math.max(1, src.length) * Sizeof.cl_double,
            Pointer.to(src.length == 0 ? new double[1] : src),
            null);
    try {
      clSetKernelArg(scatter, 0, Sizeof.cl_mem, Pointer.to(dd));
      clSetKernelArg(scatter, 1, Sizeof.cl_mem, Pointer.to(tmp));
      clSetKernelArg(scatter, 2, Sizeof.cl_int, Pointer.to(new int[] {layout.doubleOffset(field)}));
      clSetKernelArg(scatter, 3, Sizeof.cl_int, Pointer.to(new int[] {n}));
      clSetKernelArg(scatter, 4, Sizeof.cl_int, Pointer.to(new int[] {worlds}));
      run(scatter);
    } finally {
      clReleaseMemObject(tmp);
    }
  }

  private void getField(String field, double[] out, int n) {
    if (out.length < (long) n * worlds) {
      throw new IllegalArgumentException(
          "the output for "
              + field
              + " needs worlds×"
              + n
              + " = "
              + (long) n * worlds
              + " values, got "
              + out.length);
    }
    if (n == 0) {
      return;
    }
    cl_mem tmp =
        clCreateBuffer(
            cl.context(), CL_MEM_READ_WRITE, (long) n * worlds * Sizeof.cl_double, null, null);
    try {
      clSetKernelArg(gather, 0, Sizeof.cl_mem, Pointer.to(dd));
      clSetKernelArg(gather, 1, Sizeof.cl_mem, Pointer.to(tmp));
      clSetKernelArg(gather, 2, Sizeof.cl_int, Pointer.to(new int[] {layout.doubleOffset(field)}));
      clSetKernelArg(gather, 3, Sizeof.cl_int, Pointer.to(new int[] {n}));
      clSetKernelArg(gather, 4, Sizeof.cl_int, Pointer.to(new int[] {worlds}));
      run(gather);
      clEnqueueReadBuffer(
          cl.queue(),
          tmp,
          CL_TRUE,
          0,
          (long) n * worlds * Sizeof.cl_double,
          Pointer.to(out),
          0,
          null,
          null);
    } finally {
      clReleaseMemObject(tmp);
    }
  }

  private void readInts(int offset, int[] out, int n) {
    cl_mem tmp =
        clCreateBuffer(
            cl.context(), CL_MEM_READ_WRITE, (long) n * worlds * Sizeof.cl_int, null, null);
    try {
      clSetKernelArg(gatherInts, 0, Sizeof.cl_mem, Pointer.to(di));
      clSetKernelArg(gatherInts, 1, Sizeof.cl_mem, Pointer.to(tmp));
      clSetKernelArg(gatherInts, 2, Sizeof.cl_int, Pointer.to(new int[] {offset}));
      clSetKernelArg(gatherInts, 3, Sizeof.cl_int, Pointer.to(new int[] {n}));
      clSetKernelArg(gatherInts, 4, Sizeof.cl_int, Pointer.to(new int[] {worlds}));
      run(gatherInts);
      clEnqueueReadBuffer(
          cl.queue(),
          tmp,
          CL_TRUE,
          0,
          (long) n * worlds * Sizeof.cl_int,
          Pointer.to(out),
          0,
          null,
          null);
    } finally {
      clReleaseMemObject(tmp);
    }
  }

  private void run(cl_kernel k) {
    cl.launch(k, worlds);
  }

  /**
   * Releases the device buffers and kernels; the program stays cached for the next backend of this
   * model.
   */
  @Override
  public void close() {
    for (cl_kernel k : new cl_kernel[] {step, forward, scatter, gather, gatherInts, clearErrors}) {
      clReleaseKernel(k);
    }
    for (cl_mem b : new cl_mem[] {md, mi, dd, di}) {
      clReleaseMemObject(b);
    }
  }
}
