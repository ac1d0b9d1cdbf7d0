package org.diffart.reproduce;

import java.io.Serializable;

/**
 * One independent unit of an experiment's sweep, everything that fixes it: the experiment, the
 * size, and the unit's key within it (an RL run's {@code pendulum-3_pe_seed0}, an estimation run's
 * {@code seed001-mass/7}). What it computes depends on nothing else, so any machine may run it.
 *
 * @param experiment the experiment's name
 * @param size the size it runs at
 * @param key the unit within the experiment, also its files' name
 * @param work where the unit may keep what it needs to resume (an RL run's state after each
 *     evaluation), a path on the machine that runs it, or null to keep nothing
 */
public record UnitSpec(String experiment, Size size, String key, String work)
    implements Serializable {}
