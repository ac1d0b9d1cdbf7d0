# MuJoCo 3.14.0 trajectories of a few Menagerie files, for notebook 10's plots of diffart beside MuJoCo: writes
# datasets/reference/menagerie314/rollouts.json, for each entry of RUNS every EVERY-th state of STEPS mj_steps from
# the file's keyframe (qpos, qvel), with the controls given: "held" keeps the keyframe's ctrl; "sine" adds
# AMP * sin(2 pi F t + k) to actuator k's keyframe control. Run from the repository root with the wheel's Python:
#   V/bin/python datasets/reference/probes/menagerie_rollouts_314.py
import json
import math
import os

import mujoco
import numpy as np

root = os.path.join(os.path.dirname(__file__), "..", "..", "models", "menagerie")
here = os.path.join(os.path.dirname(__file__), "..", "menagerie314")
STEPS, EVERY, AMP, F = 2000, 10, 0.4, 0.5
RUNS = [
    ("kuka_iiwa_14/iiwa14.xml", "home", "sine"),
    ("booster_t1/scene.xml", "home", "held"),
    ("google_barkour_vb/scene.xml", "home", "held"),
    ("skydio_x2/scene.xml", "hover", "held"),
]


def controls(m, key_ctrl, mode, t):
    if mode == "held":
        return key_ctrl
    u = key_ctrl + AMP * np.sin(2 * math.pi * F * t + np.arange(m.nu))
    lim = m.actuator_ctrllimited.astype(bool)
    return np.where(lim, np.clip(u, m.actuator_ctrlrange[:, 0], m.actuator_ctrlrange[:, 1]), u)


out = {"mujoco": mujoco.__version__, "steps": STEPS, "every": EVERY, "amp": AMP, "freq": F, "runs": []}
for file, key, mode in RUNS:
    m = mujoco.MjModel.from_xml_path(os.path.join(root, file))
    d = mujoco.MjData(m)
    k = mujoco.mj_name2id(m, mujoco.mjtObj.mjOBJ_KEY, key)
    mujoco.mj_resetDataKeyframe(m, d, k)
    key_ctrl = d.ctrl.copy()
    qpos, qvel, time = [d.qpos.tolist()], [d.qvel.tolist()], [d.time]
    for s in range(STEPS):
        d.ctrl[:] = controls(m, key_ctrl, mode, d.time)
        mujoco.mj_step(m, d)
        if (s + 1) % EVERY == 0:
            qpos.append(d.qpos.tolist())
            qvel.append(d.qvel.tolist())
            time.append(d.time)
    assert np.all(np.isfinite(d.qpos)) and not d.warning.number.any(), file
    out["runs"].append({"file": file, "key": key, "ctrl": mode, "integrator": int(m.opt.integrator),
                        "time": time, "qpos": qpos, "qvel": qvel})
    print(file, "final qpos[:3]", np.round(d.qpos[:3], 4))
with open(os.path.join(here, "rollouts.json"), "w") as f:
    json.dump(out, f)
    f.write("\n")
