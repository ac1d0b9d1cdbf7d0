package org.diffart.sim.io;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.Stream;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every refusal of the MJCF loader names file, line and element: one broken file per kind of error.
 */
class MjcfLoaderErrorsTest {

  static Stream<Arguments> brokenFiles() {
    return Stream.of(
        Arguments.of("malformed.xml", 5, "geom", "must be terminated by the matching end-tag"),
        Arguments.of(
            "unknown_element.xml", 8, "deformable", "unsupported element <deformable> in <mujoco>"),
        Arguments.of(
            "unknown_attribute.xml", 4, "joint", "unknown or unsupported attribute 'margin'"),
        // a start tag over two lines is located where it ends
        Arguments.of("bad_number.xml", 4, "body", "attribute 'pos': 'x' is not a number"),
        Arguments.of("doctype_entity.xml", 2, "!DOCTYPE", "document type declarations are refused"),
        Arguments.of("xxe.xml", 2, "!DOCTYPE", "document type declarations are refused"),
        Arguments.of(
            "key_length.xml", 10, "key", "attribute 'qpos' has 6 values, the model has nq = 7"),
        Arguments.of("mesh_geom.xml", 5, "geom", "unknown mesh 'arm'"),
        Arguments.of("range_without_limited.xml", 7, "joint", "'range' is given but not 'limited'"),
        Arguments.of("unknown_actuator_joint.xml", 9, "motor", "unknown joint 'elbow'"),
        Arguments.of("massless_body.xml", 3, "body", "mass and inertia of moving bodies"),
        // an error of the model compiler is located at the element it names
        Arguments.of("ball_limit.xml", 4, "joint", "limits of ball joints are not supported"),
        Arguments.of("unknown_class.xml", 8, "geom", "unknown default class 'arm'"),
        Arguments.of("repeated_name.xml", 7, "joint", "repeated joint name 'j'"),
        Arguments.of("two_orientations.xml", 3, "body", "multiple orientation specifiers"),
        Arguments.of(
            "plane_in_body.xml", 6, "geom", "plane geoms are only allowed in static bodies"),
        Arguments.of(
            "bad_integrator.xml",
            2,
            "option",
            "'discrete' is not one of Euler, RK4, implicit, implicitfast"),
        // MuJoCo 2.2.2 and 3.14: "ball followed by rotation in body 'c'"
        Arguments.of("ball_then_hinge.xml", 5, "joint", "ball followed by rotation in body 'c'"),
        Arguments.of("not_mjcf.xml", 1, "robot", "root element <mujoco>"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("brokenFiles")
  void refusalNamesFileLineAndElement(String file, int line, String element, String fragment) {
    TestModels.assertFormatError(
        () -> TestModels.load("broken/" + file), file, line, element, fragment);
  }

  @Test
  void externalEntityIsNeverRead() {
    ModelFormatException e =
        TestModels.assertFormatError(
            () -> TestModels.load("broken/xxe.xml"), "xxe.xml", 2, "!DOCTYPE", "refused");
    assertFalse(e.getMessage().contains("TOP-SECRET"));
  }

  @Test
  void inlineModelsAreNamedBySource() {
    TestModels.assertFormatError(
        () -> ModelLoader.loadMjcfString("<mujoco>\n  <deformable/>\n</mujoco>", "cell[3]"),
        "cell[3]",
        2,
        "deformable",
        "unsupported element <deformable>");
  }

  @Test
  void aSpringdamperWithOneValueZeroIsRefusedAsMujocoDoes() {
    TestModels.assertFormatError(
        () ->
            ModelLoader.loadMjcfString(
                "<mujoco>\n  <worldbody><body>\n"
                    + "    <joint name=\"j\" springdamper=\"0 1.5\"/><geom size=\"1\"/>\n  </body></worldbody>\n</mujoco>",
                "cell"),
        "cell",
        3,
        "joint",
        "springdamper values must both be positive");
  }

  @Test
  void softContactOptionsAreAcceptedWithAWarningThatSaysWhatHappensInstead() {
    Model m =
        ModelLoader.loadMjcfString(
            "<mujoco>\n  <option impratio=\"10\" noslip_iterations=\"3\"/>\n" + "</mujoco>",
            "cell");
    String warnings = String.join("\n", m.warnings());
    assertTrue(
        warnings.contains("cell:2: option impratio=\"10\" noslip_iterations=\"3\" ignored")
            && warnings.contains("hard"),
        warnings);
    assertTrue(warnings.contains("no soft slip"), warnings);
    TestModels.assertFormatError(
        () ->
            ModelLoader.loadMjcfString(
                "<mujoco>\n  <option impratio=\"0\"/>\n" + "</mujoco>", "cell"),
        "cell",
        2,
        "option",
        "impratio must be positive");
  }

  @Test
  void aTendonTheCompilerRefusesIsNamedAtItsLine() {
    TestModels.assertFormatError(
        () ->
            ModelLoader.loadMjcfString(
                "<mujoco>\n  <tendon>\n    <fixed name=\"t\"/>\n" + "  </tendon>\n</mujoco>",
                "cell"),
        "cell",
        3,
        "fixed",
        "tendon 't' has no joints");
  }

  static Stream<Arguments> brokenPaths() {
    return Stream.of(
        Arguments.of(
            "<site site=\"a\"/><geom geom=\"box\"/><site site=\"b\"/>",
            "geom",
            "geom 'box' is a box; a tendon wraps around spheres and cylinders"),
        Arguments.of(
            "<site site=\"a\"/><geom geom=\"ball\"/>",
            "spatial",
            "geom 'ball' (element 1) is not between two sites"),
        Arguments.of(
            "<site site=\"a\"/><site site=\"b\"/><pulley divisor=\"2\"/>",
            "spatial",
            "the path ends with a pulley"),
        Arguments.of(
            "<site site=\"a\"/><pulley divisor=\"0\"/><site site=\"b\"/>",
            "pulley",
            "a pulley's divisor must be positive, got 0"),
        Arguments.of(
            "<site site=\"a\"/><geom geom=\"ball\" sidesite=\"c\"/><site site=\"b\"/>",
            "geom",
            "unknown site 'c'"),
        Arguments.of(
            "<site site=\"a\"/><pulley divisor=\"2\"/><site site=\"b\"/><site site=\"a\"/>",
            "spatial",
            "site 'a' (element 0) needs a neighbour that is not a pulley"));
  }

  @ParameterizedTest(name = "{1}: {2}")
  @MethodSource("brokenPaths")
  void aBrokenSpatialPathIsNamedAtItsLine(String path, String element, String fragment) {
    String xml =
        "<mujoco>\n  <worldbody>\n    <site name=\"a\"/><site name=\"b\" pos=\"1 0 0\"/>\n"
            + "    <geom name=\"box\" type=\"box\" size=\"1 1 1\"/><geom name=\"ball\" size=\"1\"/>\n  </worldbody>\n"
            + "  <tendon>\n    <spatial>\n      "
            + path
            + "\n    </spatial>\n  </tendon>\n</mujoco>";
    TestModels.assertFormatError(
        () -> ModelLoader.loadMjcfString(xml, "cell"),
        "cell",
        element.equals("spatial") ? 7 : 8,
        element,
        fragment);
  }

  @Test
  void aMuscleWithImpossibleParametersIsNamedAtItsLine() {
    TestModels.assertFormatError(
        () ->
            ModelLoader.loadMjcfString(
                "<mujoco>\n  <worldbody><body><joint name=\"j\"/>"
                    + "<geom size=\".1\"/></body></worldbody>\n  <actuator>\n    <muscle name=\"m\" joint=\"j\" lmin=\"1.2\"/>\n"
                    + "  </actuator>\n</mujoco>",
                "cell"),
        "cell",
        4,
        "muscle",
        "actuator 'm': a muscle needs lmin < 1 < lmax");
  }
}
