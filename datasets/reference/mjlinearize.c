/* mjlinearize: MuJoCo 2.2.2's mjd_transitionFD (A, B, C, D) at a state, as a reference for diffart's Transition.
 *
 *   mjlinearize MODEL.xml OUT.json [--key K] [--steps N] [--eps E] [--centered] [--no-contact] [--no-constraint]
 *               [--step-fd] [--sensors-only]
 *
 * Resets to keyframe K (default: qpos0 at rest), sets ctrl[i] = 0.3 sin(i + 1) within the control range, runs N
 * mj_step calls (default 10), then writes that state (qpos, qvel, act, ctrl) and mjd_transitionFD(m, d, E, centered)
 * (default E = 1e-6, forward differences): nx = 2 nv + na, A (nx×nx), B (nx×nu), C (ns×nx), D (ns×nu), row-major.
 * --no-contact disables contacts (MuJoCo's soft contacts and diffart's hard ones differ by design); --no-constraint
 * every constraint (joint and tendon limits, equalities and dry friction too). --step-fd also
 * writes A_step, B_step, C_step, D_step: differences of mj_step itself with the same E and scheme (the state perturbed
 * in the tangent space by mj_integratePos, the next configuration differenced by mj_differentiatePos), the truth that
 * mjd_transitionFD approximates (it returns D with the wrong sign and, on RK4 models, A and B off by up to 1.5e-3:
 * mujoco-222-semantics.md §30). --sensors-only leaves out A, B, A_step and B_step (large models). Numbers are printed
 * with %.17g.
 *
 * Build: see Makefile.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mujoco/mujoco.h>

static void put(FILE* f, const char* key, const double* v, int n, int last) {
  fprintf(f, "\"%s\": [", key);
  for (int i = 0; i < n; i++) fprintf(f, "%s%.17g", i ? ", " : "", v[i] == 0 ? 0 : v[i]);
  fprintf(f, "]%s\n", last ? "" : ",");
}

/* one mj_step from d0's state with tangent input j of (dq, dv, dact, du) moved by h; y = (q ⊖ q0, v, act) */
static void stepped(const mjModel* m, const mjData* d0, mjData* e, int j, double h, const double* q0, double* y) {
  int nv = m->nv, na = m->na;
  mj_copyData(e, m, d0);
  if (j < nv) {
    double* dq = calloc(nv, sizeof(double));
    dq[j] = 1;
    mj_integratePos(m, e->qpos, dq, h);
    free(dq);
  } else if (j < 2 * nv) {
    e->qvel[j - nv] += h;
  } else if (j < 2 * nv + na) {
    e->act[j - 2 * nv] += h;
  } else {
    e->ctrl[j - 2 * nv - na] += h;
  }
  mj_step(m, e);
  if (q0) {
    mj_differentiatePos(m, y, 1, q0, e->qpos);
    mju_copy(y + nv, e->qvel, nv);
    mju_copy(y + 2 * nv, e->act, na);
  }
}

/* differences of mj_step with mjd_transitionFD's scheme (forward, or central; a control perturbed past a limit of
 * its range differenced on the side that stays inside): A_step, B_step (unless sensorsOnly), C_step, D_step */
static void stepfd(FILE* f, const mjModel* m, const mjData* d, double eps, int centered, int sensorsOnly) {
  int nv = m->nv, nx = 2 * nv + m->na, nu = m->nu, ns = m->nsensordata;
  mjData* e = mj_makeData(m);
  double* q0 = calloc(m->nq, sizeof(double));
  double *y0 = calloc(nx + 1, sizeof(double)), *s0 = calloc(ns + 1, sizeof(double));
  double *yp = calloc(nx + 1, sizeof(double)), *ym = calloc(nx + 1, sizeof(double));
  double *sp = calloc(ns + 1, sizeof(double)), *sm = calloc(ns + 1, sizeof(double));
  double *AB = calloc((size_t)nx * (nx + nu) + 1, sizeof(double)), *CD = calloc((size_t)ns * (nx + nu) + 1, sizeof(double));
  stepped(m, d, e, 0, 0, NULL, NULL);
  mju_copy(q0, e->qpos, m->nq);
  mju_copy(y0 + nv, e->qvel, nv);
  mju_copy(y0 + 2 * nv, e->act, m->na);
  mju_copy(s0, e->sensordata, ns);
  for (int j = 0; j < nx + nu; j++) {
    double lo = -eps, hi = eps;
    int u = j - nx;
    if (u >= 0 && m->actuator_ctrllimited[u]) {
      if (d->ctrl[u] + eps > m->actuator_ctrlrange[2 * u + 1]) hi = 0;
      else if (d->ctrl[u] - eps < m->actuator_ctrlrange[2 * u]) lo = 0;
    }
    if (!centered && hi > 0) lo = 0;
    else if (!centered) hi = 0;
    if (hi != 0) { stepped(m, d, e, j, hi, q0, yp); mju_copy(sp, e->sensordata, ns); }
    else { mju_copy(yp, y0, nx); mju_copy(sp, s0, ns); }
    if (lo != 0) { stepped(m, d, e, j, lo, q0, ym); mju_copy(sm, e->sensordata, ns); }
    else { mju_copy(ym, y0, nx); mju_copy(sm, s0, ns); }
    for (int i = 0; i < nx; i++) AB[i * (nx + nu) + j] = (yp[i] - ym[i]) / (hi - lo);
    for (int i = 0; i < ns; i++) CD[i * (nx + nu) + j] = (sp[i] - sm[i]) / (hi - lo);
  }
  double *A = calloc((size_t)nx * nx + 1, sizeof(double)), *B = calloc((size_t)nx * nu + 1, sizeof(double));
  double *C = calloc((size_t)ns * nx + 1, sizeof(double)), *D = calloc((size_t)ns * nu + 1, sizeof(double));
  for (int i = 0; i < nx; i++) {
    mju_copy(A + i * nx, AB + i * (nx + nu), nx);
    mju_copy(B + i * nu, AB + i * (nx + nu) + nx, nu);
  }
  for (int i = 0; i < ns; i++) {
    mju_copy(C + i * nx, CD + i * (nx + nu), nx);
    mju_copy(D + i * nu, CD + i * (nx + nu) + nx, nu);
  }
  if (!sensorsOnly) {
    put(f, "A_step", A, nx * nx, 0);
    put(f, "B_step", B, nx * nu, 0);
  }
  put(f, "C_step", C, ns * nx, 0);
  put(f, "D_step", D, ns * nu, 0);
  free(A); free(B); free(C); free(D); free(AB); free(CD); free(y0); free(s0); free(yp); free(ym); free(sp); free(sm);
  free(q0);
  mj_deleteData(e);
}

