"""What MuJoCo 3.14 makes of MJCF 3.x loader-level features: the <compiler> attributes it knows and
how it resolves asset files against assetdir, meshdir and texturedir.

Run with the mujoco==3.14.0 wheel's Python from the repository root:
    /tmp/mj314/bin/python datasets/reference/probes/mjcf3_314.py
Writes datasets/reference/mjcf3_314/compiler.json, options.json, custom.json and user.json
(deterministic). Asset directories are made in a
temporary directory; each holds a tetrahedron of a different size, so the compiled mesh's extent
tells which file MuJoCo read.
"""

import json
import os
import struct
import sys
import tempfile

import mujoco

OUT = os.path.join("datasets", "reference", "mjcf3_314", "compiler.json")
OPTIONS_OUT = os.path.join("datasets", "reference", "mjcf3_314", "options.json")

# <option> attributes of MuJoCo 2.2.2's and 3.x's documentation, each with its 3.x default
OPTION_CANDIDATES = {
    "timestep": "0.002", "apirate": "100", "impratio": "1", "tolerance": "1e-8",
    "ls_tolerance": "0.01", "noslip_tolerance": "1e-6", "ccd_tolerance": "1e-6",
    "sleep_tolerance": "1e-4", "mpr_tolerance": "1e-6", "gravity": "0 0 -9.81", "wind": "0 0 0",
    "magnetic": "0 -0.5 0", "density": "0", "viscosity": "0", "o_margin": "0", "o_solref": "0.02 1",
    "o_solimp": "0.9 0.95 0.001 0.5 2", "o_friction": "1 1 0.005 0.0001 0.0001",
    "integrator": "Euler", "collision": "all", "cone": "pyramidal", "jacobian": "auto",
    "solver": "Newton", "iterations": "100", "ls_iterations": "50", "noslip_iterations": "0",
    "mpr_iterations": "50", "ccd_iterations": "35", "sdf_iterations": "10", "sdf_initpoints": "40",
    "actuatorgroupdisable": "1",
}
FLAG_CANDIDATES = (
    "constraint equality frictionloss limit contact spring damper gravity clampctrl warmstart "
    "filterparent actuation refsafe sensor midphase eulerdamp autoreset nativeccd island override "
    "energy fwdinv invdiscrete multiccd sleep passive").split()


def options():
    res = {"mujoco_version": mujoco.__version__}
    attrs = {}
    for a, v in OPTION_CANDIDATES.items():
        _, err = compile_error('<mujoco><option %s="%s"/><worldbody/></mujoco>' % (a, v))
        attrs[a] = "accepted" if err is None else err.splitlines()[0]
    res["attributes"] = attrs
    flags = {}
    for f in FLAG_CANDIDATES:
        _, err = compile_error('<mujoco><option><flag %s="enable"/></option><worldbody/></mujoco>' % f)
        flags[f] = "accepted" if err is None else err.splitlines()[0]
    res["flags"] = flags
    o = mujoco.MjModel.from_xml_string("<mujoco/>").opt
    res["defaults"] = {
        k: (list(map(float, getattr(o, k))) if hasattr(getattr(o, k), "__len__") else float(getattr(o, k)))
        for k in ("impratio", "noslip_iterations", "noslip_tolerance", "o_margin", "o_solref", "o_solimp",
                  "o_friction", "ccd_iterations", "ccd_tolerance", "sdf_iterations", "sdf_initpoints")
    }
    # values the compiler lets through (it checks none of these)
    lax = {}
    for x in ('impratio="0"', 'noslip_iterations="-1"', 'ccd_iterations="-1"', 'o_solref="0.02"',
              'o_solimp="0.9"', 'o_margin="-1"'):
        _, err = compile_error('<mujoco><option %s/><worldbody/></mujoco>' % x)
        lax[x] = "accepted" if err is None else err.splitlines()[0]
    res["unchecked_values"] = lax
    with open(OPTIONS_OUT, "w") as f:
        json.dump(res, f, indent=1, sort_keys=True)
        f.write("\n")

# every attribute of <compiler> in MuJoCo 2.2.2 or 3.x's documentation, with a value to try
CANDIDATES = {
    "autolimits": "true", "boundmass": "0", "boundinertia": "0", "settotalmass": "-1",
    "balanceinertia": "false", "strippath": "false", "coordinate": "local", "angle": "degree",
    "fitaabb": "false", "eulerseq": "xyz", "meshdir": ".", "texturedir": ".", "discardvisual": "false",
    "usethread": "true", "fusestatic": "false", "inertiafromgeom": "auto", "inertiagrouprange": "0 5",
    "assetdir": ".", "alignfree": "false", "saveinertial": "false", "convexhull": "true",
    "exactmeshinertia": "false", "conflict": "error",
}


