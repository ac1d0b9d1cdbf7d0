/**
 * The {@code diffart} command line ({@code bin/diffart}): {@code info}, {@code forward}, {@code
 * rollout} and {@code kernel install}, each a picocli subcommand with {@code --help} and {@code
 * --json}. {@link org.diffart.cli.Main} documents the exit codes; DESIGN.md's "Command line
 * contract" is the specification.
 */
package org.diffart.cli;
