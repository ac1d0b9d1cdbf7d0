# Measures MuJoCo 3.14.0's history semantics (actuator and sensor delay, nsample, interval, interp) where its
# documentation leaves them open, and writes every measurement to datasets/reference/history314/probes.json, which
# mujoco-314-semantics.md cites by key. Run from the repository root with the wheel's Python (see the brief):
#   V/bin/python datasets/reference/probes/history_314.py
# Each probe is a 1 kg slider without gravity driven by one motor; the sensors read that motor's force (so a
# sensor's value at time t is the actuator force at t) and the slider's position.
import json
import os

import mujoco
import numpy as np

DT = 0.01


def model(act="", sens="", option=""):
    xml = f"""<mujoco><option timestep="{DT}" gravity="0 0 0" {option}/>
<worldbody><body><joint name="h" type="slide"/><geom size="0.1" mass="1"/></body></worldbody>
<actuator><motor name="a" joint="h" {act}/></actuator>
<sensor><actuatorfrc actuator="a" {sens}/><jointpos joint="h" {sens}/></sensor></mujoco>"""
    return xml, mujoco.MjModel.from_xml_string(xml)


def run(act="", sens="", option="", ctrl=lambda t: 10 + t, steps=6):
    """Steps with ctrl(t) set before step t; per step the time after it, the actuator force and sensordata
    of the step's forward pass (the state it started from), and the history after it."""
    xml, m = model(act, sens, option)
    d = mujoco.MjData(m)
    out = {"xml": xml, "nhistory": int(m.nhistory), "reset_history": d.history.tolist(), "steps": []}
    for t in range(steps):
        d.ctrl[0] = ctrl(t)
        mujoco.mj_step(m, d)
        out["steps"].append({"ctrl": float(d.ctrl[0]), "time_after": round(float(d.time), 12),
                             "actuator_force": float(d.actuator_force[0]),
                             "sensordata": d.sensordata.tolist(), "history": d.history.tolist()})
    return out


def compile_result(act="", sens=""):
    try:
        _, m = model(act, sens)
        return {"ok": True, "actuator_history": m.actuator_history.tolist(),
                "actuator_delay": m.actuator_delay.tolist(), "sensor_history": m.sensor_history.tolist(),
                "sensor_interval": m.sensor_interval.tolist(), "nhistory": int(m.nhistory)}
    except ValueError as e:
        return {"ok": False, "error": str(e).splitlines()[0]}


probes = {"mujoco": mujoco.__version__, "timestep": DT}

# layout and reset: [time header, cursor, nsample timestamps, nsample x dim values] per buffer
probes["layout_actuator_delay2_n4"] = run('delay="0.02" nsample="4"')
probes["layout_sensor_interval2_n5_delay3"] = run("", 'delay="0.03" nsample="5" interval="0.02"', steps=3)

# the read of the step against the insertion: a delay below one step, and one not a multiple of it
for interp in ("zoh", "linear", "cubic"):
    probes[f"actuator_delay0.005_{interp}"] = run(f'delay="0.005" nsample="3" interp="{interp}"',
                                                  ctrl=lambda t: 10 * (t + 1), steps=4)
    probes[f"actuator_delay0.015_{interp}"] = run(f'delay="0.015" nsample="6" interp="{interp}"',
                                                  ctrl=lambda t: (t + 1) ** 2, steps=8)

# sensors: delay, interval (its phase, one that is not a multiple of the step, one without a buffer), both
probes["sensor_delay2_n4"] = run("", 'delay="0.02" nsample="4"', ctrl=lambda t: t + 1, steps=5)
probes["sensor_interval3_n3"] = run("", 'interval="0.03" nsample="3"', ctrl=lambda t: t + 1, steps=7)
probes["sensor_interval3_nobuffer"] = run("", 'interval="0.03"', ctrl=lambda t: t + 1, steps=7)
probes["sensor_interval2.5_n3"] = run("", 'interval="0.025" nsample="3"', ctrl=lambda t: t + 1, steps=10)
probes["sensor_interval2_delay1_linear"] = run("", 'interval="0.02" delay="0.01" nsample="4" interp="linear"',
                                               ctrl=lambda t: 10 * (t + 1), steps=8)

