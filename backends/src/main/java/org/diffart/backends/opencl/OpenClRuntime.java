package org.diffart.backends.opencl;

import static org.jocl.CL.CL_CONTEXT_PLATFORM;
import static org.jocl.CL.CL_DEVICE_EXTENSIONS;
import static org.jocl.CL.CL_DEVICE_MAX_COMPUTE_UNITS;
import static org.jocl.CL.CL_DEVICE_NAME;
import static org.jocl.CL.CL_DEVICE_TYPE;
import static org.jocl.CL.CL_DEVICE_TYPE_ALL;
import static org.jocl.CL.CL_DEVICE_TYPE_GPU;
import static org.jocl.CL.CL_DEVICE_VERSION;
import static org.jocl.CL.CL_PLATFORM_NAME;
import static org.jocl.CL.CL_PROGRAM_BUILD_LOG;
import static org.jocl.CL.clBuildProgram;
import static org.jocl.CL.clCreateCommandQueueWithProperties;
import static org.jocl.CL.clCreateContext;
import static org.jocl.CL.clCreateProgramWithSource;
import static org.jocl.CL.clGetDeviceIDs;
import static org.jocl.CL.clGetDeviceInfo;
import static org.jocl.CL.clGetPlatformIDs;
import static org.jocl.CL.clGetPlatformInfo;
import static org.jocl.CL.clGetProgramBuildInfo;
import static org.jocl.CL.clReleaseProgram;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.diffart.sim.data.Data;
import org.jocl.CL;
import org.jocl.CLException;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_context_properties;
import org.jocl.cl_device_id;
import org.jocl.cl_platform_id;
import org.jocl.cl_program;
import org.jocl.cl_queue_properties;

/**
 * The process's OpenCL device, found once: JOCL loaded, a device with double precision ({@code
 * cl_khr_fp64}) chosen (the first, or the first whose platform or device name contains the system
 * property {@code diffart.opencl.device}), one context and one in-order queue, and programs built
 * once per source. When there is none, {@link #get()} throws an {@link IllegalStateException} that
 * says what is missing and what to install; {@link #problem()} says the same without throwing. The
 * answer is cached: JOCL cannot be loaded twice in one process.
 */
public final class OpenClRuntime {
  /** What a user without OpenCL is told to install (Debian's packages). */
  public static final String INSTALL_HINT =
      "install an OpenCL driver, e.g. on Debian: apt-get install"
          + " ocl-icd-libopencl1 ocl-icd-opencl-dev pocl-opencl-icd (or run bin/install-deps)";

  /** clGetPlatformIDs's status when the ICD loader finds no driver. */
  private static final int CL_PLATFORM_NOT_FOUND_KHR = -1001;

  private static volatile Object probed;

  private final cl_platform_id platform;
  private final cl_device_id device;
  private final cl_context context;
  private final cl_command_queue queue;
  private final String description;
  private final int computeUnits;
  private final boolean gpu;
  private final Map<String, cl_program> programs = new ConcurrentHashMap<>();

  private OpenClRuntime(cl_platform_id platform, cl_device_id device, String description) {
    this.platform = platform;
    this.device = device;
    this.description = description;
    int[] cu = new int[1];
    clGetDeviceInfo(device, CL_DEVICE_MAX_COMPUTE_UNITS, Sizeof.cl_uint, Pointer.to(cu), null);
    this.computeUnits = Math.max(1, cu[0]);
    long[] type = new long[1];
    clGetDeviceInfo(device, CL_DEVICE_TYPE, Sizeof.cl_long, Pointer.to(type), null);
    this.gpu = (type[0] & CL_DEVICE_TYPE_GPU) != 0;
    cl_context_properties props = new cl_context_properties();
    props.addProperty(CL_CONTEXT_PLATFORM, platform);
    this.context = clCreateContext(props, 1, new cl_device_id[] {device}, null, null, null);
    this.queue =
        clCreateCommandQueueWithProperties(context, device, new cl_queue_properties(), null);
  }

