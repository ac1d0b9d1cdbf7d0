package org.diffart.sim.spatial;

/**
 * Unit quaternions {@code (w, x, y, z)} on flat arrays with offsets, output first, as MuJoCo stores them. Outputs may
 * alias inputs only where stated.
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

  /** Normalises q in place; a zero quaternion becomes the identity. Returns the norm before normalising. */
  public static double normalize(double[] q, int o) {
    double n = Math.sqrt(q[o] * q[o] + q[o + 1] * q[o + 1] + q[o + 2] * q[o + 2] + q[o + 3] * q[o + 3]);
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

  /** res = a ⊗ b (Hamilton product); res may alias a or b. */
  public static void mul(double[] res, int ro, double[] a, int ao, double[] b, int bo) {
    double aw = a[ao], ax = a[ao + 1], ay = a[ao + 2], az = a[ao + 3];
    double bw = b[bo], bx = b[bo + 1], by = b[bo + 2], bz = b[bo + 3];
    res[ro] = aw * bw - ax * bx - ay * by - az * bz;
    res[ro + 1] = aw * bx + ax * bw + ay * bz - az * by;
    res[ro + 2] = aw * by - ax * bz + ay * bw + az * bx;
    res[ro + 3] = aw * bz + ax * by - ay * bx + az * bw;
  }

  /** res = conj(q); may alias. */
  public static void conjugate(double[] res, int ro, double[] q, int qo) {
    res[ro] = q[qo];
    res[ro + 1] = -q[qo + 1];
    res[ro + 2] = -q[qo + 2];
    res[ro + 3] = -q[qo + 3];
  }

  /** Row-major 3x3 rotation matrix of a unit quaternion: res (9) = R(q), mapping local to parent coordinates. */
  public static void toMat(double[] res, int ro, double[] q, int qo) {
    double w = q[qo], x = q[qo + 1], y = q[qo + 2], z = q[qo + 3];
    double xx = x * x, yy = y * y, zz = z * z, xy = x * y, xz = x * z, yz = y * z, wx = w * x, wy = w * y,
        wz = w * z;
    res[ro] = 1 - 2 * (yy + zz);
    res[ro + 1] = 2 * (xy - wz);
    res[ro + 2] = 2 * (xz + wy);
    res[ro + 3] = 2 * (xy + wz);
    res[ro + 4] = 1 - 2 * (xx + zz);
    res[ro + 5] = 2 * (yz - wx);
    res[ro + 6] = 2 * (xz - wy);
    res[ro + 7] = 2 * (yz + wx);
    res[ro + 8] = 1 - 2 * (xx + yy);
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

  /** res = quaternion of a rotation by {@code angle} radians about the unit axis (ax, ay, az). */
  public static void fromAxisAngle(double[] res, int ro, double ax, double ay, double az, double angle) {
    double s = Math.sin(0.5 * angle);
    res[ro] = Math.cos(0.5 * angle);
    res[ro + 1] = ax * s;
    res[ro + 2] = ay * s;
    res[ro + 3] = az * s;
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
   * Integrates a unit quaternion by a body-frame angular velocity: {@code q <- q ⊗ exp(omega*dt/2)}, renormalised, as
   * MuJoCo's {@code mju_quatIntegrate}.
   */
  public static void integrate(double[] q, int qo, double[] omega, int wo, double dt) {
    double wx = omega[wo], wy = omega[wo + 1], wz = omega[wo + 2];
    double n = Math.sqrt(wx * wx + wy * wy + wz * wz);
    double angle = n * dt;
    if (n < 1e-15) {
      return;
    }
    double s = Math.sin(0.5 * angle) / n, c = Math.cos(0.5 * angle);
    double dw = c, dx = wx * s, dy = wy * s, dz = wz * s;
    double qw = q[qo], qx = q[qo + 1], qy = q[qo + 2], qz = q[qo + 3];
    q[qo] = qw * dw - qx * dx - qy * dy - qz * dz;
    q[qo + 1] = qw * dx + qx * dw + qy * dz - qz * dy;
    q[qo + 2] = qw * dy - qx * dz + qy * dw + qz * dx;
    q[qo + 3] = qw * dz + qx * dy - qy * dx + qz * dw;
    normalize(q, qo);
  }

  /**
   * The rotation vector taking {@code qb} to {@code qa} in qb's frame: res (3) = log(conj(qb) ⊗ qa), i.e. the
   * body-frame angular displacement that {@link #integrate} with dt=1 would apply to qb to reach qa (MuJoCo's
   * {@code mju_subQuat}). Takes the shorter way round.
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
    double angle = 2 * Math.atan2(sn, dw);
    double s = angle / sn;
    res[ro] = dx * s;
    res[ro + 1] = dy * s;
    res[ro + 2] = dz * s;
  }
}
