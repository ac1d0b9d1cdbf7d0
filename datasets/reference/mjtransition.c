/* mjtransition: times MuJoCo 2.2.2's mjd_transitionFD beside diffart's TransitionBenchmark.
 *
 *   mjtransition MODEL.xml KEY WARMUP REPS
 *
 * Loads MODEL.xml, resets to keyframe KEY, runs WARMUP mj_step calls, warms up for two seconds, then times REPS calls
 * of mjd_transitionFD(m, d, 1e-6, centered, A, B, NULL, NULL) for forward and centred differences. Prints one JSON
 * line per variant: model, method, nv, ncon, ms_median, ms_min.
 *
 * Build: see Makefile (gcc -O2 -o bin/mjtransition mjtransition.c -lmujoco -lm).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <mujoco/mujoco.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

static int cmp(const void* a, const void* b) {
  double x = *(const double*)a, y = *(const double*)b;
  return x < y ? -1 : x > y;
}

int main(int argc, char** argv) {
  if (argc != 5) {
    fprintf(stderr, "usage: mjtransition MODEL.xml KEY WARMUP REPS\n");
    return 2;
  }
  char err[1000];
  mjModel* m = mj_loadXML(argv[1], NULL, err, sizeof err);
  if (!m) {
    fprintf(stderr, "mjtransition: %s\n", err);
    return 1;
  }
  mjData* d = mj_makeData(m);
  int k = mj_name2id(m, mjOBJ_KEY, argv[2]);
  if (k < 0) {
    fprintf(stderr, "mjtransition: no keyframe %s\n", argv[2]);
    return 1;
  }
  mj_resetDataKeyframe(m, d, k);
  for (int s = 0; s < atoi(argv[3]); s++) mj_step(m, d);
  int reps = atoi(argv[4]), nx = 2 * m->nv + m->na;
  mjtNum* A = malloc(sizeof(mjtNum) * nx * nx);
  mjtNum* B = malloc(sizeof(mjtNum) * nx * (m->nu ? m->nu : 1));
  double* ms = malloc(sizeof(double) * reps);
  mj_forward(m, d);
  for (int centered = 0; centered < 2; centered++) {
    double until = now() + 2;
    while (now() < until) mjd_transitionFD(m, d, 1e-6, centered, A, B, NULL, NULL);
    for (int r = 0; r < reps; r++) {
      double t0 = now();
      mjd_transitionFD(m, d, 1e-6, centered, A, B, NULL, NULL);
      ms[r] = 1e3 * (now() - t0);
    }
    qsort(ms, reps, sizeof(double), cmp);
    printf("{\"model\": \"%s\", \"method\": \"%s\", \"nv\": %d, \"ncon\": %d, \"ms_median\": %.4f, \"ms_min\": %.4f}\n",
           argv[1], centered ? "fd-centered" : "fd", m->nv, d->ncon, ms[reps / 2], ms[0]);
  }
  free(A);
  free(B);
  free(ms);
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
