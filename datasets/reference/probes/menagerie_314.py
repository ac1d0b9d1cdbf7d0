# MuJoCo 3.14.0 on the MuJoCo Menagerie corpus (datasets/models/menagerie; the pinned commit is in its README).
# Writes datasets/reference/menagerie314/:
#   files.json            every XML file of the corpus and whether 3.14 loads it (its error where not);
#   <robot>__<file>.json  for each file 3.14 loads (model: its path under datasets/models/<models_dir>), what mjref.c writes for a 2.2.2 model (see the README there):
#                         the compiled bodies (mass, ipos, iquat, inertia) and CASES seeded random states with
#                         contacts disabled, each with qpos, qvel, ctrl, qacc, qfrc_bias, qfrc_passive,
#                         qfrc_actuator, sensordata, xpos/xquat, M (case 0 only), residual, and where equality or
#                         dry-friction rows are active qacc_smooth and the equality rows (efc_equality); plus
#                         "rollout": MuJoCo's own STEPS-step mj_step rollout with contacts from the start below and
#                         its deepest contact (as probes/mjdepth.c), the highest and lowest centre of mass of the
#                         whole model and the largest |qvel|;
#   mesh_inertia.json     what 3.14 compiles for probes/mesh_inertia.xml (one free body per mesh) with the mesh
#                         attribute inertia unset and set to each of legacy, convex, exact, shell (semantics 3.14
#                         § 8; mesh_inertia_222.txt is Debian's 2.2.2 on the same file: bin/mjprobe
#                         probes/mesh_inertia.xml);
#   accelerometer_static.json  accelerometers at rest on probes/accelerometer_static.xml (semantics 3.14 § 8;
#                         accelerometer_static_222.json is Debian's 2.2.2 on the same file, one step:
#                         bin/mjtraj probes/accelerometer_static.xml menagerie314/accelerometer_static_222.json --steps 1).
# States: around the keyframe named "home", else the file's last keyframe, else qpos0, drawn as mjref.c draws them
# (hinge +U(-0.5, 0.5), slide +U(-0.1, 0.1), a limited joint outside [lo + 5%, hi - 5%] redrawn in
# [lo + 10%, hi - 10%]; ball and free orientations times exp(r), |r| <= 0.6; free positions +U(-0.2, 0.2); qvel
# U(-1, 1); ctrl U(range) when limited, else U(-1, 1)); a state with an active joint or tendon limit is redrawn,
# since MuJoCo's limits are soft and diffart's hard. The generator is numpy's PCG64 seeded with the CRC-32 of the
# file's path, so the files are the same bytes on every run.
# The rollout starts at that keyframe (or qpos0) at its qvel, with the keyframe's ctrl on the servos (actuators with
# an affine bias whose length coefficient is negative: position servos and their <general> equivalents) and zero on
# every other actuator, held for the whole rollout.
# Run from the repository root with the wheel's Python (see the brief):
#   V/bin/python datasets/reference/probes/menagerie_314.py
import glob
import json
import os
import zlib

import mujoco
import numpy as np

CASES = 5
STEPS = 2000
root = os.path.join(os.path.dirname(__file__), "..", "..", "models", "menagerie")
here = os.path.join(os.path.dirname(__file__), "..", "menagerie314")


def start_key(m):
    """The keyframe the states and the rollout start from: 'home', else the last (a scene's own keyframes follow
    those of the robot it includes), else -1 (qpos0)."""
    names = [m.key(k).name for k in range(m.nkey)]
    return names.index("home") if "home" in names else m.nkey - 1


def quat_exp(rng, limit):
    r = rng.uniform(-1, 1, 3)
    while np.linalg.norm(r) > 1:
        r = rng.uniform(-1, 1, 3)
    r *= limit
    q = np.zeros(4)
    mujoco.mju_axisAngle2Quat(q, r / max(np.linalg.norm(r), 1e-300), np.linalg.norm(r))
    return q


