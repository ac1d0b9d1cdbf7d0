package org.diffart.backends;

import org.diffart.backends.cpu.CpuBackend;
import org.diffart.sim.data.Data;

/** The contract on the CPU backend. */
class CpuBackendContractTest extends BackendContractTest {
  @Override
  String backend() {
    return "cpu";
  }

  @Override
  Data data(Backend b, int w) {
    return ((CpuBackend) b).data(w);
  }

  @Override
  void setData(Backend b, int w, Data d) {
    copyAll(d, ((CpuBackend) b).data(w));
  }
}
