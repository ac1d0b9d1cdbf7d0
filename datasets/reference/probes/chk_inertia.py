#!/usr/bin/env python3
"""Recompute by hand what MuJoCo 2.2.2 printed for probes/inertia_types.xml (capsule, cylinder, ellipsoid)
and probes/combine.xml (body 'two': sphere + rotated box), to confirm the formulas in
mujoco-222-semantics.md section 4. Run: python3 chk_inertia.py (stdlib only)."""
from math import pi, sqrt

rho = 1000.0
# capsule r 0.1, half-length 0.3: cylinder + two hemispherical caps
r, h = 0.1, 0.3
mc, ms = rho * pi * r * r * 2 * h, rho * 4 / 3 * pi * r ** 3
Ix = mc * (3 * r * r + 4 * h * h) / 12 + ms * (2 / 5 * r * r + h * h + 3 / 4 * h * r)
Iz = mc * r * r / 2 + ms * 2 / 5 * r * r
print("capsule   mass %.12g  I %.10g %.10g   (mjprobe: 23.0383461263, 1.100604626, 0.1110029404)" % (mc + ms, Ix, Iz))
s = 2 / (mc + ms)
print("capsule m=2  I %.10g %.10g   (mjprobe: 0.09554545455, 0.009636363636)" % (s * Ix, s * Iz))
m = rho * pi * r * r * 2 * h
print("cylinder  mass %.12g  I %.10g %.10g   (mjprobe: 18.8495559215, 0.6126105675, 0.09424777961)"
      % (m, m * (3 * r * r + 4 * h * h) / 12, m * r * r / 2))
a, b, c = .1, .2, .3
m = rho * 4 / 3 * pi * a * b * c
print("ellipsoid mass %.12g  I %.10g %.10g %.10g   (mjprobe: 25.1327412287, 0.6534512719 0.5026548246 0.2513274123)"
      % (m, m * (b * b + c * c) / 5, m * (a * a + c * c) / 5, m * (a * a + b * b) / 5))


def qmat(q):
    w, x, y, z = q
    n = sqrt(w * w + x * x + y * y + z * z)
    w, x, y, z = w / n, x / n, y / n, z / n
    return [[1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
            [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
            [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)]]


def rdrt(R, d):
    return [[sum(R[i][k] * d[k] * R[j][k] for k in range(3)) for j in range(3)] for i in range(3)]


# combine.xml body 'two': sphere r .1 at (.3,0,0) (density 1000) + box .1 .2 .05, mass 3, at (0,.2,.1),
# geom quat as compiled by MuJoCo from euler="0.3 0.2 0.1"
ms = rho * 4 / 3 * pi * .1 ** 3
mb = 3
a, b, c = .1, .2, .05
parts = [(ms, [.3, 0, 0], rdrt(qmat([1, 0, 0, 0]), [2 / 5 * ms * .01] * 3)),
         (mb, [0, .2, .1], rdrt(qmat([0.9818561729, 0.153439302, 0.09115754934, 0.06407134771]),
                               [mb / 3 * (b * b + c * c), mb / 3 * (a * a + c * c), mb / 3 * (a * a + b * b)]))]
M = sum(p[0] for p in parts)
com = [sum(p[0] * p[1][i] for p in parts) / M for i in range(3)]
I = [[0.0] * 3 for _ in range(3)]
for m, p, Ic in parts:
    d = [p[i] - com[i] for i in range(3)]
    dd = sum(x * x for x in d)
    for i in range(3):
        for j in range(3):
            I[i][j] += Ic[i][j] + m * ((dd if i == j else 0) - d[i] * d[j])
print("composite mass %.12g com %s" % (M, " ".join("%.10g" % x for x in com)))
print("  tensor from the geoms     ", [["%.9f" % x for x in row] for row in I])
R = qmat([0.1480992976, 0.7362849567, -0.3124464318, 0.5816599417])
print("  R diag Rt from MuJoCo's   ", [["%.9f" % x for x in row] for row in rdrt(R, [0.3114368876, 0.2882676598, 0.04501516472])])
