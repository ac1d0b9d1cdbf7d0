/* mjref: reference forward dynamics from MuJoCo 2.2.2 for diffart's MJCF loader and simulator.
 *
 *   mjref MODEL.xml OUT.json [--cases K] [--seed S] [--ctrl-outside]
 *
 * Loads MODEL.xml, disables contacts (m->opt.disableflags |= mjDSBL_CONTACT), draws K deterministic
 * pseudo-random states and calls mj_forward on each. Writes one JSON object (numbers printed with
 * %.17g, i.e. exact doubles):
 *   model, mujoco_version, generator, seed, disableflags, timestep, gravity, integrator,
 *   nq, nv, nu, nbody, qpos0,
 *   bodies: [{name, parent, mass, ipos, iquat, inertia}]      compiled inertia (what the loader must match)
 *   cases:  [{qpos, qvel, ctrl, act, act_dot and actuator_force (models with activations), qacc, qfrc_bias,
 *            qfrc_passive, qfrc_actuator, sensordata (models with sensors),
 *            energy (models with flag energy: potential and kinetic),
 *            M, xpos, xquat, residual}]
 * M is the dense row-major nv x nv mass matrix from mj_fullM; to keep files small it is written in every
 * case when nv <= 30, only in case 0 when nv <= 60, and never above (then "M": null). xpos/xquat (per body,
 * world frame, body 0 = world) are written when nbody <= 30. residual = max |M qacc - (qfrc_passive +
 * qfrc_actuator - qfrc_bias)|, a self-check of the file (qfrc_applied is zero).
 *
 * The state distribution (seeded splitmix64, so files are reproducible bit for bit):
 *   hinge  q = qpos0 + U(-0.5, 0.5)        slide q = qpos0 + U(-0.1, 0.1)
 *          for limited joints a value outside [lo + 5%, hi - 5%] of the range is redrawn
 *          uniformly inside [lo + 10%, hi - 10%]
 *   ball   q = qpos0 (x) exp(r), r a random rotation vector with |r| <= 0.6 (times 0.8 * range[1]
 *          / |r| if limited and larger)
 *   free   position = qpos0 + U(-0.2, 0.2)^3, quaternion = qpos0 (x) exp(r), |r| <= 0.6
 *   qvel   U(-1, 1) for every dof
 *   act    (models with activations, after ctrl) U(lo, hi) of actrange if actlimited, else U(-1, 1)
 *   ctrl   U(lo, hi) if ctrllimited, else U(-1, 1); with --ctrl-outside the LAST case sets every
 *          limited ctrl outside its range (alternately above hi and below lo by half the range width)
 *          so the file exercises the ctrlrange clamp (ctrl is written as given, unclamped).
 * A case in which any constraint other than a joint's dry friction or an equality is active (a joint or tendon limit;
 * contacts are disabled) is redrawn. Dry friction (frictionloss) and equality rows are always active: such cases also
 * record qacc_smooth, the acceleration without constraint forces, which is what compares across simulators (MuJoCo's
 * constraints are soft), and models with equality constraints record each case's equality rows as
 *   efc_equality: {pos: [..], J: [[nv], ..]}  (MuJoCo's efc_pos and dense efc_J of the mjCNSTR_EQUALITY rows)
 * Without frictionloss and equalities, qacc is therefore always the unconstrained forward dynamics M^-1 (tau - c).
 *
 * Build: see datasets/reference/Makefile (gcc -O2 -o bin/mjref mjref.c -lmujoco -lm).
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

static void die(const char* msg) { fprintf(stderr, "mjref: %s\n", msg); exit(1); }

static void put_num(FILE* f, double x) {
  if (!isfinite(x)) die("non-finite number in output");
  if (x == 0) x = 0;  /* no "-0" */
  fprintf(f, "%.17g", x);
}
static void put_vec(FILE* f, const char* key, const double* v, int n) {
  fprintf(f, "\"%s\": [", key);
  for (int i = 0; i < n; i++) { if (i) fputs(", ", f); put_num(f, v[i]); }
  fputs("]", f);
}

