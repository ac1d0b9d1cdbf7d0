package org.diffart.backends.opencl;

import com.github.javaparser.StaticJavaParser;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.ClassOrInterfaceDeclaration;
import com.github.javaparser.ast.body.EnumConstantDeclaration;
import com.github.javaparser.ast.body.EnumDeclaration;
import com.github.javaparser.ast.body.FieldDeclaration;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.body.Parameter;
import com.github.javaparser.ast.body.RecordDeclaration;
import com.github.javaparser.ast.body.TypeDeclaration;
import com.github.javaparser.ast.body.VariableDeclarator;
import com.github.javaparser.ast.expr.ArrayAccessExpr;
import com.github.javaparser.ast.expr.ArrayInitializerExpr;
import com.github.javaparser.ast.expr.AssignExpr;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.BooleanLiteralExpr;
import com.github.javaparser.ast.expr.CastExpr;
import com.github.javaparser.ast.expr.ConditionalExpr;
import com.github.javaparser.ast.expr.DoubleLiteralExpr;
import com.github.javaparser.ast.expr.EnclosedExpr;
import com.github.javaparser.ast.expr.Expression;
import com.github.javaparser.ast.expr.FieldAccessExpr;
import com.github.javaparser.ast.expr.IntegerLiteralExpr;
import com.github.javaparser.ast.expr.LongLiteralExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;
import com.github.javaparser.ast.expr.NullLiteralExpr;
import com.github.javaparser.ast.expr.StringLiteralExpr;
import com.github.javaparser.ast.expr.UnaryExpr;
import com.github.javaparser.ast.expr.VariableDeclarationExpr;
import com.github.javaparser.ast.stmt.BlockStmt;
import com.github.javaparser.ast.stmt.BreakStmt;
import com.github.javaparser.ast.stmt.ContinueStmt;
import com.github.javaparser.ast.stmt.DoStmt;
import com.github.javaparser.ast.stmt.EmptyStmt;
import com.github.javaparser.ast.stmt.ExpressionStmt;
import com.github.javaparser.ast.stmt.ForStmt;
import com.github.javaparser.ast.stmt.IfStmt;
import com.github.javaparser.ast.stmt.ReturnStmt;
import com.github.javaparser.ast.stmt.Statement;
import com.github.javaparser.ast.stmt.SwitchEntry;
import com.github.javaparser.ast.stmt.SwitchStmt;
import com.github.javaparser.ast.stmt.ThrowStmt;
import com.github.javaparser.ast.stmt.WhileStmt;
import com.github.javaparser.ast.type.Type;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Translates the simulator's step, written once in Java ({@code sim}'s {@code algo} and {@code
 * spatial} packages), into OpenCL C, statement for statement, so that the OpenCL backend runs the
 * same formulas in the same order as the CPU backend (DESIGN.md § style). It accepts the subset of
 * Java the step is written in — static methods on {@code double[]}/{@code int[]} with offsets,
 * {@code Model} getters, {@code Data} fields, enums, arrow and colon switches — and fails, naming
 * the file and line, on anything else.
 *
 * <p>The output is model-independent: it reads the model through {@code M_*} (sizes), {@code OPT_*}
 * (options), {@code MI_*}/{@code MD_*} (offsets of the model's int and double arrays) and {@code
 * DI_*}/{@code DD_*}/{@code DL_*} (offsets and lengths of one world's {@code Data} fields), which
 * {@link OpenClLayout} defines per model. A statement that throws in Java sets the world's error
 * flag and returns; every caller returns after a call that may have set it, so a failed world keeps
 * the state of its last good step, as on the CPU.
 *
 * <p>Run {@code bin/gen-opencl} after changing the step; {@code GeneratedStepTest} fails while the
 * committed {@code sim.cl} differs from this translation.
 */
public final class OpenClTranslator {
  /** OpenCL C words a Java local may not be called. */
  private static final Set<String> RESERVED =
      Set.of(
          "half",
          "global",
          "local",
          "constant",
          "private",
          "kernel",
          "image",
          "sampler",
          "event",
          "auto",
          "register",
          "restrict",
          "inline",
          "extern",
          "static",
          "typedef",
          "union",
          "struct",
          "signed",
          "unsigned",
          "char",
          "short",
          "uint",
          "ulong",
          "bool",
          "size_t",
          "vector",
          "read_only",
          "write_only",
          "complex",
          "imaginary",
          "sizeof",
          "goto",
          "enum",
          "float",
          "double2",
          "double3",
          "double4",
          "int2",
          "int3",
          "int4",
          "min",
          "max",
          "sqrt",
          "sin",
          "cos",
          "fabs",
          "dot",
          "cross",
          "length",
          "normalize",
          "clamp",
          "sign",
          "step",
          "mix",
          "select",
          "any",
          "all");

  private final Path sources;
  private final Map<String, ClassOrInterfaceDeclaration> classes = new TreeMap<>();

  /** The classes marked {@code @HostOnly}: not translated, a call to one fails on the device. */
  private final Set<String> hostOnly = new HashSet<>();

  private final Map<String, String> classFile = new HashMap<>();
  private final Map<String, List<String>> enums = new LinkedHashMap<>();
  private final Map<String, Map<String, List<String>>> enumFields = new LinkedHashMap<>();
  private final Map<String, MethodDeclaration> modelGetters = new HashMap<>();
  private final Map<String, String> modelFields = new HashMap<>();
  private final Map<String, String> dataFields = new HashMap<>();
  private final Map<String, String> barFields = new HashMap<>();
  private final Map<String, String> options = new LinkedHashMap<>();

  private final Map<String, MethodDeclaration> methods = new LinkedHashMap<>();
  private final Map<MethodDeclaration, String> owner = new HashMap<>();
  private final Set<MethodDeclaration> throwing = new HashSet<>();
  private final Set<String> constantsUsed = new LinkedHashSet<>();

  /** Per method being translated: the Java type of each parameter and local, by name. */
  private Map<String, String> vars;

  /** Per method: which Data field a local array was set from, for {@code Arrays.fill} lengths. */
  private Map<String, String> aliases;

  private String currentClass;
  private MethodDeclaration current;

  /**
   * Reads the simulator's sources.
   *
   * @param sources {@code sim/src/main/java}
   */
  public OpenClTranslator(Path sources) throws IOException {
    this.sources = sources;
    StaticJavaParser.getParserConfiguration()
        .setLanguageLevel(com.github.javaparser.ParserConfiguration.LanguageLevel.JAVA_17);
    Path base = sources.resolve("org/diffart/sim");
    for (String pkg : List.of("algo", "spatial")) {
      try (var files = Files.walk(base.resolve(pkg))) {
        for (Path f : files.sorted().toList()) {
          if (f.toString().endsWith(".java")) {
            CompilationUnit cu = StaticJavaParser.parse(f);
            for (TypeDeclaration<?> t : cu.getTypes()) {
              if (t instanceof ClassOrInterfaceDeclaration c && c.isAnnotationPresent("HostOnly")) {
                hostOnly.add(c.getNameAsString());
              } else if (t instanceof ClassOrInterfaceDeclaration c) {
                classes.put(c.getNameAsString(), c);
                classFile.put(c.getNameAsString(), base.relativize(f).toString());
              }
            }
          }
        }
      }
    }
    for (String e :
        List.of(
            "JointType",
            "GeomType",
            "Integrator",
            "ContactSolver",
            "ActuatorType",
            "SensorType",
            "FrameType",
            "EqualityType",
            "DynType")) {
      EnumDeclaration ed =
          StaticJavaParser.parse(base.resolve("model/" + e + ".java"))
              .getEnumByName(e)
              .orElseThrow();
      List<String> names = new ArrayList<>();
      Map<String, List<String>> fields = new LinkedHashMap<>();
      // the constructor's arguments, in the order of the final fields (enum-typed fields have no
      // device table)
      List<String> all =
          ed.getFields().stream()
              .filter(FieldDeclaration::isFinal)
              .flatMap(f -> f.getVariables().stream())
              .map(VariableDeclarator::getNameAsString)
              .toList();
      List<String> finals =
          ed.getFields().stream()
              .filter(FieldDeclaration::isFinal)
              .filter(f -> f.getElementType().isPrimitiveType())
              .flatMap(f -> f.getVariables().stream())
              .map(VariableDeclarator::getNameAsString)
              .toList();
      for (EnumConstantDeclaration c : ed.getEntries()) {
        names.add(c.getNameAsString());
        for (int k = 0; k < all.size() && k < c.getArguments().size(); k++) {
          if (finals.contains(all.get(k))) {
            fields
                .computeIfAbsent(all.get(k), x -> new ArrayList<>())
                .add(c.getArgument(k).toString());
          }
        }
      }
      enums.put(e, names);
      enumFields.put(e, fields);
    }
    // the model's fields are declared once, in ModelFields; Model's accessors read them
    ClassOrInterfaceDeclaration fields =
        StaticJavaParser.parse(base.resolve("model/ModelFields.java"))
            .getClassByName("ModelFields")
            .orElseThrow();
    ClassOrInterfaceDeclaration model =
        StaticJavaParser.parse(base.resolve("model/Model.java"))
            .getClassByName("Model")
            .orElseThrow();
    for (ClassOrInterfaceDeclaration c : List.of(fields, model)) {
      for (FieldDeclaration f : c.getFields()) {
        if (!f.isStatic()) {
          f.getVariables().forEach(v -> modelFields.put(v.getNameAsString(), v.getTypeAsString()));
        }
      }
    }
    for (MethodDeclaration md : model.getMethods()) {
      if (md.isPublic() && !md.isStatic()) {
        modelGetters.put(md.getNameAsString() + "/" + md.getParameters().size(), md);
      }
    }
    ClassOrInterfaceDeclaration data =
        StaticJavaParser.parse(base.resolve("data/Data.java")).getClassByName("Data").orElseThrow();
    for (FieldDeclaration f : data.getFields()) {
      if (f.isPublic() && !f.isStatic()) {
        f.getVariables().forEach(v -> dataFields.put(v.getNameAsString(), v.getTypeAsString()));
      }
    }
    ClassOrInterfaceDeclaration bar =
        StaticJavaParser.parse(base.resolve("data/DataBar.java"))
            .getClassByName("DataBar")
            .orElseThrow();
    for (FieldDeclaration f : bar.getFields()) {
      if (f.isPublic() && !f.isStatic()) {
        f.getVariables().forEach(v -> barFields.put(v.getNameAsString(), v.getTypeAsString()));
      }
    }
    RecordDeclaration opt =
        StaticJavaParser.parse(base.resolve("model/Options.java"))
            .getRecordByName("Options")
            .orElseThrow();
    for (Parameter p : opt.getParameters()) {
      options.put(p.getNameAsString(), p.getTypeAsString());
    }
  }

  /**
   * The OpenCL C of every method reachable from the entries.
   *
   * @param entries methods as {@code Class.method/arity}, e.g. {@code Step.step/2}
   */
  public String translate(List<String> entries) {
    return translate(entries, List.of(), Set.of(), Set.of());
  }

  /**
   * The OpenCL C of the methods reachable from the entries but not from {@code base}, whose
   * translation (another file, {@code sim.cl}) comes first in the same program: the enums,
   * constants and functions it defines are not repeated, so the forward step is stored once.
   *
   * @param base the entries of the translation this one extends
   */
  public String translate(List<String> entries, List<String> base) throws IOException {
    OpenClTranslator b = new OpenClTranslator(sources);
    b.translate(base);
    return translate(entries, base, b.methods.keySet(), b.constantsUsed);
  }

  private String translate(
      List<String> entries, List<String> base, Set<String> given, Set<String> givenConstants) {
    collect(entries);
    StringBuilder out = new StringBuilder();
    out.append(
        "// GENERATED by org.diffart.backends.opencl.OpenClTranslator from sim/src/main/java: do not edit.\n");
    out.append(
        "// Regenerate with bin/gen-opencl after changing the step; GeneratedStepTest checks it is current.\n");
    out.append("// Entries: ").append(String.join(", ", entries)).append("\n");
    if (!base.isEmpty()) {
      out.append("// Follows the translation of ")
          .append(String.join(", ", base))
          .append(" (sim.cl) in the same program: only what that does not define is here.\n");
    } else {
      enums.forEach(
          (e, names) -> {
            for (int k = 0; k < names.size(); k++) {
              out.append("#define ")
                  .append(e)
                  .append('_')
                  .append(names.get(k))
                  .append(' ')
                  .append(k)
                  .append('\n');
            }
            enumFields
                .get(e)
                .forEach(
                    (field, values) ->
                        out.append("__constant int ")
                            .append(e)
                            .append('_')
                            .append(field)
                            .append("[] = {")
                            .append(String.join(", ", values))
                            .append("};\n"));
          });
    }
    out.append('\n');
    // bodies first (they record the constants they use), then constants and prototypes ahead of
    // them
    StringBuilder bodies = new StringBuilder();
    for (Map.Entry<String, MethodDeclaration> e : methods.entrySet()) {
      if (!given.contains(e.getKey())) {
        bodies.append(function(e.getValue())).append('\n');
      }
    }
    // a constant's value may name other constants (macros: their order does not matter), so until
    // none is new
    Set<String> written = new LinkedHashSet<>(givenConstants);
    while (!written.containsAll(constantsUsed)) {
      for (String c : new ArrayList<>(constantsUsed)) {
        if (written.add(c)) {
          out.append(constant(c));
        }
      }
    }
    out.append('\n');
    for (Map.Entry<String, MethodDeclaration> e : methods.entrySet()) {
      if (!given.contains(e.getKey())) {
        out.append(signature(e.getValue())).append(";\n");
      }
    }
    out.append('\n').append(bodies);
    return out.toString();
  }

  // ---- reachability ----

  private void collect(List<String> entries) {
    Deque<String> todo = new ArrayDeque<>(entries);
    while (!todo.isEmpty()) {
      String key = todo.pop();
      if (methods.containsKey(key)) {
        continue;
      }
      String cls = key.substring(0, key.indexOf('.'));
      MethodDeclaration md = find(cls, key.substring(cls.length() + 1));
      methods.put(key, md);
      owner.put(md, cls);
      for (MethodCallExpr call : md.findAll(MethodCallExpr.class)) {
        if (insideThrow(call)) {
          continue;
        }
        String target = target(cls, md, call);
        if (target != null) {
          todo.push(target);
        }
      }
    }
    // methods that may throw, directly, through a callee, or by calling what runs on the host only
    for (MethodDeclaration md : methods.values()) {
      if (!md.findAll(ThrowStmt.class).isEmpty()
          || md.findAll(MethodCallExpr.class).stream().anyMatch(c -> hostCall(md, c))) {
        throwing.add(md);
      }
    }
    boolean grew = true;
    while (grew) {
      grew = false;
      for (MethodDeclaration md : methods.values()) {
        if (!throwing.contains(md)
            && md.findAll(MethodCallExpr.class).stream()
                .filter(c -> !insideThrow(c))
                .map(c -> target(owner.get(md), md, c))
                .filter(t -> t != null)
                .anyMatch(t -> throwing.contains(methods.get(t)))) {
          throwing.add(md);
          grew = true;
        }
      }
    }
  }

  /**
   * Whether a call reaches a class marked {@code @HostOnly} (it calls objects, CPU only): on the
   * device it fails as a throw does; the backend refuses the models that would reach it.
   */
  private boolean hostCall(MethodDeclaration md, MethodCallExpr call) {
    return call.getScope().orElse(null) instanceof NameExpr n
        && hostOnly.contains(n.getNameAsString())
        && !declares(md, n.getNameAsString());
  }

  private static boolean insideThrow(Node n) {
    for (Node p = n; p != null; p = p.getParentNode().orElse(null)) {
      if (p instanceof ThrowStmt) {
        return true;
      }
    }
    return false;
  }

  private MethodDeclaration find(String cls, String nameArity) {
    ClassOrInterfaceDeclaration c = classes.get(cls);
    if (c == null) {
      throw new IllegalArgumentException(
          "no class " + cls + " in sim's algo (and its stage packages) or spatial");
    }
    String name = nameArity.substring(0, nameArity.indexOf('/'));
    int arity = Integer.parseInt(nameArity.substring(nameArity.indexOf('/') + 1));
    List<MethodDeclaration> found =
        c.getMethodsByName(name).stream().filter(m -> m.getParameters().size() == arity).toList();
    if (found.size() != 1) {
      throw new IllegalArgumentException(
          cls + "." + nameArity + ": " + found.size() + " methods match");
    }
    return found.get(0);
  }

  /**
   * The {@code Class.method/arity} a call reaches in the simulator, or null for a built-in or a
   * getter.
   */
  private String target(String cls, MethodDeclaration md, MethodCallExpr call) {
    int arity = call.getArguments().size();
    if (call.getScope().isEmpty()) {
      return cls + "." + call.getNameAsString() + "/" + arity;
    }
    Expression scope = call.getScope().get();
    if (scope instanceof NameExpr n
        && classes.containsKey(n.getNameAsString())
        && !declares(md, n.getNameAsString())) {
      return n.getNameAsString() + "." + call.getNameAsString() + "/" + arity;
    }
    return null;
  }

  private static boolean declares(MethodDeclaration md, String name) {
    return md.getParameters().stream().anyMatch(p -> p.getNameAsString().equals(name))
        || md.findAll(VariableDeclarator.class).stream()
            .anyMatch(v -> v.getNameAsString().equals(name));
  }

  // ---- declarations ----

  private String cName(MethodDeclaration md) {
    String cls = owner.get(md);
    long overloads = classes.get(cls).getMethodsByName(md.getNameAsString()).size();
    return cls
        + "_"
        + md.getNameAsString()
        + (overloads > 1 ? "_" + md.getParameters().size() : "");
  }

  private String signature(MethodDeclaration md) {
    List<String> params = new ArrayList<>();
    for (Parameter p : md.getParameters()) {
      String t = cType(p.getType(), md);
      if (t != null) {
        params.add(t + " " + local(p.getNameAsString()));
      }
    }
    return cType(md.getType(), md) + " " + cName(md) + "(" + String.join(", ", params) + ")";
  }

  /**
   * The OpenCL C type of a Java type, or null for a parameter that is dropped (a message string).
   */
  private String cType(Type t, Node at) {
    String s = t.asString();
    return switch (s) {
      case "void", "double", "int", "long" -> s;
      case "boolean" -> "int";
      case "double[]" -> "__global double*";
      case "int[]" -> "__global int*";
      case "Model" -> "Model*";
      case "Data" -> "Data*";
      case "DataBar" -> "DataBar*";
      // a message, or a hook for inspecting a step's adjoint stage by stage: neither exists on the
      // device
      case "String", "AdjointTracer" -> null;
      default -> {
        if (enums.containsKey(s)) {
          yield "int";
        }
        throw error(at, "type " + s + " has no OpenCL translation");
      }
    };
  }

  private String constant(String qualified) {
    String cls = qualified.substring(0, qualified.indexOf('_'));
    String name = qualified.substring(cls.length() + 1);
    VariableDeclarator v =
        classes.get(cls).getFieldByName(name).orElseThrow().getVariables().stream()
            .filter(x -> x.getNameAsString().equals(name))
            .findFirst()
            .orElseThrow();
    String type = v.getTypeAsString();
    Expression init = v.getInitializer().orElseThrow(() -> error(v, "constant without a value"));
    String saved = currentClass;
    currentClass = cls;
    vars = Map.of();
    aliases = Map.of();
    try {
      if (init instanceof ArrayInitializerExpr a) {
        String elem = type.replace("[]", "");
        return "__constant "
            + elem
            + " "
            + qualified
            + "[] = {"
            + a.getValues().stream().map(this::expr).collect(Collectors.joining(", "))
            + "};\n";
      }
      return "#define " + qualified + " (" + expr(init) + ")\n";
    } finally {
      currentClass = saved;
    }
  }

  private String function(MethodDeclaration md) {
    current = md;
    currentClass = owner.get(md);
    vars = new HashMap<>();
    aliases = new HashMap<>();
    for (Parameter p : md.getParameters()) {
      vars.put(p.getNameAsString(), p.getTypeAsString());
    }
    // locals are typed as their declarations are reached: sibling blocks may reuse a name with
    // another type
    StringBuilder out = new StringBuilder();
    out.append("// ")
        .append(classFile.get(currentClass))
        .append(": ")
        .append(md.getDeclarationAsString(false, false, false))
        .append('\n');
    out.append(signature(md)).append(" ");
    out.append(block(md.getBody().orElseThrow(() -> error(md, "no body")), 0));
    return out.toString();
  }

  // ---- statements ----

  private String block(BlockStmt b, int depth) {
    StringBuilder out = new StringBuilder("{\n");
    for (Statement s : b.getStatements()) {
      out.append(stmt(s, depth + 1));
    }
    return out.append(indent(depth)).append("}\n").toString();
  }

  private static String indent(int depth) {
    return "  ".repeat(depth);
  }

  private String stmt(Statement s, int depth) {
    String in = indent(depth);
    if (s instanceof BlockStmt b) {
      return in + block(b, depth);
    }
    if (s instanceof ExpressionStmt e) {
      if (e.getExpression() instanceof VariableDeclarationExpr v) {
        return declaration(v, depth);
      }
      if (e.getExpression() instanceof MethodCallExpr c
          && c.getScope().orElse(null) instanceof NameExpr n
          && vars.containsKey(n.getNameAsString())
          && cType(StaticJavaParser.parseType(vars.get(n.getNameAsString())), c) == null) {
        return ""; // tracer.after(...)
      }
      if (e.getExpression() instanceof MethodCallExpr c && hostCall(current, c)) {
        return in + fail() + "\n";
      }
      return in + expr(e.getExpression()) + ";\n" + afterCall(e, depth);
    }
    if (s instanceof IfStmt i) {
      StringBuilder out =
          new StringBuilder(
              in + "if (" + condition(i.getCondition()) + ") " + body(i.getThenStmt(), depth));
      if (i.getElseStmt().isPresent()) {
        Statement el = i.getElseStmt().get();
        out.setLength(out.length() - 1);
        out.append(" else ")
            .append(el instanceof IfStmt ? stmt(el, depth).stripLeading() : body(el, depth));
      }
      return out.toString();
    }
    if (s instanceof ForStmt f) {
      String init =
          f.getInitialization().stream()
              .map(x -> x instanceof VariableDeclarationExpr v ? inlineDecl(v) : expr(x))
              .collect(Collectors.joining(", "));
      String cond = f.getCompare().map(this::condition).orElse("");
      String upd = f.getUpdate().stream().map(this::expr).collect(Collectors.joining(", "));
      return in + "for (" + init + "; " + cond + "; " + upd + ") " + body(f.getBody(), depth);
    }
    if (s instanceof WhileStmt w) {
      return in + "while (" + condition(w.getCondition()) + ") " + body(w.getBody(), depth);
    }
    if (s instanceof DoStmt d) {
      String b = body(d.getBody(), depth);
      return in
          + "do "
          + b.substring(0, b.length() - 1)
          + " while ("
          + condition(d.getCondition())
          + ");\n";
    }
    if (s instanceof ReturnStmt r) {
      return in + "return" + r.getExpression().map(x -> " " + expr(x)).orElse("") + ";\n";
    }
    if (s instanceof BreakStmt b) {
      if (b.getLabel().isPresent()) {
        throw error(s, "labelled break");
      }
      return in + "break;\n";
    }
    if (s instanceof ContinueStmt c) {
      if (c.getLabel().isPresent()) {
        throw error(s, "labelled continue");
      }
      return in + "continue;\n";
    }
    if (s instanceof ThrowStmt) {
      return in + fail() + "\n";
    }
    if (s instanceof SwitchStmt sw) {
      return switchStmt(sw, depth);
    }
    if (s instanceof EmptyStmt) {
      return "";
    }
    throw error(s, s.getClass().getSimpleName() + " has no OpenCL translation");
  }

  /** What a throw becomes: the world's error flag, and a return. */
  private String fail() {
    return "{ DI_SET_ERROR(d); return" + returnValue() + "; }";
  }

  private String returnValue() {
    return current.getType().isVoidType() ? "" : " 0";
  }

  /** After a statement that calls a method that may fail: return if it did. */
  private String afterCall(Node statement, int depth) {
    boolean fails =
        statement.findAll(MethodCallExpr.class).stream()
            .map(c -> target(currentClass, current, c))
            .filter(t -> t != null)
            .anyMatch(t -> throwing.contains(methods.get(t)));
    if (!fails) {
      return "";
    }
    if (!declares(current, "d") || !"Data".equals(vars.get("d"))) {
      throw error(statement, "a call that may fail in a method without Data d");
    }
    return indent(depth) + "if (DI_ERROR(d)) return" + returnValue() + ";\n";
  }

  private String body(Statement s, int depth) {
    if (s instanceof BlockStmt b) {
      return block(b, depth);
    }
    return "{\n" + stmt(s, depth + 1) + indent(depth) + "}\n";
  }

  private String declaration(VariableDeclarationExpr v, int depth) {
    StringBuilder out = new StringBuilder();
    for (VariableDeclarator d : v.getVariables()) {
      String type = d.getTypeAsString();
      if (type.equals("Options")) {
        // options are compile-time constants (OPT_*): the local is read through them
        vars.put(d.getNameAsString(), type);
        continue;
      }
      String init = d.getInitializer().map(this::expr).orElse(null);
      vars.put(d.getNameAsString(), type);
      d.getInitializer()
          .ifPresent(
              x -> {
                String field = dataField(x);
                if (field != null) {
                  aliases.put(d.getNameAsString(), field);
                }
              });
      out.append(indent(depth))
          .append(cType(d.getType(), d))
          .append(' ')
          .append(local(d.getNameAsString()))
          .append(init == null ? "" : " = " + init)
          .append(";\n");
      if (d.getInitializer().isPresent()) {
        out.append(afterCall(d, depth));
      }
    }
    return out.toString();
  }

  /** A declaration in a for loop's initialisation: scalars only. */
  private String inlineDecl(VariableDeclarationExpr v) {
    String type = cType(v.getElementType(), v);
    return type
        + " "
        + v.getVariables().stream()
            .map(
                d -> {
                  if (!d.getType().isPrimitiveType()) {
                    throw error(d, "array declared in a for loop");
                  }
                  String init = d.getInitializer().map(x -> " = " + expr(x)).orElse("");
                  vars.put(d.getNameAsString(), d.getTypeAsString());
                  return local(d.getNameAsString()) + init;
                })
            .collect(Collectors.joining(", "));
  }

  private String switchStmt(SwitchStmt sw, int depth) {
    String selectorType = typeOf(sw.getSelector());
    StringBuilder out =
        new StringBuilder(indent(depth) + "switch (" + expr(sw.getSelector()) + ") {\n");
    for (SwitchEntry e : sw.getEntries()) {
      String in = indent(depth + 1);
      if (e.getLabels().isEmpty()) {
        out.append(in).append("default:");
      } else {
        for (Expression label : e.getLabels()) {
          String l =
              label instanceof NameExpr n && enums.containsKey(selectorType)
                  ? selectorType + "_" + n.getNameAsString()
                  : expr(label);
          if (label instanceof NameExpr n
              && enums.containsKey(selectorType)
              && !enums.get(selectorType).contains(n.getNameAsString())) {
            throw error(label, "no constant " + n + " in " + selectorType);
          }
          out.append(out.charAt(out.length() - 1) == ':' ? " " : in)
              .append("case ")
              .append(l)
              .append(':');
        }
      }
      if (e.getType() == SwitchEntry.Type.STATEMENT_GROUP) {
        out.append('\n');
        for (Statement s : e.getStatements()) {
          out.append(stmt(s, depth + 2));
        }
      } else {
        // an arrow case runs its statement and leaves the switch
        Statement s = e.getStatements().get(0);
        out.append(' ');
        String b =
            s instanceof BlockStmt bs
                ? block(bs, depth + 1)
                : "{\n" + stmt(s, depth + 2) + in + "}\n";
        out.append(b.substring(0, b.length() - 1)).append(" break;\n");
      }
    }
    return out.append(indent(depth)).append("}\n").toString();
  }

  private static String local(String name) {
    return RESERVED.contains(name) ? "j_" + name : name;
  }

  // ---- expressions ----

  /** A condition without the parentheses its binary operation would add (clang warns of them). */
  private String condition(Expression e) {
    String s = expr(e);
    return e instanceof BinaryExpr && s.startsWith("(") && s.endsWith(")")
        ? s.substring(1, s.length() - 1)
        : s;
  }

  private String expr(Expression e) {
    if (e instanceof EnclosedExpr x) {
      return "(" + expr(x.getInner()) + ")";
    }
    if (e instanceof BinaryExpr b) {
      String op = b.getOperator().asString();
      if (op.equals(">>>")) {
        String t = typeOf(b.getLeft());
        String u = t.equals("long") ? "ulong" : t.equals("int") ? "uint" : null;
        if (u == null) {
          throw error(e, "unsigned shift of " + t);
        }
        return "(("
            + t
            + ") ((("
            + u
            + ") "
            + expr(b.getLeft())
            + ") >> "
            + expr(b.getRight())
            + "))";
      }
      if (op.equals("+")
          && (typeOf(b.getLeft()).equals("String") || typeOf(b.getRight()).equals("String"))) {
        throw error(e, "string concatenation");
      }
      return "(" + expr(b.getLeft()) + " " + op + " " + expr(b.getRight()) + ")";
    }
    if (e instanceof UnaryExpr u) {
      String x = expr(u.getExpression());
      return switch (u.getOperator()) {
        case POSTFIX_INCREMENT -> x + "++";
        case POSTFIX_DECREMENT -> x + "--";
        case PREFIX_INCREMENT -> "++" + x;
        case PREFIX_DECREMENT -> "--" + x;
        case MINUS -> "(-" + x + ")";
        case PLUS -> "(+" + x + ")";
        case LOGICAL_COMPLEMENT -> "(!" + x + ")";
        case BITWISE_COMPLEMENT -> "(~" + x + ")";
      };
    }
    if (e instanceof AssignExpr a) {
      return expr(a.getTarget()) + " " + a.getOperator().asString() + " " + expr(a.getValue());
    }
    if (e instanceof ConditionalExpr c) {
      return "("
          + expr(c.getCondition())
          + " ? "
          + expr(c.getThenExpr())
          + " : "
          + expr(c.getElseExpr())
          + ")";
    }
    if (e instanceof CastExpr c) {
      String t = c.getType().asString();
      if (!t.equals("int") && !t.equals("double") && !t.equals("long")) {
        throw error(e, "cast to " + t);
      }
      return "((" + t + ") " + expr(c.getExpression()) + ")";
    }
    if (e instanceof IntegerLiteralExpr i) {
      return i.getValue().replace("_", "");
    }
    if (e instanceof LongLiteralExpr l) {
      return l.getValue().replace("_", "").replace("l", "L");
    }
    if (e instanceof DoubleLiteralExpr d) {
      String v = d.getValue().replace("_", "");
      if (v.endsWith("f") || v.endsWith("F")) {
        throw error(e, "float literal");
      }
      // exact: the literal's double as a hexadecimal floating constant
      return Double.toHexString(Double.parseDouble(v.replace("d", "").replace("D", "")));
    }
    if (e instanceof BooleanLiteralExpr b) {
      return b.getValue() ? "1" : "0";
    }
    if (e instanceof NullLiteralExpr) {
      return "0";
    }
    if (e instanceof StringLiteralExpr) {
      throw error(e, "string literal outside a message");
    }
    if (e instanceof ArrayAccessExpr a) {
      return expr(a.getName()) + "[" + expr(a.getIndex()) + "]";
    }
    if (e instanceof NameExpr n) {
      return name(n);
    }
    if (e instanceof FieldAccessExpr f) {
      return field(f);
    }
    if (e instanceof MethodCallExpr c) {
      return call(c);
    }
    throw error(e, e.getClass().getSimpleName() + " has no OpenCL translation");
  }

  private String name(NameExpr n) {
    String s = n.getNameAsString();
    if (vars.containsKey(s)) {
      return local(s);
    }
    return staticConstant(currentClass, s, n);
  }

  private String staticConstant(String cls, String name, Node at) {
    ClassOrInterfaceDeclaration c = classes.get(cls);
    if (c != null && c.getFieldByName(name).filter(f -> f.isStatic() && f.isFinal()).isPresent()) {
      constantsUsed.add(cls + "_" + name);
      return cls + "_" + name;
    }
    throw error(at, "unknown name " + name);
  }

  /** The Data field an expression reads directly ({@code d.qpos}), or null. */
  private String dataField(Expression e) {
    if (e instanceof FieldAccessExpr f && f.getScope() instanceof NameExpr s) {
      String t = vars.get(s.getNameAsString());
      if ("Data".equals(t)) {
        return f.getNameAsString();
      }
      if ("DataBar".equals(t)) {
        return "B_" + f.getNameAsString();
      }
    }
    return null;
  }

  private String field(FieldAccessExpr f) {
    Expression scope = f.getScope();
    String name = f.getNameAsString();
    if (scope instanceof NameExpr s) {
      String sn = s.getNameAsString();
      if (sn.equals("Double") && !vars.containsKey(sn)) {
        return switch (name) {
          case "POSITIVE_INFINITY" -> "INFINITY";
          case "NEGATIVE_INFINITY" -> "(-INFINITY)";
          case "NaN" -> "NAN";
          case "MAX_VALUE" -> "DBL_MAX";
          case "MIN_VALUE" -> "0x0.0000000000001p-1022";
          default -> throw error(f, "Double." + name);
        };
      }
      if ("Data".equals(vars.get(sn)) || "DataBar".equals(vars.get(sn))) {
        boolean bar = "DataBar".equals(vars.get(sn));
        String type = (bar ? barFields : dataFields).get(name);
        if (type == null) {
          throw error(f, (bar ? "DataBar" : "Data") + " has no public field " + name);
        }
        if (!bar && name.equals("pgsRecord")) {
          return "((" + local(sn)
              + ")->rec)"; // the PGS record: the adjoint's history on the device, or none
        }
        String p = bar ? "B" : "D";
        return switch (type) {
          case "double[]" -> p + "D_ARRAY(" + local(sn) + ", " + name + ")";
          case "int[]" -> p + "I_ARRAY(" + local(sn) + ", " + name + ")";
          case "double" -> p + "D_SCALAR(" + local(sn) + ", " + name + ")";
          case "int", "long", "boolean" -> p + "I_SCALAR(" + local(sn) + ", " + name + ")";
          default ->
              throw error(f, (bar ? "DataBar" : "Data") + " field " + name + " of type " + type);
        };
      }
      if (enums.containsKey(sn) && !vars.containsKey(sn)) {
        if (!enums.get(sn).contains(name)) {
          throw error(f, "no constant " + name + " in " + sn);
        }
        return sn + "_" + name;
      }
      if (classes.containsKey(sn) && !vars.containsKey(sn)) {
        return staticConstant(sn, name, f);
      }
      if (("Math".equals(sn) || "StrictMath".equals(sn))
          && name.equals("PI")
          && !vars.containsKey(sn)) {
        return "M_PI"; // OpenCL's double constant (cl_khr_fp64), the same double as Java's
      }
    }
    String scopeType = typeOf(scope);
    if (enums.containsKey(scopeType) && enumFields.get(scopeType).containsKey(name)) {
      return scopeType + "_" + name + "[" + expr(scope) + "]";
    }
    if (name.equals("length")) {
      return length(scope, f);
    }
    throw error(f, "field access " + f + " has no OpenCL translation");
  }

  private String length(Expression array, Node at) {
    String field = dataField(array);
    if (field == null && array instanceof NameExpr n) {
      field = aliases.get(n.getNameAsString());
    }
    if (field == null) {
      throw error(at, "length of an array that is not a Data or DataBar field");
    }
    return field.startsWith("B_") ? "BL_" + field.substring(2) : "DL_" + field;
  }

  private String call(MethodCallExpr c) {
    String name = c.getNameAsString();
    List<Expression> args = c.getArguments();
    Expression scope = c.getScope().orElse(null);
    String scopeText = scope == null ? null : scope.toString();
    if ("Math".equals(scopeText) || "StrictMath".equals(scopeText)) {
      return math(c, name, args);
    }
    if ("Double".equals(scopeText)) {
      return switch (name) {
        case "isFinite" -> "isfinite(" + expr(args.get(0)) + ")";
        case "isNaN" -> "isnan(" + expr(args.get(0)) + ")";
        case "doubleToRawLongBits" -> "as_long(" + expr(args.get(0)) + ")";
        default -> throw error(c, "Double." + name);
      };
    }
    if ("System".equals(scopeText) && name.equals("arraycopy")) {
      String t = typeOf(args.get(0));
      String fn = t.equals("double[]") ? "copy_d" : t.equals("int[]") ? "copy_i" : null;
      if (fn == null) {
        throw error(c, "arraycopy of " + t);
      }
      return fn
          + "("
          + expr(args.get(2))
          + " + "
          + expr(args.get(3))
          + ", "
          + expr(args.get(0))
          + " + "
          + expr(args.get(1))
          + ", "
          + expr(args.get(4))
          + ")";
    }
    if (("Arrays".equals(scopeText) || "java.util.Arrays".equals(scopeText))
        && name.equals("fill")) {
      String t = typeOf(args.get(0));
      String fn = t.equals("double[]") ? "fill_d" : t.equals("int[]") ? "fill_i" : null;
      if (fn == null) {
        throw error(c, "fill of " + t);
      }
      if (args.size() == 2) {
        return fn
            + "("
            + expr(args.get(0))
            + ", "
            + length(args.get(0), c)
            + ", "
            + expr(args.get(1))
            + ")";
      }
      return fn
          + "("
          + expr(args.get(0))
          + " + "
          + expr(args.get(1))
          + ", "
          + expr(args.get(2))
          + " - "
          + expr(args.get(1))
          + ", "
          + expr(args.get(3))
          + ")";
    }
    if (scope != null) {
      String scopeType = typeOf(scope);
      if (scopeType.equals("Model")) {
        return modelGetter(c, scope);
      }
      if (scopeType.equals("Options")) {
        return option(c);
      }
    }
    String target = target(currentClass, current, c);
    if (target == null) {
      throw error(c, "call " + c + " has no OpenCL translation");
    }
    MethodDeclaration md = methods.get(target);
    List<String> out = new ArrayList<>();
    for (int k = 0; k < args.size(); k++) {
      if (cType(md.getParameter(k).getType(), md) != null) {
        out.add(expr(args.get(k)));
      }
    }
    return cName(md) + "(" + String.join(", ", out) + ")";
  }

  private String math(MethodCallExpr c, String name, List<Expression> args) {
    List<String> a = args.stream().map(this::expr).toList();
    boolean ints = args.stream().allMatch(x -> typeOf(x).equals("int") || typeOf(x).equals("long"));
    return switch (name) {
      case "sqrt",
          "sin",
          "cos",
          "tan",
          "atan",
          "atan2",
          "asin",
          "acos",
          "exp",
          "log",
          "pow",
          "floor",
          "ceil",
          "hypot",
          "fma" ->
          name + "(" + String.join(", ", a) + ")";
      case "abs" -> (ints ? "abs(" : "fabs(") + a.get(0) + ")";
      case "min" -> (ints ? "min(" : "jmin(") + a.get(0) + ", " + a.get(1) + ")";
      case "max" -> (ints ? "max(" : "jmax(") + a.get(0) + ", " + a.get(1) + ")";
      case "signum" -> "jsignum(" + a.get(0) + ")";
      default -> throw error(c, "Math." + name);
    };
  }

  private String option(MethodCallExpr c) {
    String name = c.getNameAsString();
    if (options.containsKey(name) && c.getArguments().isEmpty()) {
      return "OPT_" + name;
    }
    if (options.getOrDefault(name, "").endsWith("[]") && c.getArguments().size() == 1) {
      // an array component read by index, as Options' own accessor does: gravity(k)
      return "OPT_" + name + "[" + expr(c.getArgument(0)) + "]";
    }
    throw error(c, "Options has no component " + name);
  }

  /**
   * A Model getter, expanded to what its body reads: {@code m.jntRange(j, 1)} to {@code MI/MD}
   * array access.
   */
  private String modelGetter(MethodCallExpr c, Expression scope) {
    String key = c.getNameAsString() + "/" + c.getArguments().size();
    if (key.equals("opt/0")) {
      throw error(c, "m.opt() other than m.opt().NAME()");
    }
    MethodDeclaration g = modelGetters.get(key);
    if (g == null) {
      throw error(c, "Model has no getter " + key);
    }
    List<Statement> body = g.getBody().orElseThrow().getStatements();
    if (body.size() != 1 || !(body.get(0) instanceof ReturnStmt r) || r.getExpression().isEmpty()) {
      throw error(c, "Model." + key + " is not a plain getter");
    }
    Map<String, String> params = new HashMap<>();
    for (int k = 0; k < g.getParameters().size(); k++) {
      params.put(g.getParameter(k).getNameAsString(), "(" + expr(c.getArgument(k)) + ")");
    }
    return "(" + modelExpr(r.getExpression().get(), params, local(scope.toString()), c) + ")";
  }

  private String modelExpr(Expression e, Map<String, String> params, String m, Node at) {
    if (e instanceof NameExpr n) {
      String s = n.getNameAsString();
      if (params.containsKey(s)) {
        return params.get(s);
      }
      String type = modelFields.get(s);
      if ("int".equals(type)) {
        return "M_" + s;
      }
      throw error(at, "Model field " + s + " of type " + type + " read whole");
    }
    if (e instanceof ArrayAccessExpr a) {
      Expression arr = a.getName();
      // JOINT_TYPES[x] and X.values()[x]: the ordinal itself
      if ((arr instanceof NameExpr n && n.getNameAsString().endsWith("_TYPES"))
          || (arr instanceof MethodCallExpr mc && mc.getNameAsString().equals("values"))) {
        return modelExpr(a.getIndex(), params, m, at);
      }
      if (arr instanceof NameExpr n) {
        String type = modelFields.get(n.getNameAsString());
        String index = modelExpr(a.getIndex(), params, m, at);
        if ("int[]".equals(type)) {
          return "MI_ARRAY(" + m + ", " + n + ")[" + index + "]";
        }
        if ("double[]".equals(type)) {
          return "MD_ARRAY(" + m + ", " + n + ")[" + index + "]";
        }
      }
      throw error(at, "Model array " + arr + " has no OpenCL translation");
    }
    if (e instanceof BinaryExpr b) {
      return "("
          + modelExpr(b.getLeft(), params, m, at)
          + " "
          + b.getOperator().asString()
          + " "
          + modelExpr(b.getRight(), params, m, at)
          + ")";
    }
    if (e instanceof IntegerLiteralExpr i) {
      return i.getValue();
    }
    if (e instanceof EnclosedExpr x) {
      return "(" + modelExpr(x.getInner(), params, m, at) + ")";
    }
    throw error(at, "Model getter expression " + e + " has no OpenCL translation");
  }

  // ---- types of expressions, as far as the translation needs them ----

  private String typeOf(Expression e) {
    if (e instanceof EnclosedExpr x) {
      return typeOf(x.getInner());
    }
    if (e instanceof IntegerLiteralExpr) {
      return "int";
    }
    if (e instanceof LongLiteralExpr) {
      return "long";
    }
    if (e instanceof DoubleLiteralExpr) {
      return "double";
    }
    if (e instanceof BooleanLiteralExpr) {
      return "boolean";
    }
    if (e instanceof StringLiteralExpr) {
      return "String";
    }
    if (e instanceof NullLiteralExpr) {
      return "null";
    }
    if (e instanceof CastExpr c) {
      return c.getType().asString();
    }
    if (e instanceof NameExpr n) {
      String s = n.getNameAsString();
      if (vars.containsKey(s)) {
        return vars.get(s);
      }
      if (enums.containsKey(s) || classes.containsKey(s) || s.equals("Double")) {
        return "class " + s;
      }
      ClassOrInterfaceDeclaration c = classes.get(currentClass);
      return c.getFieldByName(s)
          .map(
              f ->
                  f.getVariables().stream()
                      .filter(v -> v.getNameAsString().equals(s))
                      .findFirst()
                      .orElseThrow()
                      .getTypeAsString())
          .orElse("?");
    }
    if (e instanceof ArrayAccessExpr a) {
      String t = typeOf(a.getName());
      return t.endsWith("[]") ? t.substring(0, t.length() - 2) : "?";
    }
    if (e instanceof FieldAccessExpr f) {
      Expression scope = f.getScope();
      String st = typeOf(scope);
      if (st.equals("Data")) {
        return dataFields.getOrDefault(f.getNameAsString(), "?");
      }
      if (st.equals("DataBar")) {
        return barFields.getOrDefault(f.getNameAsString(), "?");
      }
      if (st.equals("class Double")) {
        return "double";
      }
      if (st.startsWith("class ")) {
        String cls = st.substring(6);
        if (enums.containsKey(cls)) {
          return cls;
        }
        return classes
            .get(cls)
            .getFieldByName(f.getNameAsString())
            .map(
                x ->
                    x.getVariables().stream()
                        .filter(v -> v.getNameAsString().equals(f.getNameAsString()))
                        .findFirst()
                        .orElseThrow()
                        .getTypeAsString())
            .orElse("?");
      }
      if (enums.containsKey(st)) {
        return "int";
      }
      if (f.getNameAsString().equals("length")) {
        return "int";
      }
      return "?";
    }
    if (e instanceof BinaryExpr b) {
      return switch (b.getOperator()) {
        case EQUALS, NOT_EQUALS, LESS, LESS_EQUALS, GREATER, GREATER_EQUALS, AND, OR -> "boolean";
        default -> {
          String l = typeOf(b.getLeft()), r = typeOf(b.getRight());
          if (l.equals("String") || r.equals("String")) {
            yield "String";
          }
          if (l.equals("double") || r.equals("double")) {
            yield "double";
          }
          if (l.equals("long") || r.equals("long")) {
            yield "long";
          }
          yield l.equals("boolean") ? "boolean" : "int";
        }
      };
    }
    if (e instanceof UnaryExpr u) {
      return u.getOperator() == UnaryExpr.Operator.LOGICAL_COMPLEMENT
          ? "boolean"
          : typeOf(u.getExpression());
    }
    if (e instanceof ConditionalExpr c) {
      String a = typeOf(c.getThenExpr()), b = typeOf(c.getElseExpr());
      return a.equals("double") || b.equals("double") ? "double" : a;
    }
    if (e instanceof AssignExpr a) {
      return typeOf(a.getTarget());
    }
    if (e instanceof MethodCallExpr c) {
      String scope = c.getScope().map(Object::toString).orElse(null);
      if ("Math".equals(scope) || "StrictMath".equals(scope)) {
        if (c.getNameAsString().equals("abs")
            || c.getNameAsString().equals("min")
            || c.getNameAsString().equals("max")) {
          return c.getArguments().stream().map(this::typeOf).anyMatch(t -> t.equals("double"))
              ? "double"
              : "int";
        }
        return "double";
      }
      if ("Double".equals(scope)) {
        return c.getNameAsString().equals("doubleToRawLongBits") ? "long" : "boolean";
      }
      if (c.getScope().isPresent()) {
        String st = typeOf(c.getScope().get());
        if (st.equals("Model")) {
          if (c.getNameAsString().equals("opt")) {
            return "Options";
          }
          MethodDeclaration g =
              modelGetters.get(c.getNameAsString() + "/" + c.getArguments().size());
          return g == null ? "?" : g.getTypeAsString();
        }
        if (st.equals("Options")) {
          String t = options.getOrDefault(c.getNameAsString(), "?");
          return c.getArguments().size() == 1 && t.endsWith("[]")
              ? t.substring(0, t.length() - 2)
              : t;
        }
      }
      String target = target(currentClass, current, c);
      if (target != null && methods.containsKey(target)) {
        return methods.get(target).getTypeAsString();
      }
      return "?";
    }
    return "?";
  }

  private IllegalArgumentException error(Node at, String what) {
    String where = currentClass == null ? "?" : classFile.getOrDefault(currentClass, currentClass);
    int line = at.getBegin().map(p -> p.line).orElse(0);
    return new IllegalArgumentException(
        sources.resolve("org/diffart/sim").resolve(where) + ":" + line + ": " + what + ": " + at);
  }
}