  /**
   * The process's OpenCL runtime.
   *
   * @throws IllegalStateException naming what is missing (no OpenCL library, no platform, no
   *     double-precision device) and how to install it
   */
  public static OpenClRuntime get() {
    Object p = probe();
    if (p instanceof OpenClRuntime r) {
      return r;
    }
    throw new IllegalStateException("OpenCL is not available: " + p + "; " + INSTALL_HINT);
  }

  /** Why OpenCL cannot be used here, or null when it can. */
  public static String problem() {
    Object p = probe();
    return p instanceof OpenClRuntime ? null : (String) p;
  }

  private static Object probe() {
    Object p = probed;
    if (p == null) {
      synchronized (OpenClRuntime.class) {
        if (probed == null) {
          probed = find();
        }
        p = probed;
      }
    }
    return p;
  }

  /** The runtime, or the reason there is none. */
  private static Object find() {
    try {
      CL.setExceptionsEnabled(true);
      int[] n = new int[1];
      clGetPlatformIDs(0, null, n);
      if (n[0] == 0) {
        return "no OpenCL platform is installed";
      }
      cl_platform_id[] platforms = new cl_platform_id[n[0]];
      clGetPlatformIDs(n[0], platforms, null);
      String wanted = System.getProperty("diffart.opencl.device", "").toLowerCase(Locale.ROOT);
      List<String> seen = new ArrayList<>();
      for (cl_platform_id platform : platforms) {
        int[] nd = new int[1];
        try {
          clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, null, nd);
        } catch (CLException e) {
          continue; // a platform without devices
        }
        cl_device_id[] devices = new cl_device_id[nd[0]];
        clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, nd[0], devices, null);
        String pname = platformString(platform, CL_PLATFORM_NAME);
        for (cl_device_id device : devices) {
          String dname = deviceString(device, CL_DEVICE_NAME);
          String name = pname + " / " + dname;
          boolean fp64 = deviceString(device, CL_DEVICE_EXTENSIONS).contains("cl_khr_fp64");
          seen.add(name + (fp64 ? "" : " (no cl_khr_fp64)"));
          if (fp64 && (wanted.isEmpty() || name.toLowerCase(Locale.ROOT).contains(wanted))) {
            return new OpenClRuntime(
                platform, device, name + ", " + deviceString(device, CL_DEVICE_VERSION));
          }
        }
      }
      if (seen.isEmpty()) {
        return "no OpenCL device is installed";
      }
      return (wanted.isEmpty()
              ? "no device supports double precision (cl_khr_fp64)"
              : "no double-precision device matches diffart.opencl.device=" + wanted)
          + "; devices: "
          + seen;
    } catch (UnsatisfiedLinkError | NoClassDefFoundError e) {
      return "the OpenCL library libOpenCL.so cannot be loaded (" + e.getMessage() + ")";
    } catch (CLException e) {
      if (e.getStatus() == CL_PLATFORM_NOT_FOUND_KHR) {
        return "no OpenCL platform is installed (the OpenCL loader found no driver in /etc/OpenCL/vendors)";
      }
      return "OpenCL failed while looking for a device: " + e.getMessage();
    }
  }

  /**
   * Work-items per work-group for a launch over {@code worlds} worlds: explicit always (PoCL's own
   * choice can overflow a worker's stack), at most 64. On a GPU 64, two warps or one wavefront. On
   * a CPU device small enough that every compute unit gets about four groups, so that a few dozen
   * worlds still spread over all its cores.
   */
  long localSize(int worlds) {
    long local = 64;
    while (!gpu && local > 1 && (long) worlds < 4L * computeUnits * local) {
      local /= 2;
    }
    return Math.min(local, worlds);
  }

  /**
   * Runs kernel k with one work-item per world, in groups of {@link #localSize}, and waits for it.
   */
  void launch(org.jocl.cl_kernel k, int worlds) {
    long local = localSize(worlds);
    long global = (worlds + local - 1) / local * local;
    org.jocl.CL.clEnqueueNDRangeKernel(
        queue, k, 1, null, new long[] {global}, new long[] {local}, 0, null, null);
    org.jocl.CL.clFinish(queue);
  }

  /** World w's Data as buffers dd and di hold it, in {@code layout}. */
  Data readWorld(OpenClLayout layout, org.jocl.cl_mem dd, org.jocl.cl_mem di, int w) {
    int wd = layout.worldDoubles(), wi = layout.worldInts();
    double[] doubles = new double[wd];
    int[] ints = new int[wi];
    org.jocl.CL.clEnqueueReadBuffer(
        queue,
        dd,
        org.jocl.CL.CL_TRUE,
        (long) w * wd * Sizeof.cl_double,
        (long) wd * Sizeof.cl_double,
        Pointer.to(doubles),
        0,
        null,
        null);
    org.jocl.CL.clEnqueueReadBuffer(
        queue,
        di,
        org.jocl.CL.CL_TRUE,
        (long) w * wi * Sizeof.cl_int,
        (long) wi * Sizeof.cl_int,
        Pointer.to(ints),
        0,
        null,
        null);
    Data d = new Data(layout.model());
    layout.unpack(doubles, 0, ints, 0, d);
    return d;
  }

  /** The device in use: platform, device and OpenCL version. */
  public String description() {
    return description;
  }

  /** The context. */
  cl_context context() {
    return context;
  }

  /** The in-order queue. */
  cl_command_queue queue() {
    return queue;
  }

  /**
   * Builds a program, or returns the one built from the same source before.
   *
   * @throws IllegalStateException with the compiler's log when it does not build
   */
  cl_program program(String source) {
    return programs.computeIfAbsent(
        source,
        s -> {
          cl_program p = clCreateProgramWithSource(context, 1, new String[] {s}, null, null);
          try {
            // -w: the compiler's warnings (PoCL prints their count on the process's stderr) are no
            // reader's business
            clBuildProgram(p, 0, null, "-w", null, null);
          } catch (CLException e) {
            String log = buildLog(p);
            clReleaseProgram(p);
            throw new IllegalStateException(
                "the OpenCL program does not build on " + description + ":\n" + log, e);
          }
          return p;
        });
  }

  private String buildLog(cl_program p) {
    long[] size = new long[1];
    clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, 0, null, size);
    byte[] buf = new byte[(int) size[0]];
    clGetProgramBuildInfo(p, device, CL_PROGRAM_BUILD_LOG, buf.length, Pointer.to(buf), null);
    return new String(buf, StandardCharsets.UTF_8).trim();
  }

  private static String deviceString(cl_device_id d, int what) {
    long[] size = new long[1];
    clGetDeviceInfo(d, what, 0, null, size);
    byte[] buf = new byte[(int) size[0]];
    clGetDeviceInfo(d, what, buf.length, Pointer.to(buf), null);
    return new String(buf, 0, Math.max(0, buf.length - 1), StandardCharsets.UTF_8).trim();
  }

  private static String platformString(cl_platform_id p, int what) {
    long[] size = new long[1];
    clGetPlatformInfo(p, what, 0, null, size);
    byte[] buf = new byte[(int) size[0]];
    clGetPlatformInfo(p, what, buf.length, Pointer.to(buf), null);
    return new String(buf, 0, Math.max(0, buf.length - 1), StandardCharsets.UTF_8).trim();
  }

  /** Bytes of a double, for buffer sizes. */
  static final int DOUBLE = Sizeof.cl_double;

  /** Bytes of an int. */
  static final int INT = Sizeof.cl_int;

  @Override
  public String toString() {
    return "OpenClRuntime[" + description + "]";
  }

  /** The platform, for diagnostics. */
  cl_platform_id platform() {
    return platform;
  }
}
