package org.diffart.backends.capability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.diffart.backends.Backend;
import org.diffart.backends.Backends;
import org.diffart.backends.Capability;
import org.diffart.backends.capability.HistoryProbes.Measured;
import org.diffart.backends.capability.HistoryProbes.Worlds;
import org.diffart.backends.cpu.CpuBackend;
import org.diffart.sim.algo.history.History;
import org.diffart.sim.algo.history.HistoryInit;
import org.diffart.sim.io.ModelLoader;
import org.diffart.sim.model.Model;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The history probes pass on every backend, and each fails, with the measured numbers, on a backend
 * that gets its capability wrong: so no probe is vacuous.
 */
class HistoryProbesTest {
  static List<String> backends() {
    return Backends.names();
  }

  private static Worlds on(String backend) {
    return (m, w) -> Backends.create(backend, m, w);
  }

  @ParameterizedTest
  @MethodSource("backends")
  void everyHistoryProbePassesOnEveryBackend(String backend) {
    Map<Capability, Measured> all = new java.util.EnumMap<>(Capability.class);
    all.putAll(HistoryProbes.actuatorInterpolation(on(backend)));
    all.putAll(SensorHistoryProbes.sensors(on(backend)));
    all.put(Capability.HISTORY_FORWARD_PURE, HistoryForwardProbes.purity(on(backend)));
    assertEquals(8, all.size());
    all.forEach((c, r) -> assertTrue(r.ok(), backend + " " + c.key() + ": " + r.detail()));
    assertTrue(
        all.get(Capability.HISTORY_SENSOR_INTERVAL)
            .detail()
            .contains("samples at steps [0, 3, 5, 8,"),
        all.get(Capability.HISTORY_SENSOR_INTERVAL).detail());
  }

  @Test
  void theInterpolationProbesTellTheThreeReadsApart() {
    // a backend whose cubic motor reads linearly: only the cubic probe fails, saying by how much
    Map<Capability, Measured> r =
        HistoryProbes.actuatorInterpolation(
            altered(
                "history_actuators.xml", x -> x.replace("interp=\"cubic\"", "interp=\"linear\"")));
    assertTrue(r.get(Capability.HISTORY_ACTUATOR_ZOH).ok());
    assertTrue(r.get(Capability.HISTORY_ACTUATOR_LINEAR).ok());
    Measured cubic = r.get(Capability.HISTORY_ACTUATOR_CUBIC);
    assertFalse(cubic.ok());
    assertTrue(cubic.detail().contains("measured") && cubic.detail().contains("by the formula"));
    // and one whose motors all hold: linear and cubic fail
    r =
        HistoryProbes.actuatorInterpolation(
            altered(
                "history_actuators.xml",
                x ->
                    x.replace("interp=\"cubic\"", "interp=\"zoh\"")
                        .replace("interp=\"linear\"", "interp=\"zoh\"")));
    assertTrue(r.get(Capability.HISTORY_ACTUATOR_ZOH).ok());
    assertFalse(r.get(Capability.HISTORY_ACTUATOR_LINEAR).ok());
    assertFalse(r.get(Capability.HISTORY_ACTUATOR_CUBIC).ok());
  }

  @Test
  void theSensorProbesFailOnAWrongDelayScheduleOrInterpolation() {
    // one step of delay too few
    Map<Capability, Measured> r =
        SensorHistoryProbes.sensors(
            altered("history_sensors.xml", x -> x.replace("delay=\"0.02\"", "delay=\"0.01\"")));
    assertFalse(r.get(Capability.HISTORY_SENSOR_DELAY).ok());
    assertTrue(r.get(Capability.HISTORY_SENSOR_DELAY).detail().contains("first at step"));
    assertTrue(r.get(Capability.HISTORY_SENSOR_INTERVAL).ok());
    // sampling every step instead of every 2.5
    r =
        SensorHistoryProbes.sensors(
            altered("history_sensors.xml", x -> x.replace(" interval=\"0.025\"", "")));
    assertFalse(r.get(Capability.HISTORY_SENSOR_INTERVAL).ok());
    assertTrue(r.get(Capability.HISTORY_SENSOR_DELAY).ok());
    // a schedule that is not phase-locked: every 0.03 s samples at 0, 3, 6, 9
    r =
        SensorHistoryProbes.sensors(
            altered("history_sensors.xml", x -> x.replace("\"0.025\"", "\"0.03\"")));
    assertFalse(r.get(Capability.HISTORY_SENSOR_INTERVAL).ok());
    // linear and cubic swapped
    r =
        SensorHistoryProbes.sensors(
            altered(
                "history_sensors.xml",
                x ->
                    x.replace("interp=\"linear\"", "interp=\"tmp\"")
                        .replace("interp=\"cubic\"", "interp=\"linear\"")
                        .replace("interp=\"tmp\"", "interp=\"cubic\"")));
    assertFalse(r.get(Capability.HISTORY_SENSOR_LINEAR).ok());
    assertFalse(r.get(Capability.HISTORY_SENSOR_CUBIC).ok());
  }

