"""What MuJoCo 3.14 makes of MJCF 3.x elements that today's robot files use (semantics § 7): the
body-tree elements <frame> and <replicate> (the compiled placements of everything inside them, their
names and order, the accelerations at a few states with contacts off, and the errors it gives), frame
sensors in reference frames (reftype/refname), a weld's torquescale (its equality rows) and a mesh's
maxhullvert (its hull).

Run with the mujoco==3.14.0 wheel's Python from the repository root:
    /tmp/mj314/bin/python datasets/reference/probes/elements_314.py
Writes datasets/reference/elements314/frame.json, replicate.json, weld.json, hull.json and sensors.json
(deterministic: states from a seeded generator).
Each case holds its XML; tests load it and compare.
"""

import json
import os
import sys

import mujoco
import numpy as np

OUT_DIR = os.path.join("datasets", "reference", "elements314")



def box_mesh():
    """A 0.3 x 0.2 x 0.1 box turned and moved off the mesh origin, its 12 triangles outward: a mesh
    whose centre and principal axes are not the mesh frame's, and whose volume MuJoCo 2.2.2's and
    3.14's mesh inertias agree on (convex, symmetric about its centre)."""
    c, s = np.cos(0.4), np.sin(0.4)
    rot = np.array([[c, -s, 0], [s * 0.8, c * 0.8, 0.6], [-s * 0.6, -c * 0.6, 0.8]])
    corners = [(x, y, z) for x in (-0.15, 0.15) for y in (-0.1, 0.1) for z in (-0.05, 0.05)]
    verts = [rot @ np.array(p) + np.array([0.2, 0.1, -0.05]) for p in corners]
    faces = [0, 1, 3, 0, 3, 2, 4, 6, 7, 4, 7, 5, 0, 4, 5, 0, 5, 1, 2, 3, 7, 2, 7, 6, 0, 2, 6, 0, 6, 4,
             1, 5, 7, 1, 7, 3]
    return '<mesh name="t" vertex="%s" face="%s"/>' % (
        " ".join("%.6f" % x for v in verts for x in v), " ".join(map(str, faces)))


BOX_MESH = box_mesh()

# every case switches contacts off so qacc is the smooth dynamics'
HEAD = '<mujoco><option><flag contact="disable"/></option>'

