# MuJoCo 3.14.0's joint-level actuator force clamp (joint actuatorfrcrange, actuatorfrclimited): writes
# actfrc314/cases.json, small files (XML inline) with MuJoCo's error or the compiled jnt_actfrclimited, jnt_actfrcrange
# and qfrc_actuator after mj_forward at ctrl = 5 and -5; and actfrc314/actfrc_arm.json, 300 Euler steps of seeded
# random controls of actfrc_arm.xml, every state, with how often each joint's total force was clipped. Run from the
# repository root with the wheel's Python (see the brief):
#   V/bin/python datasets/reference/probes/actfrc_314.py
import json
import os

import mujoco
import numpy as np

here = os.path.join(os.path.dirname(__file__), "..", "actfrc314")
BASE = """<mujoco>%(pre)s<worldbody><body><joint name="j" type="%(type)s" %(attr)s/><geom size="0.1" mass="1"/>
<body pos="0 0 -0.5"><joint name="k" type="hinge" axis="0 1 0"/><geom size="0.1" mass="1"/></body></body></worldbody>
<actuator>%(act)s</actuator></mujoco>"""
MOTORS = '<motor joint="j" gear="3"/><motor joint="j"/><motor joint="k"/>'
CASES = {
    "hinge": dict(attr='actuatorfrcrange="-1 2"'),
    "slide": dict(type="slide", attr='actuatorfrcrange="-1 2"'),
    "limited_false": dict(attr='actuatorfrcrange="-1 2" actuatorfrclimited="false"'),
    "limited_true": dict(attr='actuatorfrcrange="-1 2" actuatorfrclimited="true"'),
    "limited_true_no_range": dict(attr='actuatorfrclimited="true"'),
    "reversed_auto": dict(attr='actuatorfrcrange="2 1"'),
    "reversed_true": dict(attr='actuatorfrcrange="2 1" actuatorfrclimited="true"'),
    "equal_auto": dict(attr='actuatorfrcrange="1 1"'),
    "ball": dict(type="ball", attr='actuatorfrcrange="-1 2"', act='<motor joint="k"/>'),
    "ball_true": dict(type="ball", attr='actuatorfrcrange="-1 2" actuatorfrclimited="true"',
                      act='<motor joint="k"/>'),
    "no_autolimits": dict(pre='<compiler autolimits="false"/>', attr='actuatorfrcrange="-1 2"'),
    "no_autolimits_true": dict(pre='<compiler autolimits="false"/>',
                               attr='actuatorfrcrange="-1 2" actuatorfrclimited="true"'),
    "default_class": dict(pre='<default><joint actuatorfrcrange="-1 2"/></default>', attr=''),
    "no_actuator": dict(attr='actuatorfrcrange="-1 2"', act=''),
}
cases = {}
for name, c in CASES.items():
    xml = BASE % dict(pre=c.get("pre", ""), type=c.get("type", "hinge"), attr=c["attr"], act=c.get("act", MOTORS))
    try:
        m = mujoco.MjModel.from_xml_string(xml)
    except Exception as e:
        cases[name] = {"xml": xml, "error": str(e)}
        continue
    out = {"xml": xml, "limited": m.jnt_actfrclimited.astype(int).tolist(), "range": m.jnt_actfrcrange.tolist()}
    for u in (5, -5):
        d = mujoco.MjData(m)
        d.ctrl[:] = u
        mujoco.mj_forward(m, d)
        out["qfrc_actuator_%d" % u] = d.qfrc_actuator.tolist()
    cases[name] = out
with open(os.path.join(here, "cases.json"), "w") as f:
    json.dump({"mujoco": mujoco.__version__, "cases": cases}, f, indent=1)
    f.write("\n")

STEPS = 300
m = mujoco.MjModel.from_xml_path(os.path.join(here, "actfrc_arm.xml"))
d = mujoco.MjData(m)
rng = np.random.default_rng(20261202)
ctrl = rng.uniform(m.actuator_ctrlrange[:, 0], m.actuator_ctrlrange[:, 1], size=(STEPS, m.nu))
rows, clipped = [], np.zeros(m.njnt, int)
for t in range(STEPS):
    d.ctrl[:] = ctrl[t]
    mujoco.mj_step(m, d)
    assert d.nefc == 0 and not d.warning.number.any()
    for j in range(m.njnt):
        r, q = m.jnt_actfrcrange[j], d.qfrc_actuator[m.jnt_dofadr[j]]
        clipped[j] += m.jnt_actfrclimited[j] and (q <= r[0] or q >= r[1])
    rows.append({"qpos": d.qpos.tolist(), "qvel": d.qvel.tolist(), "qfrc_actuator": d.qfrc_actuator.tolist()})
with open(os.path.join(here, "actfrc_arm.json"), "w") as f:
    json.dump({"mujoco": mujoco.__version__, "model": "actfrc_arm.xml", "ctrl": ctrl.tolist(), "states": rows,
               "clipped_steps": clipped.tolist()}, f)
    f.write("\n")
print("clipped steps per joint", clipped.tolist(), "of", STEPS)
