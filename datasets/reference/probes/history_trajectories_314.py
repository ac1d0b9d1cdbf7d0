# Reference trajectories of MuJoCo 3.14.0 with delayed actuators and delayed, sub-sampled, interpolated sensors:
# for each model in datasets/reference/history314/*.xml, 1000 steps of a seeded random control sequence from
# mj_resetData, with qpos, qvel, act and sensordata after every 10th step and the history after the last one.
# Writes history314/<model>.json (the controls included, as exact decimal doubles). Run from the repository root
# with the wheel's Python (see the brief):
#   V/bin/python datasets/reference/probes/history_trajectories_314.py
import glob
import json
import os

import mujoco
import numpy as np

STEPS, EVERY = 1000, 10
here = os.path.join(os.path.dirname(__file__), "..", "history314")
for path in sorted(glob.glob(os.path.join(here, "*.xml"))):
    m = mujoco.MjModel.from_xml_path(path)
    d = mujoco.MjData(m)
    rng = np.random.default_rng(20261202)
    lo, hi = m.actuator_ctrlrange[:, 0], m.actuator_ctrlrange[:, 1]
    ctrl = rng.uniform(lo, hi, size=(STEPS, m.nu))
    rows = []
    for t in range(STEPS):
        d.ctrl[:] = ctrl[t]
        mujoco.mj_step(m, d)
        if (t + 1) % EVERY == 0:
            rows.append({"step": t + 1, "time": float(d.time), "qpos": d.qpos.tolist(), "qvel": d.qvel.tolist(),
                         "act": d.act.tolist(), "sensordata": d.sensordata.tolist()})
    name = os.path.splitext(os.path.basename(path))[0]
    out = {"mujoco": mujoco.__version__, "model": os.path.basename(path), "steps": STEPS, "every": EVERY,
           "nhistory": int(m.nhistory), "ctrl": ctrl.tolist(), "states": rows,
           "history_end": d.history.tolist()}
    with open(os.path.join(here, name + ".json"), "w") as f:
        json.dump(out, f)
        f.write("\n")
    print("wrote", name + ".json", "nhistory", m.nhistory, "final qpos", np.round(d.qpos, 6))
