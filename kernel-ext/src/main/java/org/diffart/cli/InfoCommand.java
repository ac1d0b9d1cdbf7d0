package org.diffart.cli;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.diffart.kernel.display.ModelSummary;
import org.diffart.sim.model.Model;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code diffart info --model M}: the model's sizes, bodies, joints, actuators, keyframes and
 * compiler warnings.
 */
@Command(
    name = "info",
    description =
        "Describe a model: sizes, options, bodies, joints, actuators, keyframes and warnings.",
    footer = {
      "",
      "JSON keys: name, nq, nv, nu, na, nbody, njnt, ngeom, nkey, timestep, integrator, gravity, total_mass, bodies"
          + " (name, parent, mass), joints (name, type, body, qposadr, dofadr, range if limited), actuators (name,"
          + " type, joint, tendon, cranksite and slidersite, or body, gear, ctrlrange and forcerange if limited, gain and bias (constant, length and"
          + " velocity terms), dyntype, timeconst of a filter, actrange if limited), keyframes (name, time),"
          + " warnings."
    })
final class InfoCommand implements Callable<Integer> {
  @Mixin private ModelOption model;
  @Mixin private Output output;

  @Override
  public Integer call() {
    Model m = model.load();
    output.print(json(m), () -> text(m));
    return 0;
  }

  /** The model's description as JSON. */
  private static JsonObject json(Model m) {
    JsonObject o = new JsonObject();
    o.addProperty("name", m.name());
    o.addProperty("nq", m.nq());
    o.addProperty("nv", m.nv());
    o.addProperty("nu", m.nu());
    o.addProperty("na", m.na());
    o.addProperty("nbody", m.nbody());
    o.addProperty("njnt", m.njnt());
    o.addProperty("ngeom", m.ngeom());
    o.addProperty("nkey", m.nkey());
    o.addProperty("timestep", m.opt().timestep());
    o.addProperty("integrator", lower(m.opt().integrator()));
    o.add("gravity", Output.array(m.opt().gravity()));
    o.addProperty("total_mass", m.totalMass());
    o.add("bodies", bodies(m));
    o.add("joints", joints(m));
    o.add("actuators", actuators(m));
    o.add("keyframes", keyframes(m));
    JsonArray warnings = new JsonArray();
    m.warnings().forEach(warnings::add);
    o.add("warnings", warnings);
    return o;
  }

  private static JsonArray bodies(Model m) {
    JsonArray a = new JsonArray();
    for (int i = 0; i < m.nbody(); i++) {
      JsonObject b = new JsonObject();
      b.addProperty("name", m.bodyName(i));
      if (m.bodyParent(i) >= 0) {
        b.addProperty("parent", m.bodyName(m.bodyParent(i)));
      }
      b.addProperty("mass", m.bodyMass(i));
      a.add(b);
    }
    return a;
  }

  private static JsonArray joints(Model m) {
    JsonArray a = new JsonArray();
    for (int j = 0; j < m.njnt(); j++) {
      JsonObject o = new JsonObject();
      o.addProperty("name", m.jntName(j));
      o.addProperty("type", lower(m.jntType(j)));
      o.addProperty("body", m.bodyName(m.jntBody(j)));
      o.addProperty("qposadr", m.jntQposAdr(j));
      o.addProperty("dofadr", m.jntDofAdr(j));
      if (m.jntLimited(j)) {
        o.add("range", Output.array(new double[] {m.jntRange(j, 0), m.jntRange(j, 1)}));
      }
      a.add(o);
    }
    return a;
  }

