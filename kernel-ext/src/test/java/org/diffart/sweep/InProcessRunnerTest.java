package org.diffart.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class InProcessRunnerTest {
  @Test
  void handsEachResultOnceOneAtATime() throws InterruptedException {
    List<Integer> units = List.of(5, 1, 4, 2, 3);
    Integer[] got = new Integer[units.size()];
    AtomicInteger inside = new AtomicInteger();
    List<Integer> order = new ArrayList<>();
    new InProcessRunner(3)
        .run(
            units,
            (u, p) -> {
              try {
                Thread.sleep(20L * u);
              } catch (InterruptedException e) {
                throw new IllegalStateException(e);
              }
              return u * u;
            },
            l -> {},
            (k, r) -> {
              assertEquals(1, inside.incrementAndGet(), "done is never called twice at once");
              assertEquals(null, got[k], "each unit once");
              got[k] = r;
              order.add(k);
              inside.decrementAndGet();
            });
    assertEquals(List.of(25, 1, 16, 4, 9), List.of(got));
    assertEquals(1, order.get(0), "the shortest unit first");
  }

  @Test
  void aUnitThatThrowsStopsTheSweepNamingTheCause() {
    var e =
        assertThrows(
            IllegalStateException.class,
            () ->
                new InProcessRunner(2)
                    .run(
                        List.of(1, 2),
                        (u, p) -> {
                          if (u == 2) {
                            throw new ArithmeticException("broken machine");
                          }
                          return u;
                        },
                        l -> {},
                        (k, r) -> {}));
    assertTrue(e.getMessage().contains("broken machine"), e.getMessage());
  }

  @Test
  void refusesNoThreadsAndTheSparkMaster() {
    assertThrows(IllegalArgumentException.class, () -> new InProcessRunner(0));
    var e =
        assertThrows(
            IllegalArgumentException.class, () -> SweepRunners.create("inprocess", "local[2]"));
    assertTrue(e.getMessage().contains("--master"), e.getMessage());
    var unknown =
        assertThrows(IllegalArgumentException.class, () -> SweepRunners.create("ray", null));
    assertTrue(unknown.getMessage().contains("unknown runner 'ray'"), unknown.getMessage());
  }
}
