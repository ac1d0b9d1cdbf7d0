# MuJoCo 3.14.0's system identification (mujoco.sysid) on two contact-free pendulums, the reference that
# diffart's Gauss-Newton / Levenberg-Marquardt fit is compared with (issue 27, item 3d). For each model in
# datasets/reference/sysid314/{pendulum2,chain4}.xml it
#   1. simulates the true model (the XML as written) from a stated initial state under a deterministic
#      sum-of-sines excitation, with mujoco.rollout as mujoco.sysid does, and records the measurements
#      mujoco.sysid fits: every jointpos sensor, every EVERY-th row, noise-free and with seeded Gaussian noise;
#   2. records the same run with one link's mass (and inertia) x1.2 ("perturbed"), made through mujoco.sysid's
#      own mass modifier and checked against scaling body_mass and body_inertia on the compiled model;
#   3. runs mujoco.sysid.optimize with its defaults from a wrong start (masses x1.3, dampings x0.7; the spec it
#      is given holds the start, so the truth is hidden from it) on the noisy measurements, counting rollouts
#      by wrapping the rollout function its residual calls, one warm-up then RUNS timed runs;
# and writes sysid314/<model>.json. Deterministic apart from the wall times. Run from the repository root with
# the wheel's Python (the [sysid] extra):
#   V/bin/python datasets/reference/probes/sysid_314.py
import io
import json
import os
import platform
import re
import statistics
import sys
import time

import mujoco
import mujoco.rollout as mj_rollout
import numpy as np
import scipy
from mujoco import sysid
from mujoco.sysid._src import residual as sysid_residual

STEPS = 1500  # 3 s at 2 ms
EVERY = 5  # measurement rows kept: the sensor rows of steps 0, 5, 10, ...
SIGMA = 0.005  # rad, noise on each jointpos measurement
SEED = 20261202
MASS_START, DAMPING_START = 1.3, 0.7  # start = truth times these
PERTURBED_FACTOR = 1.2
RUNS = 3
HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "sysid314")

# excitation: per actuator, (amplitude N m, frequency Hz, phase rad) of each sine
CASES = {
    "pendulum2": {
        "qpos0": [0.3, -0.2],
        "sines": [[(4.0, 0.37, 0.0), (2.5, 1.3, 0.4), (1.0, 3.1, 1.1)],
                  [(1.5, 0.53, 0.7), (1.0, 1.7, 2.0), (0.5, 4.3, 0.3)]],
        "perturbed_body": "link2",
    },
    "chain4": {
        "qpos0": [0.3, -0.2, 0.15, -0.1],
        "sines": [[(4.0, 0.37, 0.0), (2.5, 1.3, 0.4), (1.0, 3.1, 1.1)],
                  [(2.0, 0.53, 0.7), (1.2, 1.7, 2.0), (0.6, 4.3, 0.3)],
                  [(1.0, 0.61, 1.4), (0.7, 2.3, 0.9), (0.3, 3.7, 2.5)],
                  [(0.5, 0.83, 2.2), (0.35, 1.9, 0.1), (0.15, 5.3, 1.7)]],
        "perturbed_body": "link2",
    },
}


def controls(sines, n):
    """u_a(t_k) = sum_i A sin(2 pi f t_k + phi), t_k = k dt, rounded to 1e-6 so the JSON holds them exactly."""
    t = np.arange(n) * 0.002
    u = np.zeros((n, len(sines)))
    for a, terms in enumerate(sines):
        for amp, freq, phase in terms:
            u[:, a] += amp * np.sin(2 * np.pi * freq * t + phase)
    return t, np.round(u, 6)


class RolloutCounter:
    """Wraps the rollout function mujoco.sysid's residual calls; one model rolled out = one rollout."""

    def __init__(self):
        self.rollouts = 0
        self.calls = 0
        self.inner = sysid_residual.sysid_rollout

    def __call__(self, models, *args, **kwargs):
        self.rollouts += 1 if isinstance(models, mujoco.MjModel) else len(models)
        self.calls += 1
        return self.inner(models, *args, **kwargs)