# RK4: one insertion per step; the stages read the history at their own times
probes["rk4_actuator_delay2_linear"] = run('delay="0.02" nsample="4" interp="linear"', option='integrator="RK4"',
                                           steps=4)

# mj_forward without a step, mj_resetData against a fresh MjData
xml, m = model('delay="0.02" nsample="4"', 'delay="0.01" nsample="3" interval="0.02"')
d = mujoco.MjData(m)
fresh = d.history.copy()
d.ctrl[0] = 3
for _ in range(3):
    mujoco.mj_step(m, d)
before = d.history.copy()
d.qpos[0] = 5
d.ctrl[0] = 99
mujoco.mj_forward(m, d)
forward_changed = not np.array_equal(before, d.history)
mujoco.mj_resetData(m, d)
probes["forward_and_reset"] = {"xml": xml, "forward_changes_history": forward_changed,
                               "reset_equals_fresh": bool(np.array_equal(fresh, d.history)),
                               "fresh_history": fresh.tolist()}

# a keyframe's reset does not fill the buffers from its ctrl or its state: they stay 0
xml = """<mujoco><option timestep="0.01" gravity="0 0 0"/><worldbody><body><joint name="h" type="slide"/>
<geom size="0.1" mass="1"/></body></worldbody>
<actuator><motor name="a" joint="h" delay="0.02" nsample="3"/></actuator>
<sensor><jointpos joint="h" nsample="2" delay="0.01"/></sensor><keyframe><key qpos="0.5" ctrl="3"/></keyframe></mujoco>"""
m = mujoco.MjModel.from_xml_string(xml)
d = mujoco.MjData(m)
mujoco.mj_resetDataKeyframe(m, d, 0)
key_history = d.history.tolist()
mujoco.mj_step(m, d)
probes["keyframe_reset"] = {"xml": xml, "history": key_history, "after_one_step": d.history.tolist(),
                            "sensordata_step0": d.sensordata.tolist(), "actuator_force_step0": d.actuator_force.tolist()}

# reading at any time: mj_readCtrl(id, time, interp) subtracts the delay; interp 0 zoh, 1 linear, 2 cubic
xml, m = model('delay="0.0" nsample="5" interp="cubic"')
d = mujoco.MjData(m)
for v in (1, 4, 9, 16, 25):
    d.ctrl[0] = v
    mujoco.mj_step(m, d)
r = np.zeros(1)
probes["read_ctrl_interpolation"] = {
    "xml": xml, "history": d.history.tolist(),
    "reads": [{"time": tq, "zoh": float(mujoco.mj_readCtrl(m, d, 0, tq, r, 0)[0]),
               "linear": float(mujoco.mj_readCtrl(m, d, 0, tq, r, 1)[0]),
               "cubic": float(mujoco.mj_readCtrl(m, d, 0, tq, r, 2)[0])}
              for tq in (-0.01, 0.0, 0.002, 0.005, 0.012, 0.025, 0.035, 0.038, 0.04, 0.045)]}

# cubic with uneven spacing: the slope at an inner sample is the secant of its two neighbours (per second)
xml, m = model('nsample="5" interp="cubic"')
d = mujoco.MjData(m)
T, P = [0.0, 0.01, 0.03, 0.06, 0.10], [0.0, 1.0, 4.0, 9.0, 20.0]
mujoco.mj_initCtrlHistory(m, d, 0, np.array(T).reshape(-1, 1), np.array(P).reshape(-1, 1))
probes["read_ctrl_cubic_uneven"] = {"xml": xml, "times": T, "values": P, "reads": [
    {"time": tq, "cubic": float(mujoco.mj_readCtrl(m, d, 0, tq, r, 2)[0])} for tq in (0.004, 0.02, 0.025, 0.045, 0.08)]}

