/**
 * The sweep runner on Apache Spark ({@code --runner spark}): each unit of a sweep one Spark job of
 * one task, on an embedded engine ({@code local[N]}) or a cluster ({@code spark://HOST:PORT}).
 */
package org.diffart.sweep.spark;
