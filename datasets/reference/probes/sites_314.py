# MuJoCo 3.14.0's site actuator transmissions (site, with and without refsite): what they compute and what the
# compiler refuses. Writes, for each model in datasets/reference/sites314/*.xml, sites314/<model>.json: the compiled
# transmission (actuator_trntype, trnid, gear), at CASES seeded random states (contacts are off in the models)
# mj_forward's actuator_length, the dense actuator_moment (mju_sparse2dense), actuator_velocity, actuator_force,
# qfrc_actuator and qacc, with MuJoCo's central differences of actuator_length in the tangent space of qpos (to show
# where the moment is and is not the length's derivative); and STEPS Euler steps of seeded random controls from the
# model's start, every state. sites314/cases.json: small files (XML inline) with MuJoCo's error or what it compiled.
# Run from the repository root with the wheel's Python (see the brief):
#   V/bin/python datasets/reference/probes/sites_314.py
import glob
import json
import os

import mujoco
import numpy as np

CASES = 5
STEPS = 300
EPS = 1e-6
here = os.path.join(os.path.dirname(__file__), "..", "sites314")


def dense_moment(m, d):
    out = np.zeros((m.nu, m.nv))
    mujoco.mju_sparse2dense(out, d.actuator_moment, d.moment_rownnz, d.moment_rowadr, d.moment_colind)
    return out


def random_state(m, d, rng):
    """qpos0 moved by a random tangent vector (|hinge| <= 0.6, slide <= 0.1, free position <= 0.2), random qvel,
    ctrl inside the control range, act in [-1, 1]."""
    d.qpos[:] = m.qpos0
    if m.nq == 7 and m.njnt == 1:
        d.qpos[:3] = [0, 0, 1]
        d.qpos[3:] = [0.98, 0.1, -0.15, 0.05]
        d.qpos[3:] /= np.linalg.norm(d.qpos[3:])
    dq = rng.uniform(-0.6, 0.6, m.nv)
    for j in range(m.njnt):
        if m.jnt_type[j] == mujoco.mjtJoint.mjJNT_SLIDE:
            dq[m.jnt_dofadr[j]] *= 0.2
        if m.jnt_type[j] == mujoco.mjtJoint.mjJNT_FREE:
            dq[m.jnt_dofadr[j]:m.jnt_dofadr[j] + 3] *= 0.3
    mujoco.mj_integratePos(m, d.qpos, dq, 1)
    d.qvel[:] = rng.uniform(-1, 1, m.nv)
    lo, hi = m.actuator_ctrlrange[:, 0], m.actuator_ctrlrange[:, 1]
    d.ctrl[:] = rng.uniform(lo, hi)
    d.act[:] = rng.uniform(-1, 1, m.na)


def length_fd(m, d):
    q0 = d.qpos.copy()
    out = np.zeros((m.nu, m.nv))
    for k in range(m.nv):
        dv = np.zeros(m.nv)
        dv[k] = EPS
        for sign in (1, -1):
            d.qpos[:] = q0
            mujoco.mj_integratePos(m, d.qpos, dv, sign)
            mujoco.mj_forward(m, d)
            out[:, k] += sign * d.actuator_length / (2 * EPS)
    d.qpos[:] = q0
    mujoco.mj_forward(m, d)
    return out


for path in sorted(glob.glob(os.path.join(here, "*.xml"))):
    m = mujoco.MjModel.from_xml_path(path)
    d = mujoco.MjData(m)
    rng = np.random.default_rng(20261206)
    states = []
    for c in range(CASES):
        random_state(m, d, rng)
        inp = {"qpos": d.qpos.tolist(), "qvel": d.qvel.tolist(), "ctrl": d.ctrl.tolist(), "act": d.act.tolist()}
        mujoco.mj_forward(m, d)
        assert d.nefc == 0, path
        moment = dense_moment(m, d)
        fd = length_fd(m, d)
        states.append(dict(inp, actuator_length=d.actuator_length.tolist(), actuator_moment=moment.tolist(),
                           actuator_velocity=d.actuator_velocity.tolist(), actuator_force=d.actuator_force.tolist(),
                           qfrc_actuator=d.qfrc_actuator.tolist(), qacc=d.qacc.tolist(),
                           act_dot=d.act_dot.tolist(), length_fd=fd.tolist()))
        print(os.path.basename(path), c, "|moment - dlength/dq| per actuator",
              np.round(np.abs(moment - fd).max(axis=1), 9))
    # the trajectory: from the first random state's qpos, qvel zero, random controls in range
    mujoco.mj_resetData(m, d)
    random_state(m, d, np.random.default_rng(7))
    d.qvel[:] = 0
    d.act[:] = 0
    start = {"qpos": d.qpos.tolist(), "qvel": d.qvel.tolist(), "act": d.act.tolist()}
    lo, hi = m.actuator_ctrlrange[:, 0], m.actuator_ctrlrange[:, 1]
    ctrl = rng.uniform(lo, hi, size=(STEPS, m.nu))
    rows = []
    for t in range(STEPS):
        d.ctrl[:] = ctrl[t]
        mujoco.mj_step(m, d)
        assert d.nefc == 0 and not d.warning.number.any(), (path, t)
        rows.append({"qpos": d.qpos.tolist(), "qvel": d.qvel.tolist(), "act": d.act.tolist()})
    name = os.path.splitext(os.path.basename(path))[0]
    out = {"mujoco": mujoco.__version__, "model": os.path.basename(path),
           "compiled": {"trntype": m.actuator_trntype.tolist(), "trnid": m.actuator_trnid.tolist(),
                        "gear": m.actuator_gear.tolist(), "lengthrange": m.actuator_lengthrange.tolist(),
                        "acc0": m.actuator_acc0.tolist(), "biasprm": m.actuator_biasprm[:, :3].tolist()},
           "cases": states, "start": start, "steps": STEPS, "ctrl": ctrl.tolist(), "states": rows}
    with open(os.path.join(here, name + ".json"), "w") as f:
        json.dump(out, f)
        f.write("\n")
    print("wrote", name + ".json", "final qpos", np.round(d.qpos, 6))