FRAME_CASES = {
    # frames in the world body holding static geoms and sites, bodies, and nested frames
    "world_frames": HEAD + """
<worldbody>
  <frame name="f1" pos="0.1 0.2 0.3" euler="10 20 30">
    <geom name="wg" type="box" size="0.1 0.2 0.3" pos="0.5 0 0" euler="0 0 45"/>
    <site name="ws" pos="0 0.4 0" zaxis="1 1 0"/>
    <body name="b1" pos="0 0 1" xyaxes="0 1 0 -1 0 0">
      <joint name="h1" type="hinge" pos="0.1 0 0" axis="1 1 0" damping="0.3"/>
      <geom name="cap" type="capsule" size="0.05" fromto="0 0 0 0.3 0.1 -0.4"/>
      <frame name="f2" pos="0.2 0 -0.1" axisangle="0 1 1 40">
        <body name="b2" pos="0 0.1 0" zaxis="0 1 1">
          <joint name="s2" type="slide" axis="0 1 0" pos="0 0 0.2"/>
          <geom name="boxft" type="box" size="0.04" fromto="0 0 0 0.2 0.3 0.1"/>
          <site name="siteft" type="cylinder" size="0.02" fromto="0.1 0 0 0 0.2 0.3"/>
        </body>
      </frame>
    </body>
  </frame>
</worldbody></mujoco>""",
    # frames inside a body holding joints, geoms, sites, an inertial-free body and nested frames
    "body_frames": HEAD + """
<worldbody>
  <body name="a" pos="0 0 1">
    <joint name="ja" type="hinge" axis="0 1 0" damping="0.1"/>
    <geom name="ga" type="sphere" size="0.1"/>
    <frame name="fa" pos="0.3 0 0" quat="2 0.3 -0.4 1">
      <joint name="jb" type="hinge" pos="0.1 0.2 0" axis="0 0 1" armature="0.01"/>
      <geom name="gb" type="ellipsoid" size="0.1 0.05 0.2" pos="0 0.1 0" euler="30 0 0"/>
      <site name="sb" type="box" size="0.02 0.03 0.04" pos="0.1 0 0" axisangle="1 0 0 30"/>
      <frame name="fb" euler="0 0 90" pos="0 0 0.2">
        <joint name="jc" type="slide" pos="0 0.1 0" axis="1 0 0"/>
        <geom name="gc" type="cylinder" size="0.05 0.1" pos="0.2 0 0"/>
        <body name="c" pos="0.4 0 0" euler="0 45 0">
          <frame euler="90 0 0" pos="0 0.1 0">
            <joint name="je" type="hinge" axis="1 0 0"/>
          </frame>
          <joint name="jd" type="ball" pos="0.05 0 0" damping="0.2"/>
          <geom name="gd" type="box" size="0.05 0.1 0.15" pos="0 0 -0.1"/>
        </body>
      </frame>
    </frame>
  </body>
</worldbody></mujoco>""",
    # a free body placed by a frame: qpos0 is its placed pose
    "free_body_in_frame": HEAD + """
<worldbody>
  <frame pos="1 2 3" euler="0 30 60">
    <body name="free" pos="0.1 0 0" euler="10 0 0">
      <freejoint name="fj"/>
      <geom name="g" type="box" size="0.1 0.2 0.3" pos="0.05 0 0"/>
      <frame pos="0 0.3 0" euler="0 0 20">
        <body name="child" pos="0 0 0.1">
          <joint name="h" axis="1 0 0"/>
          <geom name="g2" type="capsule" size="0.03 0.1" euler="90 0 0"/>
        </body>
      </frame>
    </body>
  </frame>
</worldbody></mujoco>""",
    # childclass and class on frames; a body in a frame inherits the frame's childclass
    "childclass": HEAD + """
<default>
  <default class="a"><geom type="box" size="0.1 0.2 0.3" pos="0.1 0 0"/><joint axis="1 0 0" damping="0.5"/>
    <site size="0.03" pos="0 0.2 0"/></default>
  <default class="b"><geom type="capsule" size="0.05 0.2" euler="0 90 0"/><joint axis="0 1 0" armature="0.1"/>
    <site size="0.04" pos="0 0 0.3"/></default>
</default>
<worldbody>
  <body name="p" childclass="b" pos="0 0 1">
    <joint name="jp"/>
    <geom name="gp"/>
    <frame name="fa" childclass="a" pos="0 0 0.1">
      <joint name="ja"/>
      <geom name="ga"/>
      <site name="sa"/>
      <body name="q" pos="0.3 0 0">
        <joint name="jq"/>
        <geom name="gq"/>
        <frame name="fq">
          <geom name="gqq"/>
        </frame>
      </body>
    </frame>
    <frame name="fclass" class="a" euler="0 0 30">
      <geom name="gclass"/>
      <site name="sclass"/>
    </frame>
    <frame name="fboth" class="a" childclass="b">
      <geom name="gboth"/>
    </frame>
    <frame name="finherit" pos="0 0.2 0">
      <geom name="ginherit"/>
      <site name="sinherit"/>
    </frame>
  </body>
</worldbody></mujoco>""",
    # the compiler's angle unit and euler sequence apply to frames
    "radian_eulerseq": '<mujoco><compiler angle="radian" eulerseq="ZYX"/>' + HEAD[8:] + """
<worldbody>
  <frame euler="0.3 -0.2 0.7" pos="0 0 1">
    <body name="a" euler="0.1 0.2 0.3">
      <joint name="h" axis="0 1 1"/>
      <geom name="g" type="box" size="0.1 0.2 0.3" pos="0.1 0.1 0"/>
      <frame axisangle="1 1 1 0.5">
        <geom name="g2" type="sphere" size="0.05" pos="0.2 0 0"/>
        <site name="s" pos="0 0 0.1"/>
      </frame>
    </body>
  </frame>
</worldbody></mujoco>""",
    # an <inertial> inside a frame is placed by it (position and principal axes)
    "inertial_in_frame": HEAD + """
<worldbody>
  <body name="a" pos="0 0 1">
    <joint name="h" axis="1 0 0"/>
    <frame pos="0.1 0.2 0" euler="0 90 30">
      <inertial pos="0.1 0 0" quat="1 0.2 0 0" mass="2" diaginertia="0.1 0.2 0.25"/>
    </frame>
  </body>
  <body name="b" pos="1 0 1">
    <joint name="h2" axis="0 1 0"/>
    <frame pos="0 0 0.3" axisangle="0 0 1 60">
      <inertial pos="0 0.1 0" mass="1" fullinertia="0.1 0.2 0.25 0.01 0 0.02"/>
    </frame>
  </body>
</worldbody></mujoco>""",
    # elements in frames keep document order among their siblings outside frames
    "order": HEAD + """
<worldbody>
  <geom name="w1" type="plane" size="1 1 0.1"/>
  <frame pos="0 0 -0.1"><geom name="w2" type="plane" size="1 1 0.1"/></frame>
  <body name="a" pos="0 0 1">
    <geom name="a1" size="0.1"/>
    <frame pos="0.1 0 0">
      <body name="b"><joint name="jb"/><geom name="b1" size="0.1"/></body>
      <geom name="a2" size="0.1"/>
      <joint name="j2" axis="1 0 0"/>
    </frame>
    <body name="c"><joint name="jc"/><geom name="c1" size="0.1"/></body>
    <geom name="a3" size="0.1"/>
    <joint name="j1"/>
    <frame><site name="s1"/></frame>
    <site name="s2"/>
  </body>
</worldbody></mujoco>""",
    # a mesh geom in a frame: the frame places the mesh's own coordinates
    "mesh_in_frame": HEAD + """
<asset>""" + BOX_MESH + """</asset>
<worldbody>
  <body name="a" pos="0 0 1">
    <joint name="h" axis="0 1 0"/>
    <frame pos="0.1 0 0.2" euler="20 -10 40">
      <geom name="m" type="mesh" mesh="t" pos="0 0.1 0" euler="0 0 30"/>
    </frame>
  </body>
</worldbody></mujoco>""",
    # the same mesh without a frame: MuJoCo's single-precision vertices part it from diffart by ~1e-8
    "mesh_no_frame": HEAD + """
<asset>""" + BOX_MESH + """</asset>
<worldbody>
  <body name="a" pos="0 0 1">
    <joint name="h" axis="0 1 0"/>
    <geom name="m" type="mesh" mesh="t" pos="0 0.1 0" euler="0 0 30"/>
  </body>
</worldbody></mujoco>""",
    # frame names are their own namespace: a body and a geom may share one
    "frame_names": HEAD + """
<worldbody>
  <frame name="x"/>
  <body name="x"><joint/><geom name="x" size="0.1"/></body>
</worldbody></mujoco>""",
    # errors
    "joint_in_world_frame": HEAD + """
<worldbody>
  <frame><joint name="j"/></frame>
</worldbody></mujoco>""",
    "inertial_in_world_frame": HEAD + """
<worldbody>
  <frame><inertial mass="1" diaginertia="1 1 1" pos="0 0 0"/></frame>
</worldbody></mujoco>""",
    "repeated_frame_name": HEAD + """
<worldbody>
  <frame name="f"/>
  <frame name="f"/>
</worldbody></mujoco>""",
    "unknown_childclass": HEAD + """
<worldbody>
  <frame childclass="nope"/>
</worldbody></mujoco>""",
    "unknown_class": HEAD + """
<worldbody>
  <frame class="nope"/>
</worldbody></mujoco>""",
    "two_orientations": HEAD + """
<worldbody>
  <frame euler="0 0 90" quat="1 0 0 0"/>
</worldbody></mujoco>""",
    "free_joint_below_frame_in_body": HEAD + """
<worldbody>
  <body name="a"><geom size="0.1"/>
    <frame pos="1 0 0"><body name="b"><freejoint/><geom size="0.1"/></body></frame>
  </body>
</worldbody></mujoco>""",
    # MuJoCo 3.14 accepts and ignores these (no schema check on <frame>'s attributes)
    "unknown_attribute": HEAD + """
<worldbody>
  <frame bogus="1"><geom size="0.1"/></frame>
</worldbody></mujoco>""",
    "fromto_on_frame": HEAD + """
<worldbody>
  <frame fromto="0 0 0 1 0 0"><geom size="0.1"/></frame>
</worldbody></mujoco>""",
}


