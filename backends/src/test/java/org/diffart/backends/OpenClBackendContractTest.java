package org.diffart.backends;

import org.diffart.backends.opencl.OpenClBackend;
import org.diffart.sim.data.Data;

/**
 * The contract on the OpenCL backend, bit for bit: the device runs the CPU backend's statements
 * (translated) with no fused multiply-adds and the simulator's own sine and cosine. It needs OpenCL
 * (PoCL in CI) and fails, saying what to install, where there is none.
 */
class OpenClBackendContractTest extends BackendContractTest {
  @Override
  String backend() {
    return "opencl";
  }

  @Override
  Data data(Backend b, int w) {
    return ((OpenClBackend) b).data(w);
  }

  @Override
  void setData(Backend b, int w, Data d) {
    ((OpenClBackend) b).setData(w, d);
  }
}
