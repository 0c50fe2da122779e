// The problems LeetCode drives without a class Solution from a function-style example, as its
// hidden code does: an iterator (341, 281) constructed from the arguments, then next() while
// hasNext(); a codec (297, 449, 428, 431, 535, 271) whose decoding of its own encoding is the
// answer; 1628's TreeBuilder, whose tree's evaluate() is the answer; a class whose method takes
// another instance (1570's SparseVector: one instance per argument, the method called on the
// first with the others).
import java.lang.reflect.*;
import java.util.*;

final class OjSpecial {
    private OjSpecial() {}

    /** `classes[1..]`: the classes the code declares, in its order. */
    static String call(String[] classes, List<Object> args) throws Exception {
        for (int i = 1; i < classes.length; i++) {
            Class<?> c = OjDriver.find(classes[i]);
            if (c == null) {
                continue;
            }
            Method hasNext = method(c, "hasNext", 0), next = method(c, "next", 0);
            if (hasNext != null && next != null) {
                Object it = OjDriver.construct(c, args);
                List<Object> out = new ArrayList<>();
                while ((Boolean) hasNext.invoke(it)) {
                    out.add(next.invoke(it));
                }
                return OjDriver.show(out);
            }
            String answer = codec(c, args);
            if (answer == null) {
                answer = expression(c, args);
            }
            if (answer == null) {
                answer = pairwise(c, args);
            }
            if (answer != null) {
                return answer;
            }
        }
        throw new OjDriver.Refused("the code defines no class Solution");
    }

    /** What one instance decodes of what it encoded; null when `c` is no codec. */
    private static String codec(Class<?> c, List<Object> args) throws Exception {
        Method enc = method(c, "serialize", 1), dec = method(c, "deserialize", 1);
        if (enc == null || dec == null) {
            enc = method(c, "encode", 1);
            dec = method(c, "decode", 1);
        }
        if (enc == null || dec == null) {
            return null;
        }
        Object codec = OjDriver.instance(c);
        Object in = OjDriver.convert(enc.getGenericParameterTypes()[0], args.isEmpty() ? null : args.get(0), true);
        Object out = dec.invoke(codec, enc.invoke(codec, in));
        return out == null && OjNodes.isNodeClass(dec.getReturnType()) ? "[]" : OjDriver.show(out);
    }

    /** 1628: the tree `buildTree` makes of the postfix tokens, evaluated; null for another class. */
    private static String expression(Class<?> c, List<Object> args) throws Exception {
        Method build = method(c, "buildTree", 1);
        if (build == null) {
            return null;
        }
        Object in = OjDriver.convert(build.getGenericParameterTypes()[0], args.isEmpty() ? null : args.get(0), true);
        Object tree = build.invoke(OjDriver.instance(c), in);
        Method evaluate = tree == null ? null : method(tree.getClass(), "evaluate", 0);
        if (evaluate == null) {
            throw new OjDriver.Refused("buildTree returned no tree with evaluate()");
        }
        return OjDriver.show(evaluate.invoke(tree));
    }

    /** One instance per argument, the method that takes instances called on the first. */
    private static String pairwise(Class<?> c, List<Object> args) throws Exception {
        for (Method m : c.getDeclaredMethods()) {
            Class<?>[] ps = m.getParameterTypes();
            boolean own = ps.length > 0 && ps.length + 1 == args.size();
            for (Class<?> p : ps) {
                own &= p == c;
            }
            if (!own) {
                continue;
            }
            Object[] objs = new Object[args.size()];
            for (int i = 0; i < objs.length; i++) {
                objs[i] = OjDriver.construct(c, List.of(args.get(i)));
            }
            m.setAccessible(true);
            return OjDriver.show(m.invoke(objs[0], Arrays.copyOfRange(objs, 1, objs.length)));
        }
        return null;
    }

    private static Method method(Class<?> c, String name, int count) {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (Method m : k.getDeclaredMethods()) {
                if (m.getName().equals(name) && m.getParameterCount() == count && !m.isSynthetic()) {
                    m.setAccessible(true);
                    return m;
                }
            }
        }
        return null;
    }
}