REP = '<replicate count="2"><body name="b"><joint name="j"/><geom name="g" size="0.1"/></body></replicate>'

REPLICATE_CASES = {
    # copies of a body in the world, each turned by euler and moved by offset from the last
    "world_bodies": HEAD + """
<worldbody>
  <replicate count="3" offset="0.5 0 0" euler="0 0 30" sep="-">
    <body name="b" pos="0 0 1">
      <joint name="j" axis="0 1 0" damping="0.2"/>
      <geom name="g" type="box" size="0.1 0.05 0.2" pos="0 0 -0.2"/>
      <site name="s" pos="0.1 0 0"/>
    </body>
  </replicate>
</worldbody>
<actuator><motor name="m" joint="j-2" gear="2"/></actuator>
<sensor><jointpos name="p" joint="j-0"/><framepos name="fp" objtype="site" objname="s-1"/></sensor>
</mujoco>""",
    # copies of a body's own elements keep document order among its other elements
    "in_body_order": HEAD + """
<worldbody>
  <body name="p" pos="0 0 1">
    <joint name="j" axis="1 0 0"/>
    <geom name="first" size="0.1"/>
    <replicate count="3" sep="_" offset="0 0.1 0" euler="15 0 0">
      <joint name="r" axis="0 0 1" pos="0.1 0 0"/>
      <geom name="g" type="capsule" size="0.02" fromto="0 0 0 0.2 0 0"/>
      <site name="s" pos="0.2 0 0"/>
    </replicate>
    <geom name="after" size="0.1" pos="0 0 0.2"/>
    <body name="c" pos="0 0 -0.3"><joint name="jc"/><geom name="gc" size="0.05"/></body>
  </body>
</worldbody></mujoco>""",
    # nested copies: names end in the inner suffix, then the outer one
    "nested": HEAD + """
<worldbody>
  <replicate count="2" offset="1 0 0" euler="0 0 90">
    <replicate count="3" sep="x" offset="0 0.3 0" euler="20 0 0">
      <body name="b" pos="0 0 0.5">
        <joint name="j" axis="1 0 0"/>
        <geom name="g" type="box" size="0.05 0.1 0.15"/>
      </body>
    </replicate>
  </replicate>
</worldbody></mujoco>""",
    # eleven copies: two-digit suffixes
    "count11": HEAD + """
<worldbody>
  <body name="p"><joint name="j"/>
    <replicate count="11" euler="0 0 32.7272727"><geom name="g" size="0.02" pos="0.3 0 0"/></replicate>
  </body>
</worldbody></mujoco>""",
    # an euler about several axes: copy i is turned by i·euler, not by the first turn i times
    "multi_axis_euler": HEAD + """
<worldbody>
  <replicate count="4" offset="0.2 0.1 0" euler="10 20 30">
    <body name="b"><joint name="j" axis="1 0 0"/><geom name="g" type="box" size="0.02 0.03 0.04" pos="0.1 0 0"/></body>
  </replicate>
</worldbody></mujoco>""",
    # the compiler's angle unit and euler sequence
    "radian_eulerseq": '<mujoco><compiler angle="radian" eulerseq="ZYX"/>' + HEAD[8:] + """
<worldbody>
  <replicate count="3" offset="0.2 0 0.1" euler="0.1 0.2 0.3">
    <body name="b"><joint name="j" axis="1 0 0"/><geom name="g" type="box" size="0.02 0.03 0.04" pos="0.1 0 0"/></body>
  </replicate>
</worldbody></mujoco>""",
    # replicate in a frame, frames in a replicate (their names get the suffix too)
    "frames": HEAD + """
<worldbody>
  <frame name="outer" pos="0 0 1" euler="0 30 0">
    <replicate count="2" offset="0.4 0 0" euler="0 0 45" sep=".">
      <frame name="inner" pos="0 0.1 0" euler="10 0 0">
        <body name="b"><joint name="j" axis="0 1 0"/><geom name="g" type="box" size="0.05 0.02 0.1" pos="0 0 -0.1"/>
          <site name="s" pos="0 0 -0.2"/></body>
      </frame>
    </replicate>
  </frame>
</worldbody></mujoco>""",
    # a replicate's childclass, and its class, set the default class of the copies
    "childclass": HEAD + """
<default>
  <default class="a"><geom type="box" size="0.1 0.2 0.3"/><joint axis="1 0 0"/></default>
  <default class="b"><geom type="capsule" size="0.05 0.2"/><joint axis="0 1 0"/></default>
</default>
<worldbody>
  <replicate count="2" childclass="a" offset="1 0 0">
    <body name="b"><joint name="j"/><geom name="g"/></body>
  </replicate>
  <replicate count="2" class="b" offset="0 1 0" sep="c">
    <body name="b"><joint name="j"/><geom name="g"/></body>
  </replicate>
</worldbody></mujoco>""",
    "count_zero": HEAD + """
<worldbody>
  <geom name="w" size="0.1"/>
  <replicate count="0"><geom name="g" size="0.1"/></replicate>
</worldbody></mujoco>""",
    "count_negative": HEAD + """
<worldbody>
  <geom name="w" size="0.1"/>
  <replicate count="-2"><geom name="g" size="0.1"/></replicate>
</worldbody></mujoco>""",
    # errors
    "no_count": HEAD + """
<worldbody>
  <replicate><geom name="g" size="0.1"/></replicate>
</worldbody></mujoco>""",
    "name_clash": HEAD + """
<worldbody>
  <replicate count="2"><geom name="g" size="0.1"/></replicate>
  <geom name="g1" size="0.1"/>
</worldbody></mujoco>""",
    # MuJoCo 3.14 copies every element that names something inside the replicate, once per copy
    "actuator_names_template": HEAD + """
<worldbody>""" + REP + """</worldbody>
<actuator><motor name="a" joint="j"/></actuator></mujoco>""",
    "sensor_names_template": HEAD + """
<worldbody>""" + REP + """</worldbody>
<sensor><jointpos name="s" joint="j"/></sensor></mujoco>""",
    "tendon_names_template": HEAD + """
<worldbody>""" + REP + """</worldbody>
<tendon><fixed name="t"><joint joint="j" coef="1"/></fixed></tendon></mujoco>""",
    "exclude_names_template": HEAD + """
<worldbody>""" + REP + """</worldbody>
<contact><exclude body1="b0" body2="b"/></contact></mujoco>""",
    # ... and every keyframe, whose qpos it reads against part of the model
    "keyframe": HEAD + """
<worldbody>""" + REP + """</worldbody>
<keyframe><key name="k" qpos="5"/></keyframe></mujoco>""",
    "keyframe_full_qpos": HEAD + """
<worldbody>""" + REP + """</worldbody>
<keyframe><key name="k" qpos="5 6"/></keyframe></mujoco>""",
    # no schema check on <replicate>'s attributes
    "unknown_attribute": HEAD + """
<worldbody>
  <replicate count="2" bogus="1"><geom name="g" size="0.1"/></replicate>
</worldbody></mujoco>""",
}