def compile_error(xml, cwd=None):
    old = os.getcwd()
    try:
        if cwd:
            os.chdir(cwd)
        try:
            m = mujoco.MjModel.from_xml_path(xml) if xml.endswith(".xml") else mujoco.MjModel.from_xml_string(xml)
            return m, None
        except Exception as e:  # noqa: BLE001
            return None, str(e).strip()
    finally:
        os.chdir(old)


def tetra(scale):
    v = [(0, 0, 0), (scale, 0, 0), (0, scale, 0), (0, 0, scale)]
    f = [(1, 3, 2), (1, 2, 4), (1, 4, 3), (2, 3, 4)]
    return "".join("v %g %g %g\n" % p for p in v) + "".join("f %d %d %d\n" % t for t in f)


def hfield(scale):
    # MuJoCo's binary height field: int32 nrow, ncol, then nrow*ncol float32; nrow = scale + 1
    n = scale + 1
    return struct.pack("<ii", n, 2) + struct.pack("<%df" % (2 * n), *([0.5] * (2 * n)))


def main():
    res = {"mujoco_version": mujoco.__version__, "generator": " ".join(sys.argv)}
    known = {}
    for a, v in CANDIDATES.items():
        _, err = compile_error('<mujoco><compiler %s="%s"/><worldbody/></mujoco>' % (a, v))
        known[a] = "accepted" if err is None else err.splitlines()[0]
    res["attributes"] = known
    _, err = compile_error('<mujoco><compiler coordinate="global"/><worldbody/></mujoco>')
    res["coordinate_global"] = err
    conflict = {}
    for v in ("warning", "merge", "error", "bogus"):
        _, err = compile_error('<mujoco><compiler conflict="%s"/><worldbody/></mujoco>' % v)
        conflict[v] = "accepted" if err is None else err.splitlines()[0]
    res["conflict_keywords"] = conflict

    # asset resolution: root/ holds the model; the mesh file "t.obj" exists in root (scale 1),
    # a/ (scale 2), m/ (scale 3), t/ (scale 4), sub/a/ (scale 5); the height field "h.bin" in the
    # same directories with nrow = scale + 1
    tmp = tempfile.mkdtemp()
    scales = {"": 1, "a": 2, "m": 3, "t": 4, "sub/a": 5}
    for d, s in scales.items():
        os.makedirs(os.path.join(tmp, d), exist_ok=True)
        with open(os.path.join(tmp, d, "t.obj"), "w") as f:
            f.write(tetra(s))
        with open(os.path.join(tmp, d, "h.bin"), "wb") as f:
            f.write(hfield(s))
    by_extent = {s: d for d, s in scales.items()}
    cases = {
        "none": ['<compiler/>'],
        "assetdir": ['<compiler assetdir="a"/>'],
        "meshdir": ['<compiler meshdir="m"/>'],
        "texturedir": ['<compiler texturedir="t"/>'],
        "assetdir_meshdir": ['<compiler assetdir="a" meshdir="m"/>'],
        "meshdir_assetdir": ['<compiler meshdir="m" assetdir="a"/>'],
        "meshdir_then_assetdir": ['<compiler meshdir="m"/>', '<compiler assetdir="a"/>'],
        "assetdir_then_meshdir": ['<compiler assetdir="a"/>', '<compiler meshdir="m"/>'],
        "assetdir_texturedir": ['<compiler assetdir="a" texturedir="t"/>'],
        "assetdir_nested": ['<compiler assetdir="sub/a"/>'],
        "assetdir_absolute": ['<compiler assetdir="%s"/>' % os.path.join(tmp, "a")],
        "texturedir_only_missing_mesh_dir": ['<compiler texturedir="m"/>'],
        "strippath_file_with_dir": ['<compiler strippath="true" meshdir="m"/>'],
        "file_with_dir": ['<compiler meshdir="m"/>'],
    }
    resolution = {}
    for name, comps in cases.items():
        meshfile = "t.obj"
        hfile = "h.bin"
        if name in ("strippath_file_with_dir", "file_with_dir"):
            meshfile = "nowhere/t.obj"
            hfile = "nowhere/h.bin"
        xml = ("<mujoco>%s<asset><mesh name=\"t\" file=\"%s\"/>"
               "<hfield name=\"h\" file=\"%s\" size=\"1 1 1 0.1\"/></asset>"
               "<worldbody><geom type=\"mesh\" mesh=\"t\"/><geom type=\"hfield\" hfield=\"h\"/>"
               "</worldbody></mujoco>") % ("".join(comps), meshfile, hfile)
        path = os.path.join(tmp, "model_%s.xml" % name)
        with open(path, "w") as f:
            f.write(xml)
        # a different working directory, so nothing resolves against it
        m, err = compile_error(path, cwd="/")
        row = {"compiler": [c.replace(tmp, "<tmp>") for c in comps]}
        if err is not None:
            row["error"] = err.replace(tmp, "<tmp>").splitlines()[0]
        else:
            v = m.mesh_vert[m.mesh_vertadr[0]:m.mesh_vertadr[0] + m.mesh_vertnum[0]]
            # in its principal frame the tetrahedron's longest extent is sqrt(2) * scale
            ext = float((v.max(axis=0) - v.min(axis=0)).max())
            row["mesh_dir"] = by_extent.get(int(round(ext / 2**0.5)), "?")
            row["hfield_dir"] = by_extent.get(int(m.hfield_nrow[0]) - 1, "?")
        resolution[name] = row
    res["resolution"] = resolution
    with open(OUT, "w") as f:
        json.dump(res, f, indent=1, sort_keys=True)
        f.write("\n")
    print(json.dumps(res, indent=1, sort_keys=True))


