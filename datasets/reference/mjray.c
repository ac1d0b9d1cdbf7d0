/* mjray: reference ray casts from MuJoCo 2.2.2's mj_ray for diffart's Ray (the rangefinder's ray).
 *
 *   mjray MODEL.xml OUT.json [--cases K] [--seed S] [--hfield N]
 *
 * Draws K deterministic pseudo-random configurations of the model's free bodies (position qpos0 + U(-0.2, 0.2) per
 * axis, a uniformly random unit orientation), calls mj_kinematics, and casts RAYS rays per configuration with
 * mj_ray(m, d, pnt, vec, NULL, 1, bodyexclude, &geomid), the rangefinder's call. Per configuration:
 *   0-3   origin uniform in a box around the scene, a uniformly random unit direction;
 *   4-9   origin in the box, unit direction towards a random geom's centre (jittered by U(-0.05, 0.05) per axis);
 *   10    origin at a random non-plane geom's centre (jittered by U(-0.01, 0.01)), random unit direction: a ray
 *         from inside, which hits where it leaves;
 *   11    as 4-9 but with the direction scaled by U(0.3, 3), so that the distance is in units of |vec|.
 * bodyexclude is -1, or with probability 1/4 a random body id (0, the world, skips the fixed geoms).
 * With --hfield N (default 0: none, the drawing above unchanged), N more rays follow per configuration, each aimed at a
 * random height-field geom, drawn in its frame (half-extents sx, sy, elevation e, base depth b; the top box is local
 * z in [0, e], the base box z in [-b, 0]) and mapped to the world; ray k of them, by k % 10:
 *   0-1   from above (z = e + U(0.05, 1)), unit direction towards a random point of the top box;
 *   2     straight down the local z axis from above the field, direction scaled by U(0.3, 3);
 *   3-4   from beside one of the four side walls (outside by U(0.05, 0.6), z in [-b, 1.2e]), unit direction towards a
 *         point just inside that wall, z in [0, e]: hits on the walls and the base box's sides;
 *   5     from below the base, unit direction towards a random point of the two boxes;
 *   6     grazing: from z in [0.2e, e] over the field, a near-horizontal unit direction (local z component in
 *         [-0.1, 0.03], exactly 0 when k % 20 == 6);
 *   7     from inside the top box (above or below the surface), a random unit direction;
 *   8     from inside the base box, a random unit direction;
 *   9     from inside the top box, a near-horizontal unit direction (local z component in [-0.2, 0.2]), out through
 *         the walls;
 * all with bodyexclude -1.
 * Writes
 *   cases: [{qpos, rays: [{pnt, vec, bodyexclude, dist, geomid}]}]
 * with qpos as mj_kinematics left it (quaternions normalised), dist -1 and geomid -1 for a miss. Numbers are printed
 * with %.17g (exact doubles).
 *
 * Build: see datasets/reference/Makefile.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mujoco/mujoco.h>

#define RAYS 12

/* the box origins are drawn from */
static const double LO[3] = {-1.5, -1.5, -0.3}, HI[3] = {2.5, 2.5, 1.5};

static uint64_t rng_state;
static double urand(void) {  /* splitmix64 -> [0, 1) */
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  z ^= z >> 31;
  return (double)(z >> 11) * (1.0 / 9007199254740992.0);
}
static double uni(double lo, double hi) { return lo + (hi - lo) * urand(); }
static void die(const char* msg) { fprintf(stderr, "mjray: %s\n", msg); exit(1); }
static void put_vec(FILE* f, const char* key, const double* v, int n) {
  fprintf(f, "\"%s\": [", key);
  for (int i = 0; i < n; i++) {
    double x = v[i] == 0 ? 0 : v[i];
    if (!isfinite(x)) die("non-finite number");
    fprintf(f, "%s%.17g", i ? ", " : "", x);
  }
  fputs("]", f);
}
/* a uniformly random unit vector */
static void unit_dir(double* v) {
  double z = uni(-1, 1), phi = 2 * M_PI * urand(), s = sqrt(1 - z * z);
  v[0] = s * cos(phi);
  v[1] = s * sin(phi);
  v[2] = z;
}
/* the unit vector from p towards geom g's centre, jittered by U(-j, j) per axis */
static void towards(const mjData* d, int g, const double* p, double j, double* v) {
  for (int i = 0; i < 3; i++) v[i] = d->geom_xpos[3 * g + i] + uni(-j, j) - p[i];
  if (mju_normalize3(v) < 1e-6) unit_dir(v);
}

