package org.diffart.sim.spatial;

/**
 * Unit quaternions {@code (w, x, y, z)} on flat arrays with offsets, output first, as MuJoCo stores
 * them. Outputs may alias inputs only where stated.
 *
 * <p>Each operation that the step differentiates has its adjoint beside it ({@code xxxAdjoint}):
 * given the bar of the output it accumulates ({@code +=}) into the bars of the inputs, the
 * derivative of the formula exactly as the forward evaluates it (also off the unit sphere). Bars
 * never alias each other; an in-place operation's adjoint turns the bar of its output into the bar
 * of its input in place.
 */
public final class Quat {
  private Quat() {}

  /** res = identity. */
  public static void identity(double[] res, int ro) {
    res[ro] = 1;
    res[ro + 1] = 0;
    res[ro + 2] = 0;
    res[ro + 3] = 0;
  }

  /**
   * Normalises q in place as MuJoCo's compiler does ({@code mjuu_normvec}): each component divided
   * by the norm, not multiplied by its inverse as {@link #normalize} (MuJoCo's run-time {@code
   * mju_normalize4}); the two may differ in the last bit, which the compiled frames must not.
   */
  public static void normalizeByDivision(double[] q, int o) {
    double n =
        Math.sqrt(q[o] * q[o] + q[o + 1] * q[o + 1] + q[o + 2] * q[o + 2] + q[o + 3] * q[o + 3]);
    for (int i = 0; i < 4; i++) {
      q[o + i] /= n;
    }
  }

  /**
   * Normalises q in place; a zero quaternion becomes the identity. Returns the norm before
   * normalising.
   */
  public static double normalize(double[] q, int o) {
    double n =
        Math.sqrt(q[o] * q[o] + q[o + 1] * q[o + 1] + q[o + 2] * q[o + 2] + q[o + 3] * q[o + 3]);
    if (n < 1e-15) {
      identity(q, o);
    } else {
      double s = 1 / n;
      q[o] *= s;
      q[o + 1] *= s;
      q[o + 2] *= s;
      q[o + 3] *= s;
    }
    return n;
  }

  /**
   * Adjoint of {@link #normalize}: turns {@code bar}, the bar of the normalised quaternion, into
   * the bar of the quaternion {@code q} before normalising, {@code (b̄ - u (u·b̄)) / |q|} with
   * {@code u = q/|q|} (0 where the forward returned the identity).
   */
  public static void normalizeAdjoint(double[] q, int o, double[] bar, int bo) {
    double w = q[o], x = q[o + 1], y = q[o + 2], z = q[o + 3];
    double n = Math.sqrt(w * w + x * x + y * y + z * z);
    if (n < 1e-15) {
      bar[bo] = 0;
      bar[bo + 1] = 0;
      bar[bo + 2] = 0;
      bar[bo + 3] = 0;
      return;
    }
    double s = 1 / n;
    w *= s;
    x *= s;
    y *= s;
    z *= s;
    double d = w * bar[bo] + x * bar[bo + 1] + y * bar[bo + 2] + z * bar[bo + 3];
    bar[bo] = (bar[bo] - w * d) * s;
    bar[bo + 1] = (bar[bo + 1] - x * d) * s;
    bar[bo + 2] = (bar[bo + 2] - y * d) * s;
    bar[bo + 3] = (bar[bo + 3] - z * d) * s;
  }

  /** res = a ⊗ b (Hamilton product); res may alias a or b. */
  public static void mul(double[] res, int ro, double[] a, int ao, double[] b, int bo) {
    double aw = a[ao], ax = a[ao + 1], ay = a[ao + 2], az = a[ao + 3];
    double bw = b[bo], bx = b[bo + 1], by = b[bo + 2], bz = b[bo + 3];
    res[ro] = aw * bw - ax * bx - ay * by - az * bz;
    res[ro + 1] = aw * bx + ax * bw + ay * bz - az * by;
    res[ro + 2] = aw * by - ax * bz + ay * bw + az * bx;
    res[ro + 3] = aw * bz + ax * by - ay * bx + az * bw;
  }

