# Kinematic Jacobians and the smooth dynamics' velocity derivative of MuJoCo 3.14.0, for
# mujoco-314-semantics.md § 2 and DerivativesReferenceTest: for each model in
# datasets/reference/derivatives314/*.xml, at three seeded random states (configurations drawn on the
# manifold, random velocities, controls and activations), after mj_forward:
#   - mj_jacBody, mj_jacBodyCom of every body, mj_jacSite of every site, and mj_jac at a point fixed to
#     the last body (3 x nv each, translation "jacp" and rotation "jacr", world frame);
#   - qDeriv as mjd_smooth_vel leaves it (read after mj_step with the implicit integrator, flg_bias = 1,
#     and with implicitfast, flg_bias = 0), made dense with mju_sparse2dense;
#   - central differences (eps 1e-6) of qfrc_smooth, qfrc_passive, qfrc_actuator and qfrc_bias in qvel,
#     and of qacc_smooth in the tangent of qpos, qvel, act and ctrl; the dense mass matrix M.
# Writes derivatives314/<model>.json. Run from the repository root with the wheel's Python (see the brief):
#   V/bin/python datasets/reference/probes/derivatives_314.py
import glob
import json
import os

import mujoco
import numpy as np

EPS = 1e-6
here = os.path.join(os.path.dirname(__file__), "..", "derivatives314")


def random_state(m, d, rng):
    mujoco.mj_resetData(m, d)
    for j in range(m.njnt):
        a = m.jnt_qposadr[j]
        t = m.jnt_type[j]
        if t == mujoco.mjtJoint.mjJNT_FREE:
            d.qpos[a:a + 3] = rng.uniform(-1, 1, 3)
            q = rng.normal(size=4)
            d.qpos[a + 3:a + 7] = q / np.linalg.norm(q)
        elif t == mujoco.mjtJoint.mjJNT_BALL:
            q = rng.normal(size=4)
            d.qpos[a:a + 4] = q / np.linalg.norm(q)
        else:
            d.qpos[a] = rng.uniform(-1.5, 1.5)
    d.qvel[:] = rng.uniform(-2, 2, m.nv)
    d.ctrl[:] = rng.uniform(-1, 1, m.nu)
    d.act[:] = rng.uniform(-1, 1, m.na)


def evaluated(m, state, column=None, h=0.0):
    """A fresh MjData at state, input `column` of (qpos tangent, qvel, act, ctrl) moved by h, after mj_forward."""
    d = mujoco.MjData(m)
    d.qpos[:], d.qvel[:], d.act[:], d.ctrl[:] = state
    if column is not None:
        nv, na = m.nv, m.na
        if column < nv:
            dq = np.zeros(nv)
            dq[column] = 1
            mujoco.mj_integratePos(m, d.qpos, dq, h)
        elif column < 2 * nv:
            d.qvel[column - nv] += h
        elif column < 2 * nv + na:
            d.act[column - 2 * nv] += h
        else:
            d.ctrl[column - 2 * nv - na] += h
    mujoco.mj_forward(m, d)
    return d


def central(m, state, columns, field):
    return np.column_stack([(getattr(evaluated(m, state, c, EPS), field) -
                             getattr(evaluated(m, state, c, -EPS), field)) / (2 * EPS) for c in columns])


def q_deriv(path, m, state, integrator):
    m2 = mujoco.MjModel.from_xml_path(path)
    m2.opt.integrator = integrator
    d = mujoco.MjData(m2)
    d.qpos[:], d.qvel[:], d.act[:], d.ctrl[:] = state
    mujoco.mj_step(m2, d)
    dense = np.zeros((m.nv, m.nv))
    mujoco.mju_sparse2dense(dense, d.qDeriv, m.D_rownnz, m.D_rowadr, m.D_colind)
    return dense


def jac(m, d, kind, name, i, point=None):
    jacp, jacr = np.zeros((3, m.nv)), np.zeros((3, m.nv))
    if kind == "body":
        mujoco.mj_jacBody(m, d, jacp, jacr, i)
    elif kind == "body_com":
        mujoco.mj_jacBodyCom(m, d, jacp, jacr, i)
    elif kind == "site":
        mujoco.mj_jacSite(m, d, jacp, jacr, i)
    else:
        mujoco.mj_jac(m, d, jacp, jacr, point, i)
    row = {"kind": kind, "name": name, "jacp": jacp.tolist(), "jacr": jacr.tolist()}
    if point is not None:
        row["point"] = list(point)
    return row


