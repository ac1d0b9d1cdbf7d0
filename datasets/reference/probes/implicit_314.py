# MuJoCo 3.14.0's integrators implicit in velocity (implicit, implicitfast): trajectories of the models in
# datasets/reference/implicit314/*.xml (contact-free) from their keyframe "start", with seeded random controls, under
# both integrators; writes implicit314/<model>.json with, per integrator, every step's qpos, qvel and act, the
# controls, D's sparsity pattern, and how many actuator forces were clamped (their derivative left out). Run from the repository root with the wheel's
# Python (see the brief):
#   V/bin/python datasets/reference/probes/implicit_314.py
import glob
import json
import os

import mujoco
import numpy as np

STEPS = 400
here = os.path.join(os.path.dirname(__file__), "..", "implicit314")
INTEGRATORS = {"implicit": mujoco.mjtIntegrator.mjINT_IMPLICIT,
               "implicitfast": mujoco.mjtIntegrator.mjINT_IMPLICITFAST}


for path in sorted(glob.glob(os.path.join(here, "*.xml"))):
    name = os.path.splitext(os.path.basename(path))[0]
    out = {"mujoco": mujoco.__version__, "model": os.path.basename(path), "steps": STEPS, "runs": {}}
    for label, integ in INTEGRATORS.items():
        m = mujoco.MjModel.from_xml_path(path)
        m.opt.integrator = integ
        d = mujoco.MjData(m)
        mujoco.mj_resetDataKeyframe(m, d, 0)
        rng = np.random.default_rng(20261202)
        lim = m.actuator_ctrllimited.astype(bool)
        lo = np.where(lim, m.actuator_ctrlrange[:, 0], -1.0)
        hi = np.where(lim, m.actuator_ctrlrange[:, 1], 1.0)
        ctrl = rng.uniform(lo, hi, size=(STEPS, m.nu))
        # D's sparsity: which (row, column) pairs MuJoCo keeps
        pattern = [[int(m.D_colind[m.D_rowadr[i] + k]) for k in range(m.D_rownnz[i])] for i in range(m.nv)]
        rows = []
        clamped = 0
        for t in range(STEPS):
            d.ctrl[:] = ctrl[t]
            mujoco.mj_step(m, d)
            # no constraint row (limits and contacts) and stable
            assert d.nefc == 0 and not d.warning.number.any(), (path, label, t)
            for a in range(m.nu):
                r = m.actuator_forcerange[a]
                if m.actuator_forcelimited[a] and (d.actuator_force[a] <= r[0] or d.actuator_force[a] >= r[1]):
                    clamped += 1
            rows.append({"qpos": d.qpos.tolist(), "qvel": d.qvel.tolist(), "act": d.act.tolist(),
                         "qacc": d.qacc.tolist()})
        out["runs"][label] = {"ctrl": ctrl.tolist(), "states": rows, "D_pattern": pattern,
                              "steps_with_clamped_force": clamped}
        print(name, label, "final qvel", np.round(d.qvel, 6), "clamped", clamped)
    with open(os.path.join(here, name + ".json"), "w") as f:
        json.dump(out, f)
        f.write("\n")