  /** Adjoint of {@link #mul}: {@code ā += r̄ ⊗ conj(b)}, {@code b̄ += conj(a) ⊗ r̄}. */
  public static void mulAdjoint(
      double[] resBar,
      int rbo,
      double[] a,
      int ao,
      double[] b,
      int bo,
      double[] aBar,
      int abo,
      double[] bBar,
      int bbo) {
    double rw = resBar[rbo], rx = resBar[rbo + 1], ry = resBar[rbo + 2], rz = resBar[rbo + 3];
    double aw = a[ao], ax = a[ao + 1], ay = a[ao + 2], az = a[ao + 3];
    double bw = b[bo], bx = b[bo + 1], by = b[bo + 2], bz = b[bo + 3];
    aBar[abo] += rw * bw + rx * bx + ry * by + rz * bz;
    aBar[abo + 1] += -rw * bx + rx * bw - ry * bz + rz * by;
    aBar[abo + 2] += -rw * by + rx * bz + ry * bw - rz * bx;
    aBar[abo + 3] += -rw * bz - rx * by + ry * bx + rz * bw;
    bBar[bbo] += aw * rw + ax * rx + ay * ry + az * rz;
    bBar[bbo + 1] += aw * rx - ax * rw - ay * rz + az * ry;
    bBar[bbo + 2] += aw * ry + ax * rz - ay * rw - az * rx;
    bBar[bbo + 3] += aw * rz - ax * ry + ay * rx - az * rw;
  }

  /** res = conj(q); may alias. */
  public static void conjugate(double[] res, int ro, double[] q, int qo) {
    res[ro] = q[qo];
    res[ro + 1] = -q[qo + 1];
    res[ro + 2] = -q[qo + 2];
    res[ro + 3] = -q[qo + 3];
  }

  /**
   * Row-major 3x3 rotation matrix of a unit quaternion: res (9) = R(q), mapping local to parent
   * coordinates.
   */
  public static void toMat(double[] res, int ro, double[] q, int qo) {
    // MuJoCo's mju_quat2Mat term for term (the diagonal as w² ± x² ± y² ± z²), so that the geom
    // frames and with them
    // the convex narrow phase agree with MuJoCo's bit for bit
    double w = q[qo], x = q[qo + 1], y = q[qo + 2], z = q[qo + 3];
    double ww = w * w,
        xx = x * x,
        yy = y * y,
        zz = z * z,
        xy = x * y,
        xz = x * z,
        yz = y * z,
        wx = w * x,
        wy = w * y,
        wz = w * z;
    res[ro] = ww + xx - yy - zz;
    res[ro + 1] = 2 * (xy - wz);
    res[ro + 2] = 2 * (xz + wy);
    res[ro + 3] = 2 * (xy + wz);
    res[ro + 4] = ww - xx + yy - zz;
    res[ro + 5] = 2 * (yz - wx);
    res[ro + 6] = 2 * (xz - wy);
    res[ro + 7] = 2 * (yz + wx);
    res[ro + 8] = ww - xx - yy + zz;
  }

  /** Adjoint of {@link #toMat}: {@code q̄ += (∂R/∂q)ᵀ R̄}, R̄ row-major (9). */
  public static void toMatAdjoint(
      double[] resBar, int rbo, double[] q, int qo, double[] qBar, int qbo) {
    double w = q[qo], x = q[qo + 1], y = q[qo + 2], z = q[qo + 3];
    double m0 = resBar[rbo],
        m1 = resBar[rbo + 1],
        m2 = resBar[rbo + 2],
        m3 = resBar[rbo + 3],
        m4 = resBar[rbo + 4],
        m5 = resBar[rbo + 5],
        m6 = resBar[rbo + 6],
        m7 = resBar[rbo + 7],
        m8 = resBar[rbo + 8];
    qBar[qbo] += 2 * (-z * m1 + y * m2 + z * m3 - x * m5 - y * m6 + x * m7 + w * (m0 + m4 + m8));
    qBar[qbo + 1] += 2 * (y * m1 + z * m2 + y * m3 - w * m5 + z * m6 + w * m7 + x * (m0 - m4 - m8));
    qBar[qbo + 2] += 2 * (x * m1 + w * m2 + x * m3 + z * m5 - w * m6 + z * m7 + y * (m4 - m0 - m8));
    qBar[qbo + 3] +=
        2 * (-w * m1 + x * m2 + w * m3 + y * m5 + x * m6 + y * m7 + z * (m8 - m0 - m4));
  }

