# The two initialisations of the history buffers, measured with MuJoCo 3.14.0 on history314/delayed_arm.xml from a
# non-zero start (qpos, and the first control already set): "zero" is mj_resetData's (values 0); "filled" writes
# the start's own values into every sample with mj_initCtrlHistory (the control) and mj_initSensorHistory (the
# sensors' current values at the start, phase = the time header mj_resetData set), keeping mj_resetData's
# timestamps. A buffered sensor's output is its buffer's read, so the current values come from mj_forward on the
# same model with the sensors' history attributes removed (and its controls' buffers filled alike).
# Then 300 steps of a seeded random control sequence, with qpos, qvel, actuator_force and sensordata after every
# step. Writes history314/init.json. Run from the repository root with the wheel's Python (see the brief):
#   V/bin/python datasets/reference/probes/history_init_314.py
import json
import os
import re

import mujoco
import numpy as np

STEPS = 300
QPOS0 = [0.3, -0.2, 0.1]
here = os.path.join(os.path.dirname(__file__), "..", "history314")
xml = open(os.path.join(here, "delayed_arm.xml")).read()
m = mujoco.MjModel.from_xml_string(xml)
sensors = xml[xml.index("<sensor>"):]
plain = mujoco.MjModel.from_xml_string(
    xml.replace(sensors, re.sub(r' (delay|interval|nsample|interp)="[^"]*"', "", sensors)))
rng = np.random.default_rng(20261203)
ctrl = rng.uniform(m.actuator_ctrlrange[:, 0], m.actuator_ctrlrange[:, 1], size=(STEPS, m.nu))


def fill_controls(model, d):
    for a in range(model.nu):
        n = model.actuator_history[a, 0]
        if n > 0:
            mujoco.mj_initCtrlHistory(model, d, a, None, np.full((n, 1), d.ctrl[a]))


def start(filled):
    d = mujoco.MjData(m)
    d.qpos[:] = QPOS0
    d.ctrl[:] = ctrl[0]
    if filled:
        fill_controls(m, d)
        now = mujoco.MjData(plain)
        now.qpos[:] = QPOS0
        now.ctrl[:] = ctrl[0]
        fill_controls(plain, now)
        mujoco.mj_forward(plain, now)
        for s in range(m.nsensor):
            n = m.sensor_history[s, 0]
            if n > 0:
                adr, dim = m.sensor_adr[s], m.sensor_dim[s]
                value = np.tile(now.sensordata[adr:adr + dim], (n, 1))
                header = d.history[m.sensor_historyadr[s]]
                mujoco.mj_initSensorHistory(m, d, s, None, np.ascontiguousarray(value), header)
    return d


out = {"mujoco": mujoco.__version__, "model": "delayed_arm.xml", "qpos0": QPOS0, "steps": STEPS,
       "ctrl": ctrl.tolist()}
for name in ("zero", "filled"):
    d = start(name == "filled")
    history0 = d.history.tolist()
    rows = []
    for t in range(STEPS):
        d.ctrl[:] = ctrl[t]
        mujoco.mj_step(m, d)
        rows.append({"qpos": d.qpos.tolist(), "qvel": d.qvel.tolist(),
                     "actuator_force": d.actuator_force.tolist(), "sensordata": d.sensordata.tolist()})
    out[name] = {"history0": history0, "states": rows}
    print(name, "final qpos", np.round(d.qpos, 6))
with open(os.path.join(here, "init.json"), "w") as f:
    json.dump(out, f)
    f.write("\n")
print("wrote init.json")
