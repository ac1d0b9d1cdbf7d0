package org.diffart.sim.spatial;

/**
 * Row-major 3x3 matrices and 3-vectors on flat arrays, output first. Outputs must not alias inputs.
 */
public final class Mat3 {
  private Mat3() {}

  /** res = a b. */
  public static void mul(double[] res, int ro, double[] a, int ao, double[] b, int bo) {
    for (int i = 0; i < 3; i++) {
      double a0 = a[ao + 3 * i], a1 = a[ao + 3 * i + 1], a2 = a[ao + 3 * i + 2];
      res[ro + 3 * i] = a0 * b[bo] + a1 * b[bo + 3] + a2 * b[bo + 6];
      res[ro + 3 * i + 1] = a0 * b[bo + 1] + a1 * b[bo + 4] + a2 * b[bo + 7];
      res[ro + 3 * i + 2] = a0 * b[bo + 2] + a1 * b[bo + 5] + a2 * b[bo + 8];
    }
  }

  /** res = aᵀ b. */
  public static void mulTransA(double[] res, int ro, double[] a, int ao, double[] b, int bo) {
    for (int i = 0; i < 3; i++) {
      double a0 = a[ao + i], a1 = a[ao + 3 + i], a2 = a[ao + 6 + i];
      res[ro + 3 * i] = a0 * b[bo] + a1 * b[bo + 3] + a2 * b[bo + 6];
      res[ro + 3 * i + 1] = a0 * b[bo + 1] + a1 * b[bo + 4] + a2 * b[bo + 7];
      res[ro + 3 * i + 2] = a0 * b[bo + 2] + a1 * b[bo + 5] + a2 * b[bo + 8];
    }
  }

  /** res (3) = m v. */
  public static void mulVec(double[] res, int ro, double[] m, int mo, double[] v, int vo) {
    double x = v[vo], y = v[vo + 1], z = v[vo + 2];
    res[ro] = m[mo] * x + m[mo + 1] * y + m[mo + 2] * z;
    res[ro + 1] = m[mo + 3] * x + m[mo + 4] * y + m[mo + 5] * z;
    res[ro + 2] = m[mo + 6] * x + m[mo + 7] * y + m[mo + 8] * z;
  }

  /** Adjoint of {@link #mulVec}: {@code m̄ += r̄ vᵀ}, {@code v̄ += mᵀ r̄}. */
  public static void mulVecAdjoint(
      double[] resBar,
      int rbo,
      double[] m,
      int mo,
      double[] v,
      int vo,
      double[] mBar,
      int mbo,
      double[] vBar,
      int vbo) {
    double r0 = resBar[rbo], r1 = resBar[rbo + 1], r2 = resBar[rbo + 2];
    double x = v[vo], y = v[vo + 1], z = v[vo + 2];
    mBar[mbo] += r0 * x;
    mBar[mbo + 1] += r0 * y;
    mBar[mbo + 2] += r0 * z;
    mBar[mbo + 3] += r1 * x;
    mBar[mbo + 4] += r1 * y;
    mBar[mbo + 5] += r1 * z;
    mBar[mbo + 6] += r2 * x;
    mBar[mbo + 7] += r2 * y;
    mBar[mbo + 8] += r2 * z;
    vBar[vbo] += m[mo] * r0 + m[mo + 3] * r1 + m[mo + 6] * r2;
    vBar[vbo + 1] += m[mo + 1] * r0 + m[mo + 4] * r1 + m[mo + 7] * r2;
    vBar[vbo + 2] += m[mo + 2] * r0 + m[mo + 5] * r1 + m[mo + 8] * r2;
  }

  /** res (3) = mᵀ v. */
  public static void mulTransVec(double[] res, int ro, double[] m, int mo, double[] v, int vo) {
    double x = v[vo], y = v[vo + 1], z = v[vo + 2];
    res[ro] = m[mo] * x + m[mo + 3] * y + m[mo + 6] * z;
    res[ro + 1] = m[mo + 1] * x + m[mo + 4] * y + m[mo + 7] * z;
    res[ro + 2] = m[mo + 2] * x + m[mo + 5] * y + m[mo + 8] * z;
  }