  /** Unit quaternion of a row-major rotation matrix (Shepperd's method), w >= 0. */
  public static void fromMat(double[] res, int ro, double[] m, int mo) {
    double m00 = m[mo], m11 = m[mo + 4], m22 = m[mo + 8];
    double tr = m00 + m11 + m22;
    double w, x, y, z;
    if (tr > 0) {
      double s = Math.sqrt(tr + 1) * 2;
      w = 0.25 * s;
      x = (m[mo + 7] - m[mo + 5]) / s;
      y = (m[mo + 2] - m[mo + 6]) / s;
      z = (m[mo + 3] - m[mo + 1]) / s;
    } else if (m00 > m11 && m00 > m22) {
      double s = Math.sqrt(1 + m00 - m11 - m22) * 2;
      w = (m[mo + 7] - m[mo + 5]) / s;
      x = 0.25 * s;
      y = (m[mo + 1] + m[mo + 3]) / s;
      z = (m[mo + 2] + m[mo + 6]) / s;
    } else if (m11 > m22) {
      double s = Math.sqrt(1 + m11 - m00 - m22) * 2;
      w = (m[mo + 2] - m[mo + 6]) / s;
      x = (m[mo + 1] + m[mo + 3]) / s;
      y = 0.25 * s;
      z = (m[mo + 5] + m[mo + 7]) / s;
    } else {
      double s = Math.sqrt(1 + m22 - m00 - m11) * 2;
      w = (m[mo + 3] - m[mo + 1]) / s;
      x = (m[mo + 2] + m[mo + 6]) / s;
      y = (m[mo + 5] + m[mo + 7]) / s;
      z = 0.25 * s;
    }
    if (w < 0) {
      w = -w;
      x = -x;
      y = -y;
      z = -z;
    }
    res[ro] = w;
    res[ro + 1] = x;
    res[ro + 2] = y;
    res[ro + 3] = z;
    normalize(res, ro);
  }

  /**
   * The branches of {@link #fromMat}, by the index of the component it takes as {@code s/4}: the
   * signs of the diagonal under its root, then for each other component in order (w, x, y, z
   * without that one) the two entries of the matrix it adds or subtracts over s and the sign of the
   * second.
   */
  private static final double[][] FROM_MAT = {
    {1, 1, 1, 7, 5, -1, 2, 6, -1, 3, 1, -1},
    {1, -1, -1, 7, 5, -1, 1, 3, 1, 2, 6, 1},
    {-1, 1, -1, 2, 6, -1, 1, 3, 1, 5, 7, 1},
    {-1, -1, 1, 3, 1, -1, 2, 6, 1, 5, 7, 1}
  };

