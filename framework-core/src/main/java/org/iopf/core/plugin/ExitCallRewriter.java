package org.iopf.core.plugin;

import java.nio.charset.StandardCharsets;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * Rewrites a plugin class so that it cannot end the host process: each call of
 * {@code System.exit(int)}, {@code Runtime.exit(int)} or {@code Runtime.halt(int)} becomes a call of
 * a private static method added to the class that throws a {@link SecurityException}. The stack
 * effect of each call is unchanged, so no frame is recomputed. Calls made by reflection or method
 * handles are not seen (Java 17 has no other way to refuse them: the security manager is
 * deprecated for removal). Classes that mention neither {@code exit} nor {@code halt} are returned
 * as they are, unparsed.
 */
final class ExitCallRewriter {
    static final String REFUSAL = "a plugin may not end the iopf process; System.exit/Runtime.exit/halt refused";
    private static final String SYSTEM_HELPER = "iopf$refuseSystemExit";
    private static final String RUNTIME_HELPER = "iopf$refuseRuntimeExit";
    private static final byte[] EXIT = "exit".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] HALT = "halt".getBytes(StandardCharsets.US_ASCII);

    private ExitCallRewriter() {
    }

    /** The class with its exit calls refused; the same array if it has none. */
    static byte[] rewrite(byte[] classFile) {
        if (!contains(classFile, EXIT) && !contains(classFile, HALT)) {
            return classFile;
        }
        ClassReader reader = new ClassReader(classFile);
        ClassWriter writer = new ClassWriter(reader, 0);
        Refusing refusing = new Refusing(writer);
        reader.accept(refusing, 0);
        return refusing.rewrote ? writer.toByteArray() : classFile;
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }

    /** Redirects the exit calls and adds the helpers they need. */
    private static final class Refusing extends ClassVisitor {
        private String owner;
        private boolean isInterface;
        private int version;
        boolean rewrote;
        private boolean needsSystemHelper;
        private boolean needsRuntimeHelper;

        Refusing(ClassVisitor next) {
            super(Opcodes.ASM9, next);
        }

        @Override
        public void visit(int version, int access, String name, String signature, String superName,
                String[] interfaces) {
            this.owner = name;
            this.version = version & 0xFFFF;
            this.isInterface = (access & Opcodes.ACC_INTERFACE) != 0;
            super.visit(version, access, name, signature, superName, interfaces);
        }

        private boolean canAddHelpers() {
            // a static method in an interface needs class files of Java 8 (52) or later
            return !isInterface || version >= Opcodes.V1_8;
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                String[] exceptions) {
            MethodVisitor next = super.visitMethod(access, name, descriptor, signature, exceptions);
            return new MethodVisitor(Opcodes.ASM9, next) {
                @Override
                public void visitMethodInsn(int opcode, String callee, String method, String desc, boolean itf) {
                    if (canAddHelpers() && isSystemExit(opcode, callee, method, desc)) {
                        needsSystemHelper = true;
                        rewrote = true;
                        super.visitMethodInsn(Opcodes.INVOKESTATIC, owner, SYSTEM_HELPER, "(I)V", isInterface);
                    } else if (canAddHelpers() && isRuntimeExit(opcode, callee, method, desc)) {
                        needsRuntimeHelper = true;
                        rewrote = true;
                        super.visitMethodInsn(Opcodes.INVOKESTATIC, owner, RUNTIME_HELPER,
                                "(Ljava/lang/Runtime;I)V", isInterface);
                    } else {
                        super.visitMethodInsn(opcode, callee, method, desc, itf);
                    }
                }
            };
        }

        @Override
        public void visitEnd() {
            if (needsSystemHelper) {
                addThrowingHelper(SYSTEM_HELPER, "(I)V", 1);
            }
            if (needsRuntimeHelper) {
                addThrowingHelper(RUNTIME_HELPER, "(Ljava/lang/Runtime;I)V", 2);
            }
            super.visitEnd();
        }

        private void addThrowingHelper(String name, String descriptor, int locals) {
            int visibility = isInterface && version < Opcodes.V9 ? Opcodes.ACC_PUBLIC : Opcodes.ACC_PRIVATE;
            MethodVisitor helper = super.visitMethod(visibility | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC, name,
                    descriptor, null, null);
            helper.visitCode();
            helper.visitTypeInsn(Opcodes.NEW, "java/lang/SecurityException");
            helper.visitInsn(Opcodes.DUP);
            helper.visitLdcInsn(REFUSAL);
            helper.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/SecurityException", "<init>",
                    "(Ljava/lang/String;)V", false);
            helper.visitInsn(Opcodes.ATHROW);
            helper.visitMaxs(3, locals);
            helper.visitEnd();
        }

        private static boolean isSystemExit(int opcode, String callee, String method, String desc) {
            return opcode == Opcodes.INVOKESTATIC && callee.equals("java/lang/System") && method.equals("exit")
                    && desc.equals("(I)V");
        }

        private static boolean isRuntimeExit(int opcode, String callee, String method, String desc) {
            return opcode == Opcodes.INVOKEVIRTUAL && callee.equals("java/lang/Runtime")
                    && (method.equals("exit") || method.equals("halt")) && desc.equals("(I)V");
        }
    }
}