  private static JsonArray actuators(Model m) {
    JsonArray a = new JsonArray();
    for (int u = 0; u < m.nu(); u++) {
      JsonObject o = new JsonObject();
      o.addProperty("name", m.actName(u));
      o.addProperty("type", lower(m.actType(u)));
      if (m.actJnt(u) >= 0) {
        o.addProperty("joint", m.jntName(m.actJnt(u)));
      } else if (m.actCrankSite(u) >= 0) {
        o.addProperty("cranksite", m.siteName(m.actCrankSite(u)));
        o.addProperty("slidersite", m.siteName(m.actSliderSite(u)));
        o.addProperty("cranklength", m.actCrankLength(u));
      } else if (m.actSite(u) >= 0) {
        o.addProperty("site", m.siteName(m.actSite(u)));
        if (m.actRefSite(u) >= 0) {
          o.addProperty("refsite", m.siteName(m.actRefSite(u)));
        }
      } else if (m.actBody(u) >= 0) {
        o.addProperty("body", m.bodyName(m.actBody(u)));
      } else {
        o.addProperty("tendon", m.tendonName(m.actTendon(u)));
      }
      if (m.actSite(u) >= 0) {
        double[] g = new double[6];
        for (int k = 0; k < 6; k++) {
          g[k] = m.actSiteGear(u, k);
        }
        o.add("gear", Output.array(g));
      } else {
        o.addProperty("gear", m.actGear(u));
      }
      if (m.actCtrlLimited(u)) {
        o.add("ctrlrange", Output.array(new double[] {m.actCtrlRange(u, 0), m.actCtrlRange(u, 1)}));
      }
      if (m.actForceLimited(u)) {
        o.add(
            "forcerange",
            Output.array(new double[] {m.actForceRange(u, 0), m.actForceRange(u, 1)}));
      }
      o.addProperty("gaintype", m.actGainMuscle(u) ? "muscle" : "affine");
      o.addProperty("biastype", m.actBiasMuscle(u) ? "muscle" : "affine");
      int ng = m.actGainMuscle(u) ? 9 : 3, nb = m.actBiasMuscle(u) ? 9 : 3;
      double[] gain = new double[ng], bias = new double[nb];
      for (int k = 0; k < 9; k++) {
        if (k < ng) {
          gain[k] = m.actGain(u, k);
        }
        if (k < nb) {
          bias[k] = m.actBias(u, k);
        }
      }
      o.add("gain", Output.array(gain));
      o.add("bias", Output.array(bias));
      o.addProperty("dyntype", lower(m.actDynType(u)));
      if (m.actDynType(u) == org.diffart.sim.model.DynType.FILTER) {
        o.addProperty("timeconst", m.actDynPrm(u, 0));
      }
      if (m.actDynType(u) == org.diffart.sim.model.DynType.MUSCLE) {
        o.add("timeconst", Output.array(new double[] {m.actDynPrm(u, 0), m.actDynPrm(u, 1)}));
      }
      if (m.actGainMuscle(u) || m.actBiasMuscle(u)) {
        o.add(
            "lengthrange",
            Output.array(new double[] {m.actLengthRange(u, 0), m.actLengthRange(u, 1)}));
        o.addProperty("acc0", m.actAcc0(u));
      }
      if (m.actActLimited(u)) {
        o.add("actrange", Output.array(new double[] {m.actActRange(u, 0), m.actActRange(u, 1)}));
      }
      a.add(o);
    }
    return a;
  }

  private static JsonArray keyframes(Model m) {
    JsonArray a = new JsonArray();
    for (int k = 0; k < m.nkey(); k++) {
      JsonObject o = new JsonObject();
      o.addProperty("name", m.keyName(k));
      o.addProperty("time", m.keyTime(k));
      a.add(o);
    }
    return a;
  }

  /** The notebook's summary tables, then the keyframes, total mass and warnings. */
  private static String text(Model m) {
    StringBuilder s = new StringBuilder(ModelSummary.text(m)).append('\n');
    s.append("total mass ")
        .append(m.totalMass())
        .append(" kg, integrator ")
        .append(lower(m.opt().integrator()))
        .append(", gravity ")
        .append(Arrays.toString(m.opt().gravity()))
        .append(" m/s^2\n");
    for (int k = 0; k < m.nkey(); k++) {
      s.append("keyframe ")
          .append(k)
          .append(": ")
          .append(m.keyName(k))
          .append(" (time ")
          .append(m.keyTime(k))
          .append(" s)\n");
    }
    for (String w : m.warnings()) {
      s.append("warning: ").append(w).append('\n');
    }
    return s.toString().stripTrailing();
  }

  private static String lower(Enum<?> e) {
    return e.name().toLowerCase(Locale.ROOT);
  }
}
