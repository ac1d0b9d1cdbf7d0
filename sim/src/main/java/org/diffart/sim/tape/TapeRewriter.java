package org.diffart.sim.tape;

import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Set;
import java.util.function.Predicate;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;

/**
 * Rewrites a class's bytecode so that it runs on {@link Tape} variables: every double arithmetic
 * instruction ({@code dadd, dsub, dmul, ddiv, drem, dneg}), comparison and conversion, every {@link
 * Math} call and the double methods of {@link Double} and {@link StringBuilder} become calls of the
 * same shape to {@link TapeOps}. Nothing else changes: loads, stores and arrays move the tagged
 * NaNs untouched, and control flow is the original's.
 *
 * <p>It refuses, at load time and naming the method, any other call that would hand a double to
 * code it cannot see (a JDK method, or a class outside the taped packages), so a taped class never
 * computes silently on tagged NaNs.
 */
final class TapeRewriter {
  private TapeRewriter() {}

  private static final String OPS = Type.getInternalName(TapeOps.class);

  /** JDK methods that move doubles without computing on them. */
  private static final Set<String> PASS_THROUGH = Set.of("java/util/Arrays.fill");

  /**
   * The rewritten class.
   *
   * @param taped whether an internal class name belongs to the taped packages (calls into them are
   *     left alone)
   */
  static byte[] rewrite(byte[] bytes, Predicate<String> taped) {
    ClassReader reader = new ClassReader(bytes);
    ClassWriter writer = new ClassWriter(reader, ClassWriter.COMPUTE_MAXS);
    reader.accept(
        new ClassVisitor(Opcodes.ASM9, writer) {
          private String owner;

          @Override
          public void visit(
              int version,
              int access,
              String name,
              String signature,
              String superName,
              String[] interfaces) {
            owner = name;
            super.visit(version, access, name, signature, superName, interfaces);
          }

          @Override
          public MethodVisitor visitMethod(
              int access, String name, String desc, String signature, String[] ex) {
            MethodVisitor mv = super.visitMethod(access, name, desc, signature, ex);
            return new Rewriter(mv, owner + "." + name, taped);
          }
        },
        0);
    return writer.toByteArray();
  }

  private static final class Rewriter extends MethodVisitor {
    private final String where;
    private final Predicate<String> taped;

    Rewriter(MethodVisitor mv, String where, Predicate<String> taped) {
      super(Opcodes.ASM9, mv);
      this.where = where;
      this.taped = taped;
    }

    @Override
    public void visitInsn(int opcode) {
      switch (opcode) {
        case Opcodes.DADD -> ops("dadd", "(DD)D");
        case Opcodes.DSUB -> ops("dsub", "(DD)D");
        case Opcodes.DMUL -> ops("dmul", "(DD)D");
        case Opcodes.DDIV -> ops("ddiv", "(DD)D");
        case Opcodes.DREM -> ops("drem", "(DD)D");
        case Opcodes.DNEG -> ops("dneg", "(D)D");
        case Opcodes.DCMPL -> ops("dcmpl", "(DD)I");
        case Opcodes.DCMPG -> ops("dcmpg", "(DD)I");
        case Opcodes.D2I -> ops("d2i", "(D)I");
        case Opcodes.D2L -> ops("d2l", "(D)J");
        case Opcodes.D2F -> ops("d2f", "(D)F");
        default -> super.visitInsn(opcode);
      }
    }

    private void ops(String name, String desc) {
      super.visitMethodInsn(Opcodes.INVOKESTATIC, OPS, name, desc, false);
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String desc, boolean itf) {
      boolean doubles = desc.indexOf('D') >= 0 && hasDouble(desc);
      if (!doubles || taped.test(owner)) {
        super.visitMethodInsn(opcode, owner, name, desc, itf);
      } else if ((owner.equals("java/lang/Math")
              || owner.equals("java/lang/StrictMath")
              || owner.equals("java/lang/Double"))
          && opcode == Opcodes.INVOKESTATIC) {
        ops(checked(owner, name, desc, desc), desc);
      } else if (owner.equals("java/lang/StringBuilder")
          && name.equals("append")
          && desc.equals("(D)Ljava/lang/StringBuilder;")) {
        ops("append", "(Ljava/lang/StringBuilder;D)Ljava/lang/StringBuilder;");
      } else if (PASS_THROUGH.contains(owner + "." + name) || !hasDoubleParameter(desc)) {
        super.visitMethodInsn(opcode, owner, name, desc, itf);
      } else {
        throw new UnsupportedOperationException(
            where
                + " calls "
                + owner.replace('/', '.')
                + "."
                + name
                + desc
                + " with a double, which the tape cannot follow");
      }
    }

    @Override
    public void visitInvokeDynamicInsn(String name, String desc, Handle bsm, Object... args) {
      if (!hasDouble(desc)) {
        super.visitInvokeDynamicInsn(name, desc, bsm, args);
      } else if (bsm.getOwner().equals("java/lang/invoke/StringConcatFactory")
          && bsm.getName().equals("makeConcatWithConstants")) {
        Handle h =
            new Handle(
                Opcodes.H_INVOKESTATIC, OPS, "makeConcatWithConstants", bsm.getDesc(), false);
        super.visitInvokeDynamicInsn(name, desc, h, args);
      } else {
        throw new UnsupportedOperationException(
            where
                + " has an invokedynamic "
                + name
                + desc
                + " with doubles, which the tape cannot follow");
      }
    }

    /** The TapeOps method standing for owner.name, which must exist with the same descriptor. */
    private String checked(String owner, String name, String desc, String opsDesc) {
      MethodType type =
          MethodType.fromMethodDescriptorString(opsDesc, TapeOps.class.getClassLoader());
      for (Method m : TapeOps.class.getMethods()) {
        if (m.getName().equals(name)
            && Modifier.isStatic(m.getModifiers())
            && MethodType.methodType(m.getReturnType(), m.getParameterTypes()).equals(type)) {
          return name;
        }
      }
      throw new UnsupportedOperationException(
          where
              + " calls "
              + owner.replace('/', '.')
              + "."
              + name
              + desc
              + ", which the tape has no derivative for");
    }
  }

  private static boolean hasDouble(String desc) {
    Type t = Type.getMethodType(desc);
    return t.getReturnType().getSort() == Type.DOUBLE || hasDoubleParameter(desc);
  }

  private static boolean hasDoubleParameter(String desc) {
    for (Type a : Type.getArgumentTypes(desc)) {
      if (a.getSort() == Type.DOUBLE) {
        return true;
      }
    }
    return false;
  }
}
