/* mjbench: time MuJoCo 2.2.2's mj_step (or mj_forward) on an MJCF model, for BENCHMARKS.md.
 *
 *   mjbench MODEL.xml NSTEP NREP [KEYNAME] [--warmup W] [--forward]
 *
 * 1. Load MODEL.xml. If KEYNAME is given: mj_resetDataKeyframe to that key and then copy the key's
 *    ctrl into d->ctrl by hand (done in any case; the output says whether the reset had already applied
 *    it: "key_ctrl_applied_by_reset").
 * 2. Run W warm-up mj_step calls (default 0) and save that state (mj_copyData) as the start state.
 * 3. NREP reps; each restarts from the saved state (the copy is not timed) and times NSTEP calls of
 *    mj_step (or, with --forward, of mj_forward on the unchanged start state) with CLOCK_MONOTONIC.
 * 4. Every rep checks that qpos, qvel, qacc stay finite and that MuJoCo raised no warning (2.2.2 silently
 *    resets the state when qacc blows up and only counts a warning); a failure prints
 *    "finite": false and exits with status 3, because a blown-up state times the wrong thing.
 * Prints one JSON line: µs per call (median, min, max over the reps), the contact count of the start
 * state and its mean over the timed steps, and the settings.
 *
 * Build: see datasets/reference/Makefile (gcc -O2 -o bin/mjbench mjbench.c -lmujoco -lm).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <mujoco/mujoco.h>

static double now_us(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e6 + t.tv_nsec * 1e-3;
}

static int state_ok(const mjModel* m, const mjData* d) {
  for (int i = 0; i < m->nq; i++) if (!isfinite(d->qpos[i])) return 0;
  for (int i = 0; i < m->nv; i++) if (!isfinite(d->qvel[i]) || !isfinite(d->qacc[i])) return 0;
  for (int w = 0; w < mjNWARNING; w++) if (d->warning[w].number) return 0;
  return 1;
}

static int cmp(const void* a, const void* b) {
  double x = *(const double*)a, y = *(const double*)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char** argv) {
  const char *file = NULL, *key = NULL;
  int nstep = -1, nrep = -1, warmup = 0, forward = 0, npos = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--warmup") && i + 1 < argc) warmup = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--forward")) forward = 1;
    else if (npos == 0) { file = argv[i]; npos++; }
    else if (npos == 1) { nstep = atoi(argv[i]); npos++; }
    else if (npos == 2) { nrep = atoi(argv[i]); npos++; }
    else if (npos == 3) { key = argv[i]; npos++; }
    else { npos = 99; }
  }
  if (npos < 3 || npos > 4 || nstep < 1 || nrep < 1 || warmup < 0) {
    fprintf(stderr, "usage: mjbench MODEL.xml NSTEP NREP [KEYNAME] [--warmup W] [--forward]\n");
    return 2;
  }
  char err[1000] = "";
  mjModel* m = mj_loadXML(file, NULL, err, sizeof(err));
  if (!m) { fprintf(stderr, "mjbench: cannot load %s: %s\n", file, err); return 1; }
  mjData* d = mj_makeData(m);
  int applied = -1;  /* -1: no key */
  if (key) {
    int k = mj_name2id(m, mjOBJ_KEY, key);
    if (k < 0) { fprintf(stderr, "mjbench: no keyframe named '%s'\n", key); return 1; }
    mj_resetDataKeyframe(m, d, k);
    applied = 1;
    for (int u = 0; u < m->nu; u++)
      if (d->ctrl[u] != m->key_ctrl[k * m->nu + u]) applied = 0;
    mju_copy(d->ctrl, m->key_ctrl + k * m->nu, m->nu);
  }
  for (int s = 0; s < warmup; s++) mj_step(m, d);
  mj_forward(m, d);
  if (!state_ok(m, d)) {
    printf("{\"model\": \"%s\", \"finite\": false, \"where\": \"warm-up\"}\n", file);
    return 3;
  }
  mjData* d0 = mj_copyData(NULL, m, d);
  int ncon0 = d0->ncon;
  double* t = (double*)malloc(sizeof(double) * nrep);
  double nconsum = 0;
  for (int r = 0; r < nrep; r++) {
    mj_copyData(d, m, d0);
    double t0 = now_us();
    if (forward) {
      for (int s = 0; s < nstep; s++) mj_forward(m, d);
    } else {
      for (int s = 0; s < nstep; s++) { mj_step(m, d); nconsum += d->ncon; }
    }
    t[r] = (now_us() - t0) / nstep;
    if (!state_ok(m, d)) {
      printf("{\"model\": \"%s\", \"finite\": false, \"where\": \"rep %d\"}\n", file, r);
      return 3;
    }
  }
  double tmin = t[0], tmax = t[0];
  for (int r = 1; r < nrep; r++) { tmin = fmin(tmin, t[r]); tmax = fmax(tmax, t[r]); }
  qsort(t, nrep, sizeof(double), cmp);
  double med = nrep % 2 ? t[nrep / 2] : 0.5 * (t[nrep / 2 - 1] + t[nrep / 2]);
  const char* base = strrchr(file, '/');
  base = base ? base + 1 : file;
  printf("{\"model\": \"%s\", \"mode\": \"%s\", \"mujoco\": \"%s\", \"nq\": %d, \"nv\": %d, \"nu\": %d, "
         "\"timestep\": %g, \"key\": %s%s%s, \"key_ctrl_applied_by_reset\": %s, \"warmup\": %d, "
         "\"nstep\": %d, \"nrep\": %d, \"us_median\": %.4g, \"us_min\": %.4g, \"us_max\": %.4g, "
         "\"ncon_start\": %d, \"ncon_mean\": %.3g, \"finite\": true}\n",
         base, forward ? "forward" : "step", mj_versionString(), m->nq, m->nv, m->nu, m->opt.timestep,
         key ? "\"" : "", key ? key : "null", key ? "\"" : "",
         applied < 0 ? "null" : (applied ? "true" : "false"), warmup, nstep, nrep, med, tmin, tmax, ncon0,
         forward ? (double)ncon0 : nconsum / ((double)nrep * nstep));
  free(t);
  mj_deleteData(d0);
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
