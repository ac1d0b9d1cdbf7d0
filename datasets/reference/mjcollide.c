/* mjcollide: reference contacts from MuJoCo 2.2.2's mj_collision for diffart's narrow phase.
 *
 *   mjcollide MODEL.xml OUT.json [--cases K] [--seed S] [--tilt DEG]
 *
 * Draws K deterministic pseudo-random configurations of the model's free bodies (position qpos0 + U(-0.05, 0.05)
 * in x and y, qpos0 + U(-0.1, 0.02) in z; a uniformly random orientation), keeps those with at least one contact,
 * With --tilt the bodies keep their qpos0 orientation turned by an angle U(0, DEG) about a uniformly random axis,
 * and z is qpos0 + U(-0.01, 0.005): resting stacks, nearly level.
 * calls mj_forward (contacts enabled, with the model's margins and gaps) and writes each configuration's contacts:
 *   cases: [{qpos, contacts: [{geom1, geom2, dist, pos, normal}], actuator_moment (models with actuators)}]
 * Models with actuators have every control at the top of its range (1 where unlimited) and record MuJoCo's
 * actuator_moment (nu x nv, row-major): an adhesion actuator's moment arms come from the contacts.
 * with MuJoCo's conventions: the normal (frame row 0) points from geom1 to geom2, dist < 0 in penetration, pos
 * midway between the surfaces. Numbers are printed with %.17g (exact doubles).
 *
 * Build: see datasets/reference/Makefile.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mujoco/mujoco.h>

static uint64_t rng_state;
static double urand(void) {  /* splitmix64 -> [0, 1) */
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  z ^= z >> 31;
  return (double)(z >> 11) * (1.0 / 9007199254740992.0);
}
static double uni(double lo, double hi) { return lo + (hi - lo) * urand(); }
static void die(const char* msg) { fprintf(stderr, "mjcollide: %s\n", msg); exit(1); }
static void put_vec(FILE* f, const char* key, const double* v, int n) {
  fprintf(f, "\"%s\": [", key);
  for (int i = 0; i < n; i++) {
    double x = v[i] == 0 ? 0 : v[i];
    if (!isfinite(x)) die("non-finite number");
    fprintf(f, "%s%.17g", i ? ", " : "", x);
  }
  fputs("]", f);
}

int main(int argc, char** argv) {
  const char *in = NULL, *out = NULL;
  int ncase = 20;
  uint64_t seed = 1;
  double tilt = -1;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--cases") && i + 1 < argc) ncase = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 10);
    else if (!strcmp(argv[i], "--tilt") && i + 1 < argc) tilt = atof(argv[++i]);
    else if (!in) in = argv[i];
    else if (!out) out = argv[i];
  }
  if (!in || !out || ncase < 1) { fprintf(stderr, "usage: mjcollide MODEL.xml OUT.json [--cases K] [--seed S] [--tilt DEG]\n"); return 2; }
  char err[1000] = "";
  mjModel* m = mj_loadXML(in, NULL, err, sizeof(err));
  if (!m) { fprintf(stderr, "mjcollide: cannot load %s: %s\n", in, err); return 1; }
  mjData* d = mj_makeData(m);
  mjtNum* qraw = (mjtNum*)malloc(sizeof(mjtNum) * m->nq);
  rng_state = seed;
  FILE* f = fopen(out, "w");
  if (!f) die("cannot open output file");
  const char* base = strrchr(in, '/');
  fprintf(f, "{\n\"model\": \"%s\",\n\"mujoco_version\": \"%s\",\n", base ? base + 1 : in, mj_versionString());
  fprintf(f, "\"generator\": \"datasets/reference/mjcollide.c --cases %d --seed %llu", ncase, (unsigned long long)seed);
  if (tilt >= 0) fprintf(f, " --tilt %g", tilt);
  fputs("\",\n\"cases\": [\n", f);
  for (int c = 0; c < ncase; c++) {
    for (int tries = 0;; tries++) {
      if (tries > 1000) die("no configuration with contacts");
      mju_copy(d->qpos, m->qpos0, m->nq);
      for (int j = 0; j < m->njnt; j++) {
        if (m->jnt_type[j] != mjJNT_FREE) continue;
        double* q = d->qpos + m->jnt_qposadr[j];
        q[0] += uni(-0.05, 0.05);
        q[1] += uni(-0.05, 0.05);
        if (tilt >= 0) {
          q[2] += uni(-0.01, 0.005);
          /* qpos0's orientation turned by U(0, tilt) degrees about a uniformly random axis */
          double z = uni(-1, 1), phi = 2 * M_PI * urand(), a = uni(0, tilt) * M_PI / 180, r = sqrt(1 - z * z);
          double turn[4] = {cos(a / 2), sin(a / 2) * r * cos(phi), sin(a / 2) * r * sin(phi), sin(a / 2) * z};
          double q0[4] = {q[3], q[4], q[5], q[6]};
          mju_mulQuat(q + 3, q0, turn);
          continue;
        }
        q[2] += uni(-0.1, 0.02);
        /* a uniformly random unit quaternion (Shoemake) */
        double u1 = urand(), u2 = 2 * M_PI * urand(), u3 = 2 * M_PI * urand();
        q[3] = sqrt(1 - u1) * sin(u2);
        q[4] = sqrt(1 - u1) * cos(u2);
        q[5] = sqrt(u1) * sin(u3);
        q[6] = sqrt(u1) * cos(u3);
      }
      mju_zero(d->qvel, m->nv);
      for (int a = 0; a < m->nu; a++) d->ctrl[a] = m->actuator_ctrllimited[a] ? m->actuator_ctrlrange[2 * a + 1] : 1;
      /* the pose as drawn: mj_forward normalises the quaternions in qpos in place, and a second normalisation of
         the printed values need not give the same bits */
      mju_copy(qraw, d->qpos, m->nq);
      mj_forward(m, d);
      if (d->ncon > 0) break;
    }
    fputs("  {", f);
    put_vec(f, "qpos", qraw, m->nq);
    fputs(",\n   \"contacts\": [", f);
    for (int i = 0; i < d->ncon; i++) {
      mjContact* k = d->contact + i;
      fprintf(f, "%s{\"geom1\": %d, \"geom2\": %d, \"dist\": %.17g, ", i ? ",\n     " : "", k->geom1, k->geom2,
              k->dist == 0 ? 0 : k->dist);
      put_vec(f, "pos", k->pos, 3);
      fputs(", ", f);
      put_vec(f, "normal", k->frame, 3);
      fputs("}", f);
    }
    fputs("]", f);
    if (m->nu > 0) {
      /* the actuators' moment arms (adhesion: from the contacts), with every control at the top of its range */
      fputs(",\n   ", f);
      put_vec(f, "actuator_moment", d->actuator_moment, m->nu * m->nv);
    }
    fprintf(f, "}%s\n", c + 1 < ncase ? "," : "");
  }
  fputs("]\n}\n", f);
  fclose(f);
  free(qraw);
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