int main(int argc, char** argv) {
  const char *in = NULL, *out = NULL;
  int key = -1, steps = 10, centered = 0, nocontact = 0, noconstraint = 0, stepFd = 0, sensorsOnly = 0;
  double eps = 1e-6;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--key") && i + 1 < argc) key = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--steps") && i + 1 < argc) steps = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--eps") && i + 1 < argc) eps = atof(argv[++i]);
    else if (!strcmp(argv[i], "--centered")) centered = 1;
    else if (!strcmp(argv[i], "--no-contact")) nocontact = 1;
    else if (!strcmp(argv[i], "--no-constraint")) noconstraint = 1;
    else if (!strcmp(argv[i], "--step-fd")) stepFd = 1;
    else if (!strcmp(argv[i], "--sensors-only")) sensorsOnly = 1;
    else if (!in) in = argv[i];
    else if (!out) out = argv[i];
  }
  if (!in || !out) {
    fprintf(stderr, "usage: mjlinearize MODEL.xml OUT.json [--key K] [--steps N] [--eps E] [--centered] [--no-contact]"
            " [--no-constraint] [--step-fd] [--sensors-only]\n");
    return 2;
  }
  char err[1000] = "";
  mjModel* m = mj_loadXML(in, NULL, err, sizeof(err));
  if (!m) { fprintf(stderr, "mjlinearize: cannot load %s: %s\n", in, err); return 1; }
  if (nocontact) m->opt.disableflags |= mjDSBL_CONTACT;
  if (noconstraint) m->opt.disableflags |= mjDSBL_CONSTRAINT;
  mjData* d = mj_makeData(m);
  if (key >= 0) mj_resetDataKeyframe(m, d, key);
  for (int i = 0; i < m->nu; i++) {
    double u = 0.3 * sin(i + 1.0);
    if (m->actuator_ctrllimited[i]) {
      u = fmin(fmax(u, m->actuator_ctrlrange[2 * i]), m->actuator_ctrlrange[2 * i + 1]);
    }
    d->ctrl[i] = u;
  }
  for (int s = 0; s < steps; s++) mj_step(m, d);
  int nx = 2 * m->nv + m->na, nu = m->nu, ns = m->nsensordata;
  double* A = calloc((size_t)nx * nx + 1, sizeof(double));
  double* B = calloc((size_t)nx * nu + 1, sizeof(double));
  double* C = calloc((size_t)ns * nx + 1, sizeof(double));
  double* D = calloc((size_t)ns * nu + 1, sizeof(double));
  FILE* f = fopen(out, "w");
  if (!f) { fprintf(stderr, "mjlinearize: cannot write %s\n", out); return 1; }
  const char* base = strrchr(in, '/');
  fprintf(f, "{\n\"model\": \"%s\",\n\"mujoco_version\": \"%s\",\n", base ? base + 1 : in, mj_versionString());
  fprintf(f, "\"generator\": \"datasets/reference/mjlinearize.c --key %d --steps %d --eps %g%s%s%s%s%s\",\n", key, steps,
          eps, centered ? " --centered" : "", nocontact ? " --no-contact" : "", noconstraint ? " --no-constraint" : "",
          stepFd ? " --step-fd" : "", sensorsOnly ? " --sensors-only" : "");
  fprintf(f, "\"eps\": %.17g,\n\"centered\": %s,\n\"contact\": %s,\n", eps, centered ? "true" : "false",
          nocontact || noconstraint ? "false" : "true");
  if (noconstraint) fputs("\"constraint\": false,\n", f);
  fprintf(f, "\"nx\": %d,\n\"nu\": %d,\n\"ns\": %d,\n", nx, nu, ns);
  put(f, "qpos", d->qpos, m->nq, 0);
  put(f, "qvel", d->qvel, m->nv, 0);
  put(f, "act", d->act, m->na, 0);
  put(f, "ctrl", d->ctrl, m->nu, 0);
  if (stepFd) stepfd(f, m, d, eps, centered, sensorsOnly);
  mjd_transitionFD(m, d, eps, (mjtByte)centered, A, B, C, D);
  if (!sensorsOnly) {
    put(f, "A", A, nx * nx, 0);
    put(f, "B", B, nx * nu, 0);
  }
  put(f, "C", C, ns * nx, 0);
  put(f, "D", D, ns * nu, 1);
  fputs("}\n", f);
  fclose(f);
  free(A); free(B); free(C); free(D);
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
