package org.diffart.sim.model;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A class of the step that runs on the CPU only, because it calls into objects (an SDF's function,
 * not arrays): the OpenCL translation turns a call to it into the world's error flag, and the
 * OpenCL backend refuses, by name, the models whose options would reach it.
 */
@Documented
@Retention(RetentionPolicy.SOURCE)
@Target(ElementType.TYPE)
public @interface HostOnly {}
