/* mjlinearize: MuJoCo 2.2.2's mjd_transitionFD (A, B, C, D) at a state, as a reference for diffart's Transition.
 *
 *   mjlinearize MODEL.xml OUT.json [--key K] [--steps N] [--eps E] [--centered] [--no-contact]
 *
 * Resets to keyframe K (default: qpos0 at rest), sets ctrl[i] = 0.3 sin(i + 1) within the control range, runs N
 * mj_step calls (default 10), then writes that state (qpos, qvel, act, ctrl) and mjd_transitionFD(m, d, E, centered)
 * (default E = 1e-6, forward differences): nx = 2 nv + na, A (nx×nx), B (nx×nu), C (ns×nx), D (ns×nu), row-major.
 * --no-contact disables contacts (MuJoCo's soft contacts and diffart's hard ones differ by design). Numbers are
 * printed with %.17g.
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

int main(int argc, char** argv) {
  const char *in = NULL, *out = NULL;
  int key = -1, steps = 10, centered = 0, nocontact = 0;
  double eps = 1e-6;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--key") && i + 1 < argc) key = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--steps") && i + 1 < argc) steps = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--eps") && i + 1 < argc) eps = atof(argv[++i]);
    else if (!strcmp(argv[i], "--centered")) centered = 1;
    else if (!strcmp(argv[i], "--no-contact")) nocontact = 1;
    else if (!in) in = argv[i];
    else if (!out) out = argv[i];
  }
  if (!in || !out) {
    fprintf(stderr, "usage: mjlinearize MODEL.xml OUT.json [--key K] [--steps N] [--eps E] [--centered] [--no-contact]\n");
    return 2;
  }
  char err[1000] = "";
  mjModel* m = mj_loadXML(in, NULL, err, sizeof(err));
  if (!m) { fprintf(stderr, "mjlinearize: cannot load %s: %s\n", in, err); return 1; }
  if (nocontact) m->opt.disableflags |= mjDSBL_CONTACT;
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
  fprintf(f, "\"generator\": \"datasets/reference/mjlinearize.c --key %d --steps %d --eps %g%s%s\",\n", key, steps, eps,
          centered ? " --centered" : "", nocontact ? " --no-contact" : "");
  fprintf(f, "\"eps\": %.17g,\n\"centered\": %s,\n\"contact\": %s,\n\"nx\": %d,\n\"nu\": %d,\n\"ns\": %d,\n", eps,
          centered ? "true" : "false", nocontact ? "false" : "true", nx, nu, ns);
  put(f, "qpos", d->qpos, m->nq, 0);
  put(f, "qvel", d->qvel, m->nv, 0);
  put(f, "act", d->act, m->na, 0);
  put(f, "ctrl", d->ctrl, m->nu, 0);
  mjd_transitionFD(m, d, eps, (mjtByte)centered, A, B, C, D);
  put(f, "A", A, nx * nx, 0);
  put(f, "B", B, nx * nu, 0);
  put(f, "C", C, ns * nx, 0);
  put(f, "D", D, ns * nu, 1);
  fputs("}\n", f);
  fclose(f);
  free(A); free(B); free(C); free(D);
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