CUSTOM_OUT = os.path.join("datasets", "reference", "mjcf3_314", "custom.json")

# one small world for every <custom> case: named objects of each kind a tuple may point at
CUSTOM_WORLD = (
    '<worldbody><body name="b"><joint name="j"/><geom name="g" size="1"/><site name="s"/>'
    '</body><body name="b2"><joint name="j2"/><geom size="1"/></body></worldbody>'
    '<tendon><fixed name="t"><joint joint="j" coef="1"/></fixed></tendon>'
    '<equality><joint name="e" joint1="j" joint2="j2"/></equality>'
    '<actuator><motor name="a" joint="j"/></actuator><sensor><jointpos name="p" joint="j"/></sensor>'
    '<keyframe><key name="k"/></keyframe>')

CUSTOM_CASES = {
    "numeric_data": '<numeric name="n" data="1 2"/>',
    "numeric_size_pads": '<numeric name="n" size="4" data="1 2"/>',
    "numeric_size_only": '<numeric name="n" size="3"/>',
    "numeric_too_much_data": '<numeric name="n" size="1" data="1 2"/>',
    "numeric_neither": '<numeric name="n"/>',
    "numeric_size_zero": '<numeric name="n" size="0"/>',
    "numeric_size_501": '<numeric name="n" size="501"/>',
    "numeric_size_500": '<numeric name="n" size="500"/>',
    "numeric_no_name": '<numeric data="1"/>',
    "numeric_repeated": '<numeric name="n" data="1"/><numeric name="n" data="2"/>',
    "numeric_bad_number": '<numeric name="n" data="1 x"/>',
    "numerics_in_order": '<numeric name="z" data="1"/><numeric name="a" data="2 3"/>',
    "text": '<text name="x" data="hello world"/>',
    "text_empty": '<text name="x" data=""/>',
    "text_absent": '<text name="x"/>',
    "text_no_name": '<text data="x"/>',
    "tuple_objects": (
        '<tuple name="u"><element objtype="body" objname="b2" prm="2"/>'
        '<element objtype="xbody" objname="b"/><element objtype="joint" objname="j2"/>'
        '<element objtype="geom" objname="g" prm="-1.5"/><element objtype="site" objname="s"/>'
        '<element objtype="tendon" objname="t"/><element objtype="actuator" objname="a"/>'
        '<element objtype="sensor" objname="p"/><element objtype="equality" objname="e"/>'
        '<element objtype="key" objname="k"/></tuple>'),
    "tuple_custom_objects": (
        '<numeric name="n" data="1"/><text name="x" data="y"/><tuple name="u">'
        '<element objtype="numeric" objname="n"/><element objtype="text" objname="x"/>'
        '<element objtype="tuple" objname="u"/></tuple>'),
    "tuple_empty": '<tuple name="u"/>',
    "tuple_unknown_object": '<tuple name="u"><element objtype="body" objname="nope"/></tuple>',
    "tuple_unknown_type": '<tuple name="u"><element objtype="bogus" objname="b"/></tuple>',
    "tuple_no_objname": '<tuple name="u"><element objtype="body"/></tuple>',
    "tuple_no_name": '<tuple><element objtype="body" objname="b"/></tuple>',
}


