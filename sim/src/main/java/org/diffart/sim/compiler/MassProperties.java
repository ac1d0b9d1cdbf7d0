package org.diffart.sim.compiler;

import org.diffart.sim.model.GeomType;

/**
 * Volume and principal inertia of geom shapes of uniform density, as MuJoCo's compiler computes
 * them: the capsule is a cylinder plus two hemispherical caps, each part with its exact inertia,
 * combined about the geom centre.
 */
final class MassProperties {
  private MassProperties() {}

  /** Volume of a geom, m³ (0 for planes and height fields). */
  static double volume(GeomType type, double[] s) {
    return switch (type) {
      case SPHERE -> 4.0 / 3.0 * Math.PI * s[0] * s[0] * s[0];
      case CAPSULE -> Math.PI * s[0] * s[0] * 2 * s[1] + 4.0 / 3.0 * Math.PI * s[0] * s[0] * s[0];
      case CYLINDER -> Math.PI * s[0] * s[0] * 2 * s[1];
      case ELLIPSOID -> 4.0 / 3.0 * Math.PI * s[0] * s[1] * s[2];
      // a mesh: its inertia box (MuJoCo's default volume; the compiler uses the mesh's own with
      // exactmeshinertia)
      case BOX, MESH -> 8 * s[0] * s[1] * s[2];
      case PLANE, HFIELD -> 0;
      case SDF -> throw new IllegalStateException("an SDF geom's volume is its mesh's");
    };
  }

  /**
   * Principal moments of inertia about the geom centre in the geom frame.
   *
   * @param mass geom mass, kg
   * @param out (Ixx, Iyy, Izz), kg·m²
   */
  static void inertia(GeomType type, double[] s, double mass, double[] out) {
    switch (type) {
      case SPHERE -> {
        double i = 0.4 * mass * s[0] * s[0];
        out[0] = i;
        out[1] = i;
        out[2] = i;
      }
      case CAPSULE -> {
        double r = s[0], height = 2 * s[1];
        // split the mass between the cylinder and the two caps by volume
        double capMass = mass * 4 * r / (4 * r + 3 * height);
        double cylMass = mass - capMass;
        double transverse =
            cylMass * (3 * r * r + height * height) / 12
                + 0.4 * capMass * r * r
                + capMass * height * (3 * r + 2 * height) / 8;
        out[0] = transverse;
        out[1] = transverse;
        out[2] = cylMass * r * r / 2 + 0.4 * capMass * r * r;
      }
      case CYLINDER -> {
        double r = s[0], height = 2 * s[1];
        double transverse = mass * (3 * r * r + height * height) / 12;
        out[0] = transverse;
        out[1] = transverse;
        out[2] = mass * r * r / 2;
      }
      case ELLIPSOID -> {
        out[0] = mass * (s[1] * s[1] + s[2] * s[2]) / 5;
        out[1] = mass * (s[0] * s[0] + s[2] * s[2]) / 5;
        out[2] = mass * (s[0] * s[0] + s[1] * s[1]) / 5;
      }
      // a mesh: the box of its principal moments, half-sizes s
      case BOX, MESH -> {
        out[0] = mass * (s[1] * s[1] + s[2] * s[2]) / 3;
        out[1] = mass * (s[0] * s[0] + s[2] * s[2]) / 3;
        out[2] = mass * (s[0] * s[0] + s[1] * s[1]) / 3;
      }
      case PLANE, HFIELD -> {
        out[0] = 0;
        out[1] = 0;
        out[2] = 0;
      }
    }
  }
}