WELD = HEAD + """
<worldbody>
  <body name="a" pos="0 0 1"><freejoint/><geom type="box" size="0.1 0.2 0.3"/></body>
  <body name="b" pos="0.3 0 1" euler="0 0 20"><freejoint/><geom type="box" size="0.1 0.1 0.1"/></body>
  <body name="c" pos="0 1 1"><joint name="h" axis="0 1 0"/><geom type="capsule" size="0.05" fromto="0 0 0 0.3 0 0"/></body>
</worldbody>
<equality>
  <weld body1="a" body2="b" torquescale="%s"/>
  <weld body1="c" relpose="0.1 1 1 1 0 0.2 0" anchor="0.1 0 0" torquescale="%s"/>
</equality></mujoco>"""


def random_state(m, d, rng, dq, dv):
    """qpos0 moved along a tangent drawn in [-dq, dq], qvel drawn in [-dv, dv]; then mj_forward."""
    qpos = m.qpos0.copy()
    mujoco.mj_integratePos(m, qpos, rng.uniform(-dq, dq, m.nv), 1.0)
    d.qpos[:] = qpos
    d.qvel[:] = rng.uniform(-dv, dv, m.nv)
    mujoco.mj_forward(m, d)


def weld():
    """The equality rows of two welds at three random states for several torque scales."""
    res = {"mujoco_version": mujoco.__version__, "generator": " ".join(sys.argv), "cases": {}}
    for ts in ("1", "2", "0.5", "0"):
        xml = WELD % (ts, ts)
        m = mujoco.MjModel.from_xml_string(xml)
        d = mujoco.MjData(m)
        rng = np.random.default_rng(7)
        states = []
        for _ in range(3):
            random_state(m, d, rng, 0.3, 1)
            states.append({"qpos": rows(d.qpos), "qvel": rows(d.qvel), "efc_pos": rows(d.efc_pos),
                           "efc_J": rows(d.efc_J.reshape(d.nefc, m.nv)), "efc_R": rows(d.efc_R),
                           "efc_aref": rows(d.efc_aref), "efc_type": rows(d.efc_type)})
        res["cases"]["torquescale_" + ts] = {"xml": xml, "eq_data": rows(m.eq_data), "states": states}
    with open(os.path.join(OUT_DIR, "weld.json"), "w") as f:
        json.dump(res, f, indent=1, sort_keys=True)
        f.write("\n")


