// The adjoint's kernels: a checkpointing schedule (Checkpointing.backward) drives them from the host, one call per
// operation for every world at once, as it drives AdjointGradient on the CPU. A checkpoint slot holds what
// StateStore keeps: the fields Data marks @State, in order (the layout's STATE_FIELDS and STATE_WIDTH): time, qpos,
// qvel, act and, when the solver warm-starts, the warm-start impulses and their validity.
#define SAVE_SCALAR(f) s[o++] = DD_SCALAR(d, f);
#define SAVE_DOUBLES(f) for (int k = 0; k < DL_##f; k++) s[o++] = DD_ARRAY(d, f)[k];
#define SAVE_INTS(f) for (int k = 0; k < DL_##f; k++) s[o++] = DI_ARRAY(d, f)[k];
#define LOAD_SCALAR(f) DD_SCALAR(d, f) = s[o++];
#define LOAD_DOUBLES(f) for (int k = 0; k < DL_##f; k++) DD_ARRAY(d, f)[k] = s[o++];
#define LOAD_INTS(f) for (int k = 0; k < DL_##f; k++) DI_ARRAY(d, f)[k] = (int) s[o++];
#define CLEAR_INTS(f) for (int k = 0; k < DL_##f; k++) DI_ARRAY(d, f)[k] = 0;

void state_save(Data* d, __global double* s) {
  int o = 0;
  STATE_FIELDS(SAVE_SCALAR, SAVE_DOUBLES, SAVE_INTS)
}

void state_load(Data* d, __global const double* s) {
  int o = 0;
  STATE_FIELDS(LOAD_SCALAR, LOAD_DOUBLES, LOAD_INTS)
  STATE_CLEARED(CLEAR_INTS)
}

/** RolloutProblem.controlsAt: the controls of step t. */
void controls_at(Data* d, __global const double* controls, int t) {
  for (int a = 0; a < M_nu; a++) DD_ARRAY(d, ctrl)[a] = controls[t * M_nu + a];
}

#define WORLD \
  int w = get_global_id(0); \
  if (w >= worlds) return; \
  Model m = {md, mi}; \
  Data d = {dd + (long) w * DATA_DOUBLES, di + (long) w * DATA_INTS, 0};

/** The forward sweep: x_t kept in slot keep[t] (when not -1) before step t; stops at a failed step. */
__kernel void adj_forward(__global const double* md, __global const int* mi, __global double* dd, __global int* di,
                          __global double* store, int slots, __global const int* keep,
                          __global const double* controls, int steps, int worlds) {
  WORLD
  __global double* s = store + (long) w * slots * STATE_WIDTH;
  __global const double* u = controls + (long) w * steps * M_nu;
  for (int t = 0; t < steps && !DI_ERROR(&d); t++) {
    if (keep[t] >= 0) state_save(&d, s + keep[t] * STATE_WIDTH);
    controls_at(&d, u, t);
    Step_fixedStep(&m, &d);
  }
}

__kernel void adj_save(__global const double* md, __global const int* mi, __global double* dd, __global int* di,
                       __global double* store, int slots, int slot, int worlds) {
  WORLD
  state_save(&d, store + ((long) w * slots + slot) * STATE_WIDTH);
}

__kernel void adj_load(__global const double* md, __global const int* mi, __global double* dd, __global int* di,
                       __global double* store, int slots, int slot, int worlds) {
  WORLD
  state_load(&d, store + ((long) w * slots + slot) * STATE_WIDTH);
}

/** A recomputation: step t from the state in work. */
__kernel void adj_advance(__global const double* md, __global const int* mi, __global double* dd, __global int* di,
                          __global const double* controls, int t, int steps, int worlds) {
  WORLD
  if (DI_ERROR(&d)) return;
  controls_at(&d, controls + (long) w * steps * M_nu, t);
  Step_fixedStep(&m, &d);
}

/**
 * AdjointGradient.reverseStep without a running loss: step t's intermediates recomputed (the PGS recording its
 * sweeps), its adjoint, the controls' bars into ctrlGrad[t], and the state adjoint's norm into norms[t].
 */
__kernel void adj_reverse(__global const double* md, __global const int* mi, __global double* dd, __global int* di,
                          __global double* bd, __global int* bi, __global const double* controls,
                          __global double* ctrlGrad, __global double* norms, __global double* tangent, int t,
                          int steps, int worlds) {
  WORLD
  DataBar b = {bd + (long) w * BAR_DOUBLES, bi + (long) w * BAR_INTS};
  if (DI_ERROR(&d)) return;
  d.rec = BD_ARRAY(&b, pgsHistory);
  controls_at(&d, controls + (long) w * steps * M_nu, t);
  Step_dynamics(&m, &d);
  if (DI_ERROR(&d)) return;
  fill_d(BD_ARRAY(&b, ctrlBar), M_nu, 0);
  StepAdjoint_step_3(&m, &d, &b);
  if (DI_ERROR(&d)) return;
  for (int a = 0; a < M_nu; a++) ctrlGrad[((long) w * steps + t) * M_nu + a] = BD_ARRAY(&b, ctrlBar)[a];
  // AdjointGradient.stateNorm: |(q̄ in the tangent space, v̄)|, scaled so that it overflows only when an entry does
  __global double* tan = tangent + (long) w * M_nv;
  Configuration_tangentGradient(&m, DD_ARRAY(&d, qpos), BD_ARRAY(&b, qposBar), tan);
  double big = 0;
  for (int k = 0; k < M_nv; k++) big = jmax(big, fabs(tan[k]));
  for (int k = 0; k < M_nv; k++) big = jmax(big, fabs(BD_ARRAY(&b, qvelBar)[k]));
  double norm;
  if (!(big > 0) || isinf(big)) {
    norm = big == 0 ? 0 : big;
  } else {
    double s = 0;
    for (int k = 0; k < M_nv; k++) s += (tan[k] / big) * (tan[k] / big);
    for (int k = 0; k < M_nv; k++) s += (BD_ARRAY(&b, qvelBar)[k] / big) * (BD_ARRAY(&b, qvelBar)[k] / big);
    norm = big * sqrt(s);
  }
  norms[(long) w * (steps + 1) + t] = norm;
}