def draw(m, rng, base):
    """One random state (qpos, qvel, ctrl) around base, as mjref.c draws it."""
    qpos = base.copy()
    for j in range(m.njnt):
        a, t = m.jnt_qposadr[j], mujoco.mjtJoint(m.jnt_type[j])
        lo, hi = m.jnt_range[j]
        w = hi - lo
        if t in (mujoco.mjtJoint.mjJNT_HINGE, mujoco.mjtJoint.mjJNT_SLIDE):
            q = base[a] + rng.uniform(-0.5, 0.5) if t == mujoco.mjtJoint.mjJNT_HINGE else base[a] + rng.uniform(-0.1, 0.1)
            if m.jnt_limited[j] and (q < lo + 0.05 * w or q > hi - 0.05 * w):
                q = rng.uniform(lo + 0.1 * w, hi - 0.1 * w)
            qpos[a] = q
        else:
            o = a
            if t == mujoco.mjtJoint.mjJNT_FREE:
                qpos[a:a + 3] = base[a:a + 3] + rng.uniform(-0.2, 0.2, 3)
                o = a + 3
            limit = 0.6 if not (t == mujoco.mjtJoint.mjJNT_BALL and m.jnt_limited[j]) else min(0.6, 0.8 * hi)
            q = np.zeros(4)
            mujoco.mju_mulQuat(q, base[o:o + 4], quat_exp(rng, limit))
            qpos[o:o + 4] = q / np.linalg.norm(q)
    qvel = rng.uniform(-1, 1, m.nv)
    lim = m.actuator_ctrllimited.astype(bool)
    ctrl = rng.uniform(np.where(lim, m.actuator_ctrlrange[:, 0], -1.0), np.where(lim, m.actuator_ctrlrange[:, 1], 1.0))
    return qpos, qvel, ctrl


LIMITS = (int(mujoco.mjtConstraint.mjCNSTR_LIMIT_JOINT), int(mujoco.mjtConstraint.mjCNSTR_LIMIT_TENDON))


def cases(m, rng, base):
    m.opt.disableflags |= mujoco.mjtDisableBit.mjDSBL_CONTACT
    m.opt.jacobian = mujoco.mjtJacobian.mjJAC_DENSE  # efc_J read densely
    d = mujoco.MjData(m)
    out = []
    for c in range(CASES):
        for attempt in range(1000):
            d.qpos[:], d.qvel[:], d.ctrl[:] = draw(m, rng, base)
            d.act[:] = 0
            mujoco.mj_forward(m, d)
            if not any(int(t) in LIMITS for t in d.efc_type[:d.nefc]):
                break
        else:
            raise RuntimeError("no state without an active limit")
        M = np.zeros((m.nv, m.nv))
        mujoco.mj_fullM(m, d, M)
        tau = d.qfrc_passive + d.qfrc_actuator - d.qfrc_bias
        residual = np.max(np.abs(M @ d.qacc_smooth - tau))
        assert residual <= 1e-9 * max(1.0, np.max(np.abs(tau))), residual
        k = {"qpos": d.qpos.tolist(), "qvel": d.qvel.tolist(), "ctrl": d.ctrl.tolist(), "qacc": d.qacc.tolist(),
             "qfrc_bias": d.qfrc_bias.tolist(), "qfrc_passive": d.qfrc_passive.tolist(),
             "qfrc_actuator": d.qfrc_actuator.tolist(), "sensordata": d.sensordata.tolist(),
             "M": M.tolist() if c == 0 else None, "xpos": d.xpos.ravel().tolist(), "xquat": d.xquat.ravel().tolist(),
             "residual": residual}
        if m.na:
            k["act"] = d.act.tolist()
        if d.nefc:
            k["qacc_smooth"] = d.qacc_smooth.tolist()
            eq = [r for r in range(d.nefc) if d.efc_type[r] == int(mujoco.mjtConstraint.mjCNSTR_EQUALITY)]
            if eq:
                J = d.efc_J.reshape(d.nefc, m.nv)
                k["efc_equality"] = {"pos": [d.efc_pos[r] for r in eq], "J": [J[r].tolist() for r in eq]}
        out.append(k)
    return out


def rollout(m, key):
    d = mujoco.MjData(m)
    if key >= 0:
        mujoco.mj_resetDataKeyframe(m, d, key)
    servo = (m.actuator_biastype == int(mujoco.mjtBias.mjBIAS_AFFINE)) & (m.actuator_biasprm[:, 1] < 0)
    d.ctrl[:] = np.where(servo, d.ctrl, 0.0)
    start = {"qpos": d.qpos.tolist(), "qvel": d.qvel.tolist(), "ctrl": d.ctrl.tolist()}
    deepest, at, vmax = 0.0, -1, 0.0
    mujoco.mj_forward(m, d)
    zlo = zhi = d.subtree_com[0, 2]
    for s in range(STEPS):
        mujoco.mj_step(m, d)
        for c in range(d.ncon):
            if -d.contact[c].dist > deepest:
                deepest, at = -d.contact[c].dist, s
        zlo, zhi = min(zlo, d.subtree_com[0, 2]), max(zhi, d.subtree_com[0, 2])
        vmax = max(vmax, np.max(np.abs(d.qvel)) if m.nv else 0.0)
    assert np.all(np.isfinite(d.qpos)) and not d.warning.number.any(), "MuJoCo's own rollout is not sound"
    return dict(start, steps=STEPS, key=m.key(key).name if key >= 0 else None, deepest_m=deepest, at_step=at,
                com_z_min=zlo, com_z_max=zhi, qvel_max=vmax)