COUNTER = RolloutCounter()
sysid_residual.sysid_rollout = COUNTER


def links(m):
    return [m.body(i).name for i in range(1, m.nbody)]


def joints(m):
    return [m.joint(j).name for j in range(m.njnt)]


def simulate(m, qpos0, ctrl):
    """mujoco.rollout from (qpos0, 0) with ctrl[:-1], as mujoco.sysid rolls out: state and sensor rows."""
    d = mujoco.MjData(m)
    state0 = sysid.create_initial_state(m, np.array(qpos0), np.zeros(m.nv))
    state, sensor = mj_rollout.rollout(m, d, state0, ctrl[:-1])
    return state0, np.squeeze(state, 0), np.squeeze(sensor, 0)


def start_spec(path, true):
    """The spec mujoco.sysid is given: the file with every unknown at its start value (truth hidden)."""
    spec = mujoco.MjSpec.from_file(path)
    for b, mass in true["mass"].items():
        body = spec.body(b)
        body.inertia = body.inertia * MASS_START  # the whole inertia scales with the mass
        body.mass = mass * MASS_START
    for j, damping in true["damping"].items():
        spec.joint(j).damping[0] = damping * DAMPING_START
    return spec


def damping_modifier(joint):
    def modify(spec, param):
        spec.joint(joint).damping[0] = param.value[0]

    return modify


def mass_modifier(body):
    # sysid's own apply_body_mass_ipos with the scalar mass: the default modifier of InertiaType.Mass passes
    # the 1-element array param.value to MjsBody.mass, which 3.14.0 refuses (TypeError)
    def modify(spec, param):
        sysid.model_modifier.apply_body_mass_ipos(spec, body, mass=float(param.value[0]), rot_inertia_scale=True)

    return modify


def parameters(spec, model):
    """Masses (sysid's InertiaType.Mass, inertia scaled along), then dampings (custom modifiers)."""
    params = sysid.ParameterDict()
    for b in links(model):
        params.add(sysid.body_inertia_param(spec, model, b, sysid.InertiaType.Mass, scale_rot_inertia=True,
                                            param_name=b + "_mass", modifier=mass_modifier(b)))
    for j in joints(model):
        start = float(model.joint(j).damping[0])
        params.add(sysid.Parameter(j + "_damping", start, 0.1 * start, 10.0 * start, modifier=damping_modifier(j)))
    return params


def fit(name, path, true, qpos0, t, ctrl, times, noisy, keep_trace):
    """One mujoco.sysid.optimize run with its defaults; returns its numbers and, if asked, its trace."""
    spec = start_spec(path, true)
    model = spec.compile()
    params = parameters(spec, model)
    x0 = params.as_vector()
    state0 = sysid.create_initial_state(model, np.array(qpos0), np.zeros(model.nv))
    ms = sysid.ModelSequences(name, spec, "measured", state0,
                              sysid.TimeSeries(t, ctrl), sysid.TimeSeries.from_names(times, noisy, model))
    residual_fn = sysid.build_residual_fn(models_sequences=[ms])
    trace = []
    out = io.StringIO()
    COUNTER.rollouts = COUNTER.calls = 0
    t0 = time.perf_counter()

    def record(log):
        entry = log[-1]
        trace.append({"params": entry.candidate[:, 0].tolist(), "cost": float(entry.objective),
                      "regularizer": float(entry.regularizer), "rollouts": COUNTER.rollouts,
                      "wall_s": time.perf_counter() - t0})

    opt, _ = sysid.optimize(params, residual_fn, iter_callback=record if keep_trace else None, output=out)
    wall = time.perf_counter() - t0
    text = out.getvalue()
    done = re.search(r"Terminated after (\d+) iterations: (.*?) y: \S+, Residual evals: (\d+)", text)
    assert done, text
    assert int(done.group(3)) == COUNTER.rollouts, (done.group(3), COUNTER.rollouts)
    return {"x0": x0, "x": opt.as_vector(), "iterations": int(done.group(1)), "status": done.group(2).strip(),
            "rollouts": COUNTER.rollouts, "rollout_calls": COUNTER.calls, "wall_s": wall, "trace": trace,
            "residual_fn": residual_fn, "params": params}


