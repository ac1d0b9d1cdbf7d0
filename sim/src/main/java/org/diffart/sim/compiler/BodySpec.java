package org.diffart.sim.compiler;

import org.diffart.sim.spatial.Mat3;
import org.diffart.sim.spatial.Quat;

/**
 * A body being built: its frame relative to the parent body and, optionally, explicit inertial
 * properties (otherwise they come from its geoms, as MuJoCo's compiler does).
 */
public final class BodySpec {
  /** MuJoCo's {@code user} values (the model pads them to its nuser with zeros). */
  double[] user = {};

  /** Sets MuJoCo's {@code user} values. */
  public BodySpec user(double... v) {
    user = v.clone();
    return this;
  }

  final int id;
  final int parent;
  final String name;
  final double[] pos = new double[3];
  final double[] quat = {1, 0, 0, 0};
  boolean explicitInertial;
  double mass;
  final double[] ipos = new double[3];
  final double[] iquat = {1, 0, 0, 0};
  final double[] inertia = new double[3];

  BodySpec(int id, int parent, String name) {
    this.id = id;
    this.parent = parent;
    this.name = name;
  }

  /** This body's index in the model (0 is the world). */
  public int id() {
    return id;
  }

  /** The body's name. */
  public String name() {
    return name;
  }

  /** Position of the body frame in the parent body frame, m. */
  public BodySpec pos(double x, double y, double z) {
    pos[0] = x;
    pos[1] = y;
    pos[2] = z;
    return this;
  }

  /**
   * Orientation of the body frame relative to the parent frame, a quaternion (w, x, y, z);
   * normalised here.
   */
  public BodySpec quat(double w, double x, double y, double z) {
    quat[0] = w;
    quat[1] = x;
    quat[2] = y;
    quat[3] = z;
    Quat.normalize(quat, 0);
    return this;
  }

  /**
   * Explicit inertial properties in principal axes.
   *
   * @param mass kg
   * @param com centre of mass in the body frame (3), m
   * @param principalQuat orientation of the principal axes in the body frame (4), normalised here
   * @param diagInertia principal moments of inertia about the centre of mass (3), kg·m²
   */
  public BodySpec inertial(
      double mass, double[] com, double[] principalQuat, double[] diagInertia) {
    explicitInertial = true;
    this.mass = mass;
    System.arraycopy(com, 0, ipos, 0, 3);
    System.arraycopy(principalQuat, 0, iquat, 0, 4);
    Quat.normalize(iquat, 0);
    System.arraycopy(diagInertia, 0, inertia, 0, 3);
    return this;
  }

  /**
   * Explicit inertial properties with a full inertia tensor about the centre of mass, expressed in
   * the frame {@code frameQuat} relative to the body; diagonalised here as MuJoCo's {@code
   * fullinertia}.
   *
   * @param full {@code (Ixx, Iyy, Izz, Ixy, Ixz, Iyz)}, kg·m²
   */
  public BodySpec inertialFull(double mass, double[] com, double[] frameQuat, double[] full) {
    double[] a = {full[0], full[3], full[4], full[3], full[1], full[5], full[4], full[5], full[2]};
    double[] vec = new double[9];
    double[] eig = new double[3];
    Mat3.eigSymmetric(a, vec, eig);
    double[] principal = new double[4];
    Quat.fromMat(principal, 0, vec, 0);
    double[] q = new double[4];
    Quat.mul(q, 0, frameQuat, 0, principal, 0);
    return inertial(mass, com, q, eig);
  }

  /** Whether inertial properties were given explicitly. */
  public boolean hasExplicitInertial() {
    return explicitInertial;
  }
}
