/**
 * The paper's experiments as code (Qiao et al. 2021): each {@link org.diffart.reproduce.Experiment}
 * measures our methods and the baselines in one run, puts the paper's numbers ({@code
 * datasets/paper}) beside them, draws the figures and checks the reproduced shape. {@code diffart
 * reproduce NAME} and {@code %reproduce NAME} run them.
 */
package org.diffart.reproduce;