def hull():
    """maxhullvert on a mesh given by points only (40 on a sphere, 10 inside) and on the box mesh."""
    rng = np.random.default_rng(3)
    pts = rng.normal(size=(40, 3))
    pts = 0.1 * pts / np.linalg.norm(pts, axis=1, keepdims=True)
    pts = np.vstack([pts, rng.uniform(-0.02, 0.02, (10, 3))])
    meshes = {"points": '<mesh name="m" vertex="%s" %%s/>' % " ".join("%.6f" % x for x in pts.ravel()),
              "box": BOX_MESH.replace('name="t"', 'name="m" %s')}
    res = {"mujoco_version": mujoco.__version__, "generator": " ".join(sys.argv), "cases": {}}
    for mesh, elem in meshes.items():
        for v in (None, "-1", "4", "3", "0", "-2", "7", "8", "9", "10", "39", "40", "41", "default_5", "default_40"):
            if v is None:
                asset, default = elem % "", ""
            elif v.startswith("default_"):
                asset, default = elem % "", '<default><mesh maxhullvert="%s"/></default>' % v[8:]
            else:
                asset, default = elem % ('maxhullvert="%s"' % v), ""
            xml = ('<mujoco>%s<asset>%s</asset><worldbody><body><freejoint/><geom type="mesh" mesh="m"/>'
                   '</body></worldbody></mujoco>') % (default, asset)
            m, err = compile_error(xml)
            c = {"xml": xml}
            if err is not None:
                c["error"] = err
            else:
                g = m.mesh_graph[m.mesh_graphadr[0]:]
                c.update({"hull_vert": int(g[0]), "hull_face": int(g[1]), "mesh_vertnum": int(m.mesh_vertnum[0]),
                          "body_mass": float(m.body_mass[1])})
            res["cases"]["%s_%s" % (mesh, v or "absent")] = c
    with open(os.path.join(OUT_DIR, "hull.json"), "w") as f:
        json.dump(res, f, indent=1, sort_keys=True)
        f.write("\n")