/* the world point and vector of a point l and a vector lv given in geom g's frame */
static void to_world(const mjData* d, int g, const double* l, const double* lv, double* p, double* v) {
  const double* R = d->geom_xmat + 9 * g;
  for (int i = 0; i < 3; i++) {
    p[i] = d->geom_xpos[3 * g + i] + R[3 * i] * l[0] + R[3 * i + 1] * l[1] + R[3 * i + 2] * l[2];
    v[i] = R[3 * i] * lv[0] + R[3 * i + 1] * lv[1] + R[3 * i + 2] * lv[2];
  }
}
/* ray k of the --hfield rays against height-field geom g (see the header) */
static void hfield_ray(const mjModel* m, const mjData* d, int g, int k, double* pnt, double* vec) {
  const double* S = m->hfield_size + 4 * m->geom_dataid[g];
  double sx = S[0], sy = S[1], e = S[2], b = S[3];
  double l[3], t[3] = {0, 0, 0}, lv[3];
  int aim = 1;  /* lv = t - l, normalised */
  switch (k % 10) {
    case 0: case 1:
      l[0] = uni(-1.2, 1.2) * sx; l[1] = uni(-1.2, 1.2) * sy; l[2] = e + uni(0.05, 1);
      t[0] = uni(-sx, sx); t[1] = uni(-sy, sy); t[2] = uni(0, e);
      break;
    case 2: {
      double s = uni(0.3, 3);
      l[0] = uni(-sx, sx); l[1] = uni(-sy, sy); l[2] = e + uni(0.01, 0.5);
      lv[0] = 0; lv[1] = 0; lv[2] = -s;
      aim = 0;
      break;
    }
    case 3: case 4: {
      int w = (int)(urand() * 4), ax = w / 2, oth = 1 - ax;  /* walls -x, +x, -y, +y */
      double side = w % 2 ? 1 : -1, sn = ax ? sy : sx, so = ax ? sx : sy;
      l[ax] = side * (sn + uni(0.05, 0.6)); l[oth] = uni(-0.9, 0.9) * so; l[2] = uni(-b, 1.2 * e);
      t[ax] = side * sn * (1 - uni(0, 0.3)); t[oth] = uni(-0.9, 0.9) * so; t[2] = uni(0, e);
      break;
    }
    case 5:
      l[0] = uni(-1.1, 1.1) * sx; l[1] = uni(-1.1, 1.1) * sy; l[2] = -b - uni(0.05, 0.8);
      t[0] = uni(-sx, sx); t[1] = uni(-sy, sy); t[2] = uni(-b, e);
      break;
    case 6: case 9: {
      double phi = 2 * M_PI * urand();
      if (k % 10 == 6) {
        l[0] = uni(-sx, sx); l[1] = uni(-sy, sy); l[2] = uni(0.2, 1) * e;
        lv[2] = k % 20 == 6 ? 0 : uni(-0.1, 0.03);
      } else {
        l[0] = uni(-0.98, 0.98) * sx; l[1] = uni(-0.98, 0.98) * sy; l[2] = uni(0, e);
        lv[2] = uni(-0.2, 0.2);
      }
      lv[0] = cos(phi); lv[1] = sin(phi);
      mju_normalize3(lv);
      aim = 0;
      break;
    }
    case 7: case 8:
      l[0] = uni(-0.98, 0.98) * sx; l[1] = uni(-0.98, 0.98) * sy; l[2] = k % 10 == 7 ? uni(0, e) : uni(-b, 0);
      unit_dir(lv);
      aim = 0;
      break;
  }
  if (aim) {
    for (int i = 0; i < 3; i++) lv[i] = t[i] - l[i];
    if (mju_normalize3(lv) < 1e-6) unit_dir(lv);
  }
  to_world(d, g, l, lv, pnt, vec);
}