  /**
   * Adjoint of {@link #fromMat}: {@code mBar[mbo..mbo+9) +=} the bar of the rotation matrix from
   * {@code resBar}, the bar of the quaternion, through the branch and sign the forward took; {@code
   * w[wo..wo+8)} is work space.
   */
  public static void fromMatAdjoint(
      double[] resBar, int rbo, double[] m, int mo, double[] mBar, int mbo, double[] w, int wo) {
    double m00 = m[mo], m11 = m[mo + 4], m22 = m[mo + 8];
    int diag = m00 + m11 + m22 > 0 ? 0 : m00 > m11 && m00 > m22 ? 1 : m11 > m22 ? 2 : 3;
    double[] t = FROM_MAT[diag];
    double s = Math.sqrt(1 + t[0] * m00 + t[1] * m11 + t[2] * m22) * 2;
    // the quaternion before its sign and normalisation into w[wo..wo+3], its bar into w[wo+4..wo+7]
    for (int k = 0, j = 3; k < 4; k++) {
      if (k == diag) {
        w[wo + k] = 0.25 * s;
      } else {
        w[wo + k] = (m[mo + (int) t[j]] + t[j + 2] * m[mo + (int) t[j + 1]]) / s;
        j += 3;
      }
    }
    double sign = w[wo] < 0 ? -1 : 1;
    for (int k = 0; k < 4; k++) {
      w[wo + k] *= sign;
      w[wo + 4 + k] = resBar[rbo + k];
    }
    normalizeAdjoint(w, wo, w, wo + 4);
    double sBar = 0;
    for (int k = 0, j = 3; k < 4; k++) {
      double rb = sign * w[wo + 4 + k];
      if (k == diag) {
        sBar += 0.25 * rb;
      } else {
        // (a ± b)/s: ā = rb/s, b̄ = ±rb/s, s̄ −= rb (a ± b)/s²
        mBar[mbo + (int) t[j]] += rb / s;
        mBar[mbo + (int) t[j + 1]] += t[j + 2] * rb / s;
        sBar -= rb * sign * w[wo + k] / s;
        j += 3;
      }
    }
    // s = 2 √(1 + Σ c_i m_ii): ∂s/∂m_ii = 2 c_i / s
    mBar[mbo] += sBar * 2 * t[0] / s;
    mBar[mbo + 4] += sBar * 2 * t[1] / s;
    mBar[mbo + 8] += sBar * 2 * t[2] / s;
  }

  /** res = quaternion of a rotation by {@code angle} radians about the unit axis (ax, ay, az). */
  public static void fromAxisAngle(
      double[] res, int ro, double ax, double ay, double az, double angle) {
    double s = Trig.sin(0.5 * angle);
    res[ro] = Trig.cos(0.5 * angle);
    res[ro + 1] = ax * s;
    res[ro + 2] = ay * s;
    res[ro + 3] = az * s;
  }

  /**
   * The derivative of {@link #fromAxisAngle} with respect to the angle, contracted with the output
   * bar.
   */
  public static double fromAxisAngleAdjoint(
      double[] resBar, int rbo, double ax, double ay, double az, double angle) {
    double s = Trig.sin(0.5 * angle), c = Trig.cos(0.5 * angle);
    return 0.5
        * (-s * resBar[rbo]
            + c * (ax * resBar[rbo + 1] + ay * resBar[rbo + 2] + az * resBar[rbo + 3]));
  }

  /** res (3) = R(q) v; res may alias v. */
  public static void rotate(double[] res, int ro, double[] q, int qo, double[] v, int vo) {
    double w = q[qo], x = q[qo + 1], y = q[qo + 2], z = q[qo + 3];
    double vx = v[vo], vy = v[vo + 1], vz = v[vo + 2];
    // t = 2 * (q_vec × v); v' = v + w t + q_vec × t
    double tx = 2 * (y * vz - z * vy), ty = 2 * (z * vx - x * vz), tz = 2 * (x * vy - y * vx);
    res[ro] = vx + w * tx + y * tz - z * ty;
    res[ro + 1] = vy + w * ty + z * tx - x * tz;
    res[ro + 2] = vz + w * tz + x * ty - y * tx;
  }

