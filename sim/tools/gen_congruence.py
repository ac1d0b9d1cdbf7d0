# Generates the unrolled bodies of SpatialOps.addCongruence (no argument) and of AxisCongruence (argument 0, 1 or 2:
# E a rotation about that coordinate axis, zero and one entries folded away), with fused multiply-adds.
#   python3 sim/tools/gen_congruence.py [0|1|2] > body.txt   then paste body.txt into the method.
import sys
K = int(sys.argv[1]) if len(sys.argv) > 1 and sys.argv[1] in '012' else None
L = []
w = L.append
def ent(i, j):
    if K is None:
        return f"e{i}{j}"
    if i == K and j == K:
        return "1"
    if i == K or j == K:
        return "0"
    return f"e{i}{j}"

def sumprod(pairs):
    """sum of products with zero/one simplification, as nested fma"""
    terms = []
    for a, b in pairs:
        if a == "0" or b == "0":
            continue
        if a == "1":
            terms.append((b, None))
        elif b == "1":
            terms.append((a, None))
        else:
            terms.append((a, b))
    if not terms:
        return "0"
    prods = [t for t in terms if t[1] is not None]
    singles = [t[0] for t in terms if t[1] is None]
    # build: fma(a0,b0, fma(a1,b1, ... last)) ; singles added at the innermost level
    if prods:
        inner = f"{prods[-1][0]} * {prods[-1][1]}"
        if singles:
            inner = f"Math.fma({prods[-1][0]}, {prods[-1][1]}, {' + '.join(singles)})"
        for a, b in reversed(prods[:-1]):
            inner = f"Math.fma({a}, {b}, {inner})"
        return inner
    return " + ".join(singles)

if K is None:
    w("double e00 = e[eo], e01 = e[eo + 1], e02 = e[eo + 2];")
    w("double e10 = e[eo + 3], e11 = e[eo + 4], e12 = e[eo + 5];")
    w("double e20 = e[eo + 6], e21 = e[eo + 7], e22 = e[eo + 8];")
else:
    idx = [(i, j) for i in range(3) for j in range(3) if i != K and j != K]
    w("double " + ", ".join(f"e{i}{j} = e[eo + {3*i+j}]".replace("eo + 0]", "eo]") for i, j in idx) + ";")
w("double rx = r[rOff], ry = r[rOff + 1], rz = r[rOff + 2];")

def blk(name, r0, c0, sym):
    cells = []
    for i in range(3):
        for j in range(3):
            if sym and j < i:
                continue
            off = 6 * (r0 + i) + c0 + j
            cells.append(f"{name}{i}{j} = a[ao" + (f" + {off}]" if off else "]"))
    for k in range(0, len(cells), 3):
        w("double " + ", ".join(cells[k:k + 3]) + ";")
    def g(i, j):
        return f"{name}{j}{i}" if sym and j < i else f"{name}{i}{j}"
    tv = {}
    for i in range(3):
        for j in range(3):
            ex = sumprod([(g(i, 0), ent(0, j)), (g(i, 1), ent(1, j)), (g(i, 2), ent(2, j))])
            if " " in ex or "(" in ex:
                w(f"double {name}t{i}{j} = {ex};")
                tv[(i, j)] = f"{name}t{i}{j}"
            else:
                tv[(i, j)] = ex
    rv = {}
    for i in range(3):
        for j in range(3):
            if sym and j < i:
                continue
            ex = sumprod([(ent(0, i), tv[(0, j)]), (ent(1, i), tv[(1, j)]), (ent(2, i), tv[(2, j)])])
            if " " in ex or "(" in ex:
                w(f"double {name}r{i}{j} = {ex};")
                rv[(i, j)] = f"{name}r{i}{j}"
            else:
                rv[(i, j)] = ex
    return lambda i, j: rv[(j, i)] if sym and j < i else rv[(i, j)]

w("// rotate the blocks of A = [[P, Q], [Qᵀ, R]]: P' = Eᵀ P E, Q' = Eᵀ Q E, R' = Eᵀ R E")
P = blk("p", 0, 0, True)
Q = blk("q", 0, 3, False)
R = blk("s", 3, 3, True)
w("// shift by T = r×: Y = T R', Z = T Q'ᵀ")
def diff2(a, b, c, d):
    return f"Math.fma({a}, {b}, -{c} * {d})"
for j in range(3):
    w(f"double y0{j} = " + diff2("ry", R(2, j), "rz", R(1, j)) + ";")
    w(f"double y1{j} = " + diff2("rz", R(0, j), "rx", R(2, j)) + ";")
    w(f"double y2{j} = " + diff2("rx", R(1, j), "ry", R(0, j)) + ";")
for j in range(3):
    w(f"double z0{j} = " + diff2("ry", Q(j, 2), "rz", Q(j, 1)) + ";")
    w(f"double z1{j} = " + diff2("rz", Q(j, 0), "rx", Q(j, 2)) + ";")
    w(f"double z2{j} = " + diff2("rx", Q(j, 1), "ry", Q(j, 0)) + ";")
def W(i, j):
    if j == 0:
        return diff2(f"y{i}1", "rz", f"y{i}2", "ry")
    if j == 1:
        return diff2(f"y{i}2", "rx", f"y{i}0", "rz")
    return diff2(f"y{i}0", "ry", f"y{i}1", "rx")
w("// upper triangle of [[P' + Z + Zᵀ - Y T, Q' + Y], [·, R']]")
for i in range(3):
    for j in range(i, 3):
        off = 6 * i + j
        w(f"res[ro" + (f" + {off}" if off else "") + f"] += {P(i, j)} + z{i}{j} + z{j}{i} - {W(i, j)};")
for i in range(3):
    for j in range(3):
        w(f"res[ro + {6 * i + 3 + j}] += {Q(i, j)} + y{i}{j};")
for i in range(3):
    for j in range(i, 3):
        w(f"res[ro + {6 * (3 + i) + 3 + j}] += {R(i, j)};")
print("\n".join("    " + x for x in L))
