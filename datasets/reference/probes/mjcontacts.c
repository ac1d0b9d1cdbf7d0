/* mjcontacts: list the contacts MuJoCo finds at the model pose (friction/condim mixing probe).
 * Build (from datasets/reference): gcc -O2 -o bin/mjcontacts probes/mjcontacts.c -lmujoco */
#include <stdio.h>
#include <mujoco/mujoco.h>
int main(int c, char**v){ char e[500]; if(c<2){fprintf(stderr,"usage: mjcontacts model.xml\n");return 2;} mjModel*m=mj_loadXML(v[1],0,e,500); if(!m){puts(e);return 1;}
 mjData*d=mj_makeData(m); mj_forward(m,d); for(int i=0;i<d->ncon;i++) printf("con %d geoms %d %d dist %g friction %g %g %g %g %g dim %d\n",i,d->contact[i].geom1,d->contact[i].geom2,d->contact[i].dist,
 d->contact[i].friction[0],d->contact[i].friction[1],d->contact[i].friction[2],d->contact[i].friction[3],d->contact[i].friction[4],d->contact[i].dim); return 0;}