os.makedirs(here, exist_ok=True)
index = []
for path in sorted(glob.glob(os.path.join(root, "*", "*.xml"))):
    rel = os.path.relpath(path, root)
    try:
        m = mujoco.MjModel.from_xml_path(path)
    except ValueError as e:
        index.append({"file": rel, "loads": False, "error": str(e).strip()})
        print("refused", rel)
        continue
    index.append({"file": rel, "loads": True})
    key = start_key(m)
    base = m.key_qpos[key].copy() if key >= 0 else m.qpos0.copy()
    rng = np.random.default_rng(zlib.crc32(rel.encode()))
    bodies = [{"name": m.body(b).name, "parent": int(m.body_parentid[b]), "mass": m.body_mass[b],
               "ipos": m.body_ipos[b].tolist(), "iquat": m.body_iquat[b].tolist(),
               "inertia": m.body_inertia[b].tolist()} for b in range(m.nbody)]
    out = {"model": rel, "models_dir": "menagerie", "mujoco_version": mujoco.__version__, "generator": "probes/menagerie_314.py",
           "disableflags": ["contact"], "timestep": m.opt.timestep, "gravity": m.opt.gravity.tolist(),
           "integrator": mujoco.mjtIntegrator(m.opt.integrator).name, "nq": m.nq, "nv": m.nv, "nu": m.nu,
           "nbody": m.nbody, "qpos0": m.qpos0.tolist(), "bodies": bodies,
           "cases": cases(m, rng, base), "rollout": rollout(mujoco.MjModel.from_xml_path(path), key)}
    name = rel[:-4].replace("/", "__")
    with open(os.path.join(here, name + ".json"), "w") as f:
        json.dump(out, f)
        f.write("\n")
    r = out["rollout"]
    print("wrote", name + ".json", "deepest %.3g mm at %d, com z %.3f..%.3f, |qvel| <= %.3g"
          % (1e3 * r["deepest_m"], r["at_step"], r["com_z_min"], r["com_z_max"], r["qvel_max"]))
with open(os.path.join(here, "files.json"), "w") as f:
    json.dump({"mujoco_version": mujoco.__version__, "files": index}, f, indent=1)
    f.write("\n")

# mesh inertia: the probe file, one mesh at a time, with each value of the mesh attribute 'inertia'
probe = os.path.join(os.path.dirname(__file__), "mesh_inertia.xml")
with open(probe) as f:
    lines = f.read().replace('meshdir="../../models/menagerie"', 'meshdir="%s"' % os.path.abspath(root)).split("\n")
meshes = [l.split('"')[1] for l in lines if l.strip().startswith("<mesh ")]
mesh_inertia = {}
for mode in ["default", "legacy", "convex", "exact", "shell"]:
    mesh_inertia[mode] = {}
    for name in meshes:
        xml = "\n".join(l for l in lines if 'name="' not in l or 'name="%s"' % name in l or "<mujoco" in l)
        if mode != "default":
            xml = xml.replace("<mesh ", '<mesh inertia="%s" ' % mode)
        try:
            m = mujoco.MjModel.from_xml_string(xml)
            mesh_inertia[mode][name] = {"mass": m.body_mass[1], "ipos": m.body_ipos[1].tolist(),
                                        "inertia": m.body_inertia[1].tolist()}
        except ValueError as e:
            mesh_inertia[mode][name] = {"error": str(e).strip().split("\n")[0]}
with open(os.path.join(here, "mesh_inertia.json"), "w") as f:
    json.dump({"mujoco_version": mujoco.__version__, "model": "probes/mesh_inertia.xml", "bodies": mesh_inertia},
              f, indent=1)
    f.write("\n")

# accelerometers at rest on the world, on a body welded to it, on a free body and on a pendulum (mj_forward at qpos0)
m = mujoco.MjModel.from_xml_path(os.path.join(os.path.dirname(__file__), "accelerometer_static.xml"))
d = mujoco.MjData(m)
mujoco.mj_forward(m, d)
with open(os.path.join(here, "accelerometer_static.json"), "w") as f:
    json.dump({"mujoco_version": mujoco.__version__, "model": "probes/accelerometer_static.xml",
               "sensordata": {m.sensor(i).name: d.sensordata[m.sensor_adr[i]:m.sensor_adr[i] + 3].tolist()
                              for i in range(m.nsensor)}}, f, indent=1)
    f.write("\n")
