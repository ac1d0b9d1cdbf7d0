/* Deepest contact of an N-step rollout from mj_resetData (qpos0, at rest, zero controls): the penetration MuJoCo
 * 2.2.2 itself shows on a model, for judging another simulator's. Usage: mjdepth MODEL.xml N */
#include <mujoco/mujoco.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
  if (argc != 3) { fprintf(stderr, "usage: mjdepth MODEL.xml N\n"); return 2; }
  char err[1000] = "";
  mjModel* m = mj_loadXML(argv[1], NULL, err, sizeof(err));
  if (!m) { fprintf(stderr, "mjdepth: %s\n", err); return 1; }
  mjData* d = mj_makeData(m);
  int n = atoi(argv[2]), at = -1;
  double deepest = 0;
  for (int s = 0; s < n; s++) {
    mj_step(m, d);
    for (int c = 0; c < d->ncon; c++) {
      if (-d->contact[c].dist > deepest) { deepest = -d->contact[c].dist; at = s; }
    }
  }
  printf("{\"model\": \"%s\", \"steps\": %d, \"deepest_m\": %.6g, \"at_step\": %d}\n", argv[1], n, deepest, at);
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
