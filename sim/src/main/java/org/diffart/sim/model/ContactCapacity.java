package org.diffart.sim.model;

/**
 * Which geom type pairs have a collision function, and how many contact points each can produce.
 * The model compiler sizes the contact arrays of {@code Data} from this table; {@code
 * org.diffart.sim.algo.collision.Collision} implements it.
 */
public final class ContactCapacity {
  /**
   * MuJoCo's {@code mjMAXCONPAIR}: the most contacts of one height field pair (one per prism MPR
   * collides).
   */
  public static final int MAX_HFIELD = 50;

  /** Contact slots of a box–box pair: 16 edge crossings, 4 corners and 4 vertices. */
  public static final int BOX_BOX = 24;

  /**
   * Contact slots of an SDF geom against another or against a sphere, capsule or ellipsoid with
   * contacts by signed distance ({@code Options.sdfSurface}): the least points of one's φ on the
   * other's surface, from MPR's point and three mesh vertices (against a box four more, its
   * corners).
   */
  public static final int SDF_SURFACE = 4;

  private ContactCapacity() {}

  /**
   * {@link #maxContacts(GeomType, GeomType)}, and {@link #SDF_SURFACE} for the pairs that contacts
   * by signed distance search when {@code sdfSurface} is on.
   */
  public static int maxContacts(GeomType a, GeomType b, boolean sdfSurface) {
    if (!sdfSurface || !bySignedDistance(a, b)) {
      return maxContacts(a, b);
    }
    // a box's corners inside the SDF come on top of the least points
    return a == GeomType.BOX || b == GeomType.BOX ? SDF_SURFACE + 4 : SDF_SURFACE;
  }

  /**
   * Whether contacts by signed distance ({@code Options.sdfSurface}) search the pair as the least
   * of one's φ on the other's surface: an SDF geom against an SDF geom, a sphere, a capsule, an
   * ellipsoid (smooth surfaces) or a box (its φ minimised over the SDF's surface, its corners
   * inside the SDF; a cylinder keeps MPR on the hull).
   */
  public static boolean bySignedDistance(GeomType a, GeomType b) {
    GeomType other = a == GeomType.SDF ? b : b == GeomType.SDF ? a : null;
    return other != null
        && switch (other) {
          case SDF, SPHERE, CAPSULE, ELLIPSOID, BOX -> true;
          default -> false;
        };
  }

  /**
   * Maximum number of contacts between two geoms of these types, 0 when the pair is not supported.
   * Symmetric. A height field pair may have fewer, as the cells under the other geom allow (the
   * model compiler's bound).
   */
  public static int maxContacts(GeomType a, GeomType b) {
    GeomType lo = a.ordinal() <= b.ordinal() ? a : b;
    GeomType hi = a.ordinal() <= b.ordinal() ? b : a;
    return switch (lo) {
      case HFIELD ->
          switch (hi) {
            case SPHERE, CAPSULE, ELLIPSOID, CYLINDER, BOX, MESH, SDF -> MAX_HFIELD;
            default -> 0;
          };
      case PLANE ->
          switch (hi) {
            case SPHERE, ELLIPSOID -> 1;
            case CAPSULE -> 2;
            case CYLINDER, BOX -> 4;
            // MuJoCo's mjc_PlaneConvex: the deepest vertex and two more (an SDF: of its mesh)
            case MESH, SDF -> 3;
            default -> 0;
          };
      case SPHERE ->
          switch (hi) {
            case SPHERE, CAPSULE, ELLIPSOID, CYLINDER, BOX, MESH, SDF -> 1;
            default -> 0;
          };
      case CAPSULE ->
          switch (hi) {
            case CAPSULE, ELLIPSOID, CYLINDER, MESH, SDF -> 1;
            case BOX -> 2;
            default -> 0;
          };
      // MuJoCo's mjc_BoxBox: edge crossings, corners and vertices of the clipped faces
      // (org.diffart.sim.algo.collision.BoxBox)
      case BOX -> hi == GeomType.BOX ? BOX_BOX : 1;
      case ELLIPSOID, CYLINDER, MESH, SDF -> 1;
      default -> 0;
    };
  }
}
