# MuJoCo 3.14.0's position/velocity/intvelocity servo attributes (kv, dampratio, inheritrange) and 3.x's autolimits
# default: what its compiler makes of them and how the servos move the models. Writes, for each model in
# datasets/reference/servo314/*.xml, servo314/<model>.json: the compiled actuator_gainprm, actuator_biasprm (all 10),
# ctrl/act ranges and limits, dof_M0 (M(qpos0)'s diagonal with armature, which dampratio uses), and 300 Euler steps
# of seeded random controls from mj_resetData (contacts are off in the models), every state; and servo314/cases.json:
# small files (their XML inline) with either MuJoCo's error or what it compiled. Run from the repository root with the
# wheel's Python (see the brief):
#   V/bin/python datasets/reference/probes/servo_314.py
import glob
import json
import os

import mujoco
import numpy as np

STEPS = 300
here = os.path.join(os.path.dirname(__file__), "..", "servo314")


def compiled(m):
    return {"gainprm": m.actuator_gainprm.tolist(), "biasprm": m.actuator_biasprm.tolist(),
            "ctrllimited": m.actuator_ctrllimited.tolist(), "ctrlrange": m.actuator_ctrlrange.tolist(),
            "actlimited": m.actuator_actlimited.tolist(), "actrange": m.actuator_actrange.tolist(),
            "dyntype": m.actuator_dyntype.tolist(), "jnt_limited": m.jnt_limited.tolist(),
            "jnt_range": m.jnt_range.tolist(), "tendon_limited": m.tendon_limited.tolist(),
            "dof_M0": m.dof_M0.tolist()}


for path in sorted(glob.glob(os.path.join(here, "*.xml"))):
    m = mujoco.MjModel.from_xml_path(path)
    d = mujoco.MjData(m)
    rng = np.random.default_rng(20261203)
    lim = m.actuator_ctrllimited.astype(bool)
    lo = np.where(lim, m.actuator_ctrlrange[:, 0], -1.0)
    hi = np.where(lim, m.actuator_ctrlrange[:, 1], 1.0)
    ctrl = rng.uniform(lo, hi, size=(STEPS, m.nu))
    rows = []
    for t in range(STEPS):
        d.ctrl[:] = ctrl[t]
        mujoco.mj_step(m, d)
        # the models keep every joint and tendon inside its range (no constraint row) and stay stable
        assert d.nefc == 0 and not d.warning.number.any(), (path, t)
        rows.append({"qpos": d.qpos.tolist(), "qvel": d.qvel.tolist(), "act": d.act.tolist()})
    name = os.path.splitext(os.path.basename(path))[0]
    out = {"mujoco": mujoco.__version__, "model": os.path.basename(path), "steps": STEPS,
           "compiled": compiled(m), "ctrl": ctrl.tolist(), "states": rows}
    with open(os.path.join(here, name + ".json"), "w") as f:
        json.dump(out, f)
        f.write("\n")
    print("wrote", name + ".json", "final qpos", np.round(d.qpos, 6), "act", np.round(d.act, 6))