for path in sorted(glob.glob(os.path.join(here, "*.xml"))):
    m = mujoco.MjModel.from_xml_path(path)
    d = mujoco.MjData(m)
    rng = np.random.default_rng(20261202)
    nv, na, nu = m.nv, m.na, m.nu
    states = []
    for s in range(3):
        random_state(m, d, rng)
        state = (d.qpos.copy(), d.qvel.copy(), d.act.copy(), d.ctrl.copy())
        e = evaluated(m, state)
        jacs = []
        for b in range(1, m.nbody):
            name = mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_BODY, b)
            jacs.append(jac(m, e, "body", name, b))
            jacs.append(jac(m, e, "body_com", name, b))
        for i in range(m.nsite):
            jacs.append(jac(m, e, "site", mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_SITE, i), i))
        last = m.nbody - 1
        point = (e.xpos[last] + rng.uniform(-0.2, 0.2, 3)).tolist()
        jacs.append(jac(m, e, "point", mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_BODY, last), last, point))
        M = np.zeros((nv, nv))
        mujoco.mj_fullM(m, e, M)
        vel = range(nv, 2 * nv)
        states.append({
            "qpos": state[0].tolist(), "qvel": state[1].tolist(), "act": state[2].tolist(),
            "ctrl": state[3].tolist(), "qacc_smooth": e.qacc_smooth.tolist(), "M": M.tolist(),
            "jacobians": jacs,
            "qDeriv_implicit": q_deriv(path, m, state, mujoco.mjtIntegrator.mjINT_IMPLICIT).tolist(),
            "qDeriv_implicitfast": q_deriv(path, m, state, mujoco.mjtIntegrator.mjINT_IMPLICITFAST).tolist(),
            "fd_qfrc_smooth_qvel": central(m, state, vel, "qfrc_smooth").tolist(),
            "fd_qfrc_passive_qvel": central(m, state, vel, "qfrc_passive").tolist(),
            "fd_qfrc_actuator_qvel": central(m, state, vel, "qfrc_actuator").tolist(),
            "fd_qfrc_bias_qvel": central(m, state, vel, "qfrc_bias").tolist(),
            "fd_qacc_smooth": central(m, state, range(2 * nv + na + nu), "qacc_smooth").tolist(),
        })
    name = os.path.splitext(os.path.basename(path))[0]
    out = {"mujoco": mujoco.__version__, "model": os.path.basename(path), "nq": int(m.nq), "nv": int(nv),
           "na": int(na), "nu": int(nu), "eps": EPS, "states": states}
    with open(os.path.join(here, name + ".json"), "w") as f:
        json.dump(out, f)
        f.write("\n")
    # what the measurements say (mujoco-314-semantics.md § 2)
    for i, s in enumerate(states):
        qi, qf = np.array(s["qDeriv_implicit"]), np.array(s["qDeriv_implicitfast"])
        fs, fb = np.array(s["fd_qfrc_smooth_qvel"]), np.array(s["fd_qfrc_bias_qvel"])
        fp, fa = np.array(s["fd_qfrc_passive_qvel"]), np.array(s["fd_qfrc_actuator_qvel"])
        scale = np.abs(qi).max()
        print(f"{name} state {i}: |qDeriv_implicit - fd d(qfrc_smooth)/dqvel| = {np.abs(qi - fs).max():.2e} of "
              f"{scale:.3g}; |qDeriv_implicitfast - fd d(passive+actuator)/dqvel| = {np.abs(qf - fp - fa).max():.2e}; "
              f"|implicit - implicitfast + fd d(bias)/dqvel| = {np.abs(qi - qf + fb).max():.2e}; "
              f"|M fd dqacc/dqvel - qDeriv_implicit| = "
              f"{np.abs(np.array(s['M']) @ np.array(s['fd_qacc_smooth'])[:, nv:2 * nv] - qi).max():.2e}")