def median_time(fn, reps=20):
    fn()
    times = []
    for _ in range(reps):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def run(name, case):
    path = os.path.join(HERE, name + ".xml")
    m = mujoco.MjModel.from_xml_path(path)
    assert all(m.geom_contype == 0) and all(m.geom_conaffinity == 0), "contact-free models only"
    true = {"mass": {b: float(m.body(b).mass[0]) for b in links(m)},
            "damping": {j: float(m.joint(j).damping[0]) for j in joints(m)}}
    t, ctrl = controls(case["sines"], STEPS + 1)
    # mujoco.sysid resamples the controls to the time step (linear interpolation at the same times): they come
    # back within rounding
    again = sysid.TimeSeries(t, ctrl).resample(target_dt=m.opt.timestep)
    resample_error = float(np.max(np.abs(again.data - ctrl)))
    assert np.array_equal(again.times, t) and resample_error < 1e-14, resample_error

    state0, state, sensor = simulate(m, case["qpos0"], ctrl)
    assert np.array_equal(sensor[1:], state[:-1, 1:1 + m.nq]), "sensor row k reads the state after k steps"
    rows = np.arange(0, STEPS, EVERY)
    times = state[rows, 0]  # the stamp mujoco.sysid gives row k: the time after k + 1 steps
    clean = sensor[rows]
    noisy = clean + np.random.default_rng(SEED).normal(0.0, SIGMA, clean.shape)
    scale = np.linalg.norm(noisy, axis=0) / np.sqrt(2)

    # the perturbed run, through sysid's mass modifier and by hand on the compiled model
    pb = case["perturbed_body"]
    spec = mujoco.MjSpec.from_file(path)
    p = parameters(spec, spec.compile())
    p[pb + "_mass"].update_from_vector(np.array([true["mass"][pb] * PERTURBED_FACTOR]))
    mp = sysid.apply_param_modifiers(p, spec)
    mh = mujoco.MjModel.from_xml_path(path)
    mh.body_mass[mh.body(pb).id] *= PERTURBED_FACTOR
    mh.body_inertia[mh.body(pb).id] *= PERTURBED_FACTOR
    for field in ("body_mass", "body_inertia", "body_ipos", "body_iquat", "dof_damping"):
        assert np.allclose(getattr(mp, field), getattr(mh, field), rtol=1e-14, atol=0), field
    _, pstate, psensor = simulate(mp, case["qpos0"], ctrl)

    # mujoco.sysid's fit: one warm-up, then RUNS timed runs
    fit(name, path, true, case["qpos0"], t, ctrl, times, noisy, False)
    runs = [fit(name, path, true, case["qpos0"], t, ctrl, times, noisy, True) for _ in range(RUNS)]
    for r in runs[1:]:
        assert np.array_equal(r["x"], runs[0]["x"]) and r["rollouts"] == runs[0]["rollouts"]
    first = runs[0]
    x_true = np.array(list(true["mass"].values()) + list(true["damping"].values()))
    rel = np.abs(first["x"] - x_true) / x_true

    # the objective at the truth and at the start, with sysid's own residual; and its residual is zero at
    # the truth on the noise-free data (the time stamps, the resampling and the controls line up)
    def cost(x, data):
        ms = sysid.ModelSequences(name, start_spec(path, true), "m", state0, sysid.TimeSeries(t, ctrl),
                                  sysid.TimeSeries.from_names(times, data, m))
        res, _, _ = sysid.build_residual_fn(models_sequences=[ms])(x, first["params"].copy())
        r = np.concatenate(res)
        return 0.5 * float(r @ r), r

    zero = np.max(np.abs(cost(x_true, clean)[1]))
    assert zero < 1e-12, zero
    r_truth = cost(x_true, noisy)[1]
    mine = ((noisy - clean) / scale).ravel()  # the formula written below, at the truth
    assert np.allclose(r_truth, mine, rtol=1e-9, atol=1e-13)

    # what one rollout and one model build cost (medians of 20)
    spec = start_spec(path, true)
    p = parameters(spec, spec.compile())
    build_s = median_time(lambda: sysid.apply_param_modifiers(p, spec))
    d = mujoco.MjData(m)
    step_s = median_time(lambda: mj_rollout.rollout(m, d, state0, ctrl[:-1]))

    n = len(x_true)
    names = [b + "_mass" for b in true["mass"]] + [j + "_damping" for j in true["damping"]]
    lo, hi = first["params"].get_bounds()
    out = {
        "generator": "datasets/reference/probes/sysid_314.py",
        "mujoco": mujoco.__version__, "python": platform.python_version(), "numpy": np.__version__,
        "scipy": scipy.__version__, "machine": platform.machine() + ", " + str(os.cpu_count()) + " CPUs, "
        + platform.system(),
        "model": name + ".xml", "timestep": m.opt.timestep, "integrator": "Euler", "steps": STEPS,
        "initial_state": {"time": 0.0, "qpos": case["qpos0"], "qvel": [0.0] * m.nv},
        "controls": {
            "formula": "u_a(t_k) = sum_i amp*sin(2*pi*freq*t_k + phase) over sines[a], t_k = k*timestep,"
                       " rounded to 1e-6; values[k] is applied at step k (from the state after k steps),"
                       " k = 0..steps-1",
            "sines": [[{"amp": a, "freq": f, "phase": ph} for a, f, ph in s] for s in case["sines"]],
            "values": ctrl[:-1].tolist(),
            "sysid_timeseries": "mujoco.sysid is given steps+1 rows (times k*timestep, k = 0..steps); the last"
                                " row is never applied. It resamples them to the time step by linear"
                                " interpolation at the same times, which changes them by at most"
                                " resample_max_change (rounding)",
            "resample_max_change": resample_error,
        },
        "sensors": {"type": "jointpos", "names": [m.sensor(i).name for i in range(m.nsensor)],
                    "joints": joints(m)},
        "measurements": {
            "every": EVERY,
            "steps": rows.tolist(),
            "meaning": "row j, column c: sensor c (the joint's qpos) at the state after steps[j] steps from"
                       " the initial state; mujoco.rollout returns it with the state after steps[j]+1 steps"
                       " (mj_step computes sensors before it integrates), so mujoco.sysid stamps it"
                       " times[j] = (steps[j]+1)*timestep",
            "times": times.tolist(),
            "noise": {"kind": "gaussian", "sigma": SIGMA, "seed": SEED,
                      "generator": "numpy.random.default_rng(seed).normal(0, sigma, (rows, sensors)), row-major"},
            "clean": clean.tolist(), "noisy": noisy.tolist(),
        },
        "final_state": {"qpos": state[-1, 1:1 + m.nq].tolist(), "qvel": state[-1, 1 + m.nq:1 + m.nq + m.nv].tolist(),
                        "after_steps": STEPS},
        "parameters": [{"name": names[i], "kind": "mass" if i < n // 2 else "damping",
                        "element": list(true["mass"])[i] if i < n // 2 else list(true["damping"])[i - n // 2],
                        "true": float(x_true[i]), "start": float(first["x0"][i]),
                        "lower": float(lo[i]), "upper": float(hi[i])} for i in range(n)],
        "mass_parameterisation": "mujoco.sysid.body_inertia_param(..., InertiaType.Mass, scale_rot_inertia=True,"
                                 " modifier=...) whose modifier calls sysid's apply_body_mass_ipos(spec, body,"
                                 " mass=float(value), rot_inertia_scale=True): it sets the body's mass and"
                                 " multiplies its principal inertia by the ratio of the new mass to the"
                                 " previous, COM (ipos, iquat) unchanged, i.e. I(m) = I*m/m0 as diffart's"
                                 " Wrt.MASS (scale_rot_inertia=False, the default, changes body_mass alone)."
                                 " The custom modifier only unwraps the value: InertiaType.Mass's default"
                                 " modifier passes the 1-element array to MjsBody.mass, a TypeError in 3.14.0."
                                 " Dampings: custom Parameters whose modifier sets"
                                 " spec.joint(name).damping[0]. Start x1.3 (masses) and x0.7 (dampings);"
                                 " bounds [0.1, 10] x start (sysid's default mass bounds, the same chosen for"
                                 " dampings)",
        "objective": {
            "formula": "f(theta) = 1/2 * sum_c sum_j ((y_jc - yhat_jc(theta)) / s_c)^2, y = measurements.noisy,"
                       " yhat_jc(theta) = sensor c after steps[j] steps of the model with parameters theta,"
                       " s_c = ||y_.c||_2 / sqrt(2) (the 2-norm of measured column c over all rows; sysid's"
                       " normalize_residual), no other weights",
            "scale": scale.tolist(),
            "cost_at_truth": cost(x_true, noisy)[0],
            "cost_at_start": cost(first["x0"], noisy)[0],
        },
        "perturbed": {
            "body": pb, "factor": PERTURBED_FACTOR,
            "how": "mujoco.sysid's mass modifier (scale_rot_inertia=True) at truth x factor; equal to multiplying"
                   " the compiled body_mass and body_inertia by the factor (checked to 1e-14)",
            "clean": psensor[rows].tolist(),
            "final_state": {"qpos": pstate[-1, 1:1 + mp.nq].tolist(),
                            "qvel": pstate[-1, 1 + mp.nq:1 + mp.nq + mp.nv].tolist(), "after_steps": STEPS},
        },
        "mujoco_fit": {
            "call": "sysid.optimize(params, sysid.build_residual_fn(models_sequences=[ModelSequences(...)]))"
                    " with every default: optimizer='mujoco' (mujoco.minimize.least_squares), max_iters 200,"
                    " verbose (FULLITER, which adds one Jacobian at the end), x_scale None, eps sqrt(machine"
                    " eps), xtol 1e-8, gtol 1e-8; only iter_callback and output passed, to record",
            "n_threads": os.cpu_count(),
            "rollout_counting": "a wrapper around mujoco.sysid._src.residual.sysid_rollout counts the models it"
                                " is given (one model = one rollout of `steps` steps); it equals minimize's"
                                " 'Residual evals' (checked)",
            "iterations": first["iterations"], "status": first["status"],
            "rollouts": first["rollouts"], "rollouts_final_jacobian": n,
            "rollout_calls": first["rollout_calls"],
            "wall_s": statistics.median(r["wall_s"] for r in runs),
            "wall_s_runs": [r["wall_s"] for r in runs],
            "estimate": first["x"].tolist(), "relative_error": rel.tolist(),
            "cost": first["trace"][-1]["cost"],
            "trace": first["trace"],
            "trace_meaning": "one entry per iteration (params and cost at the iteration's start, rollouts and"
                             " wall_s cumulative when the iteration's log is written: after its Jacobian and"
                             " its trial steps), then one for the end point (after the final Jacobian)",
            "cost_per_rollout": {"model_build_s": build_s, "rollout_s": step_s,
                                 "what": "medians of 20: apply_param_modifiers (spec edits and compiles) for one"
                                         " parameter vector; mujoco.rollout of `steps` steps of one model"},
        },
    }
    with open(os.path.join(HERE, name + ".json"), "w") as f:
        json.dump(out, f)
        f.write("\n")
    print(f"{name}: p={n} iterations={first['iterations']} rollouts={first['rollouts']} "
          f"wall={out['mujoco_fit']['wall_s']:.3f}s status={first['status']} rel.err={np.round(rel, 5).tolist()} "
          f"-> {os.path.relpath(os.path.join(HERE, name + '.json'))}")


if __name__ == "__main__":
    names = sys.argv[1:] or list(CASES)
    for name in names:
        run(name, CASES[name])