int main(int argc, char** argv) {
  const char *in = NULL, *out = NULL;
  int ncase = 40;
  uint64_t seed = 1;
  int nhray = 0;  /* --hfield: rays per configuration aimed at height fields */
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--cases") && i + 1 < argc) ncase = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 10);
    else if (!strcmp(argv[i], "--hfield") && i + 1 < argc) nhray = atoi(argv[++i]);
    else if (!in) in = argv[i];
    else if (!out) out = argv[i];
  }
  if (!in || !out || ncase < 1 || nhray < 0) {
    fprintf(stderr, "usage: mjray MODEL.xml OUT.json [--cases K] [--seed S] [--hfield N]\n");
    return 2;
  }
  char err[1000] = "";
  mjModel* m = mj_loadXML(in, NULL, err, sizeof(err));
  if (!m) { fprintf(stderr, "mjray: cannot load %s: %s\n", in, err); return 1; }
  if (m->ngeom < 1) die("the model has no geoms");
  int nsolid = 0;  /* non-plane geoms, for rays from inside */
  for (int g = 0; g < m->ngeom; g++) nsolid += m->geom_type[g] != mjGEOM_PLANE;
  if (nsolid < 1) die("the model has no geom but planes");
  int nhfield = 0;  /* height-field geoms, for the --hfield rays */
  for (int g = 0; g < m->ngeom; g++) nhfield += m->geom_type[g] == mjGEOM_HFIELD;
  if (nhray > 0 && nhfield < 1) die("--hfield: the model has no height-field geom");
  mjData* d = mj_makeData(m);
  rng_state = seed;
  FILE* f = fopen(out, "w");
  if (!f) die("cannot open output file");
  const char* base = strrchr(in, '/');
  fprintf(f, "{\n\"model\": \"%s\",\n\"mujoco_version\": \"%s\",\n", base ? base + 1 : in, mj_versionString());
  fprintf(f, "\"generator\": \"datasets/reference/mjray.c --cases %d --seed %llu", ncase, (unsigned long long)seed);
  if (nhray > 0) fprintf(f, " --hfield %d", nhray);
  fputs("\",\n\"cases\": [\n", f);
  int hits = 0, total = 0, hfhits = 0;
  for (int c = 0; c < ncase; c++) {
    mju_copy(d->qpos, m->qpos0, m->nq);
    for (int j = 0; j < m->njnt; j++) {
      if (m->jnt_type[j] != mjJNT_FREE) continue;
      double* q = d->qpos + m->jnt_qposadr[j];
      for (int i = 0; i < 3; i++) q[i] += uni(-0.2, 0.2);
      /* a uniformly random unit quaternion (Shoemake) */
      double u1 = urand(), u2 = 2 * M_PI * urand(), u3 = 2 * M_PI * urand();
      q[3] = sqrt(1 - u1) * sin(u2);
      q[4] = sqrt(1 - u1) * cos(u2);
      q[5] = sqrt(u1) * sin(u3);
      q[6] = sqrt(u1) * cos(u3);
    }
    /* normalises the quaternions in qpos in place: the qpos written is the one the poses come from */
    mj_kinematics(m, d);
    fputs("  {", f);
    put_vec(f, "qpos", d->qpos, m->nq);
    fputs(",\n   \"rays\": [", f);
    for (int k = 0; k < RAYS + nhray; k++) {
      double pnt[3], vec[3];
      if (k >= RAYS) {
        int g, n = (int)(urand() * nhfield);
        for (g = 0; g < m->ngeom; g++) {
          if (m->geom_type[g] == mjGEOM_HFIELD && n-- == 0) break;
        }
        hfield_ray(m, d, g, k - RAYS, pnt, vec);
      } else {
        for (int i = 0; i < 3; i++) pnt[i] = uni(LO[i], HI[i]);
      }
      if (k >= RAYS) {
        /* drawn above */
      } else if (k < 4) {
        unit_dir(vec);
      } else if (k < 10 || k == 11) {
        towards(d, (int)(urand() * m->ngeom), pnt, 0.05, vec);
        if (k == 11) {
          double s = uni(0.3, 3);
          for (int i = 0; i < 3; i++) vec[i] *= s;
        }
      } else {
        int g, n = (int)(urand() * nsolid);
        for (g = 0; g < m->ngeom; g++) {
          if (m->geom_type[g] != mjGEOM_PLANE && n-- == 0) break;
        }
        for (int i = 0; i < 3; i++) pnt[i] = d->geom_xpos[3 * g + i] + uni(-0.01, 0.01);
        unit_dir(vec);
      }
      int bodyexclude = k >= RAYS ? -1 : urand() < 0.25 ? (int)(urand() * m->nbody) : -1;
      int geomid = -1;
      double dist = mj_ray(m, d, pnt, vec, NULL, 1, bodyexclude, &geomid);
      hits += geomid >= 0;
      hfhits += geomid >= 0 && m->geom_type[geomid] == mjGEOM_HFIELD;
      total++;
      fputs(k ? ",\n     {" : "{", f);
      put_vec(f, "pnt", pnt, 3);
      fputs(", ", f);
      put_vec(f, "vec", vec, 3);
      fprintf(f, ", \"bodyexclude\": %d, \"dist\": %.17g, \"geomid\": %d}", bodyexclude, dist == 0 ? 0 : dist, geomid);
    }
    fprintf(f, "]}%s\n", c + 1 < ncase ? "," : "");
  }
  fputs("]\n}\n", f);
  fclose(f);
  if (nhfield > 0) {
    fprintf(stderr, "mjray: %s: %d of %d rays hit, %d of them a height field\n", in, hits, total, hfhits);
  } else {
    fprintf(stderr, "mjray: %s: %d of %d rays hit\n", in, hits, total);
  }
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
