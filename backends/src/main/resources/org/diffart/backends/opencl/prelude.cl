// What the translated step (sim.cl) needs around it: exact double arithmetic, the model and one world's Data as
// views of device buffers, and the few Java library calls it makes. The per-model #defines (M_*, OPT_*, MI_*/MD_*,
// DI_*/DD_*/DL_*) come before this file; see OpenClLayout.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
// Java never fuses a multiply and an add; neither may we, or results differ from the CPU backend's in the last bits
#pragma OPENCL FP_CONTRACT OFF

/** The model: its int and double arrays, one buffer each, at offsets MI_* and MD_*. */
typedef struct {
  __global const double* d;
  __global const int* i;
} Model;

/**
 * One world's Data: its double and int fields, at offsets DD_* and DI_* of this world's slice, and the record the
 * PGS keeps of its sweeps for the reverse PGS (Data.pgsRecord: the world's DataBar.pgsHistory while the adjoint
 * recomputes a step, else none).
 */
typedef struct {
  __global double* d;
  __global int* i;
  __global double* rec;
} Data;

/** One world's DataBar (the adjoint's workspace): its double and int fields at offsets BD_* and BI_*. */
typedef struct {
  __global double* d;
  __global int* i;
} DataBar;

#define MI_ARRAY(s_, f) ((s_)->i + MI_##f)
#define MD_ARRAY(s_, f) ((s_)->d + MD_##f)
#define DD_ARRAY(s_, f) ((s_)->d + DD_##f)
#define DI_ARRAY(s_, f) ((s_)->i + DI_##f)
#define DD_SCALAR(s_, f) ((s_)->d[DD_##f])
#define DI_SCALAR(s_, f) ((s_)->i[DI_##f])
#define BD_ARRAY(s_, f) ((s_)->d + BD_##f)
#define BI_ARRAY(s_, f) ((s_)->i + BI_##f)
#define BD_SCALAR(s_, f) ((s_)->d[BD_##f])
#define BI_SCALAR(s_, f) ((s_)->i[BI_##f])
#define DI_ERROR(s_) ((s_)->i[DI_error])
#define DI_SET_ERROR(s_) ((s_)->i[DI_error] = 1)

/** System.arraycopy: as if through a temporary, so overlapping ranges copy correctly. */
void copy_d(__global double* dst, __global const double* src, int n) {
  if (dst < src) {
    for (int k = 0; k < n; k++) dst[k] = src[k];
  } else {
    for (int k = n - 1; k >= 0; k--) dst[k] = src[k];
  }
}

void copy_i(__global int* dst, __global const int* src, int n) {
  if (dst < src) {
    for (int k = 0; k < n; k++) dst[k] = src[k];
  } else {
    for (int k = n - 1; k >= 0; k--) dst[k] = src[k];
  }
}

void fill_d(__global double* a, int n, double v) {
  for (int k = 0; k < n; k++) a[k] = v;
}

void fill_i(__global int* a, int n, int v) {
  for (int k = 0; k < n; k++) a[k] = v;
}

/** Math.min and Math.max on doubles: NaN wins, and -0.0 is below 0.0 (fmin and fmax differ on both). */
double jmin(double a, double b) {
  if (a != a) return a;
  if (b != b) return b;
  if (a == 0.0 && b == 0.0) return signbit(a) ? a : b;
  return a <= b ? a : b;
}

double jmax(double a, double b) {
  if (a != a) return a;
  if (b != b) return b;
  if (a == 0.0 && b == 0.0) return signbit(a) ? b : a;
  return a >= b ? a : b;
}

/** Math.signum. */
double jsignum(double x) {
  return x > 0 ? 1.0 : x < 0 ? -1.0 : x;
}