  /** Adjoint of {@link #mulTransVec}: {@code m̄ += v r̄ᵀ}, {@code v̄ += m r̄}. */
  public static void mulTransVecAdjoint(
      double[] resBar,
      int rbo,
      double[] m,
      int mo,
      double[] v,
      int vo,
      double[] mBar,
      int mbo,
      double[] vBar,
      int vbo) {
    double r0 = resBar[rbo], r1 = resBar[rbo + 1], r2 = resBar[rbo + 2];
    double x = v[vo], y = v[vo + 1], z = v[vo + 2];
    mBar[mbo] += x * r0;
    mBar[mbo + 1] += x * r1;
    mBar[mbo + 2] += x * r2;
    mBar[mbo + 3] += y * r0;
    mBar[mbo + 4] += y * r1;
    mBar[mbo + 5] += y * r2;
    mBar[mbo + 6] += z * r0;
    mBar[mbo + 7] += z * r1;
    mBar[mbo + 8] += z * r2;
    vBar[vbo] += m[mo] * r0 + m[mo + 1] * r1 + m[mo + 2] * r2;
    vBar[vbo + 1] += m[mo + 3] * r0 + m[mo + 4] * r1 + m[mo + 5] * r2;
    vBar[vbo + 2] += m[mo + 6] * r0 + m[mo + 7] * r1 + m[mo + 8] * r2;
  }

  /**
   * Eigen-decomposition of a symmetric matrix by cyclic Jacobi rotations: {@code a = V diag(eig)
   * Vᵀ}, eigenvectors in the columns of {@code vec} (a proper rotation, det +1), eigenvalues sorted
   * in decreasing order as MuJoCo's compiler does.
   *
   * @param a symmetric matrix (9), not modified
   * @param vec output eigenvectors by column (9)
   * @param eig output eigenvalues (3)
   */
  public static void eigSymmetric(double[] a, double[] vec, double[] eig) {
    double[] m = a.clone();
    double[] v = {1, 0, 0, 0, 1, 0, 0, 0, 1};
    for (int sweep = 0; sweep < 50; sweep++) {
      double off = Math.abs(m[1]) + Math.abs(m[2]) + Math.abs(m[5]);
      if (off < 1e-300) {
        break;
      }
      for (int p = 0; p < 2; p++) {
        for (int q = p + 1; q < 3; q++) {
          double apq = m[3 * p + q];
          if (Math.abs(apq) < 1e-300) {
            continue;
          }
          double theta = (m[3 * q + q] - m[3 * p + p]) / (2 * apq);
          double t = Math.signum(theta) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
          if (theta == 0) {
            t = 1;
          }
          double c = 1 / Math.sqrt(t * t + 1), s = t * c;
          // m <- Jᵀ m J with J the rotation in the (p, q) plane
          for (int k = 0; k < 3; k++) {
            double mkp = m[3 * k + p], mkq = m[3 * k + q];
            m[3 * k + p] = c * mkp - s * mkq;
            m[3 * k + q] = s * mkp + c * mkq;
          }
          for (int k = 0; k < 3; k++) {
            double mpk = m[3 * p + k], mqk = m[3 * q + k];
            m[3 * p + k] = c * mpk - s * mqk;
            m[3 * q + k] = s * mpk + c * mqk;
          }
          for (int k = 0; k < 3; k++) {
            double vkp = v[3 * k + p], vkq = v[3 * k + q];
            v[3 * k + p] = c * vkp - s * vkq;
            v[3 * k + q] = s * vkp + c * vkq;
          }
        }
      }
    }
    // sort decreasing
    int[] idx = {0, 1, 2};
    for (int i = 0; i < 3; i++) {
      for (int j = i + 1; j < 3; j++) {
        if (m[4 * idx[j]] > m[4 * idx[i]]) {
          int t = idx[i];
          idx[i] = idx[j];
          idx[j] = t;
        }
      }
    }
    for (int c = 0; c < 3; c++) {
      eig[c] = m[4 * idx[c]];
      for (int r = 0; r < 3; r++) {
        vec[3 * r + c] = v[3 * r + idx[c]];
      }
    }
    // make it a proper rotation
    double det =
        vec[0] * (vec[4] * vec[8] - vec[5] * vec[7])
            - vec[1] * (vec[3] * vec[8] - vec[5] * vec[6])
            + vec[2] * (vec[3] * vec[7] - vec[4] * vec[6]);
    if (det < 0) {
      vec[2] = -vec[2];
      vec[5] = -vec[5];
      vec[8] = -vec[8];
    }
  }
}
