// The OpenCL backend's kernels: one work-item per world, the state kept on the device between calls.

/** Advances every world by `steps` steps; a world whose step fails keeps its last good state and stops. */
__kernel void step_worlds(__global const double* md, __global const int* mi, __global double* dd,
                          __global int* di, int steps, int worlds) {
  int w = get_global_id(0);
  if (w >= worlds) return;
  Model m = {md, mi};
  Data d = {dd + (long) w * DATA_DOUBLES, di + (long) w * DATA_INTS, 0};
  for (int s = 0; s < steps && !DI_ERROR(&d); s++) {
    Step_fixedStep(&m, &d);
  }
}

/** Step.forward for every world: its sensors and accelerations at its state, which it leaves as it is. */
__kernel void forward_worlds(__global const double* md, __global const int* mi, __global double* dd,
                             __global int* di, int worlds) {
  int w = get_global_id(0);
  if (w >= worlds) return;
  Model m = {md, mi};
  Data d = {dd + (long) w * DATA_DOUBLES, di + (long) w * DATA_INTS, 0};
  if (!DI_ERROR(&d)) Step_forward(&m, &d);
}

/** Copies n doubles per world from a packed W x n array into the field at `offset` of each world's Data. */
__kernel void scatter_d(__global double* dd, __global const double* src, int offset, int n, int worlds) {
  int w = get_global_id(0);
  if (w >= worlds) return;
  for (int k = 0; k < n; k++) dd[(long) w * DATA_DOUBLES + offset + k] = src[(long) w * n + k];
}

/** The reverse of scatter_d: each world's field at `offset` into a packed W x n array. */
__kernel void gather_d(__global const double* dd, __global double* out, int offset, int n, int worlds) {
  int w = get_global_id(0);
  if (w >= worlds) return;
  for (int k = 0; k < n; k++) out[(long) w * n + k] = dd[(long) w * DATA_DOUBLES + offset + k];
}

/** gather_d for the int fields. */
__kernel void gather_i(__global const int* di, __global int* out, int offset, int n, int worlds) {
  int w = get_global_id(0);
  if (w >= worlds) return;
  for (int k = 0; k < n; k++) out[(long) w * n + k] = di[(long) w * DATA_INTS + offset + k];
}

/** Clears every world's error flag. */
__kernel void clear_errors(__global int* di, int worlds) {
  int w = get_global_id(0);
  if (w >= worlds) return;
  di[(long) w * DATA_INTS + DI_error] = 0;
}