/* q = q (x) exp(r) with a random rotation vector r, |r| <= maxang */
static void perturb_quat(double* q, double maxang) {
  double axis[3] = {uni(-1, 1), uni(-1, 1), uni(-1, 1)};
  double n = mju_norm3(axis);
  if (n < 1e-6) { axis[0] = 1; axis[1] = 0; axis[2] = 0; n = 1; }
  double ang = uni(0, maxang), dq[4], res[4];
  dq[0] = cos(ang / 2);
  for (int i = 0; i < 3; i++) dq[1 + i] = sin(ang / 2) * axis[i] / n;
  mju_mulQuat(res, q, dq);
  mju_normalize4(res);
  mju_copy4(q, res);
}

static void draw_state(const mjModel* m, mjData* d, int outside) {
  mju_copy(d->qpos, m->qpos0, m->nq);
  for (int j = 0; j < m->njnt; j++) {
    int a = m->jnt_qposadr[j];
    double lo = m->jnt_range[2 * j], hi = m->jnt_range[2 * j + 1], w = hi - lo;
    switch (m->jnt_type[j]) {
      case mjJNT_FREE:
        for (int i = 0; i < 3; i++) d->qpos[a + i] += uni(-0.2, 0.2);
        perturb_quat(d->qpos + a + 3, 0.6);
        break;
      case mjJNT_BALL:
        perturb_quat(d->qpos + a, m->jnt_limited[j] ? fmin(0.6, 0.8 * hi) : 0.6);
        break;
      case mjJNT_SLIDE:
      case mjJNT_HINGE: {
        double amp = m->jnt_type[j] == mjJNT_HINGE ? 0.5 : 0.1;
        double q = d->qpos[a] + uni(-amp, amp);
        if (m->jnt_limited[j] && (q < lo + 0.05 * w || q > hi - 0.05 * w)) q = uni(lo + 0.1 * w, hi - 0.1 * w);
        d->qpos[a] = q;
        break;
      }
    }
  }
  for (int i = 0; i < m->nv; i++) d->qvel[i] = uni(-1, 1);
  for (int u = 0; u < m->nu; u++) {
    double lo = m->actuator_ctrlrange[2 * u], hi = m->actuator_ctrlrange[2 * u + 1];
    if (m->actuator_ctrllimited[u]) {
      d->ctrl[u] = uni(lo, hi);
      if (outside) d->ctrl[u] = (u % 2 == 0) ? hi + 0.5 * (hi - lo) : lo - 0.5 * (hi - lo);
    } else {
      d->ctrl[u] = uni(-1, 1);
    }
  }
  /* drawn after the controls, so that files of models without activations keep their states */
  for (int u = m->nu - m->na; u < m->nu; u++) {
    double lo = m->actuator_actrange[2 * u], hi = m->actuator_actrange[2 * u + 1];
    d->act[u - (m->nu - m->na)] = m->actuator_actlimited[u] ? uni(lo, hi) : uni(-1, 1);
  }
}

/* Whether every active constraint row is a joint's dry friction (frictionloss) or an equality: those rows are always
 * active, so states of models with them are kept, and their files also record qacc_smooth. */
static int only_always_active(const mjData* d) {
  for (int i = 0; i < d->nefc; i++) {
    if (d->efc_type[i] != mjCNSTR_FRICTION_DOF && d->efc_type[i] != mjCNSTR_EQUALITY) return 0;
  }
  return 1;
}