  /**
   * Adjoint of {@link #rotate}: bars of q (4) and v (3) from the bar of {@code res = v + w t + q_v
   * × t}, {@code t = 2 q_v × v}.
   */
  public static void rotateAdjoint(
      double[] resBar,
      int rbo,
      double[] q,
      int qo,
      double[] v,
      int vo,
      double[] qBar,
      int qbo,
      double[] vBar,
      int vbo) {
    double w = q[qo], x = q[qo + 1], y = q[qo + 2], z = q[qo + 3];
    double vx = v[vo], vy = v[vo + 1], vz = v[vo + 2];
    double rx = resBar[rbo], ry = resBar[rbo + 1], rz = resBar[rbo + 2];
    double tx = 2 * (y * vz - z * vy), ty = 2 * (z * vx - x * vz), tz = 2 * (x * vy - y * vx);
    // t̄ = w r̄ + r̄ × q_v
    double sx = w * rx + (ry * z - rz * y),
        sy = w * ry + (rz * x - rx * z),
        sz = w * rz + (rx * y - ry * x);
    qBar[qbo] += rx * tx + ry * ty + rz * tz;
    // q̄_v += t × r̄ + 2 v × t̄
    qBar[qbo + 1] += (ty * rz - tz * ry) + 2 * (vy * sz - vz * sy);
    qBar[qbo + 2] += (tz * rx - tx * rz) + 2 * (vz * sx - vx * sz);
    qBar[qbo + 3] += (tx * ry - ty * rx) + 2 * (vx * sy - vy * sx);
    // v̄ += r̄ + 2 t̄ × q_v
    vBar[vbo] += rx + 2 * (sy * z - sz * y);
    vBar[vbo + 1] += ry + 2 * (sz * x - sx * z);
    vBar[vbo + 2] += rz + 2 * (sx * y - sy * x);
  }

  /**
   * Below this half-angle the exponential map uses its Taylor series in |ω|², smooth through ω = 0.
   */
  private static final double SMALL_HALF_ANGLE = 1e-4;

  /**
   * Integrates a unit quaternion by a body-frame angular velocity: {@code q <- q ⊗
   * exp(omega*dt/2)}, renormalised, as MuJoCo's {@code mju_quatIntegrate}. Below a half-angle of
   * 1e-4 rad the increment {@code (cos(θ/2), ω sin(θ/2)/|ω|)} is evaluated by its Taylor series in
   * |ω|² (exact to rounding there), so that it and its derivative are smooth through ω = 0, where
   * the derivative {@code q ⊗ (0, ω dt/2)} is not zero.
   */
  public static void integrate(double[] q, int qo, double[] omega, int wo, double dt) {
    double wx = omega[wo], wy = omega[wo + 1], wz = omega[wo + 2];
    double n2 = wx * wx + wy * wy + wz * wz;
    double h2 = 0.25 * dt * dt * n2;
    double s, c;
    if (h2 < SMALL_HALF_ANGLE * SMALL_HALF_ANGLE) {
      s = 0.5 * dt * (1 - h2 / 6 * (1 - h2 / 20));
      c = 1 - 0.5 * h2 * (1 - h2 / 12);
    } else {
      double n = Math.sqrt(n2), half = 0.5 * n * dt;
      s = Trig.sin(half) / n;
      c = Trig.cos(half);
    }
    double dw = c, dx = wx * s, dy = wy * s, dz = wz * s;
    double qw = q[qo], qx = q[qo + 1], qy = q[qo + 2], qz = q[qo + 3];
    q[qo] = qw * dw - qx * dx - qy * dy - qz * dz;
    q[qo + 1] = qw * dx + qx * dw + qy * dz - qz * dy;
    q[qo + 2] = qw * dy - qx * dz + qy * dw + qz * dx;
    q[qo + 3] = qw * dz + qx * dy - qy * dx + qz * dw;
    normalize(q, qo);
  }

