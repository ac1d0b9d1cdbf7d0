package org.diffart.reproduce;

import java.util.ArrayList;
import java.util.List;

/**
 * Which part of an experiment's sweep to run: {@code --links N[,N..]}, {@code --seeds K} and {@code
 * --methods M[,M..]}. An empty list or zero seeds means the experiment's own choice at its size.
 *
 * @param links the link counts (pendulum experiments), or empty
 * @param seeds how many seeds (seeds 0..K−1), or 0
 * @param methods the methods' names, or empty
 */
public record Selection(List<Integer> links, int seeds, List<String> methods) {
  /** Nothing chosen: every experiment's own sweep. */
  public static final Selection NONE = new Selection(List.of(), 0, List.of());

  /** Copies the lists. */
  public Selection {
    links = List.copyOf(links);
    methods = List.copyOf(methods);
    if (seeds < 0) {
      throw new IllegalArgumentException("--seeds must be >= 1, got " + seeds);
    }
  }

  /**
   * Parses the options as the command line and the magic give them, each null when absent.
   *
   * @throws IllegalArgumentException naming the option and the value that is not accepted
   */
  public static Selection parse(String links, String seeds, String methods) {
    List<Integer> l = new ArrayList<>();
    if (links != null) {
      for (String s : links.split(",")) {
        try {
          int n = Integer.parseInt(s.strip());
          if (n < 1) {
            throw new NumberFormatException();
          }
          l.add(n);
        } catch (NumberFormatException e) {
          throw new IllegalArgumentException(
              "--links takes link counts >= 1 separated by commas, got '" + links + "'");
        }
      }
    }
    int k = 0;
    if (seeds != null) {
      try {
        k = Integer.parseInt(seeds.strip());
      } catch (NumberFormatException e) {
        k = -1;
      }
      if (k < 1) {
        throw new IllegalArgumentException("--seeds must be an integer >= 1, got '" + seeds + "'");
      }
    }
    List<String> m = new ArrayList<>();
    if (methods != null) {
      for (String s : methods.split(",")) {
        if (!s.isBlank()) {
          m.add(s.strip());
        }
      }
      if (m.isEmpty()) {
        throw new IllegalArgumentException("--methods names no method: '" + methods + "'");
      }
    }
    return new Selection(l, k, m);
  }

  /** Whether nothing is chosen. */
  public boolean isEmpty() {
    return links.isEmpty() && seeds == 0 && methods.isEmpty();
  }

  /**
   * Refuses a selection for an experiment that sweeps nothing selectable.
   *
   * @throws IllegalArgumentException naming the experiment and the options it does not take
   */
  public void refuseFor(String experiment) {
    if (!isEmpty()) {
      throw new IllegalArgumentException(
          "experiment '"
              + experiment
              + "' takes no --links, --seeds or --methods (only the RL experiments do)");
    }
  }
}