SENSOR_WORLD = """
<worldbody>
  <body name="A" pos="0 0 1" euler="10 20 30">
    <freejoint/>
    <geom name="gA" type="box" size="0.1 0.2 0.05" pos="0.05 0 0" euler="0 0 15"/>
    <site name="sA" pos="0.1 0.05 0" euler="30 0 0"/>
    <body name="B" pos="0.3 0 0" euler="0 40 0">
      <joint name="hB" axis="0 1 1"/>
      <geom name="gB" type="capsule" size="0.03" fromto="0 0 0 0.2 0.1 0"/>
      <site name="sB" pos="0.2 0 0.05" euler="0 0 60"/>
    </body>
  </body>
  <body name="C" pos="1 0 0.5">
    <joint name="sC" type="slide" axis="1 0 0"/>
    <joint name="hC" axis="0 0 1"/>
    <geom name="gC" type="ellipsoid" size="0.1 0.05 0.08" pos="0 0.1 0" euler="20 0 0"/>
    <site name="siteC" pos="0 0 0.1" euler="0 25 0"/>
  </body>
</worldbody>"""

# (objtype, objname, reftype, refname): every kind of frame on both sides, the same body, a sibling
REF_PAIRS = [("site", "sB", "body", "A"), ("xbody", "B", "site", "siteC"), ("geom", "gA", "xbody", "C"),
             ("body", "C", "geom", "gB"), ("site", "sA", "xbody", "A"), ("body", "B", "body", "A"),
             ("geom", "gC", "site", "sB")]