int main(int argc, char** argv) {
  const char *in = NULL, *out = NULL;
  int ncase = 5, outside = 0;
  uint64_t seed = 1;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--cases") && i + 1 < argc) ncase = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--seed") && i + 1 < argc) seed = strtoull(argv[++i], NULL, 10);
    else if (!strcmp(argv[i], "--ctrl-outside")) outside = 1;
    else if (!in) in = argv[i];
    else if (!out) out = argv[i];
    else { in = NULL; break; }
  }
  if (!in || !out || ncase < 1) {
    fprintf(stderr, "usage: mjref MODEL.xml OUT.json [--cases K] [--seed S] [--ctrl-outside]\n");
    return 2;
  }
  char err[1000] = "";
  mjModel* m = mj_loadXML(in, NULL, err, sizeof(err));
  if (!m) { fprintf(stderr, "mjref: cannot load %s: %s\n", in, err); return 1; }
  m->opt.disableflags |= mjDSBL_CONTACT;
  if (m->neq) m->opt.jacobian = mjJAC_DENSE;  /* efc_J is read densely */
  mjData* d = mj_makeData(m);
  rng_state = seed;

  FILE* f = fopen(out, "w");
  if (!f) die("cannot open output file");
  const char* base = strrchr(in, '/');
  base = base ? base + 1 : in;
  int nv = m->nv;
  int mcases = nv <= 30 ? ncase : (nv <= 60 ? 1 : 0);
  int withx = m->nbody <= 30;
  fprintf(f, "{\n\"model\": \"%s\",\n\"mujoco_version\": \"%s\",\n", base, mj_versionString());
  fprintf(f, "\"generator\": \"datasets/reference/mjref.c --cases %d --seed %llu%s\",\n", ncase,
          (unsigned long long)seed, outside ? " --ctrl-outside" : "");
  fprintf(f, "\"disableflags\": [\"contact\"],\n\"timestep\": ");
  put_num(f, m->opt.timestep);
  fputs(",\n", f);
  put_vec(f, "gravity", m->opt.gravity, 3);
  fprintf(f, ",\n\"integrator\": %d,\n\"nq\": %d, \"nv\": %d, \"nu\": %d, \"nbody\": %d,\n", m->opt.integrator,
          m->nq, m->nv, m->nu, m->nbody);
  fprintf(f, "\"M_layout\": \"dense row-major nv x nv from mj_fullM; present in cases 0..%d\",\n", mcases - 1);
  put_vec(f, "qpos0", m->qpos0, m->nq);
  if (m->nu > 0) {
    /* the compiler's actuator constants: acc0 (mj_setConst) and the length ranges (mj_setLengthRange) */
    fputs(",\n", f); put_vec(f, "actuator_acc0", m->actuator_acc0, m->nu);
    fputs(",\n", f); put_vec(f, "actuator_lengthrange", m->actuator_lengthrange, 2 * m->nu);
  }
  fputs(",\n\"bodies\": [\n", f);
  for (int b = 0; b < m->nbody; b++) {
    const char* name = mj_id2name(m, mjOBJ_BODY, b);
    fprintf(f, "  {\"name\": \"%s\", \"parent\": %d, \"mass\": ", name ? name : "", m->body_parentid[b]);
    put_num(f, m->body_mass[b]);
    fputs(", ", f); put_vec(f, "ipos", m->body_ipos + 3 * b, 3);
    fputs(", ", f); put_vec(f, "iquat", m->body_iquat + 4 * b, 4);
    fputs(", ", f); put_vec(f, "inertia", m->body_inertia + 3 * b, 3);
    fprintf(f, "}%s\n", b + 1 < m->nbody ? "," : "");
  }
  fputs("],\n\"cases\": [\n", f);

  double* M = (double*)malloc(sizeof(double) * (nv > 0 ? nv * nv : 1));
  double* r = (double*)malloc(sizeof(double) * (nv > 0 ? nv : 1));
  for (int c = 0; c < ncase; c++) {
    int tries = 0;
    for (;;) {
      draw_state(m, d, outside && c == ncase - 1);
      double qp[1024];
      if (m->nq > 1024) die("nq > 1024");
      mju_copy(qp, d->qpos, m->nq);  /* mj_forward normalises quaternions in place; record the input */
      mj_forward(m, d);
      mju_copy(d->qpos, qp, m->nq);
      if (only_always_active(d)) break;
      if (++tries > 1000) die("could not draw a state without active constraints");
    }
    mj_fullM(m, M, d->qM);
    double res = 0;
    for (int i = 0; i < nv; i++) {
      double s = 0;
      for (int k = 0; k < nv; k++) s += M[i * nv + k] * d->qacc[k];
      r[i] = s - (d->qfrc_passive[i] + d->qfrc_actuator[i] - d->qfrc_bias[i] + d->qfrc_constraint[i]);
      res = fmax(res, fabs(r[i]));
      for (int k = 0; k < i; k++)
        if (M[i * nv + k] != M[k * nv + i]) die("mj_fullM is not symmetric");
    }
    fputs("  {", f);
    put_vec(f, "qpos", d->qpos, m->nq); fputs(",\n   ", f);
    put_vec(f, "qvel", d->qvel, nv); fputs(",\n   ", f);
    put_vec(f, "ctrl", d->ctrl, m->nu); fputs(",\n   ", f);
    if (m->na > 0) {
      put_vec(f, "act", d->act, m->na); fputs(",\n   ", f);
      put_vec(f, "act_dot", d->act_dot, m->na); fputs(",\n   ", f);
      put_vec(f, "actuator_force", d->actuator_force, m->nu); fputs(",\n   ", f);
    }
    put_vec(f, "qacc", d->qacc, nv); fputs(",\n   ", f);
    if (d->nefc > 0) { put_vec(f, "qacc_smooth", d->qacc_smooth, nv); fputs(",\n   ", f); }
    put_vec(f, "qfrc_bias", d->qfrc_bias, nv); fputs(",\n   ", f);
    put_vec(f, "qfrc_passive", d->qfrc_passive, nv); fputs(",\n   ", f);
    put_vec(f, "qfrc_actuator", d->qfrc_actuator, nv); fputs(",\n   ", f);
    if (m->nsensordata > 0) { put_vec(f, "sensordata", d->sensordata, m->nsensordata); fputs(",\n   ", f); }
    if (mjENABLED(mjENBL_ENERGY)) { put_vec(f, "energy", d->energy, 2); fputs(",\n   ", f); }
    if (m->neq) {
      double pos[1024];
      int ne = 0;
      for (int i = 0; i < d->nefc; i++)
        if (d->efc_type[i] == mjCNSTR_EQUALITY) { if (ne >= 1024) die("too many equality rows"); pos[ne++] = d->efc_pos[i]; }
      fputs("\"efc_equality\": {", f);
      put_vec(f, "pos", pos, ne);
      fputs(", \"J\": [", f);
      for (int i = 0, r = 0; i < d->nefc; i++) {
        if (d->efc_type[i] != mjCNSTR_EQUALITY) continue;
        fputs(r++ ? ",\n     [" : "[", f);
        for (int k = 0; k < nv; k++) { if (k) fputs(", ", f); put_num(f, d->efc_J[i * nv + k]); }
        fputs("]", f);
      }
      fputs("]},\n   ", f);
    }
    if (c < mcases) {
      fputs("\"M\": [", f);
      for (int i = 0; i < nv; i++) {
        fputs(i ? ",\n     [" : "[", f);
        for (int k = 0; k < nv; k++) { if (k) fputs(", ", f); put_num(f, M[i * nv + k]); }
        fputs("]", f);
      }
      fputs("],\n   ", f);
    } else {
      fputs("\"M\": null,\n   ", f);
    }
    if (withx) {
      put_vec(f, "xpos", d->xpos, 3 * m->nbody); fputs(",\n   ", f);
      put_vec(f, "xquat", d->xquat, 4 * m->nbody); fputs(",\n   ", f);
    }
    fputs("\"residual\": ", f);
    put_num(f, res);
    fprintf(f, "}%s\n", c + 1 < ncase ? "," : "");
    double scale = 1;
    for (int i = 0; i < nv; i++) scale = fmax(scale, fabs(d->qfrc_bias[i]) + fabs(d->qfrc_actuator[i]) + fabs(d->qfrc_passive[i]));
    if (res > 1e-9 * scale) { fprintf(stderr, "mjref: case %d residual %g too large\n", c, res); return 1; }
  }
  fputs("]\n}\n", f);
  fclose(f);
  free(M); free(r);
  mj_deleteData(d);
  mj_deleteModel(m);
  return 0;
}