# small files: a hinge arm with sites s1 (on l1), s2 (on l2) and s0 (on the world); ACT is the actuator section
BASE = """<mujoco><option timestep="0.01"/>%(pre)s
<worldbody><site name="s0" pos="0 0.1 0"/><body name="l1"><joint name="j1" type="hinge" axis="0 1 0"/>
<geom type="capsule" fromto="0 0 0 0 0 -0.4" size="0.04" mass="0.5"/><site name="s1" pos="0 0 -0.2"/>
<body pos="0 0 -0.4"><joint name="j2" type="hinge" axis="0 1 0" range="-60 60"/>
<geom type="capsule" fromto="0 0 0 0 0 -0.3" size="0.04" mass="0.5"/><site name="s2" pos="0 0 -0.3" euler="0 30 0"/>
</body></body></worldbody>
<tendon><fixed name="t"><joint joint="j1" coef="1"/></fixed></tendon>
<actuator>
%(act)s
</actuator></mujoco>"""
SMALL = {
    "site": dict(act='<motor site="s2" gear="1 0 0 0 0 0"/>'),
    "site_unknown": dict(act='<motor site="nowhere"/>'),
    "refsite_unknown": dict(act='<motor site="s2" refsite="nowhere"/>'),
    "refsite_without_site": dict(act='<motor joint="j1" refsite="s1"/>'),
    "refsite_alone": dict(act='<motor refsite="s1"/>'),
    "site_and_joint": dict(act='<motor site="s2" joint="j1"/>'),
    "site_and_tendon": dict(act='<motor site="s2" tendon="t"/>'),
    "site_and_cranksite": dict(act='<motor site="s2" cranksite="s1" slidersite="s0" cranklength="0.5"/>'),
    "site_and_slidersite": dict(act='<motor site="s2" slidersite="s1"/>'),
    "site_and_body": dict(act='<adhesion site="s2" body="l1" ctrlrange="0 1"/>'),
    "refsite_same_as_site": dict(act='<motor site="s2" refsite="s2" gear="1 1 1 1 1 1"/>'),
    "refsite_world": dict(act='<position site="s2" refsite="s0" kp="3"/>'),
    "site_on_world": dict(act='<motor site="s0" gear="1 0 0 0 0 1"/>'),
    "site_default_gear": dict(act='<motor site="s2"/>'),
    "site_gear_short": dict(act='<motor site="s2" gear="0 0 1"/>'),
    "site_inheritrange": dict(act='<position site="s2" kp="3" inheritrange="1"/>'),
    "site_dampratio": dict(act='<position site="s2" kp="3" dampratio="1"/>'),
    "refsite_dampratio": dict(act='<position site="s2" refsite="s1" kp="3" dampratio="1"/>'),
    "site_lengthrange": dict(act='<position site="s2" refsite="s1" kp="3" lengthrange="-1 2"/>'),
    "site_muscle": dict(act='<muscle site="s2"/>'),
    "refsite_muscle": dict(act='<muscle site="s2" refsite="s0" gear="1 0 0 0 0 0"/>'),
    "site_default_class": dict(pre='<default><motor site="s2" gear="0 0 2 0 0 0"/></default>', act='<motor/>'),
}
cases = {}
for name, parts in SMALL.items():
    fields = {"pre": "", "act": ""}
    fields.update(parts)
    xml = BASE % fields
    entry = {"xml": xml}
    try:
        m = mujoco.MjModel.from_xml_string(xml)
        d = mujoco.MjData(m)
        d.qpos[:] = [0.3, -0.4]
        mujoco.mj_forward(m, d)
        entry["compiled"] = {"trntype": m.actuator_trntype.tolist(), "trnid": m.actuator_trnid.tolist(),
                             "gear": m.actuator_gear.tolist(), "lengthrange": m.actuator_lengthrange.tolist(),
                             "biasprm": m.actuator_biasprm[:, :3].tolist(), "acc0": m.actuator_acc0.tolist(),
                             "ctrlrange": m.actuator_ctrlrange.tolist()}
        entry["forward"] = {"qpos": d.qpos.tolist(), "actuator_length": d.actuator_length.tolist(),
                            "actuator_moment": dense_moment(m, d).tolist()}
    except ValueError as e:
        entry["error"] = str(e)
    cases[name] = entry
    print(name, "|", entry.get("error", "").replace("\n", " | ") or entry["compiled"])
with open(os.path.join(here, "cases.json"), "w") as f:
    json.dump({"mujoco": mujoco.__version__, "cases": cases}, f, indent=1)
    f.write("\n")
