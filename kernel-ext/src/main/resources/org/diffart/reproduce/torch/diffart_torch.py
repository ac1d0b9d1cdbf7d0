#!/usr/bin/python3
"""The PyTorch autodiff baseline of diffart: the same articulated-body Euler step as the Java simulator
(org.diffart.sim.algo.Step), written for PyTorch autograd and batched over B worlds of one model.

It is the "autodiff tool" column of Qiao et al. 2021 ("Efficient Differentiable Simulation of Articulated Bodies"):
autograd records every operation of the rollout and keeps its intermediates for the backward pass, so time and
memory grow with the number of operations, where diffart's adjoint keeps checkpoints only.

Usage: /usr/bin/python3 diffart_torch.py problem.json result.json

The problem is written by org.diffart.reproduce.torch.TorchProblem: the model's arrays, B worlds with their initial
state and parameters, T steps of controls (T x B x nu), how many steps of the trajectory to record, a memory cap and
a time budget. The result (JSON) holds a status ("ok" or what went wrong and where), the forward and backward wall
times, the loss 0.5 |q_T - 0|^2 summed over the worlds (tangent space, as Loss.finalConfiguration), its gradient
with respect to the controls and the initial velocities, the recorded trajectory and the peak resident memory.
Progress goes to stderr as lines "step t", so that a caller that kills the process can tell where it was.

Conventions (those of the Java simulator): spatial vectors are (angular; linear) in body coordinates at the body
origin (Featherstone, RBDA 2008); a Pluecker transform parent -> body is X = [[E, 0], [-E r x, E]] with E the
rotation parent -> body and r the body origin in parent coordinates; quaternions are (w, x, y, z); a free joint has
qpos (position, quaternion) and qvel (linear velocity in the world frame, angular velocity in the body frame).

Every tensor has a leading world dimension B; the loops over bodies, contacts and constraint rows run in Python and
each of their operations covers the B worlds at once. Worlds may have different contacts and violated limits: the
constraint rows are laid out in diffart's order (contact slots in pair order, each with its normal and friction
rows, then the joint limits in joint order) and a row that is absent in a world keeps a zero impulse there, so it
changes nothing; rows absent in every world are left out.
"""

import gc
import json
import math
import resource
import sys
import time

PROGRESS_EVERY = 100
# the sliding-velocity threshold of the single friction direction (Constraints.slidingDirection), m/s
SLIDING_THRESHOLD = 1e-4
# below this half-angle the quaternion exponential uses its Taylor series (Quat.integrate)
SMALL_HALF_ANGLE = 1e-4
# a rotation vector from a quaternion whose vector part is shorter than this is 2 v (Quat.difference)
SMALL_SINE = 1e-15


class Unsupported(Exception):
    """A model feature this baseline does not implement."""


class OverBudget(Exception):
    """The forward rollout ran past its time budget."""


class NonFinite(Exception):
    """The state stopped being finite."""