REF_TYPES = ["framepos", "framequat", "framexaxis", "frameyaxis", "framezaxis", "framelinvel", "frameangvel"]


def sensors():
    """Frame sensors in reference frames at three random states and along 100 Euler steps."""
    lines = []
    for t in REF_TYPES:
        lines.append('<%s name="%s_world" objtype="site" objname="sB"/>' % (t, t))
        for k, (ot, on, rt, rn) in enumerate(REF_PAIRS):
            lines.append('<%s name="%s_%d" objtype="%s" objname="%s" reftype="%s" refname="%s"/>'
                         % (t, t, k, ot, on, rt, rn))
    xml = HEAD + SENSOR_WORLD + "\n<sensor>\n" + "\n".join(lines) + "\n</sensor></mujoco>"
    m = mujoco.MjModel.from_xml_string(xml)
    d = mujoco.MjData(m)
    rng = np.random.default_rng(11)
    states = []
    for _ in range(3):
        random_state(m, d, rng, 1, 2)
        states.append({"qpos": rows(d.qpos), "qvel": rows(d.qvel), "sensordata": rows(d.sensordata)})
    # a trajectory from the last state: mj_step, sensordata as mj_forward gives it at each state
    traj = {"qpos": [], "qvel": [], "sensordata": []}
    for _ in range(100):
        mujoco.mj_forward(m, d)
        traj["qpos"].append(rows(d.qpos))
        traj["qvel"].append(rows(d.qvel))
        traj["sensordata"].append(rows(d.sensordata))
        mujoco.mj_step(m, d)
    errors = {}
    for name, attrs in (("acc_sensor", '<framelinacc objtype="site" objname="sB" reftype="body" refname="A"/>'),
                        ("gyro", '<gyro site="sB" reftype="body" refname="A"/>'),
                        ("reftype_alone", '<framepos objtype="site" objname="sB" reftype="body"/>'),
                        ("refname_alone", '<framepos objtype="site" objname="sB" refname="A"/>'),
                        ("camera", '<framepos objtype="site" objname="sB" reftype="camera" refname="A"/>'),
                        ("unknown_ref", '<framepos objtype="site" objname="sB" reftype="body" refname="Z"/>')):
        _, err = compile_error(HEAD + SENSOR_WORLD + "<sensor>" + attrs + "</sensor></mujoco>")
        errors[name] = {"sensor": attrs, "error": err}
    res = {"mujoco_version": mujoco.__version__, "generator": " ".join(sys.argv), "xml": xml,
           "sensor_name": [m.sensor(i).name for i in range(m.nsensor)],
           "sensor_reftype": rows(m.sensor_reftype), "sensor_refid": rows(m.sensor_refid),
           "timestep": float(m.opt.timestep), "states": states, "trajectory": traj, "errors": errors}
    # the model also as a file, for the backends' contract suite
    with open(os.path.join(OUT_DIR, "sensors_ref.xml"), "w") as f:
        f.write(xml + "\n")
    with open(os.path.join(OUT_DIR, "sensors.json"), "w") as f:
        json.dump(res, f, indent=1, sort_keys=True)
        f.write("\n")