def custom():
    res = {"mujoco_version": mujoco.__version__, "world": CUSTOM_WORLD,
           "objtypes": {k[len("mjOBJ_"):].lower(): int(getattr(mujoco.mjtObj, k))
                        for k in dir(mujoco.mjtObj) if k.startswith("mjOBJ_")}}
    cases = {}
    for name, xml in CUSTOM_CASES.items():
        m, err = compile_error("<mujoco>%s<custom>%s</custom></mujoco>" % (CUSTOM_WORLD, xml))
        row = {"custom": xml}
        if err is not None:
            row["error"] = err.splitlines()[0]
        else:
            row.update(
                numeric_name=[mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_NUMERIC, i) for i in range(m.nnumeric)],
                numeric_adr=m.numeric_adr.tolist(), numeric_size=m.numeric_size.tolist(),
                numeric_data=m.numeric_data.tolist(),
                text_name=[mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_TEXT, i) for i in range(m.ntext)],
                text=[bytes(m.text_data[m.text_adr[i]:m.text_adr[i] + m.text_size[i] - 1]).decode()
                      for i in range(m.ntext)],
                text_size=m.text_size.tolist(),
                tuple_name=[mujoco.mj_id2name(m, mujoco.mjtObj.mjOBJ_TUPLE, i) for i in range(m.ntuple)],
                tuple_adr=m.tuple_adr.tolist(), tuple_size=m.tuple_size.tolist(),
                tuple_objtype=m.tuple_objtype.tolist(), tuple_objid=m.tuple_objid.tolist(),
                tuple_objprm=m.tuple_objprm.tolist())
        cases[name] = row
    res["cases"] = cases
    with open(CUSTOM_OUT, "w") as f:
        json.dump(res, f, indent=1, sort_keys=True)
        f.write("\n")


USER_OUT = os.path.join("datasets", "reference", "mjcf3_314", "user.json")

# a world with one element of each kind that takes user values; {b} ... {n} are their attributes
USER_WORLD = (
    '<worldbody><body name="b" {b}><joint name="j" {j}/><geom name="g" size="1" {g}/>'
    '<site name="s" {s}/></body><body name="b2"><joint name="j2"/><geom size="1"/>'
    '<site name="s2"/></body></worldbody>'
    '<tendon><fixed name="t" {t}><joint joint="j" coef="1"/></fixed>'
    '<fixed name="t2"><joint joint="j2" coef="1"/></fixed></tendon>'
    '<actuator><motor name="a" joint="j" {a}/><position name="a2" joint="j2"/></actuator>'
    '<sensor><jointpos name="p" joint="j" {n}/><jointvel name="p2" joint="j2"/></sensor>')

USER_CASES = {
    "none": ("", {}),
    "every_kind": ("", dict(b='user="1 2"', j='user="3"', g='user="4 5 6"', s='user="7"',
                            t='user="8 9"', a='user="10"', n='user="11 12 13"')),
    "explicit_larger": ('<size nuser_body="4" nuser_jnt="2" nuser_geom="1" nuser_site="3" '
                        'nuser_tendon="3" nuser_actuator="2" nuser_sensor="5"/>',
                        dict(b='user="1 2"', a='user="10"')),
    "explicit_minus_one": ('<size nuser_body="-1"/>', dict(b='user="1 2"')),
    "body_too_many": ('<size nuser_body="1"/>', dict(b='user="1 2"')),
    "joint_too_many": ('<size nuser_jnt="0"/>', dict(j='user="3"')),
    "sensor_too_many": ('<size nuser_sensor="2"/>', dict(n='user="11 12 13"')),
    "actuator_too_many": ('<size nuser_actuator="1"/>', dict(a='user="1 2"')),
    "nuser_below_minus_one": ('<size nuser_geom="-2"/>', {}),
    "defaults": ('<default><joint user="7 8 9"/><geom user="5"/><site user="1 2 3"/>'
                 '<tendon user="4"/><motor user="6 6"/><position user="2"/></default>',
                 dict(j='user="1"', s='user=""')),
    "default_too_many": ('<size nuser_geom="1"/><default><geom user="5 6"/></default>', {}),
    "bad_number": ("", dict(g='user="1 x"')),
}


def user():
    res = {"mujoco_version": mujoco.__version__, "world": USER_WORLD}
    cases = {}
    keys = "bjgstan"
    for name, (head, attrs) in USER_CASES.items():
        world = USER_WORLD.format(**{k: attrs.get(k, "") for k in keys})
        xml = "<mujoco>%s%s</mujoco>" % (head, world)
        m, err = compile_error(xml)
        row = {"head": head, "attrs": {k: attrs[k] for k in sorted(attrs)}}
        if err is not None:
            row["error"] = err.splitlines()[0]
        else:
            for f in ("body", "jnt", "geom", "site", "tendon", "actuator", "sensor"):
                row["nuser_" + f] = int(getattr(m, "nuser_" + f))
                row[f + "_user"] = getattr(m, f + "_user").reshape(-1).tolist()
        cases[name] = row
    res["cases"] = cases
    with open(USER_OUT, "w") as f:
        json.dump(res, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    main()
    options()
    custom()
    user()
