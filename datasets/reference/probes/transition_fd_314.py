"""MuJoCo 3.14.0's mjd_transitionFD beside differences of mj_step (mujoco-222-semantics.md §30).

Needs MuJoCo 3.14's Python bindings (the offline wheel: python3 -m venv V && V/bin/pip install --no-index
--find-links WHEEL_DIR mujoco==3.14.0), then: V/bin/python probes/transition_fd_314.py (from datasets/reference).
Prints, for the damped pendulum of damped_pendulum.xml, D of mjd_transitionFD and of central differences of mj_step,
then what mjd_transitionFD does on the Control Suite's RK4 models.
"""
import pathlib

import mujoco
import numpy as np

HERE = pathlib.Path(__file__).resolve().parent
SUITE = HERE.parent.parent / "models" / "dm_control"


def step_differences(m, d, eps):
    """Central differences of mj_step's next state (tangent space) and sensordata: A, B, C, D."""
    nv, na, nu = m.nv, m.na, m.nu
    nx = 2 * nv + na

    def step(j, h):
        e = mujoco.MjData(m)
        e.qpos[:], e.qvel[:], e.act[:], e.ctrl[:] = d.qpos, d.qvel, d.act, d.ctrl
        if j < nv:
            dq = np.zeros(nv)
            dq[j] = 1
            mujoco.mj_integratePos(m, e.qpos, dq, h)
        elif j < 2 * nv:
            e.qvel[j - nv] += h
        elif j < nx:
            e.act[j - 2 * nv] += h
        else:
            e.ctrl[j - nx] += h
        mujoco.mj_step(m, e)
        return e

    q0 = step(0, 0).qpos.copy()

    def y(e):
        dq = np.zeros(nv)
        mujoco.mj_differentiatePos(m, dq, 1, q0, e.qpos)
        return np.concatenate([dq, e.qvel, e.act])

    ab = np.zeros((nx, nx + nu))
    cd = np.zeros((m.nsensordata, nx + nu))
    for j in range(nx + nu):
        p, n = step(j, eps), step(j, -eps)
        ab[:, j] = (y(p) - y(n)) / (2 * eps)
        cd[:, j] = (p.sensordata - n.sensordata) / (2 * eps)
    return ab[:, :nx], ab[:, nx:], cd[:, :nx], cd[:, nx:]


def main():
    print("MuJoCo", mujoco.mj_versionString())
    m = mujoco.MjModel.from_xml_path(str(HERE / "damped_pendulum.xml"))
    d = mujoco.MjData(m)
    d.qpos[:], d.qvel[:], d.ctrl[:] = [0.3], [0.5], [0.2]
    nx = 2 * m.nv + m.na
    a, b = np.zeros((nx, nx)), np.zeros((nx, m.nu))
    c, dd = np.zeros((m.nsensordata, nx)), np.zeros((m.nsensordata, m.nu))
    mujoco.mjd_transitionFD(m, d, 1e-6, True, a, b, c, dd)
    _, _, cs, ds = step_differences(m, d, 1e-6)
    print("damped pendulum (actuatorfrc, accelerometer x y z):")
    print("  D of mjd_transitionFD         ", np.round(dd[:, 0], 6).tolist())
    print("  D of mj_step, central diffs   ", np.round(ds[:, 0], 6).tolist())
    print("  max |C - C_step|              ", float(np.abs(c - cs).max()))
    for name in ("acrobot", "cartpole"):
        m = mujoco.MjModel.from_xml_path(str(SUITE / (name + ".xml")))
        d = mujoco.MjData(m)
        a, b = np.zeros((2 * m.nv, 2 * m.nv)), np.zeros((2 * m.nv, m.nu))
        try:
            mujoco.mjd_transitionFD(m, d, 1e-6, True, a, b, None, None)
            print(name, "(RK4): mjd_transitionFD returned")
        except mujoco.FatalError as e:
            print(name, "(RK4): mjd_transitionFD refuses:", e)


if __name__ == "__main__":
    main()
