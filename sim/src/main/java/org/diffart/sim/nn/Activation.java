package org.diffart.sim.nn;

/** The hidden layers' activation of an {@link Mlp}; its output layer is linear. */
public enum Activation {
  /** {@code max(0, x)}. */
  RELU,
  /** {@code tanh(x)}. */
  TANH,
  /** {@code x·σ(x)} with σ the logistic function (swish, MBPO's dynamics models). */
  SWISH
}
