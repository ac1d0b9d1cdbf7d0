/* mjprobe: print what MuJoCo's compiler made of an MJCF file, and optionally one
 * forward evaluation or a few steps. Used to establish the facts in
 * mujoco-222-semantics.md.
 *
 *   mjprobe model.xml [qpos=a,b,..] [qvel=..] [ctrl=..] [nocontact] [step=N] [key=K]
 *
 * Build (from datasets/reference): gcc -O2 -o bin/mjprobe probes/mjprobe.c -lmujoco -lm
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <mujoco/mujoco.h>

static void pv(const char* name, const mjtNum* v, int n) {
  printf("%s", name);
  for (int i = 0; i < n; i++) printf(" %.10g", v[i]);
  printf("\n");
}

static int parse_list(const char* s, mjtNum* out, int max) {
  int n = 0;
  while (*s && n < max) {
    char* end;
    out[n++] = strtod(s, &end);
    if (*end == ',') end++;
    if (end == s) break;
    s = end;
  }
  return n;
}

int main(int argc, char** argv) {
  if (argc < 2) { fprintf(stderr, "usage: mjprobe model.xml [qpos=..] [qvel=..] [ctrl=..] [nocontact] [step=N] [key=K]\n"); return 2; }
  char err[1000] = "";
  mjModel* m = mj_loadXML(argv[1], NULL, err, sizeof(err));
  if (!m) { printf("LOAD ERROR: %s\n", err); return 1; }
  if (err[0]) printf("LOAD WARNING: %s\n", err);
  mjData* d = mj_makeData(m);
  int nstep = 0, key = -1, forward = 0;
  for (int a = 2; a < argc; a++) {
    if (!strncmp(argv[a], "key=", 4)) { key = atoi(argv[a] + 4); mj_resetDataKeyframe(m, d, key); forward = 1; }
  }
  for (int a = 2; a < argc; a++) {
    if (!strncmp(argv[a], "qpos=", 5)) { parse_list(argv[a] + 5, d->qpos, m->nq); forward = 1; }
    else if (!strncmp(argv[a], "qvel=", 5)) { parse_list(argv[a] + 5, d->qvel, m->nv); forward = 1; }
    else if (!strncmp(argv[a], "ctrl=", 5)) { parse_list(argv[a] + 5, d->ctrl, m->nu); forward = 1; }
    else if (!strcmp(argv[a], "nocontact")) m->opt.disableflags |= mjDSBL_CONTACT;
    else if (!strcmp(argv[a], "forward")) forward = 1;
    else if (!strncmp(argv[a], "step=", 5)) nstep = atoi(argv[a] + 5);
  }
  printf("nq %d nv %d nu %d nbody %d njnt %d ngeom %d nkey %d\n", m->nq, m->nv, m->nu, m->nbody, m->njnt, m->ngeom, m->nkey);
  printf("timestep %.10g integrator %d gravity %g %g %g\n", m->opt.timestep, m->opt.integrator,
         m->opt.gravity[0], m->opt.gravity[1], m->opt.gravity[2]);
  pv("qpos0", m->qpos0, m->nq);
  pv("qpos_spring", m->qpos_spring, m->nq);
  for (int b = 0; b < m->nbody; b++) {
    printf("body %d '%s' parent %d jnt %d(+%d) dof %d(+%d)\n", b, mj_id2name(m, mjOBJ_BODY, b), m->body_parentid[b],
           m->body_jntadr[b], m->body_jntnum[b], m->body_dofadr[b], m->body_dofnum[b]);
    pv("  pos", m->body_pos + 3*b, 3);  pv("  quat", m->body_quat + 4*b, 4);
    printf("  mass %.12g\n", m->body_mass[b]);
    pv("  ipos", m->body_ipos + 3*b, 3); pv("  iquat", m->body_iquat + 4*b, 4);
    pv("  inertia", m->body_inertia + 3*b, 3);
  }
  for (int j = 0; j < m->njnt; j++) {
    printf("joint %d '%s' type %d body %d qposadr %d dofadr %d limited %d\n", j, mj_id2name(m, mjOBJ_JOINT, j),
           m->jnt_type[j], m->jnt_bodyid[j], m->jnt_qposadr[j], m->jnt_dofadr[j], m->jnt_limited[j]);
    pv("  pos", m->jnt_pos + 3*j, 3); pv("  axis", m->jnt_axis + 3*j, 3);
    pv("  range", m->jnt_range + 2*j, 2);
    printf("  stiffness %.10g\n", m->jnt_stiffness[j]);
  }
  for (int i = 0; i < m->nv; i++)
    printf("dof %d body %d jnt %d parent %d damping %.10g armature %.10g\n", i, m->dof_bodyid[i], m->dof_jntid[i],
           m->dof_parentid[i], m->dof_damping[i], m->dof_armature[i]);
  for (int g = 0; g < m->ngeom; g++) {
    printf("geom %d '%s' type %d body %d contype %d conaff %d condim %d\n", g, mj_id2name(m, mjOBJ_GEOM, g),
           m->geom_type[g], m->geom_bodyid[g], m->geom_contype[g], m->geom_conaffinity[g], m->geom_condim[g]);
    pv("  size", m->geom_size + 3*g, 3); pv("  pos", m->geom_pos + 3*g, 3); pv("  quat", m->geom_quat + 4*g, 4);
    pv("  friction", m->geom_friction + 3*g, 3);
  }
  for (int u = 0; u < m->nu; u++) {
    printf("actuator %d '%s' trntype %d trnid %d dyn %d gain %d bias %d ctrllimited %d forcelimited %d\n", u,
           mj_id2name(m, mjOBJ_ACTUATOR, u), m->actuator_trntype[u], m->actuator_trnid[2*u], m->actuator_dyntype[u],
           m->actuator_gaintype[u], m->actuator_biastype[u], m->actuator_ctrllimited[u], m->actuator_forcelimited[u]);
    pv("  gear", m->actuator_gear + 6*u, 6);
    pv("  ctrlrange", m->actuator_ctrlrange + 2*u, 2); pv("  forcerange", m->actuator_forcerange + 2*u, 2);
    pv("  gainprm", m->actuator_gainprm + mjNGAIN*u, 3); pv("  biasprm", m->actuator_biasprm + mjNBIAS*u, 3);
  }
  for (int k = 0; k < m->nkey; k++) {
    printf("key %d '%s'\n", k, mj_id2name(m, mjOBJ_KEY, k));
    pv("  qpos", m->key_qpos + m->nq*k, m->nq); pv("  qvel", m->key_qvel + m->nv*k, m->nv);
    pv("  ctrl", m->key_ctrl + m->nu*k, m->nu);
  }
  if (forward) {
    mj_forward(m, d);
    printf("--- forward\n");
    pv("qpos", d->qpos, m->nq); pv("qvel", d->qvel, m->nv); pv("ctrl", d->ctrl, m->nu);
    pv("qacc", d->qacc, m->nv);
    pv("qfrc_bias", d->qfrc_bias, m->nv); pv("qfrc_passive", d->qfrc_passive, m->nv);
    pv("qfrc_actuator", d->qfrc_actuator, m->nv); pv("actuator_force", d->actuator_force, m->nu);
    pv("qfrc_constraint", d->qfrc_constraint, m->nv);
    mjtNum* M = (mjtNum*)malloc(sizeof(mjtNum) * m->nv * m->nv);
    mj_fullM(m, M, d->qM);
    for (int r = 0; r < m->nv; r++) { char nm[16]; snprintf(nm, 16, "M[%d]", r); pv(nm, M + r*m->nv, m->nv); }
    free(M);
    for (int b = 1; b < m->nbody; b++) {
      printf("xpos %d", b); for (int i = 0; i < 3; i++) printf(" %.10g", d->xpos[3*b+i]);
      printf("  xquat"); for (int i = 0; i < 4; i++) printf(" %.10g", d->xquat[4*b+i]);
      printf("  xipos"); for (int i = 0; i < 3; i++) printf(" %.10g", d->xipos[3*b+i]);
      printf("\n");
    }
    printf("ncon %d\n", d->ncon);
  }
  for (int s = 0; s < nstep; s++) mj_step(m, d);
  if (nstep) {
    printf("--- after %d steps (t=%g)\n", nstep, d->time);
    pv("qpos", d->qpos, m->nq); pv("qvel", d->qvel, m->nv); pv("qacc", d->qacc, m->nv);
    printf("ncon %d\n", d->ncon);
  }
  mj_deleteData(d); mj_deleteModel(m);
  return 0;
}
