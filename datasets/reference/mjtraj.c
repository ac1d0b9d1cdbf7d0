/* mjtraj: a reference trajectory from MuJoCo 2.2.2's mj_step.
 *
 *   mjtraj MODEL.xml OUT.json --steps N [--key NAME] [--every K] [--no-constraint]
 *
 * Loads MODEL.xml with its own options (--no-constraint: every constraint off, contacts, limits and equalities
 * included), resets to keyframe NAME (or qpos0 and zero velocity), and calls mj_step N times with the keyframe's
 * controls (zero without a keyframe). Writes one JSON object (numbers %.17g, exact doubles):
 *   model, mujoco_version, generator, timestep, integrator, nq, nv, steps, every, key,
 *   qpos0: initial qpos, qvel0: initial qvel,
 *   act0: initial act (models with activations),
 *   frames: [{step, time, qpos, qvel, act, sensordata}]   after every K-th step (and after step N); act only when
 *     na > 0; sensordata only when the model has sensors: what mj_step left there, the sensors of the state the
 *     step started from
 * diffart steps the same file from the same state and compares (sim: EulerDampingTest, ActuatorDynamicsTest,
 * SensorTrajectoryTest).
 *
 * Build: see Makefile (gcc -O2 -o bin/mjtraj mjtraj.c -lmujoco -lm).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mujoco/mujoco.h>

static void die(const char* msg) { fprintf(stderr, "mjtraj: %s\n", msg); exit(1); }

static void put_vec(FILE* f, const char* key, const double* v, int n) {
  fprintf(f, "\"%s\": [", key);
  for (int i = 0; i < n; i++) {
    double x = v[i] == 0 ? 0 : v[i];
    fprintf(f, "%s%.17g", i ? ", " : "", x);
  }
  fputs("]", f);
}

int main(int argc, char** argv) {
  if (argc < 5) die("usage: mjtraj MODEL.xml OUT.json --steps N [--key NAME] [--every K] [--no-constraint]");
  const char* key = NULL;
  int steps = -1, every = 1, noconstraint = 0;
  for (int i = 3; i < argc; i++) {
    if (!strcmp(argv[i], "--steps") && i + 1 < argc) steps = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--key") && i + 1 < argc) key = argv[++i];
    else if (!strcmp(argv[i], "--every") && i + 1 < argc) every = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--no-constraint")) noconstraint = 1;
    else die("unknown argument");
  }
  if (steps <= 0 || every <= 0) die("--steps and --every must be positive");
  char err[1000];
  mjModel* m = mj_loadXML(argv[1], NULL, err, sizeof err);
  if (!m) die(err);
  if (noconstraint) m->opt.disableflags |= mjDSBL_CONSTRAINT;
  mjData* d = mj_makeData(m);
  if (key) {
    int k = mj_name2id(m, mjOBJ_KEY, key);
    if (k < 0) die("no such keyframe");
    mj_resetDataKeyframe(m, d, k);
  }
  FILE* f = fopen(argv[2], "w");
  if (!f) die("cannot write the output file");
  fprintf(f, "{\"model\": \"%s\", \"mujoco_version\": \"%s\", \"generator\": \"mjtraj", m->names, mj_versionString());
  for (int i = 1; i < argc; i++) if (i != 2) fprintf(f, " %s", i == 1 ? strrchr(argv[i], '/') ? strrchr(argv[i], '/') + 1 : argv[i] : argv[i]);
  fprintf(f, "\",\n \"timestep\": %.17g, \"integrator\": %d, \"nq\": %d, \"nv\": %d, \"steps\": %d, \"every\": %d, \"key\": \"%s\",\n ",
          m->opt.timestep, m->opt.integrator, m->nq, m->nv, steps, every, key ? key : "");
  put_vec(f, "qpos0", d->qpos, m->nq);
  fputs(", ", f);
  put_vec(f, "qvel0", d->qvel, m->nv);
  if (m->na > 0) { fputs(", ", f); put_vec(f, "act0", d->act, m->na); }
  fputs(",\n \"frames\": [", f);
  int first = 1;
  for (int s = 1; s <= steps; s++) {
    mj_step(m, d);
    if (s % every && s != steps) continue;
    fprintf(f, "%s\n  {\"step\": %d, \"time\": %.17g, ", first ? "" : ",", s, d->time);
    put_vec(f, "qpos", d->qpos, m->nq);
    fputs(", ", f);
    put_vec(f, "qvel", d->qvel, m->nv);
    if (m->na > 0) { fputs(", ", f); put_vec(f, "act", d->act, m->na); }
    if (m->nsensordata > 0) { fputs(", ", f); put_vec(f, "sensordata", d->sensordata, m->nsensordata); }
    fputs("}", f);
    first = 0;
  }
  fputs("\n ]}\n", f);
  fclose(f);
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
