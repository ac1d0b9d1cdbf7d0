/* mjstab: step a model from qpos0, a keyframe, or every qpos set to one value, and report whether the
 * state stays finite (and MuJoCo raises no warning), the largest |qvel| and the total-energy drift.
 *   mjstab model.xml nstep [key|-1] [q_all]
 * Build (from datasets/reference): gcc -O2 -o bin/mjstab probes/mjstab.c -lmujoco -lm */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <mujoco/mujoco.h>
int main(int c, char**v){ char e[500]; mjModel*m=mj_loadXML(v[1],0,e,500); if(!m){puts(e);return 1;}
 m->opt.enableflags |= mjENBL_ENERGY;
 mjData*d=mj_makeData(m); int n=atoi(v[2]); int key=c>3?atoi(v[3]):-1; if(key>=0) mj_resetDataKeyframe(m,d,key);
 if(c>4) for(int i=0;i<m->nq;i++) d->qpos[i]=atof(v[4]);
 mj_forward(m,d); double E0=d->energy[0]+d->energy[1], Emax=0;
 double vmax=0; for(int s=0;s<n;s++){ mj_step(m,d); for(int w=0;w<mjNWARNING;w++) if(d->warning[w].number){printf("%s: warning %d at step %d\n",v[1],w,s);return 0;}
  for(int i=0;i<m->nv;i++){ if(!isfinite(d->qvel[i])){printf("%s: NaN at step %d\n",v[1],s);return 0;} if(fabs(d->qvel[i])>vmax)vmax=fabs(d->qvel[i]);}
  double E=d->energy[0]+d->energy[1]; if(fabs(E-E0)>Emax) Emax=fabs(E-E0);
  if(s+1==1000||s+1==3000||s+1==n) printf("  step %d max|qvel| %.4g  |E-E0|max %.4g (E0 %.4g)\n",s+1,vmax,Emax,E0);}
 printf("%s: finite for %d steps\n",v[1],n); return 0;}