  @Test
  void thePurityProbeFailsOnAForwardThatSamplesOrDoesNothing() {
    // a forward that inserts into the buffers as a step does
    Measured sampling =
        HistoryForwardProbes.purity(
            (m, w) ->
                new ForwardingBackend(new CpuBackend(m, w)) {
                  @Override
                  public void forward() {
                    super.forward();
                    CpuBackend cpu = (CpuBackend) delegate;
                    for (int k = 0; k < cpu.worlds(); k++) {
                      History.insertAll(m, cpu.data(k));
                    }
                  }
                });
    assertFalse(sampling.ok());
    assertTrue(sampling.detail().contains("history numbers changed"), sampling.detail());
    // a forward that computes nothing
    Measured idle =
        HistoryForwardProbes.purity(
            (m, w) ->
                new ForwardingBackend(new CpuBackend(m, w)) {
                  @Override
                  public void forward() {}
                });
    assertFalse(idle.ok());
    assertTrue(idle.detail().contains("bitwise unchanged"), idle.detail());
  }

  @ParameterizedTest
  @MethodSource("backends")
  void theInitialisationProbesPassAndFailOnABackendThatIgnoresTheStartsBuffers(String backend) {
    assertTrue(
        HistoryDerivativeProbes.initialisation(on(backend), HistoryInit.ZERO, 0, 0).ok(), backend);
    Measured filled =
        HistoryDerivativeProbes.initialisation(on(backend), HistoryInit.FILLED, 1.5, 1.5);
    assertTrue(filled.ok(), backend + ": " + filled.detail());
    // a backend that keeps its own (zeroed) buffers whatever it is given
    Measured ignored =
        HistoryDerivativeProbes.initialisation(
            (m, w) ->
                new ForwardingBackend(new CpuBackend(m, w)) {
                  @Override
                  public void setHistory(double[] history) {}
                },
            HistoryInit.FILLED,
            1.5,
            1.5);
    assertFalse(ignored.ok());
    assertTrue(ignored.detail().contains("forces 0.0, 0.0, 0.5"), ignored.detail());
  }

  /** Backends of the probe scene {@code file} edited by {@code edit}, whatever model is asked. */
  private static Worlds altered(String file, UnaryOperator<String> edit) {
    String xml = edit.apply(resource(file));
    Model broken = ModelLoader.loadMjcfString(xml, file);
    return (m, w) -> new CpuBackend(broken, w);
  }

  private static String resource(String file) {
    try (InputStream in =
        HistoryProbesTest.class.getResourceAsStream("/org/diffart/backends/capability/" + file)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A backend that does what another does; tests override what it gets wrong. */
  private static class ForwardingBackend implements Backend {
    final Backend delegate;

    ForwardingBackend(Backend delegate) {
      this.delegate = delegate;
    }

    @Override
    public String name() {
      return "broken";
    }

    @Override
    public java.util.Set<Capability> capabilities() {
      return delegate.capabilities();
    }

    @Override
    public Model model() {
      return delegate.model();
    }

    @Override
    public int worlds() {
      return delegate.worlds();
    }

    @Override
    public void setQpos(double[] qpos) {
      delegate.setQpos(qpos);
    }

    @Override
    public void setQvel(double[] qvel) {
      delegate.setQvel(qvel);
    }

    @Override
    public void setCtrl(double[] ctrl) {
      delegate.setCtrl(ctrl);
    }

    @Override
    public void setAct(double[] act) {
      delegate.setAct(act);
    }

    @Override
    public void getQpos(double[] out) {
      delegate.getQpos(out);
    }

    @Override
    public void getQvel(double[] out) {
      delegate.getQvel(out);
    }

    @Override
    public void getAct(double[] out) {
      delegate.getAct(out);
    }

    @Override
    public void getSensordata(double[] out) {
      delegate.getSensordata(out);
    }

    @Override
    public void getHistory(double[] out) {
      delegate.getHistory(out);
    }

    @Override
    public void setHistory(double[] history) {
      delegate.setHistory(history);
    }

    @Override
    public double time(int w) {
      return delegate.time(w);
    }

    @Override
    public void setTime(double time) {
      delegate.setTime(time);
    }

    @Override
    public void step(int steps) {
      delegate.step(steps);
    }

    @Override
    public void forward() {
      delegate.forward();
    }
  }
}
