package org.diffart.sim.compiler;

import org.diffart.sim.model.ModelFields;

/**
 * The compiler's pass over MuJoCo's {@code <custom>} data, kept apart from the physics it does not
 * touch: numeric and text fields and tuples, laid out as MuJoCo 3.14 lays them out. It runs after
 * every other named element is compiled, since tuples name them.
 */
abstract class CustomCompiler extends ModelFields {
  /** The kinds of element with user values, by their nuser_ suffix. */
  static final java.util.List<String> USER_KINDS =
      java.util.List.of("body", "jnt", "geom", "site", "tendon", "actuator", "sensor");

  /**
   * MuJoCo's user values: per kind a row per element in the compiled order, zero-padded to {@code
   * nuser_<kind>}, or when that is -1 to the longest given.
   *
   * @throws IllegalArgumentException when an element gives more values than an explicit nuser
   */
  void users(ModelBuilder b) {
    double[][] rows = new double[nbody][];
    b.bodies.forEach(s -> rows[s.id] = s.user);
    bodyUser = userRows(b, "body", rows, i -> "body '" + bodyName[i] + "'");
    double[][] jnt = new double[njnt][];
    b.joints.forEach(s -> jnt[s.compiledIndex] = s.user);
    jntUser = userRows(b, "jnt", jnt, i -> "joint '" + jntName[i] + "'");
    double[][] geom = new double[ngeom][];
    b.geoms.forEach(s -> geom[s.compiledIndex] = s.user);
    geomUser = userRows(b, "geom", geom, i -> "geom '" + geomName[i] + "'");
    double[][] site = new double[nsite][];
    b.sites.forEach(s -> site[s.compiledIndex] = s.user);
    siteUser = userRows(b, "site", site, i -> "site '" + siteName[i] + "'");
    tendonUser =
        userRows(
            b,
            "tendon",
            b.tendons.stream().map(s -> s.user).toArray(double[][]::new),
            i -> "tendon '" + tendonName[i] + "'");
    actUser =
        userRows(
            b,
            "actuator",
            b.actuators.stream().map(s -> s.user).toArray(double[][]::new),
            i -> "actuator '" + actName[i] + "'");
    sensorUser =
        userRows(
            b,
            "sensor",
            b.sensors.stream().map(s -> s.user).toArray(double[][]::new),
            i -> "sensor '" + sensorName[i] + "'");
  }

  private double[] userRows(
      ModelBuilder b, String kind, double[][] rows, java.util.function.IntFunction<String> who) {
    int n = b.nuser(kind);
    for (int i = 0; i < rows.length; i++) {
      if (n >= 0 && rows[i].length > n) {
        throw new IllegalArgumentException(
            who.apply(i)
                + ": user has "
                + rows[i].length
                + " values, more than nuser_"
                + kind
                + "="
                + n);
      }
    }
    if (n < 0) {
      n = java.util.Arrays.stream(rows).mapToInt(r -> r.length).max().orElse(0);
    }
    double[] out = new double[rows.length * n];
    for (int i = 0; i < rows.length; i++) {
      System.arraycopy(rows[i], 0, out, i * n, rows[i].length);
    }
    switch (kind) {
      case "body" -> nuserBody = n;
      case "jnt" -> nuserJnt = n;
      case "geom" -> nuserGeom = n;
      case "site" -> nuserSite = n;
      case "tendon" -> nuserTendon = n;
      case "actuator" -> nuserActuator = n;
      default -> nuserSensor = n;
    }
    return out;
  }

  /**
   * MuJoCo's {@code <custom>} data in its layout: numeric fields end to end ({@code numericAdr}),
   * text fields, and tuples whose objects are found by name among the compiled names.
   */
  void custom(ModelBuilder b) {
    nnumeric = b.numerics.size();
    numericName = new String[nnumeric];
    numericAdr = new int[nnumeric];
    numericSize = new int[nnumeric];
    nnumericdata = b.numerics.stream().mapToInt(n -> n.data().length).sum();
    numericData = new double[nnumericdata];
    for (int i = 0, adr = 0; i < nnumeric; i++) {
      CustomSpec.Numeric n = b.numerics.get(i);
      numericName[i] = n.name();
      numericAdr[i] = adr;
      numericSize[i] = n.data().length;
      System.arraycopy(n.data(), 0, numericData, adr, n.data().length);
      adr += n.data().length;
    }
    ntext = b.texts.size();
    textName = b.texts.stream().map(CustomSpec.Text::name).toArray(String[]::new);
    textData = b.texts.stream().map(CustomSpec.Text::text).toArray(String[]::new);
    ntuple = b.tuples.size();
    tupleName = b.tuples.stream().map(CustomSpec.Tuple::name).toArray(String[]::new);
    tupleAdr = new int[ntuple];
    tupleSize = new int[ntuple];
    ntupledata = b.tuples.stream().mapToInt(t -> t.elements().size()).sum();
    tupleObjType = new int[ntupledata];
    tupleObjId = new int[ntupledata];
    tupleObjPrm = new double[ntupledata];
    for (int i = 0, adr = 0; i < ntuple; i++) {
      CustomSpec.Tuple t = b.tuples.get(i);
      tupleAdr[i] = adr;
      tupleSize[i] = t.elements().size();
      for (CustomSpec.Element e : t.elements()) {
        tupleObjType[adr] = CustomSpec.mjtObj(e.objType());
        tupleObjId[adr] = objectId(e.objType(), e.objName());
        if (tupleObjId[adr] < 0) {
          throw new IllegalArgumentException(
              "tuple '" + t.name() + "': no " + e.objType() + " named '" + e.objName() + "'");
        }
        tupleObjPrm[adr++] = e.prm();
      }
    }
  }

  /** The id of the named object of a kind in {@link CustomSpec#OBJECT_TYPES}, or -1. */
  private int objectId(String kind, String objName) {
    String[] names =
        switch (kind) {
          case "body", "xbody" -> bodyName;
          case "joint" -> jntName;
          case "geom" -> geomName;
          case "site" -> siteName;
          case "equality" -> eqName;
          case "tendon" -> tendonName;
          case "actuator" -> actName;
          case "sensor" -> sensorName;
          case "numeric" -> numericName;
          case "text" -> textName;
          case "tuple" -> tupleName;
          default -> keyName;
        };
    return java.util.Arrays.asList(names).indexOf(objName);
  }
}