  /**
   * Adjoint of {@link #integrate}: given q before the update and ω, turns {@code qBar} (the bar of
   * the updated q) into the bar of q before it, in place, and accumulates into {@code omegaBar}.
   */
  public static void integrateAdjoint(
      double[] q,
      int qo,
      double[] omega,
      int wo,
      double dt,
      double[] qBar,
      int qbo,
      double[] omegaBar,
      int wbo) {
    double wx = omega[wo], wy = omega[wo + 1], wz = omega[wo + 2];
    double n2 = wx * wx + wy * wy + wz * wz;
    double h2 = 0.25 * dt * dt * n2;
    // δ = (c, s ω) and the gradients of c and s with respect to ω, both along ω: ∇c = cw ω, ∇s = sw
    // ω
    double s, c, cw, sw;
    if (h2 < SMALL_HALF_ANGLE * SMALL_HALF_ANGLE) {
      s = 0.5 * dt * (1 - h2 / 6 * (1 - h2 / 20));
      c = 1 - 0.5 * h2 * (1 - h2 / 12);
      double dh2 = 0.5 * dt * dt;
      sw = 0.5 * dt * (-1.0 / 6 + h2 / 60) * dh2;
      cw = (-0.5 + h2 / 12) * dh2;
    } else {
      double n = Math.sqrt(n2), half = 0.5 * n * dt, sh = Trig.sin(half), ch = Trig.cos(half);
      s = sh / n;
      c = ch;
      sw = (ch * 0.5 * dt - s) / n2;
      cw = -0.5 * dt * s;
    }
    double dw = c, dx = wx * s, dy = wy * s, dz = wz * s;
    double qw = q[qo], qx = q[qo + 1], qy = q[qo + 2], qz = q[qo + 3];
    // p = q ⊗ δ, then the bar of p from the bar of normalize(p)
    double pw = qw * dw - qx * dx - qy * dy - qz * dz;
    double px = qw * dx + qx * dw + qy * dz - qz * dy;
    double py = qw * dy - qx * dz + qy * dw + qz * dx;
    double pz = qw * dz + qx * dy - qy * dx + qz * dw;
    double pn = Math.sqrt(pw * pw + px * px + py * py + pz * pz), inv = 1 / pn;
    pw *= inv;
    px *= inv;
    py *= inv;
    pz *= inv;
    double rw = qBar[qbo], rx = qBar[qbo + 1], ry = qBar[qbo + 2], rz = qBar[qbo + 3];
    double dot = pw * rw + px * rx + py * ry + pz * rz;
    rw = (rw - pw * dot) * inv;
    rx = (rx - px * dot) * inv;
    ry = (ry - py * dot) * inv;
    rz = (rz - pz * dot) * inv;
    // q̄ = p̄ ⊗ conj(δ), δ̄ = conj(q) ⊗ p̄
    qBar[qbo] = rw * dw + rx * dx + ry * dy + rz * dz;
    qBar[qbo + 1] = -rw * dx + rx * dw - ry * dz + rz * dy;
    qBar[qbo + 2] = -rw * dy + rx * dz + ry * dw - rz * dx;
    qBar[qbo + 3] = -rw * dz - rx * dy + ry * dx + rz * dw;
    double bw = qw * rw + qx * rx + qy * ry + qz * rz;
    double bx = qw * rx - qx * rw - qy * rz + qz * ry;
    double by = qw * ry + qx * rz - qy * rw - qz * rx;
    double bz = qw * rz - qx * ry + qy * rx - qz * rw;
    double along = (bx * wx + by * wy + bz * wz) * sw + bw * cw;
    omegaBar[wbo] += s * bx + along * wx;
    omegaBar[wbo + 1] += s * by + along * wy;
    omegaBar[wbo + 2] += s * bz + along * wz;
  }