def log(message):
    print(message, file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------------------------
# spatial algebra on (..., n) tensors
# ---------------------------------------------------------------------------------------------------------------

class Algebra:
    """Quaternion, rotation and spatial-vector operations, each a few tensor operations over a batch."""

    def __init__(self, torch):
        self.torch = torch
        t = torch
        # (a ⊗ b)_i = Σ_jk QMUL[j, k, i] a_j b_k (Hamilton product)
        qm = t.zeros(4, 4, 4)
        terms = [(0, 0, 0, 1), (1, 1, 0, -1), (2, 2, 0, -1), (3, 3, 0, -1),
                 (0, 1, 1, 1), (1, 0, 1, 1), (2, 3, 1, 1), (3, 2, 1, -1),
                 (0, 2, 2, 1), (1, 3, 2, -1), (2, 0, 2, 1), (3, 1, 2, 1),
                 (0, 3, 3, 1), (1, 2, 3, 1), (2, 1, 3, -1), (3, 0, 3, 1)]
        for j, k, i, s in terms:
            qm[j, k, i] = s
        self.qmul = qm.reshape(16, 4)
        # R(q) = 1 + Σ_jk ROT[j, k, :] q_j q_k, row-major, the polynomial of Quat.toMat
        rot = t.zeros(4, 4, 9)

        def put(entry, pairs):
            for j, k, s in pairs:
                rot[j, k, entry] += s

        w, x, y, z = 0, 1, 2, 3
        put(0, [(y, y, -2), (z, z, -2)])
        put(1, [(x, y, 2), (w, z, -2)])
        put(2, [(x, z, 2), (w, y, 2)])
        put(3, [(x, y, 2), (w, z, 2)])
        put(4, [(x, x, -2), (z, z, -2)])
        put(5, [(y, z, 2), (w, x, -2)])
        put(6, [(x, z, 2), (w, y, -2)])
        put(7, [(y, z, 2), (w, x, 2)])
        put(8, [(x, x, -2), (y, y, -2)])
        self.rot = rot.reshape(16, 9)
        self.eye9 = t.eye(3).reshape(9)
        # [v]x = Σ_k v_k SKEW[k, :] (row-major 3x3)
        sk = t.zeros(3, 9)
        sk[2, 1], sk[1, 2], sk[2, 3], sk[0, 5], sk[1, 6], sk[0, 7] = -1, 1, 1, -1, -1, 1
        self.skew_map = sk

    def quat_mul(self, a, b):
        """a ⊗ b for (..., 4) quaternions (broadcasting)."""
        outer = a.unsqueeze(-1) * b.unsqueeze(-2)
        return outer.flatten(-2) @ self.qmul

    def quat_to_mat(self, q):
        """The rotation matrix (..., 3, 3) of a unit quaternion, local to parent coordinates (Quat.toMat)."""
        outer = q.unsqueeze(-1) * q.unsqueeze(-2)
        return (outer.flatten(-2) @ self.rot + self.eye9).unflatten(-1, (3, 3))

    def normalize(self, q):
        """q / |q| (Quat.normalize, without its zero-quaternion fallback)."""
        return q * (1 / q.square().sum(-1, keepdim=True).sqrt())

    def skew(self, v):
        """[v]x (..., 3, 3), so that [v]x u = v × u."""
        return (v @ self.skew_map).unflatten(-1, (3, 3))

    def cross(self, a, b):
        return self.torch.linalg.cross(a, b, dim=-1)

    def cross_motion(self, v, m):
        """v ×m m (RBDA eq. 2.31): (ω × a; ω × b + u × a)."""
        w, u, a, b = v[..., :3], v[..., 3:], m[..., :3], m[..., 3:]
        return self.torch.cat([self.cross(w, a), self.cross(w, b) + self.cross(u, a)], -1)

    def cross_force(self, v, f):
        """v ×* f (RBDA eq. 2.32): (ω × n + u × f; ω × f)."""
        w, u, n, g = v[..., :3], v[..., 3:], f[..., :3], f[..., 3:]
        return self.torch.cat([self.cross(w, n) + self.cross(u, g), self.cross(w, g)], -1)

    def transform(self, e, r):
        """The Pluecker motion transform X (..., 6, 6) of rotation E and translation r: X m = (E ω; E (v - r × ω))."""
        t = self.torch
        zero = t.zeros_like(e)
        lower = -(e @ self.skew(r))
        return t.cat([t.cat([e, zero], -1), t.cat([lower, e], -1)], -2)

    def tangents(self, n):
        """Tangent rows t1, t2 completing the unit normal n (..., 3) to a right-handed frame (Contacts.tangents)."""
        t = self.torch
        nx, ny, nz = n[..., 0], n[..., 1], n[..., 2]
        up = nz >= -0.5
        # each chart with its denominator kept away from zero where it is not used, so no NaN reaches a gradient
        a = 1 / (1 + t.where(up, nz, t.zeros_like(nz)))
        b = -nx * ny * a
        t1u = t.stack([1 - nx * nx * a, b, -nx], -1)
        t2u = t.stack([b, 1 - ny * ny * a, -ny], -1)
        if bool(up.all()):
            return t1u, t2u
        ad = 1 / (1 - t.where(up, t.zeros_like(nz), nz))
        bd = nx * ny * ad
        t1d = t.stack([1 - nx * nx * ad, -bd, nx], -1)
        t2d = t.stack([bd, ny * ny * ad - 1, -ny], -1)
        up3 = up.unsqueeze(-1)
        return t.where(up3, t1u, t1d), t.where(up3, t2u, t2d)


# ---------------------------------------------------------------------------------------------------------------
# the model
# ---------------------------------------------------------------------------------------------------------------

JOINTS = ("FREE", "HINGE", "SLIDE")
PLANE_PAIRS = ("SPHERE", "CAPSULE", "BOX")


class Joint:
    def __init__(self, m, j, torch):
        self.kind = m["jntType"][j]
        if self.kind not in JOINTS:
            raise Unsupported("joint %d of type %s is not supported (FREE, HINGE, SLIDE)" % (j, self.kind))
        self.qa = m["jntQposAdr"][j]
        self.da = m["jntDofAdr"][j]
        self.pos = torch.tensor(m["jntPos"][3 * j:3 * j + 3])
        self.axis = torch.tensor(m["jntAxis"][3 * j:3 * j + 3])
        self.anchored = any(x != 0 for x in m["jntPos"][3 * j:3 * j + 3])
        self.qpos0 = m["qpos0"][self.qa]
        self.stiffness = m["jntStiffness"][j]
        self.spring = m["qposSpring"][self.qa]
        self.limited = bool(m["jntLimited"][j])
        self.range = (m["jntRange"][2 * j], m["jntRange"][2 * j + 1])
        if self.kind == "FREE" and self.stiffness != 0:
            raise Unsupported("joint %d: a free joint with stiffness is not supported" % j)


class Body:
    def __init__(self, m, i, joints, torch):
        self.id = i
        self.parent = m["bodyParent"][i]
        j0, nj = m["bodyJntAdr"][i], m["bodyJntNum"][i]
        self.joints = [joints[j] for j in range(j0, j0 + nj)] if nj > 0 else []
        self.d0, self.nd = m["bodyDofAdr"][i], m["bodyDofNum"][i]
        self.pos = torch.tensor(m["bodyPos"][3 * i:3 * i + 3])
        self.quat = torch.tensor(m["bodyQuat"][4 * i:4 * i + 4])
        self.single_hinge = nj == 1 and self.joints[0].kind == "HINGE"
        # bodies with several joints or a free joint have the joint velocity product c_J (Kinematics.velocity)
        self.has_cj = self.nd > 0 and (nj > 1 or self.joints[0].kind == "FREE")


class Pair:
    """A candidate geom pair: a plane (geom 1) against a sphere, capsule or box (geom 2)."""

    def __init__(self, m, p):
        self.g1, self.g2 = m["pairGeom1"][p], m["pairGeom2"][p]
        t1, t2 = m["geomType"][self.g1], m["geomType"][self.g2]
        if t1 != "PLANE" or t2 not in PLANE_PAIRS:
            raise Unsupported("collision pair %s-%s (geoms %d, %d) is not supported (plane-sphere, plane-capsule,"
                              " plane-box)" % (t1.lower(), t2.lower(), self.g1, self.g2))
        self.kind = t2
        self.friction_rows = max(m["geomCondim"][self.g1], m["geomCondim"][self.g2]) == 3


class Model:
    """The constant arrays of one model as tensors, and the per-world parameters of the B worlds."""

    def __init__(self, problem, torch, alg):
        m = problem["model"]
        t = torch
        self.torch, self.alg = torch, alg
        self.B = B = problem["worlds"]
        self.nq, self.nv, self.nu, self.nbody = m["nq"], m["nv"], m["nu"], m["nbody"]
        o = m["opt"]
        self.dt = o["timestep"]
        integrator = o["integrator"]
        if integrator not in ("EULER", "EULER_EXPLICIT_DAMPING"):
            raise Unsupported("integrator %s is not supported (EULER, EULER_EXPLICIT_DAMPING)" % integrator)
        # M + h B: implicit joint damping with the Euler integrator (Step.dampingH)
        self.h = self.dt if integrator == "EULER" else 0.0
        if o["warmStart"]:
            raise Unsupported("a warm-started PGS is not supported (it starts from zero)")
        if o["tolerance"] != 0:
            raise Unsupported("a PGS tolerance is not supported (a fixed number of sweeps: tolerance 0)")
        if o["frictionDirections"] not in (1, 2):
            raise Unsupported("frictionDirections %d" % o["frictionDirections"])
        self.contact, self.limit = o["contact"], o["limit"]
        self.iterations, self.erp, self.cfm = o["iterations"], o["erp"], o["cfm"]
        self.nf, self.max_impulse = o["frictionDirections"], o["maxNormalImpulse"]
        g = o["gravity"]
        # base acceleration a_0 = (0; -g) (Kinematics.baseAcceleration)
        self.a0 = t.tensor([0.0, 0.0, 0.0, -g[0], -g[1], -g[2]]).expand(B, 6)

        self.joints = [Joint(m, j, t) for j in range(m["njnt"])]
        self.bodies = [None] + [Body(m, i, self.joints, t) for i in range(1, self.nbody)]
        for k in range(1, self.nbody):
            b = self.bodies[k]
            if b.nd > 0 and b.d0 != sum(x.nd for x in self.bodies[1:k]):
                raise Unsupported("body %d: dofs not in body order" % k)
        self.armature = t.tensor(m["dofArmature"]).expand(B, self.nv)
        stiff = [j for j in self.joints if j.stiffness != 0]
        self.stiff = bool(stiff)
        self.stiff_qa = t.tensor([j.qa for j in stiff], dtype=t.long)
        self.stiff_ref = t.tensor([j.spring for j in stiff])
        self.stiff_map = t.zeros(len(stiff), self.nv)
        for k, j in enumerate(stiff):
            self.stiff_map[k, j.da] = -j.stiffness
        self.limited = [j for j in self.joints if j.limited and j.kind in ("HINGE", "SLIDE")]

        # actuators: force = gain ctrl + bias0 + bias1 length + bias2 velocity on a hinge or slide, qfrc = gear force
        nu, nv = self.nu, self.nv
        act_jnt = m["actJnt"]
        for a in range(nu):
            kind = self.joints[act_jnt[a]].kind
            if kind not in ("HINGE", "SLIDE"):
                raise Unsupported("actuator %d acts on a %s joint (hinge and slide only)" % (a, kind))
        self.act_qa = t.tensor([self.joints[j].qa for j in act_jnt], dtype=t.long)
        self.act_da = t.tensor([self.joints[j].da for j in act_jnt], dtype=t.long)
        self.gear = t.tensor(m["actGear"])
        self.gain = t.tensor(m["actGain"])
        bias = t.tensor(m["actBias"]).reshape(nu, 3) if nu > 0 else t.zeros(0, 3)
        self.bias0, self.bias1, self.bias2 = bias[:, 0], bias[:, 1], bias[:, 2]
        # unlimited controls and forces get infinite bounds, so that the clamps leave them alone
        inf = math.inf
        crange = m["actCtrlRange"]
        frange = m["actForceRange"]
        self.ctrl_lo = t.tensor([crange[2 * a] if m["actCtrlLimited"][a] else -inf for a in range(nu)])
        self.ctrl_hi = t.tensor([crange[2 * a + 1] if m["actCtrlLimited"][a] else inf for a in range(nu)])
        self.force_lo = t.tensor([frange[2 * a] if m["actForceLimited"][a] else -inf for a in range(nu)])
        self.force_hi = t.tensor([frange[2 * a + 1] if m["actForceLimited"][a] else inf for a in range(nu)])
        gear_map = t.zeros(nu, nv)
        for a in range(nu):
            gear_map[a, self.joints[act_jnt[a]].da] += m["actGear"][a]
        self.gear_map = gear_map

        # geoms and candidate pairs
        self.geom_body = m["geomBody"]
        self.geom_size = m["geomSize"]
        self.geom_pos = t.tensor(m["geomPos"]).reshape(-1, 3)
        self.geom_quat = t.tensor(m["geomQuat"]).reshape(-1, 4)
        self.pairs = [Pair(m, p) for p in range(m["npair"])] if self.contact else []

        # per-world parameters: spatial inertias (B, nbody, 6, 6), damping, friction, restitution, applied forces
        inert = t.tensor(problem["body_inert"]).reshape(B, self.nbody, 10)
        self.inertia = self.spatial_inertia(inert)
        self.damping = t.tensor(problem["dof_damping"]).reshape(B, nv)
        ng = m["ngeom"]
        self.friction = t.tensor(problem["geom_friction"]).reshape(B, ng)
        self.restitution = t.tensor(problem["geom_restitution"]).reshape(B, ng)
        self.applied = t.tensor(problem["qfrc_applied"]).reshape(B, nv)

    def spatial_inertia(self, inert):
        """6x6 inertias [[I_o, h×], [(h×)ᵀ, m 1]] from the packed (m, h, I_o) of Model.bodyInert."""
        t = self.torch
        mass, h = inert[..., 0], inert[..., 1:4]
        xx, yy, zz, xy, xz, yz = (inert[..., k] for k in range(4, 10))
        io = t.stack([xx, xy, xz, xy, yy, yz, xz, yz, zz], -1).unflatten(-1, (3, 3))
        hx = self.alg.skew(h)
        m1 = mass[..., None, None] * t.eye(3)
        return t.cat([t.cat([io, hx], -1), t.cat([hx.transpose(-1, -2), m1], -1)], -2)


# ---------------------------------------------------------------------------------------------------------------
# the step
# ---------------------------------------------------------------------------------------------------------------

class Kinematics:
    """Body poses, transforms, motion subspaces, velocities and velocity-product accelerations of one state."""

    def __init__(self, md, qpos, qvel):
        alg = md.alg
        nb = md.nbody
        self.xquat, self.xmat, self.xpos = [None] * nb, [None] * nb, [None] * nb
        self.X, self.S = [None] * nb, [None] * nb
        for i in range(1, nb):
            b = md.bodies[i]
            if b.single_hinge:
                qrel, e, r, s = self.hinge_body(md, b, qpos)
            else:
                qrel, e, r, s = self.joints_body(md, b, qpos)
            self.X[i], self.S[i] = alg.transform(e, r), s
            p = b.parent
            if p == 0:
                self.xquat[i] = qrel
                self.xmat[i] = e.transpose(-1, -2)
                self.xpos[i] = r
            else:
                self.xquat[i] = alg.quat_mul(self.xquat[p], qrel)
                self.xmat[i] = alg.quat_to_mat(self.xquat[i])
                self.xpos[i] = (self.xmat[p] @ r.unsqueeze(-1)).squeeze(-1) + self.xpos[p]
        self.velocity(md, qvel)

    @staticmethod
    def hinge_body(md, b, qpos):
        """One hinge (axis u, anchor a): q_rel = q_body ⊗ (cos θ/2, sin θ/2 u), origin moved by R_body a - R_rel a."""
        t, alg = md.torch, md.alg
        j = b.joints[0]
        half = 0.5 * (qpos[:, j.qa] - j.qpos0)
        jq = t.cat([t.cos(half).unsqueeze(-1), t.sin(half).unsqueeze(-1) * j.axis], -1)
        qrel = alg.quat_mul(b.quat, jq)
        rmat = alg.quat_to_mat(qrel)
        r = b.pos.expand(md.B, 3)
        if j.anchored:
            fixed = alg.quat_to_mat(b.quat) @ j.pos
            r = r + (fixed - (rmat @ j.pos))
        s = t.cat([j.axis, t.linalg.cross(j.pos, j.axis)]).expand(md.B, 6).unsqueeze(-1)
        return qrel, rmat.transpose(-1, -2), r, s

    @staticmethod
    def joints_body(md, b, qpos):
        """Any other body: its joints composed in declaration order onto the body offset (Kinematics.jointsBody)."""
        t, alg = md.torch, md.alg
        B = md.B
        tq, tp = b.quat.expand(B, 4), b.pos.expand(B, 3)
        axes, anchors, rotation = [], [], []
        for j in b.joints:
            if j.kind == "FREE":
                tq = alg.normalize(qpos[:, j.qa + 3:j.qa + 7])
                tp = qpos[:, j.qa:j.qa + 3]
                rm = alg.quat_to_mat(tq)
                for k in range(3):
                    axes.append(t.eye(3)[k].expand(B, 3))
                    anchors.append(tp)
                    rotation.append(False)
                for k in range(3):
                    axes.append(rm[:, :, k])
                    anchors.append(tp)
                    rotation.append(True)
            elif j.kind == "HINGE":
                anchor = (alg.quat_to_mat(tq) @ j.pos) + tp
                axes.append(alg.quat_to_mat(tq) @ j.axis)
                anchors.append(anchor)
                rotation.append(True)
                half = 0.5 * (qpos[:, j.qa] - j.qpos0)
                jq = t.cat([t.cos(half).unsqueeze(-1), t.sin(half).unsqueeze(-1) * j.axis], -1)
                tq = alg.quat_mul(tq, jq)
                tp = anchor - (alg.quat_to_mat(tq) @ j.pos)
            else:
                ax = alg.quat_to_mat(tq) @ j.axis
                tp = tp + ax * (qpos[:, j.qa] - j.qpos0).unsqueeze(-1)
                axes.append(ax)
                anchors.append((alg.quat_to_mat(tq) @ j.pos) + tp)
                rotation.append(False)
        tq = alg.normalize(tq)
        rmat = alg.quat_to_mat(tq)
        e = rmat.transpose(-1, -2)
        cols = []
        for ax, anchor, rot in zip(axes, anchors, rotation):
            # a rotation about axis a through anchor c moves the origin x with a × (x - c)
            if rot:
                ang, lin = ax, t.linalg.cross(ax, tp - anchor)
            else:
                ang, lin = t.zeros_like(ax), ax
            cols.append(t.cat([(e @ ang.unsqueeze(-1)).squeeze(-1), (e @ lin.unsqueeze(-1)).squeeze(-1)], -1))
        s = t.stack(cols, -1) if cols else None
        return tq, e, tp, s

    def velocity(self, md, qvel):
        """v_i = X_i v_λ + S_i q̇_i and c_i = v_i × S_i q̇_i + c_J (Kinematics.velocity)."""
        t, alg = md.torch, md.alg
        nb = md.nbody
        self.v, self.c = [None] * nb, [None] * nb
        zero = t.zeros(md.B, 6)
        for i in range(1, nb):
            b = md.bodies[i]
            p = b.parent
            v = zero if p == 0 else (self.X[i] @ self.v[p].unsqueeze(-1)).squeeze(-1)
            if b.nd == 0:
                self.v[i], self.c[i] = v, zero
                continue
            qd = qvel[:, b.d0:b.d0 + b.nd]
            vj = (self.S[i] @ qd.unsqueeze(-1)).squeeze(-1)
            v = v + vj
            c = alg.cross_motion(v, vj)
            if b.has_cj:
                c = c + self.joint_velocity_product(md, b, qvel)
            self.v[i], self.c[i] = v, c

    def joint_velocity_product(self, md, b, qvel):
        """c_J = -Σ_{k<l} (S_l q̇_l) × (S_k q̇_k) over a body's joints, swept from the last joint to the first, a free
        joint counting as a translation followed by a rotation (Kinematics.jointVelocityProduct)."""
        alg = md.alg
        s = self.S[b.id]

        def group(da, n):
            return (s[:, :, da - b.d0:da - b.d0 + n] @ qvel[:, da:da + n].unsqueeze(-1)).squeeze(-1)

        later, cj = None, None
        for j in reversed(b.joints):
            if j.kind == "FREE":
                rot = group(j.da + 3, 3)
                later = rot if later is None else later + rot
                g = group(j.da, 3)
            else:
                g = group(j.da, 1)
            if later is not None:
                x = alg.cross_motion(later, g)
                cj = -x if cj is None else cj - x
                later = later + g
            else:
                later = g
        return cj if cj is not None else md.torch.zeros_like(later)


def smooth_forces(md, qpos, qvel, ctrl):
    """qfrcSmooth = applied + actuator + passive forces (Forces), and the armature with h·damping."""
    t = md.torch
    # passive: -damping q̇ per dof, -stiffness (q - springref) per hinge and slide
    passive = -md.damping * qvel
    if md.stiff:
        passive = passive + (qpos[:, md.stiff_qa] - md.stiff_ref) @ md.stiff_map
    qfrc = md.applied
    if md.nu > 0:
        # actuators on their joints; the clamps pass the gradient inside their range, bounds included
        length = md.gear * qpos[:, md.act_qa]
        velocity = md.gear * qvel[:, md.act_da]
        u = t.where(ctrl < md.ctrl_lo, md.ctrl_lo, t.where(ctrl > md.ctrl_hi, md.ctrl_hi, ctrl))
        force = md.gain * u + md.bias0 + md.bias1 * length + md.bias2 * velocity
        force = t.where(force < md.force_lo, md.force_lo, t.where(force > md.force_hi, md.force_hi, force))
        qfrc = qfrc + force @ md.gear_map
    tau = qfrc + passive
    armature = md.armature + md.h * md.damping
    return tau, armature


def aba(md, kin, tau, armature):
    """Featherstone's articulated-body algorithm (RBDA Table 7.1): q̈ = M̃⁻¹ (τ - C), M̃ = M + diag(armature)."""
    t, alg = md.torch, md.alg
    nb = md.nbody
    ia, pa = [None] * nb, [None] * nb
    # pass 1: I^A_i = I_i, p^A_i = v_i ×* I_i v_i
    for i in range(1, nb):
        ia[i] = md.inertia[:, i]
        pa[i] = alg.cross_force(kin.v[i], (ia[i] @ kin.v[i].unsqueeze(-1)).squeeze(-1))
    # pass 2: backward, articulated inertias and bias forces (eqs. 7.40-7.45)
    U, dinv, uu = [None] * nb, [None] * nb, [None] * nb
    for i in range(nb - 1, 0, -1):
        b = md.bodies[i]
        p = b.parent
        X = kin.X[i]
        if b.nd > 0:
            s = kin.S[i]
            u6 = ia[i] @ s
            d = s.transpose(-1, -2) @ u6 + t.diag_embed(armature[:, b.d0:b.d0 + b.nd])
            u = tau[:, b.d0:b.d0 + b.nd] - (s.transpose(-1, -2) @ pa[i].unsqueeze(-1)).squeeze(-1)
            di = 1 / d if b.nd == 1 else t.linalg.inv(d)
            U[i], dinv[i], uu[i] = u6, di, u
            if p == 0:
                continue
            w = u6 @ di
            pa[i] = pa[i] + (w @ u.unsqueeze(-1)).squeeze(-1)
            ia[i] = ia[i] - w @ u6.transpose(-1, -2)
        elif p == 0:
            continue
        pa[i] = pa[i] + (ia[i] @ kin.c[i].unsqueeze(-1)).squeeze(-1)
        xt = X.transpose(-1, -2)
        ia[p] = ia[p] + xt @ ia[i] @ X
        pa[p] = pa[p] + (xt @ pa[i].unsqueeze(-1)).squeeze(-1)
    # pass 3: forward, accelerations (eqs. 7.46-7.48)
    acc = [md.a0] + [None] * (nb - 1)
    qacc = []
    for i in range(1, nb):
        b = md.bodies[i]
        a = (kin.X[i] @ acc[b.parent].unsqueeze(-1)).squeeze(-1) + kin.c[i]
        if b.nd > 0:
            x = uu[i] - (U[i].transpose(-1, -2) @ a.unsqueeze(-1)).squeeze(-1)
            qdd = (dinv[i] @ x.unsqueeze(-1)).squeeze(-1)
            qacc.append(qdd)
            a = a + (kin.S[i] @ qdd.unsqueeze(-1)).squeeze(-1)
        acc[i] = a
    return t.cat(qacc, -1)


def body_jacobians(md, kin):
    """J_i (B, 6, nv): the map from q̇ to body i's spatial velocity in its own coordinates, J_i = X_i J_λ + S_i."""
    t = md.torch
    nb, nv, B = md.nbody, md.nv, md.B
    jac = [t.zeros(B, 6, nv)] + [None] * (nb - 1)
    for i in range(1, nb):
        b = md.bodies[i]
        j = jac[0] if b.parent == 0 else kin.X[i] @ jac[b.parent]
        if b.nd > 0:
            s = t.cat([t.zeros(B, 6, b.d0), kin.S[i], t.zeros(B, 6, nv - b.d0 - b.nd)], -1)
            j = s if b.parent == 0 else j + s
        jac[i] = j
    return jac


def mass_matrix(md, jac, armature):
    """M̃ = Σ_i J_iᵀ I_i J_i + diag(armature), the joint-space inertia of the CRBA (Crba.massMatrix)."""
    t = md.torch
    m = t.diag_embed(armature)
    for i in range(1, md.nbody):
        m = m + jac[i].transpose(-1, -2) @ (md.inertia[:, i] @ jac[i])
    return m


class Contact:
    """A candidate contact slot: normal, point, signed distance and the worlds where it penetrates."""

    def __init__(self, pair, point, normal, dist):
        self.pair, self.point, self.normal, self.dist = pair, point, normal, dist
        self.active = dist < 0


def geom_pose(md, kin, g):
    """Position (B, 3) and rotation (B, 3, 3) of geom g in the world (Kinematics.geoms)."""
    alg = md.alg
    b = md.geom_body[g]
    if b == 0:
        pos = md.geom_pos[g].expand(md.B, 3)
        return pos, alg.quat_to_mat(md.geom_quat[g]).expand(md.B, 3, 3)
    pos = (kin.xmat[b] @ md.geom_pos[g]) + kin.xpos[b]
    return pos, alg.quat_to_mat(alg.quat_mul(kin.xquat[b], md.geom_quat[g]))


def detect(md, kin):
    """The candidate contacts of every pair, in slot order (Collision.detect, CollisionPrimitives.plane*)."""
    t = md.torch
    contacts = []
    for pair in md.pairs:
        ppos, pmat = geom_pose(md, kin, pair.g1)
        n = pmat[:, :, 2]
        gpos, gmat = geom_pose(md, kin, pair.g2)
        size = md.geom_size[3 * pair.g2:3 * pair.g2 + 3]
        points = []
        if pair.kind == "SPHERE":
            points.append(gpos - n * size[0])
        elif pair.kind == "CAPSULE":
            for sh in (size[1], -size[1]):
                points.append(gpos + gmat[:, :, 2] * sh - n * size[0])
        else:
            ex, ey, ez = gmat[:, :, 0] * size[0], gmat[:, :, 1] * size[1], gmat[:, :, 2] * size[2]
            nex, ney, nez = (n * ex).sum(-1), (n * ey).sum(-1), (n * ez).sum(-1)
            for k in range(4):
                sx, sy, sz = (1.0 if k & 1 else -1.0), (1.0 if k & 2 else -1.0), -1.0
                # corner k, or its opposite when that one lies deeper along the normal
                with t.no_grad():
                    flip = t.where(sx * nex + sy * ney + sz * nez > 0, -1.0, 1.0).unsqueeze(-1)
                points.append(gpos + (sx * flip) * ex + (sy * flip) * ey + (sz * flip) * ez)
        for x in points:
            dist = (n * (x - ppos)).sum(-1)
            contacts.append(Contact(pair, x - n * 0.5 * dist.unsqueeze(-1), n, dist))
    return contacts


class Row:
    """One constraint row over the B worlds: Jacobian (B, nv) and its kind, bounds and activity."""

    def __init__(self, jac, kind, active, dist=None, restitution=None, normal=-1, mu=None, hi=math.inf):
        self.jac, self.kind, self.active = jac, kind, active
        self.dist, self.restitution, self.normal, self.mu, self.hi = dist, restitution, normal, mu, hi


def contact_rows(md, kin, jac, contacts, vfree, rows):
    """Normal and friction rows of the contacts that penetrate in some world (Constraints.addContactRow)."""
    t, alg = md.torch, md.alg
    for c in contacts:
        pair = c.pair
        t1, t2 = alg.tangents(c.normal)
        frame = t.stack([c.normal, t1, t2], -2)
        j3 = None
        for body, sign in ((md.geom_body[pair.g2], 1.0), (md.geom_body[pair.g1], -1.0)):
            if body == 0:
                continue
            # dirᵀ (v + ω × q) = dirᵀ v + ω · (q × dir), direction and point in body coordinates
            d = frame @ kin.xmat[body]
            q = ((c.point - kin.xpos[body]).unsqueeze(-2) @ kin.xmat[body])
            part = t.cat([t.linalg.cross(q.expand_as(d), d), d], -1) @ jac[body]
            part = part if sign > 0 else -part
            j3 = part if j3 is None else j3 + part
        if j3 is None:
            continue
        g1, g2 = pair.g1, pair.g2
        mu = t.maximum(md.friction[:, g1], md.friction[:, g2])
        e = t.maximum(md.restitution[:, g1], md.restitution[:, g2])
        n = len(rows)
        rows.append(Row(j3[:, 0], "normal", c.active, dist=c.dist, restitution=e, hi=md.max_impulse))
        if not pair.friction_rows:
            continue
        if md.nf == 2:
            rows.append(Row(j3[:, 1], "friction", c.active, normal=n, mu=mu))
            rows.append(Row(j3[:, 2], "friction", c.active, normal=n, mu=mu))
            continue
        # one friction direction along the free sliding velocity above 1e-4 m/s, else the first tangent
        v1 = (j3[:, 1] * vfree).sum(-1)
        v2 = (j3[:, 2] * vfree).sum(-1)
        s2 = v1 * v1 + v2 * v2
        with t.no_grad():
            sliding = s2.sqrt() > SLIDING_THRESHOLD
        vt = t.where(sliding, s2, t.ones_like(s2)).sqrt()
        merged = (v1 / vt).unsqueeze(-1) * j3[:, 1] + (v2 / vt).unsqueeze(-1) * j3[:, 2]
        rows.append(Row(t.where(sliding.unsqueeze(-1), merged, j3[:, 1]), "friction", c.active, normal=n, mu=mu))


def limit_rows(md, qpos):
    """One row per limited hinge or slide joint outside its range in some world (Constraints.addLimitRow)."""
    t = md.torch
    rows = []
    for j in md.limited:
        q = qpos[:, j.qa]
        lo, hi = j.range
        with t.no_grad():
            below, above = q < lo, q > hi
            active = below | above
            if not bool(active.any()):
                continue
            sign = t.where(below, 1.0, t.where(above, -1.0, 0.0))
        jac = t.zeros(md.B, md.nv)
        jac[:, j.da] = sign
        dist = t.where(below, q - lo, hi - q)
        rows.append(Row(jac, "limit", active, dist=dist))
    return rows


def pgs(md, a, b, rows):
    """Projected Gauss-Seidel from zero, a fixed number of sweeps in row order (ProjectedGaussSeidel.solve):
    p_r ← clamp(p_r + (b_r - A_r p) / A_rr, lo_r, hi_r), friction bounds ±μ p_n with the current normal impulse.
    The clamp passes the gradient to p_r inside its bounds, ends included, and to the bound outside them, as
    ProjectedGaussSeidelAdjoint does. A row absent in a world keeps p_r = 0 there. The impulses are kept as a list of
    per-row tensors (B) so that a row's update is a handful of operations, not a copy of the whole vector."""
    t = md.torch
    B, R = b.shape
    active = t.stack([r.active for r in rows], -1)
    every = bool(active.all())
    diag = t.diagonal(a, dim1=-2, dim2=-1)
    inv = 1 / t.where(active, diag, t.ones_like(diag))
    arow, bcol, icol = a.unbind(-2), b.unbind(-1), inv.unbind(-1)
    zero = t.zeros(B)
    p = [zero] * R
    for _ in range(md.iterations):
        for r, row in enumerate(rows):
            res = bcol[r] - (arow[r] * t.stack(p, -1)).sum(-1)
            x = t.addcmul(p[r], res, icol[r])
            if row.kind == "friction":
                hi = row.mu * p[row.normal]
                y = t.clamp(x, -hi, hi)
            else:
                y = x.clamp(0.0, row.hi)
            p[r] = y if every else t.where(row.active, y, zero)
    return t.stack(p, -1)


def step(md, qpos, qvel, ctrl):
    """One Euler step (Step.step): smooth dynamics with M + h B, contacts and limits at q with the free velocity,
    PGS impulses, v⁺ = v + dt q̈, q⁺ = q ⊕ dt v⁺."""
    t = md.torch
    dt = md.dt
    kin = Kinematics(md, qpos, qvel)
    tau, armature = smooth_forces(md, qpos, qvel, ctrl)
    qacc_smooth = aba(md, kin, tau, armature)
    vfree = qvel + dt * qacc_smooth
    contacts = [c for c in detect(md, kin) if bool(c.active.any())] if md.pairs else []
    limits = limit_rows(md, qpos) if md.limit else []
    rows = []
    if contacts or limits:
        jac = body_jacobians(md, kin)
        contact_rows(md, kin, jac, contacts, vfree, rows)
        rows.extend(limits)
    if rows:
        m = mass_matrix(md, jac, armature)
        chol = t.linalg.cholesky(m)
        jmat = t.stack([r.jac for r in rows], -2)
        w = t.linalg.solve_triangular(chol, jmat.transpose(-1, -2), upper=False)
        a = w.transpose(-1, -2) @ w + md.cfm * t.eye(len(rows))
        b = rhs(md, rows, jmat, vfree, qvel)
        p = pgs(md, a, b, rows)
        dv = t.cholesky_solve((jmat.transpose(-1, -2) @ p.unsqueeze(-1)), chol).squeeze(-1)
        qacc = qacc_smooth + dv * (1 / dt)
    else:
        qacc = qacc_smooth
    qvel = qvel + dt * qacc
    return integrate_pos(md, qpos, qvel, dt), qvel


def rhs(md, rows, jmat, vfree, v0):
    """b = -J v* - e J v0 - erp/dt dist for normal rows (restitution on the velocity before the step; e = 0 for
    limits), -J v* for friction rows."""
    t = md.torch
    vn = (jmat @ vfree.unsqueeze(-1)).squeeze(-1)
    vn0 = (jmat @ v0.unsqueeze(-1)).squeeze(-1)
    kb = md.erp / md.dt
    cols = []
    for r, row in enumerate(rows):
        if row.kind == "friction":
            cols.append(-vn[:, r])
        elif row.kind == "normal":
            cols.append(-vn[:, r] - row.restitution * vn0[:, r] - kb * row.dist)
        else:
            cols.append(-vn[:, r] - kb * row.dist)
    return t.stack(cols, -1)


def quat_integrate(md, q, omega, dt):
    """q ⊗ exp(ω dt / 2), renormalised, the Taylor series below a half-angle of 1e-4 (Quat.integrate)."""
    t, alg = md.torch, md.alg
    n2 = omega.square().sum(-1)
    h2 = 0.25 * dt * dt * n2
    with t.no_grad():
        small = h2 < SMALL_HALF_ANGLE * SMALL_HALF_ANGLE
    s_small = 0.5 * dt * (1 - h2 / 6 * (1 - h2 / 20))
    c_small = 1 - 0.5 * h2 * (1 - h2 / 12)
    n = t.where(small, t.ones_like(n2), n2).sqrt()
    half = 0.5 * n * dt
    s = t.where(small, s_small, t.sin(half) / n)
    c = t.where(small, c_small, t.cos(half))
    delta = t.cat([c.unsqueeze(-1), omega * s.unsqueeze(-1)], -1)
    return alg.normalize(alg.quat_mul(q, delta))


def integrate_pos(md, qpos, qvel, dt):
    """qpos ⊕ dt qvel (Configuration.integratePos)."""
    t = md.torch
    parts = []
    for j in md.joints:
        if j.kind == "FREE":
            parts.append(qpos[:, j.qa:j.qa + 3] + dt * qvel[:, j.da:j.da + 3])
            parts.append(quat_integrate(md, qpos[:, j.qa + 3:j.qa + 7], qvel[:, j.da + 3:j.da + 6], dt))
        else:
            parts.append((qpos[:, j.qa] + dt * qvel[:, j.da]).unsqueeze(-1))
    return t.cat(parts, -1)


def final_configuration_loss(md, qpos):
    """Σ_worlds 0.5 |q ⊖ 0|²: hinge and slide values, free-joint positions and rotation vectors of the quaternions
    from the identity (Loss.finalConfiguration, Configuration.differencePos, Quat.difference)."""
    t = md.torch
    parts = []
    for j in md.joints:
        if j.kind == "FREE":
            parts.append(qpos[:, j.qa:j.qa + 3])
            q = qpos[:, j.qa + 3:j.qa + 7]
            with t.no_grad():
                sign = t.where(q[:, 0] < 0, -1.0, 1.0).unsqueeze(-1)
            q = q * sign
            v = q[:, 1:]
            s2 = v.square().sum(-1)
            with t.no_grad():
                small = s2.sqrt() < SMALL_SINE
            sn = t.where(small, t.ones_like(s2), s2).sqrt()
            angle = 2 * t.atan2(sn, q[:, 0])
            scale = t.where(small, t.full_like(s2, 2.0), angle / sn)
            parts.append(v * scale.unsqueeze(-1))
        else:
            parts.append(qpos[:, j.qa:j.qa + 1])
    delta = t.cat(parts, -1)
    return 0.5 * delta.square().sum()


# ---------------------------------------------------------------------------------------------------------------
# the run
# ---------------------------------------------------------------------------------------------------------------

def is_out_of_memory(e):
    if isinstance(e, MemoryError):
        return True
    text = str(e).lower()
    return isinstance(e, RuntimeError) and ("alloc" in text or "out of memory" in text)


def address_space_bytes():
    """The virtual memory this process maps now (what RLIMIT_AS limits)."""
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[0])
    return pages * resource.getpagesize()


