package org.diffart.reproduce;

/**
 * One check of the reproduced shape at the end of an experiment.
 *
 * @param name what must hold, in words
 * @param passed whether it holds
 * @param detail the numbers it was judged on
 */
public record Check(String name, boolean passed, String detail) {}