  /**
   * The rotation vector taking {@code qb} to {@code qa} in qb's frame: res (3) = log(conj(qb) ⊗
   * qa), i.e. the body-frame angular displacement that {@link #integrate} with dt=1 would apply to
   * qb to reach qa (MuJoCo's {@code mju_subQuat}). Takes the shorter way round.
   */
  public static void difference(double[] res, int ro, double[] qa, int ao, double[] qb, int bo) {
    // d = conj(qb) ⊗ qa
    double bw = qb[bo], bx = -qb[bo + 1], by = -qb[bo + 2], bz = -qb[bo + 3];
    double aw = qa[ao], ax = qa[ao + 1], ay = qa[ao + 2], az = qa[ao + 3];
    double dw = bw * aw - bx * ax - by * ay - bz * az;
    double dx = bw * ax + bx * aw + by * az - bz * ay;
    double dy = bw * ay - bx * az + by * aw + bz * ax;
    double dz = bw * az + bx * ay - by * ax + bz * aw;
    if (dw < 0) {
      dw = -dw;
      dx = -dx;
      dy = -dy;
      dz = -dz;
    }
    double sn = Math.sqrt(dx * dx + dy * dy + dz * dz);
    if (sn < 1e-15) {
      res[ro] = 2 * dx;
      res[ro + 1] = 2 * dy;
      res[ro + 2] = 2 * dz;
      return;
    }
    double angle = 2 * Trig.atan2(sn, dw);
    double s = angle / sn;
    res[ro] = dx * s;
    res[ro + 1] = dy * s;
    res[ro + 2] = dz * s;
  }

  /** Adjoint of {@link #difference}: bars of qa and qb from the bar of the rotation vector (3). */
  public static void differenceAdjoint(
      double[] resBar,
      int rbo,
      double[] qa,
      int ao,
      double[] qb,
      int bo,
      double[] qaBar,
      int abo,
      double[] qbBar,
      int bbo) {
    double bw = qb[bo], bx = -qb[bo + 1], by = -qb[bo + 2], bz = -qb[bo + 3];
    double aw = qa[ao], ax = qa[ao + 1], ay = qa[ao + 2], az = qa[ao + 3];
    double dw = bw * aw - bx * ax - by * ay - bz * az;
    double dx = bw * ax + bx * aw + by * az - bz * ay;
    double dy = bw * ay - bx * az + by * aw + bz * ax;
    double dz = bw * az + bx * ay - by * ax + bz * aw;
    double sign = 1;
    if (dw < 0) {
      sign = -1;
      dw = -dw;
      dx = -dx;
      dy = -dy;
      dz = -dz;
    }
    double rx = resBar[rbo], ry = resBar[rbo + 1], rz = resBar[rbo + 2];
    double sn = Math.sqrt(dx * dx + dy * dy + dz * dz);
    double tw, tx, ty, tz;
    if (sn < 1e-15) {
      tw = 0;
      tx = 2 * rx;
      ty = 2 * ry;
      tz = 2 * rz;
    } else {
      double angle = 2 * Trig.atan2(sn, dw), s = angle / sn;
      double sBar = rx * dx + ry * dy + rz * dz;
      double angleBar = sBar / sn, snBar = -sBar * angle / (sn * sn);
      double r2 = sn * sn + dw * dw;
      snBar += 2 * angleBar * dw / r2;
      tw = -2 * angleBar * sn / r2;
      tx = s * rx + snBar * dx / sn;
      ty = s * ry + snBar * dy / sn;
      tz = s * rz + snBar * dz / sn;
    }
    tw *= sign;
    tx *= sign;
    ty *= sign;
    tz *= sign;
    // d = conj(qb) ⊗ qa: q̄a += qb ⊗ d̄, q̄b += conj(d̄ ⊗ conj(qa)) = qa ⊗ conj(d̄)
    double qw = qb[bo], qx = qb[bo + 1], qy = qb[bo + 2], qz = qb[bo + 3];
    qaBar[abo] += qw * tw - qx * tx - qy * ty - qz * tz;
    qaBar[abo + 1] += qw * tx + qx * tw + qy * tz - qz * ty;
    qaBar[abo + 2] += qw * ty - qx * tz + qy * tw + qz * tx;
    qaBar[abo + 3] += qw * tz + qx * ty - qy * tx + qz * tw;
    qbBar[bbo] += aw * tw + ax * tx + ay * ty + az * tz;
    qbBar[bbo + 1] += -aw * tx + ax * tw - ay * tz + az * ty;
    qbBar[bbo + 2] += -aw * ty + ax * tz + ay * tw - az * tx;
    qbBar[bbo + 3] += -aw * tz - ax * ty + ay * tx + az * tw;
  }
}