def status_bytes(field):
    """A size in kB from /proc/self/status (VmRSS: resident now, VmHWM: resident at most since the last reset)."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    raise RuntimeError("no %s in /proc/self/status" % field)


def reset_peak_rss():
    """Resets the resident high-water mark to what is resident now (Linux: 5 written to clear_refs), so that the
    peak measured after the rollout is the rollout's, not importing torch's."""
    with open("/proc/self/clear_refs", "w") as f:
        f.write("5")


def peak_rss_bytes():
    return status_bytes("VmHWM")


def run(problem, result):
    import torch
    torch.set_num_threads(1)
    torch.set_default_dtype(torch.float64)
    result["torch_version"] = torch.__version__
    alg = Algebra(torch)
    md = Model(problem, torch, alg)
    B, T, nq, nv, nu = md.B, problem["steps"], md.nq, md.nv, md.nu
    record = min(problem.get("record_steps", 0), T)
    budget = problem.get("time_budget_s") or math.inf
    qpos = torch.tensor(problem["qpos0"]).reshape(B, nq)
    qvel0 = torch.tensor(problem["qvel0"]).reshape(B, nv).requires_grad_(True)
    controls = torch.tensor(problem["controls"]).reshape(T, B, nu).requires_grad_(True)
    gc.collect()
    reset_peak_rss()
    result["baseline_rss_bytes"] = status_bytes("VmRSS")
    cap = problem.get("memory_cap_bytes") or 0
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if cap > 0:
        # the cap is what the rollout may add to the address space torch and the problem already hold
        limit = address_space_bytes() + cap
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
        result["address_space_limit_bytes"] = limit
    trajectory = []
    t = 0
    phase = "forward"
    try:
        start = time.perf_counter()
        qvel = qvel0
        for t in range(T):
            if t % PROGRESS_EVERY == 0:
                log("step %d" % t)
            if time.perf_counter() - start > budget:
                raise OverBudget()
            qpos, qvel = step(md, qpos, qvel, controls[t])
            if not bool(torch.isfinite(qvel.detach()).all()):
                raise NonFinite()
            if t < record:
                trajectory.append(qpos.detach())
            result["steps_reached"] = t + 1
        loss = final_configuration_loss(md, qpos)
        forward_s = time.perf_counter() - start
        result["forward_ms"] = forward_s * 1e3
        result["loss"] = loss.item()
        result["trajectory"] = [x.tolist() for x in trajectory]
        phase = "backward"
        log("backward")
        start = time.perf_counter()
        loss.backward()
        result["backward_ms"] = (time.perf_counter() - start) * 1e3
        # a leaf the loss does not depend on (no actuators) gets no gradient: it is zero
        for key, leaf in (("grad_ctrl", controls), ("grad_qvel0", qvel0)):
            grad = leaf.grad if leaf.grad is not None else torch.zeros_like(leaf)
            result[key] = grad.reshape(-1).tolist()
        result["status"] = "ok"
        log("done")
    except OverBudget:
        result["status"] = "over the time budget of %g s at step %d of %d" % (budget, t, T)
    except NonFinite:
        result["status"] = "non-finite state at step %d of %d" % (t, T)
    except (MemoryError, RuntimeError) as e:
        if not is_out_of_memory(e):
            raise
        message = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
        if phase == "forward":
            result["status"] = "out of memory at step %d of %d: %s" % (t, T, message)
        else:
            result["status"] = "out of memory in the backward pass after %d steps: %s" % (T, message)
    finally:
        # let the result be written whatever happened
        qpos = qvel = loss = None
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
        gc.collect()
    if "trajectory" not in result:
        result["trajectory"] = [x.tolist() for x in trajectory]
    result["peak_rss_bytes"] = peak_rss_bytes()


def main(argv):
    if len(argv) != 3:
        log("usage: diffart_torch.py problem.json result.json")
        return 2
    with open(argv[1]) as f:
        problem = json.load(f)
    result = {"status": "not started", "steps": problem.get("steps"), "worlds": problem.get("worlds"),
              "steps_reached": 0}
    code = 0
    try:
        run(problem, result)
    except Unsupported as e:
        result["status"] = "PyTorch baseline: %s" % e
        code = 3
    except ImportError as e:
        result["status"] = "cannot import torch: %s" % e
        code = 4
    except BaseException as e:  # noqa: B902 - every failure is reported, then re-raised for the exit code
        result["status"] = "error at step %d: %s: %s" % (result.get("steps_reached", 0), type(e).__name__, e)
        with open(argv[2], "w") as f:
            json.dump(result, f)
        raise
    with open(argv[2], "w") as f:
        json.dump(result, f)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv))