# small files: a hinge arm (j1 with armature, j2 with a range and no 'limited') and a fixed tendon; ACT is the
# actuator section, PRE what goes before the world body, J1 j1's extra attributes, COMP the compiler's
BASE = """<mujoco>%(comp)s<option timestep="0.01"/>%(pre)s
<worldbody><body name="l1"><joint name="j1" type="hinge" axis="0 1 0" armature="0.1" %(j1)s/>
<geom type="capsule" fromto="0 0 0 0 0 -0.4" size="0.04" mass="0.5"/>
<body pos="0 0 -0.4"><joint name="j2" type="hinge" axis="0 1 0" %(j2)s/>
<geom type="capsule" fromto="0 0 0 0 0 -0.3" size="0.04" mass="0.5"/></body></body></worldbody>
<tendon><fixed name="t" %(t)s><joint joint="j1" coef="2"/><joint joint="j2" coef="-0.5"/></fixed></tendon>
<actuator>
%(act)s
</actuator></mujoco>"""
CASES = {
    # the attributes
    "position_kv": dict(act='<position joint="j1" kp="10" kv="2"/>'),
    "position_dampratio_joint_armature": dict(act='<position joint="j1" kp="10" dampratio="1"/>'),
    "position_dampratio_gear": dict(act='<position joint="j2" kp="3" dampratio="0.5" gear="2"/>'),
    "position_dampratio_tendon": dict(act='<position tendon="t" kp="4" dampratio="1"/>'),
    "position_dampratio_zero": dict(act='<position joint="j1" kp="10" dampratio="0"/>'),
    "position_kv_and_dampratio": dict(act='<position joint="j1" kp="10" kv="2" dampratio="1"/>'),
    "position_dampratio_negative": dict(act='<position joint="j1" kp="10" dampratio="-1"/>'),
    "position_kv_negative": dict(act='<position joint="j1" kp="10" kv="-1"/>'),
    "position_inheritrange": dict(j1='range="-90 90"', act='<position joint="j1" kp="10" inheritrange="0.5"/>'),
    "position_inheritrange_offcentre": dict(j2='range="-30 60"',
                                            act='<position joint="j2" kp="10" inheritrange="1.2"/>'),
    "position_inheritrange_radian": dict(comp='<compiler angle="radian"/>', j1='range="-1 2"',
                                         act='<position joint="j1" kp="10" inheritrange="0.5"/>'),
    "position_inheritrange_tendon": dict(t='range="-0.4 0.8"', act='<position tendon="t" kp="10" inheritrange="0.5"/>'),
    "position_inheritrange_unlimited_joint": dict(act='<position name="a" joint="j1" kp="10" inheritrange="1"/>'),
    "position_inheritrange_limited_false": dict(j1='range="-90 90" limited="false"',
                                                act='<position joint="j1" kp="10" inheritrange="1"/>'),
    "position_inheritrange_unlimited_tendon": dict(act='<position name="a" tendon="t" kp="10" inheritrange="1"/>'),
    "position_inheritrange_and_ctrlrange": dict(j1='range="-90 90"',
                                                act='<position joint="j1" kp="10" inheritrange="1" ctrlrange="-1 1"/>'),
    "position_inheritrange_negative": dict(j1='range="-90 90"', act='<position joint="j1" kp="10" inheritrange="-1"/>'),
    "position_timeconst": dict(act='<position joint="j1" kp="10" timeconst="0.1"/>'),
    "intvelocity_kv_inheritrange": dict(j1='range="-90 90"',
                                        act='<intvelocity joint="j1" kp="10" kv="3" inheritrange="0.5"/>'),
    "intvelocity_inheritrange_and_actrange": dict(
        j1='range="-90 90"', act='<intvelocity joint="j1" kp="10" inheritrange="0.5" actrange="-1 1"/>'),
    "intvelocity_inheritrange_and_ctrlrange": dict(
        j1='range="-90 90"', act='<intvelocity joint="j1" kp="10" inheritrange="0.5" ctrlrange="-1 1"/>'),
    "intvelocity_dampratio": dict(act='<intvelocity joint="j1" kp="10" dampratio="0.7" actrange="-1 1"/>'),
    "velocity_kv": dict(act='<velocity joint="j1" kv="3"/>'),
    # default classes
    "default_position_kv_element_dampratio": dict(pre='<default><position kp="5" kv="1"/></default>',
                                                  act='<position joint="j1" dampratio="1"/><position joint="j1"/>'
                                                      '<general joint="j1"/>'),
    "default_position_dampratio_element_kv": dict(pre='<default><position kp="5" dampratio="1"/></default>',
                                                  act='<position joint="j1" kv="2"/><position joint="j2"/>'),
    "default_inheritrange_element_ctrlrange": dict(pre='<default><position kp="5" inheritrange="1"/></default>',
                                                   j1='range="-90 90"',
                                                   act='<position joint="j1" ctrlrange="-1 1"/>'),
    "default_inheritrange": dict(pre='<default><position kp="5" inheritrange="0.5"/></default>', j1='range="-90 90"',
                                 j2='range="-30 60"', act='<position joint="j1"/><position joint="j2"/>'),
    # where 3.14 and 2.2.2 part without any 3.x attribute: position keeps biasprm[0] and [2] of what came before
    "position_after_default_velocity": dict(pre='<default><velocity kv="3"/></default>',
                                            act='<position joint="j1" kp="2"/>'),
    "position_after_default_general_bias": dict(pre='<default><general biastype="affine" biasprm="7 8 9"/></default>',
                                                act='<position joint="j1" kp="2"/>'),
    "general_positive_biasprm2": dict(act='<general joint="j1" biastype="affine" gainprm="2" biasprm="0 -2 0.5"/>'),
    # autolimits: 3.x's default is true
    "autolimits_default_joint_range": dict(j2='range="-30 60"', act='<motor joint="j1"/>'),
    "autolimits_default_ctrlrange": dict(act='<motor joint="j1" ctrlrange="-1 1" forcerange="-2 2"/>'),
    "autolimits_default_zero_range": dict(j2='range="0 0"', act='<motor joint="j1" ctrlrange="0 0"/>'),
    "autolimits_default_range_from_class": dict(pre='<default><joint range="-10 10"/></default>',
                                                act='<motor joint="j1"/>'),
    "autolimits_false_joint_range": dict(comp='<compiler autolimits="false"/>', j2='range="-30 60"',
                                         act='<motor joint="j1"/>'),
    "autolimits_false_ctrlrange": dict(comp='<compiler autolimits="false"/>', act='<motor joint="j1" ctrlrange="-1 1"/>'),
    "autolimits_default_bad_range": dict(j2='range="60 -30"', act='<motor joint="j1"/>'),
}
cases = {}
for name, parts in CASES.items():
    fields = {"comp": "", "pre": "", "j1": "", "j2": "", "t": "", "act": ""}
    fields.update(parts)
    xml = BASE % fields
    entry = {"xml": xml}
    try:
        m = mujoco.MjModel.from_xml_string(xml)
        entry["compiled"] = compiled(m)
    except ValueError as e:
        entry["error"] = str(e)
    cases[name] = entry
    print(name, entry.get("error", "").replace("\n", " | ") or
          [np.round(entry["compiled"]["biasprm"][i][:3], 6).tolist() + entry["compiled"]["ctrlrange"][i]
           for i in range(len(entry["compiled"]["biasprm"]))])
with open(os.path.join(here, "cases.json"), "w") as f:
    json.dump({"mujoco": mujoco.__version__, "cases": cases}, f, indent=1)
    f.write("\n")