# which sample is "at or before" a time: an absolute tolerance between 1e-15 and 1e-14 (so that t - delay, computed
# in floating point, still finds the sample it lands on)
xml, m = model('nsample="4" interp="zoh"')
d = mujoco.MjData(m)
tolerance = {}
for scale in (1.0, 0.01):
    mujoco.mj_initCtrlHistory(m, d, 0, np.array([[0.0], [1.0], [2.0], [3.0]]) * scale,
                              np.array([[10.0], [11.0], [12.0], [13.0]]))
    tolerance[str(scale)] = [{"below_sample_by": eps, "zoh": float(mujoco.mj_readCtrl(m, d, 0, scale - eps, r, 0)[0])}
                             for eps in (0.0, 1e-16, 1e-15, 3e-15, 5e-15, 1e-14, 1e-13)]
probes["zoh_tolerance"] = {"xml": xml, "sample_at_scale_value_11": tolerance}

# initialisation by the API
xml, m = model('delay="0.02" nsample="3"', 'delay="0.01" nsample="3" interval="0.02"')
d = mujoco.MjData(m)
mujoco.mj_initCtrlHistory(m, d, 0, None, np.array([[7.0], [8.0], [9.0]]))
values_only = d.history[:8].tolist()
mujoco.mj_initCtrlHistory(m, d, 0, np.array([[-0.5], [-0.2], [-0.1]]), np.array([[1.0], [2.0], [3.0]]))
times_values = d.history[:8].tolist()
mujoco.mj_initSensorHistory(m, d, 0, None, np.array([[5.0], [6.0], [7.0]]), 0.005)
probes["init_history"] = {"xml": xml, "ctrl_values_only": values_only, "ctrl_times_and_values": times_values,
                          "sensor_values_phase_0.005": d.history[8:16].tolist()}

# the raw control enters the buffer, ctrlrange clamps what is read; a 3-dim sensor's values, sample-major
xml = """<mujoco><option timestep="0.01" gravity="0 0 0"/><worldbody><body><joint name="h" type="slide"/>
<geom size="0.1" mass="1"/><site name="s"/></body></worldbody>
<actuator><motor name="a" joint="h" ctrllimited="true" ctrlrange="-1 1" delay="0.01" nsample="3"/></actuator>
<sensor><framepos objtype="site" objname="s" nsample="2" delay="0.01"/></sensor></mujoco>"""
m = mujoco.MjModel.from_xml_string(xml)
d = mujoco.MjData(m)
steps = []
for c in (5.0, -7.0, 0.5):
    d.ctrl[0] = c
    mujoco.mj_step(m, d)
    steps.append({"ctrl": c, "actuator_force": float(d.actuator_force[0]), "history": d.history.tolist()})
probes["clamped_ctrl_and_vector_sensor"] = {"xml": xml, "steps": steps}

# what the compiler accepts
probes["compile"] = {a: compile_result(a) for a in ('delay="0.02"', 'delay="0.02" nsample="0"', 'nsample="3"',
                                                     'delay="0.05" nsample="2"', 'delay="-0.01" nsample="2"',
                                                     'interp="linear" nsample="2"', 'interp="cubic"')}
probes["compile_sensor"] = {s: compile_result("", s) for s in ('interval="0.015"', 'interval="-1"',
                                                                'delay="0.01"', 'delay="0.01" nsample="2"')}

# the transition refuses delays, of actuators and of sensors; a buffer without delay
refusals = {}
for name, act, sens in (("actuator delay", 'delay="0.02" nsample="4"', ""), ("sensor delay", "", 'delay="0.02" nsample="4"'),
                        ("buffer, no delay", 'nsample="4"', "")):
    _, m = model(act, sens)
    d = mujoco.MjData(m)
    try:
        mujoco.mjd_transitionFD(m, d, 1e-6, 0, np.zeros((2, 2)), np.zeros((2, 1)), None, None)
        refusals[name] = "accepted"
    except Exception as e:  # noqa: BLE001 - the message is the measurement
        refusals[name] = str(e)
probes["transition_fd"] = refusals

out = os.path.join(os.path.dirname(__file__), "..", "history314", "probes.json")
os.makedirs(os.path.dirname(out), exist_ok=True)
with open(out, "w") as f:
    json.dump(probes, f, indent=1)
    f.write("\n")
print("wrote", os.path.normpath(out))
