package org.diffart.cli;

import java.util.ArrayList;
import java.util.List;
import org.diffart.sim.algo.Step;
import org.diffart.sim.algo.history.HistoryInit;
import org.diffart.sim.data.Data;
import org.diffart.sim.model.Model;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The starting state options: {@code qpos0} with zero velocity and controls by default, or a
 * keyframe ({@code --key}), then each of {@code --qpos}, {@code --qvel}, {@code --ctrl}, {@code
 * --act} given replaces its part; {@code --history-init} says how the history buffers of delayed
 * actuators and sensors start.
 */
final class StateOptions {
  @Option(
      names = "--key",
      paramLabel = "K",
      description =
          "Start from the model's keyframe K, by name or index (its qpos, qvel, ctrl and act).")
  private String key;

  @Option(
      names = "--qpos",
      paramLabel = "a,b,..",
      converter = Vector.Converter.class,
      description =
          "Joint positions, exactly nq comma-separated numbers in MuJoCo's order (quaternions w,x,y,z).")
  private Vector qpos;

  @Option(
      names = "--qvel",
      paramLabel = "a,b,..",
      converter = Vector.Converter.class,
      description = "Joint velocities, exactly nv comma-separated numbers.")
  private Vector qvel;

  @Option(
      names = "--ctrl",
      paramLabel = "a,b,..",
      converter = Vector.Converter.class,
      description = "Controls, exactly nu comma-separated numbers (held constant).")
  private Vector ctrl;

  @Option(
      names = "--act",
      paramLabel = "a,b,..",
      converter = Vector.Converter.class,
      description =
          "Actuator activations, exactly na comma-separated numbers (models with activation dynamics).")
  private Vector act;

  @Option(
      names = "--history-init",
      paramLabel = "zero|filled",
      defaultValue = "zero",
      description =
          "How the history buffers of delayed actuators and sensors start: zero (MuJoCo 3.14's"
              + " mj_resetData, every value 0) or filled (every sample the start's own control"
              + " and sensor value); default: ${DEFAULT-VALUE}.")
  private String historyInit;

  @Spec(Spec.Target.MIXEE)
  private CommandSpec command;

  /**
   * A fresh {@link Data} of {@code m} in the requested starting state.
   *
   * @throws ParameterException for an unknown keyframe (listing the model's) or a vector of the
   *     wrong length
   */
  Data initial(Model m) {
    Data d = new Data(m);
    if (key != null) {
      d.resetToKey(keyIndex(m));
    }
    copy("--qpos", "nq", qpos, d.qpos);
    copy("--qvel", "nv", qvel, d.qvel);
    copy("--ctrl", "nu", ctrl, d.ctrl);
    copy("--act", "na", act, d.act);
    Step.initHistory(m, d, historyInit());
    return d;
  }

  /** Whether {@code --ctrl} was given. */
  boolean ctrlGiven() {
    return ctrl != null;
  }

  /**
   * The {@code --history-init} asked for.
   *
   * @throws ParameterException naming the value and the choices
   */
  HistoryInit historyInit() {
    try {
      return HistoryInit.parse(historyInit);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(command.commandLine(), "--history-init: " + e.getMessage());
    }
  }

  /** The keyframe named {@code --key}, or else the one at that index. */
  private int keyIndex(Model m) {
    int k = m.keyLookup(key);
    if (k >= 0) {
      return k;
    }
    List<String> names = new ArrayList<>();
    for (int i = 0; i < m.nkey(); i++) {
      names.add(m.keyName(i) + " (" + i + ")");
    }
    throw new ParameterException(
        command.commandLine(),
        "unknown keyframe '"
            + key
            + "' of model "
            + m.name()
            + "; "
            + (names.isEmpty()
                ? "the model has no keyframes"
                : "available: " + String.join(", ", names)));
  }

  private void copy(String option, String size, Vector given, double[] target) {
    if (given == null) {
      return;
    }
    if (given.values().length != target.length) {
      throw new ParameterException(
          command.commandLine(),
          option
              + " needs exactly "
              + target.length
              + " values ("
              + size
              + " of the model), got "
              + given.values().length);
    }
    System.arraycopy(given.values(), 0, target, 0, target.length);
  }
}