def compile_error(xml):
    try:
        return mujoco.MjModel.from_xml_string(xml), None
    except Exception as e:  # noqa: BLE001
        return None, str(e).strip().splitlines()[0]


def rows(a):
    return np.asarray(a, dtype=float).tolist()


def compiled(m, seed):
    d = mujoco.MjData(m)
    res = {
        "body_name": [m.body(i).name for i in range(m.nbody)],
        "jnt_name": [m.jnt(i).name for i in range(m.njnt)],
        "geom_name": [m.geom(i).name for i in range(m.ngeom)],
        "site_name": [m.site(i).name for i in range(m.nsite)],
    }
    for kind, n in (("actuator", m.nu), ("sensor", m.nsensor), ("tendon", m.ntendon), ("key", m.nkey),
                    ("exclude", m.nexclude)):
        res[kind + "_name"] = [getattr(m, kind)(i).name for i in range(n)]
    for f in ("actuator_trnid", "actuator_gear", "sensor_type", "sensor_objid", "wrap_objid",
              "exclude_signature", "key_qpos"):
        res[f] = rows(getattr(m, f))
    for f in ("body_parentid", "body_pos", "body_quat", "body_ipos", "body_iquat", "body_mass",
              "body_inertia", "jnt_bodyid", "jnt_pos", "jnt_axis", "geom_bodyid", "geom_pos",
              "geom_quat", "geom_size", "site_bodyid", "site_pos", "site_quat", "site_size",
              "qpos0"):
        res[f] = rows(getattr(m, f))
    rng = np.random.default_rng(seed)
    states = []
    for _ in range(3):
        qpos = m.qpos0.copy()
        mujoco.mj_integratePos(m, qpos, rng.uniform(-0.5, 0.5, m.nv), 1.0)
        d.qpos[:] = qpos
        d.qvel[:] = rng.uniform(-1, 1, m.nv)
        mujoco.mj_forward(m, d)
        d.ctrl[:] = rng.uniform(-1, 1, m.nu)
        mujoco.mj_forward(m, d)
        states.append({"qpos": rows(d.qpos), "qvel": rows(d.qvel), "ctrl": rows(d.ctrl),
                       "qacc": rows(d.qacc), "sensordata": rows(d.sensordata),
                       "xpos": rows(d.xpos), "xquat": rows(d.xquat), "geom_xpos": rows(d.geom_xpos),
                       "site_xpos": rows(d.site_xpos)})
    res["states"] = states
    return res


def run(cases, out):
    res = {"mujoco_version": mujoco.__version__, "generator": " ".join(sys.argv)}
    out_cases = {}
    for k, (name, xml) in enumerate(cases.items()):
        m, err = compile_error(xml)
        c = {"xml": xml}
        if err is not None:
            c["error"] = err
        else:
            c.update(compiled(m, 1000 + k))
        out_cases[name] = c
    res["cases"] = out_cases
    with open(os.path.join(OUT_DIR, out), "w") as f:
        json.dump(res, f, indent=1, sort_keys=True)
        f.write("\n")


def main():
    os.makedirs(OUT_DIR, exist_ok=True)
    run(FRAME_CASES, "frame.json")
    run(REPLICATE_CASES, "replicate.json")
    weld()
    hull()
    sensors()


if __name__ == "__main__":
    main()
