// The Java driver of oj-mcp-rs's LeetCode judge, compiled once per session with OjNodes, OjJson
// and LeetCode's own classes (LeetCode.java). It reads one call as JSON on stdin
// ({"names":[...],"args":[...]} for a method of class Solution, {"methods":[...],"args":[[...]]}
// for a design class; "api" and "returns" as the judge's reading of the problem says), finds the
// method by reflection (parameter names from javac -parameters, generic types for the
// conversions), calls it and prints the result as LeetCode shows it, as JSON, on the last line of
// stdout. What the solution prints goes to stderr.
// argv: the solution's source (read only to order its methods as written), then the names of the
// classes it declares (for the problems LeetCode drives without a class Solution).
import java.io.FileInputStream;
import java.io.PrintStream;
import java.lang.reflect.*;
import java.nio.charset.StandardCharsets;
import java.util.*;

public final class OjDriver {
    private static boolean value;
    private static final Map<String, Object> named = new LinkedHashMap<>();
    // Structures built from the call, where a node given by its value is looked for.
    private static final List<Object> built = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        long started = System.nanoTime();
        String source = "", in = new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
        if (args.length > 0) {
            try (FileInputStream f = new FileInputStream(args[0])) {
                source = new String(f.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
        PrintStream out = System.out;
        System.setOut(System.err);
        int k = args.length;
        if (k < 3 || !args[k - 2].equals("--many")) {
            out.print(one(in, source, args) + "\n");
            out.flush();
            return;
        }
        // `--many MS`: python.py's `many` (docs/stress.md); the classes' static fields are kept
        // from one testcase to the next, as on LeetCode.
        long limit = Long.parseLong(args[k - 1]) * 1000000L;
        args = Arrays.copyOf(args, k - 2);
        Timer timer = new Timer(true);
        String[] calls = in.split("\n");
        for (int n = 0; n < calls.length; n++) {
            long begin = System.nanoTime(), spent = n == 0 ? begin - started : 0;
            TimerTask halt = new TimerTask() {
                public void run() {
                    Runtime.getRuntime().halt(1);
                }
            };
            timer.schedule(halt, Math.max((limit - spent) / 1000000L, 1));
            String result = one(calls[n], source, args);
            halt.cancel();
            if (System.nanoTime() - begin + spent > limit) {
                System.exit(1);
            }
            out.print(n + " " + result + "\n");
            out.flush();
        }
    }

    /** One call's result; a failure ends the process with 1. */
    private static String one(String in, String source, String[] args) throws Exception {
        @SuppressWarnings("unchecked")
        Map<String, Object> call = (Map<String, Object>) new OjJson(in).value();
        named.clear();
        built.clear();
        value = "value".equals(call.get("returns"));
        OjNodes.kind = (String) call.get("node");
        String result = null;
        try {
            result = call.containsKey("methods") ? design(call) : function(call, source, args);
        } catch (InvocationTargetException e) {
            fail(e.getCause());
        } catch (Refused e) {
            System.err.println("driver: " + e.getMessage());
            System.exit(1);
        }
        System.out.flush();
        return result;
    }

    /** The user's exception as the JVM shows one, without the driver's frames below the call. */
    private static void fail(Throwable t) {
        StringBuilder sb = new StringBuilder("Exception in thread \"main\" ").append(t).append('\n');
        int shown = 0;
        for (StackTraceElement e : t.getStackTrace()) {
            String c = e.getClassName();
            if (c.startsWith("jdk.internal.reflect") || c.startsWith("java.lang.reflect") || c.startsWith("Oj")) {
                break;
            }
            if (++shown > 40) {
                sb.append("\t...\n");
                break;
            }
            sb.append("\tat ").append(e).append('\n');
        }
        System.out.flush();
        System.err.print(sb);
        System.err.flush();
        System.exit(1);
    }

    static final class Refused extends Exception {
        Refused(String why) {
            super(why);
        }
    }

    // ---- function problems ----

    @SuppressWarnings("unchecked")
    private static String function(Map<String, Object> call, String source, String[] classes) throws Exception {
        List<Object> names = (List<Object>) call.get("names");
        List<Object> args = (List<Object>) call.get("args");
        for (int i = 0; i < names.size() && i < args.size(); i++) {
            named.put((String) names.get(i), args.get(i));
        }
        api((Map<String, Object>) call.get("api"));
        Class<?> cls = find("Solution");
        if (cls == null) {
            return OjSpecial.call(classes, args);
        }
        Method m = choose(cls, names, source);
        m.setAccessible(true);
        Object sol = instance(cls);
        Parameter[] ps = m.getParameters();
        Type[] types = m.getGenericParameterTypes();
        boolean byName = ps.length > 0;
        for (Parameter p : ps) {
            byName &= p.isNamePresent() && named.containsKey(p.getName());
        }
        Object extra = byName ? extras(ps) : null;
        Object[] values = new Object[ps.length];
        Object[] raw = new Object[ps.length];
        for (int i = 0; i < ps.length; i++) {
            raw[i] = byName ? named.get(ps[i].getName()) : i < args.size() ? args.get(i) : null;
        }
        // Lists and trees first: a node given by its value is looked for in them.
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < ps.length; i++) {
                if ((raw[i] instanceof List) == (pass == 0)) {
                    values[i] = convert(types[i], raw[i], true);
                    if (OjNodes.isNode(values[i])) {
                        built.add(values[i]);
                    }
                }
            }
        }
        Object result = m.invoke(sol, values);
        if (m.getReturnType() == void.class) {
            // In place: judged by the first argument, or the list the node given by value is in;
            // an empty tree or list stays one (114's `root = []` is `[]`, not `null`).
            Object shown = extra != null ? extra : values.length > 0 ? values[0] : null;
            boolean node = values.length > 0 && OjNodes.isNodeClass(m.getParameterTypes()[0]);
            return shown == null && node ? "[]" : show(shown);
        }
        // No node: an empty list or tree, or null where one value is expected (510's successor).
        return result == null && OjNodes.isNodeClass(m.getReturnType()) && !value ? "[]" : show(result);
    }

    static Object instance(Class<?> cls) throws Exception {
        Constructor<?> ctor = cls.getDeclaredConstructor();
        ctor.setAccessible(true);
        return ctor.newInstance();
    }

    /** Arguments the method does not take (237's `head` beside `node`, 1650's `root`), built as
     * the node parameters' class so a node given by its value is found in them; the first is
     * shown when the method returns nothing. */
    private static Object extras(Parameter[] ps) throws Exception {
        Set<String> params = new HashSet<>();
        Class<?> node = null;
        for (Parameter p : ps) {
            params.add(p.getName());
            node = node == null && OjNodes.isNodeClass(p.getType()) ? p.getType() : node;
        }
        Object first = null;
        for (Map.Entry<String, Object> e : named.entrySet()) {
            if (node != null && !params.contains(e.getKey()) && !e.getKey().equals("pos") && e.getValue() instanceof List) {
                Object b = OjNodes.build(node, (List<?>) e.getValue(), pos());
                built.add(b);
                first = first == null ? b : first;
            }
        }
        return first;
    }

    /** The method the example calls: public ones first; then by the parameters' names, a subset of
     * them, their count; ties go to the one written first. */
    private static Method choose(Class<?> cls, List<Object> names, String source) throws Refused {
        List<Method> all = new ArrayList<>(), pub = new ArrayList<>();
        for (Method m : cls.getDeclaredMethods()) {
            if (!m.isSynthetic() && !m.isBridge()) {
                all.add(m);
                if (Modifier.isPublic(m.getModifiers())) {
                    pub.add(m);
                }
            }
        }
        List<Method> pool = pub.isEmpty() ? all : pub;
        if (pool.isEmpty()) {
            throw new Refused("class Solution has no method");
        }
        List<String> wanted = new ArrayList<>();
        for (Object n : names) {
            if (!((String) n).isEmpty()) {
                wanted.add((String) n);
            }
        }
        Method best = pool.get(0);
        int bestScore = -1, bestAt = Integer.MAX_VALUE;
        for (Method m : pool) {
            List<String> ps = new ArrayList<>();
            for (Parameter p : m.getParameters()) {
                ps.add(p.getName());
            }
            int score = ps.equals(wanted) ? 3 : !ps.isEmpty() && wanted.containsAll(ps) ? 2 : ps.size() == names.size() ? 1 : 0;
            int where = at(source, m.getName());
            if (score > bestScore || score == bestScore && where < bestAt) {
                best = m;
                bestScore = score;
                bestAt = where;
            }
        }
        return best;
    }

    /** Where the source first names `name` followed by `(`: the method's place as written. */
    private static int at(String source, String name) {
        for (int i = source.indexOf(name); i >= 0; i = source.indexOf(name, i + 1)) {
            int j = i + name.length();
            while (j < source.length() && Character.isWhitespace(source.charAt(j))) {
                j++;
            }
            boolean word = i == 0 || !Character.isJavaIdentifierPart(source.charAt(i - 1));
            if (word && j < source.length() && source.charAt(j) == '(') {
                return i;
            }
        }
        return Integer.MAX_VALUE;
    }

    // ---- design problems ----

    @SuppressWarnings("unchecked")
    private static String design(Map<String, Object> call) throws Exception {
        List<Object> methods = (List<Object>) call.get("methods");
        List<Object> args = (List<Object>) call.get("args");
        Class<?> cls = find((String) methods.get(0));
        if (cls == null) {
            throw new Refused("the code defines no class " + methods.get(0));
        }
        Object obj = construct(cls, (List<Object>) args.get(0));
        StringBuilder out = new StringBuilder("[null");
        for (int i = 1; i < methods.size(); i++) {
            List<Object> a = (List<Object>) args.get(i);
            Method m = method(cls, (String) methods.get(i), a.size());
            m.setAccessible(true);
            out.append(',').append(show(m.invoke(obj, arguments(m.getGenericParameterTypes(), a))));
        }
        return out.append(']').toString();
    }

    /** An instance through the constructor that takes as many arguments as given. */
    static Object construct(Class<?> cls, List<Object> args) throws Exception {
        Constructor<?> ctor = null;
        for (Constructor<?> c : cls.getDeclaredConstructors()) {
            if (ctor == null || c.getParameterCount() == args.size()) {
                ctor = c;
            }
        }
        ctor.setAccessible(true);
        return ctor.newInstance(arguments(ctor.getGenericParameterTypes(), args));
    }

    /** A method by name and count of parameters, declared by the class or inherited. */
    private static Method method(Class<?> cls, String name, int count) throws Refused {
        Method any = null;
        for (Class<?> c = cls; c != null; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                if (m.getName().equals(name) && !m.isSynthetic()) {
                    if (m.getParameterCount() == count) {
                        return m;
                    }
                    any = any == null ? m : any;
                }
            }
        }
        if (any == null) {
            throw new Refused("class " + cls.getName() + " has no method " + name);
        }
        return any;
    }

    static Object[] arguments(Type[] types, List<Object> a) throws Exception {
        Object[] out = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            out[i] = convert(types[i], i < a.size() ? a.get(i) : null, true);
        }
        return out;
    }

    // ---- hidden APIs ----

    private static void api(Map<String, Object> api) throws Exception {
        if (api == null || !named.containsKey((String) api.get("arg"))) {
            return;
        }
        Object data = named.get((String) api.get("arg"));
        switch ((String) api.get("name")) {
            case "isBadVersion":
                VersionControl.bad = ((Number) data).longValue();
                break;
            case "guess":
                GuessGame.pick = ((Number) data).longValue();
                break;
            case "knows":
                Relation.graph = (int[][]) convert(int[][].class, data, false);
                break;
            default:
                break;
        }
    }

    // ---- conversions: JSON values to the parameters' types ----

    static Object convert(Type t, Object v, boolean top) throws Exception {
        if (t instanceof ParameterizedType) {
            return generic((ParameterizedType) t, v);
        }
        if (t instanceof GenericArrayType) {
            return array(((GenericArrayType) t).getGenericComponentType(), v);
        }
        if (t instanceof WildcardType) {
            return convert(((WildcardType) t).getUpperBounds()[0], v, top);
        }
        if (!(t instanceof Class)) {
            return natural(v);
        }
        Class<?> c = (Class<?>) t;
        if (c.isArray()) {
            return v instanceof String && c.getComponentType() == char.class ? ((String) v).toCharArray() : array(c.getComponentType(), v);
        }
        if (v == null && !c.isPrimitive()) {
            return null;
        }
        Object s = scalar(c, v);
        if (s != null) {
            return s;
        }
        if (OjNodes.isNodeClass(c)) {
            return v instanceof List ? OjNodes.build(c, (List<?>) v, top ? pos() : -1) : OjNodes.byValue(c, v, built);
        }
        if (c == NestedInteger.class) {
            return NestedInteger.of(v);
        }
        if (c == MountainArray.class) {
            return new MountainArray((int[]) convert(int[].class, v, false));
        }
        if (c == Iterator.class || c == ListIterator.class) {
            return ((List<?>) collection(List.class, Object.class, v)).listIterator();
        }
        if (Collection.class.isAssignableFrom(c) || c == Iterable.class) {
            return collection(c, Object.class, v);
        }
        return v instanceof List && c.getPackageName().isEmpty() && !c.isInterface() ? plain(c, (List<?>) v) : natural(v);
    }

    /** One of the template's plain classes (690's Employee, 759's Interval) from its fields'
     * values in order: through the constructor that takes them all, else field by field. */
    @SuppressWarnings("unchecked")
    private static Object plain(Class<?> c, List<?> v) throws Exception {
        for (Constructor<?> k : c.getDeclaredConstructors()) {
            if (!v.isEmpty() && k.getParameterCount() == v.size()) {
                k.setAccessible(true);
                return k.newInstance(arguments(k.getGenericParameterTypes(), (List<Object>) v));
            }
        }
        Object o = instance(c);
        int i = 0;
        for (Field f : c.getDeclaredFields()) {
            if (!Modifier.isStatic(f.getModifiers()) && i < v.size()) {
                f.setAccessible(true);
                f.set(o, convert(f.getGenericType(), v.get(i++), false));
            }
        }
        return o;
    }

    /** int, long, double, boolean, char, String and their boxes; null for other classes. */
    static Object scalar(Class<?> c, Object v) {
        Number n = v instanceof Number ? (Number) v : v instanceof Boolean ? (Number) ((Boolean) v ? 1 : 0) : null;
        if (n == null && v instanceof String) {
            try {
                n = Double.parseDouble((String) v);
            } catch (NumberFormatException e) {
                n = null;
            }
        }
        if (c == int.class || c == Integer.class) {
            return n == null ? 0 : n.intValue();
        }
        if (c == long.class || c == Long.class) {
            return n == null ? 0L : n.longValue();
        }
        if (c == double.class || c == Double.class) {
            return n == null ? 0.0 : n.doubleValue();
        }
        if (c == float.class || c == Float.class) {
            return n == null ? 0f : n.floatValue();
        }
        if (c == short.class || c == Short.class) {
            return n == null ? (short) 0 : n.shortValue();
        }
        if (c == byte.class || c == Byte.class) {
            return n == null ? (byte) 0 : n.byteValue();
        }
        if (c == boolean.class || c == Boolean.class) {
            return v instanceof Boolean ? v : n != null && n.doubleValue() != 0;
        }
        if (c == char.class || c == Character.class) {
            return v instanceof String && !((String) v).isEmpty() ? ((String) v).charAt(0) : n != null ? (char) n.intValue() : '\0';
        }
        if (c == String.class) {
            return v instanceof String ? v : OjJson.write(v);
        }
        return c == Object.class || c == Number.class ? natural(v) : null;
    }

    private static Object array(Type component, Object v) throws Exception {
        if (v == null) {
            return null;
        }
        List<?> items = items(component, v);
        Object out = Array.newInstance(rawClass(component), items.size());
        for (int i = 0; i < items.size(); i++) {
            Array.set(out, i, convert(component, items.get(i), false));
        }
        return out;
    }

    /** A list's items; a flat level-order list where nodes are wanted is one structure's nodes
     * (1506 takes all the nodes of a tree), unless a structure was built already: then it is
     * nodes of that one given by their values (1676's {@code nodes = [4,7]} beside {@code root}). */
    private static List<?> items(Type element, Object v) throws Exception {
        if (!(v instanceof List)) {
            return List.of(v);
        }
        List<?> l = (List<?>) v;
        Class<?> c = rawClass(element);
        if (OjNodes.isNodeClass(c) && !l.isEmpty() && !(l.get(0) instanceof List) && built.isEmpty()) {
            return OjNodes.all(OjNodes.build(c, l, -1));
        }
        return l;
    }

    private static Class<?> rawClass(Type t) {
        if (t instanceof Class) {
            return (Class<?>) t;
        }
        if (t instanceof ParameterizedType) {
            return (Class<?>) ((ParameterizedType) t).getRawType();
        }
        if (t instanceof GenericArrayType) {
            return Array.newInstance(rawClass(((GenericArrayType) t).getGenericComponentType()), 0).getClass();
        }
        return Object.class;
    }

    private static Object generic(ParameterizedType t, Object v) throws Exception {
        Class<?> raw = (Class<?>) t.getRawType();
        Type[] a = t.getActualTypeArguments();
        if (v == null) {
            return null;
        }
        if (raw == Iterator.class || raw == ListIterator.class) {
            return ((List<?>) collection(List.class, a[0], v)).listIterator();
        }
        if (Map.class.isAssignableFrom(raw) && v instanceof Map) {
            Map<Object, Object> m = SortedMap.class.isAssignableFrom(raw) ? new TreeMap<>() : new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                m.put(convert(a[0], e.getKey(), false), convert(a[1], e.getValue(), false));
            }
            return m;
        }
        if (Collection.class.isAssignableFrom(raw) || raw == Iterable.class) {
            return collection(raw, a[0], v);
        }
        return convert(raw, v, false);
    }

    private static Collection<Object> collection(Class<?> raw, Type element, Object v) throws Exception {
        Collection<Object> out;
        if (SortedSet.class.isAssignableFrom(raw)) {
            out = new TreeSet<>();
        } else if (Set.class.isAssignableFrom(raw)) {
            out = new LinkedHashSet<>();
        } else if (raw == ArrayDeque.class || raw == PriorityQueue.class) {
            out = raw == ArrayDeque.class ? new ArrayDeque<>() : new PriorityQueue<>();
        } else if (Queue.class.isAssignableFrom(raw)) {
            out = new LinkedList<>();
        } else {
            out = new ArrayList<>();
        }
        for (Object x : items(element, v)) {
            out.add(OjNodes.isNode(x) ? x : convert(element, x, false));
        }
        return out;
    }

    /** A JSON value as Java holds it untyped: integers as Integer where they fit. */
    private static Object natural(Object v) {
        if (v instanceof Long && (Long) v == ((Long) v).intValue()) {
            return ((Long) v).intValue();
        }
        if (v instanceof List) {
            List<Object> out = new ArrayList<>();
            for (Object x : (List<?>) v) {
                out.add(natural(x));
            }
            return out;
        }
        return v;
    }

    private static int pos() {
        Object p = named.get("pos");
        return p instanceof Number ? ((Number) p).intValue() : -1;
    }

    // ---- results as LeetCode shows them ----

    static String show(Object v) {
        if (value && OjNodes.isNode(v)) {
            return OjJson.write(OjNodes.get(v, "val"));
        }
        if (OjNodes.isNode(v)) {
            return OjNodes.show(v);
        }
        if (v instanceof NestedInteger) {
            return OjJson.write(((NestedInteger) v).plain());
        }
        boolean array = v != null && v.getClass().isArray() && !(v instanceof char[]);
        if (array || v instanceof Iterable) {
            // A list of nodes shows a missing one as an empty list (725's parts).
            boolean nodes = array && OjNodes.isNodeClass(v.getClass().getComponentType());
            List<Object> items = new ArrayList<>();
            if (array) {
                for (int i = 0; i < Array.getLength(v); i++) {
                    items.add(Array.get(v, i));
                }
            } else {
                for (Object x : (Iterable<?>) v) {
                    items.add(x);
                    nodes |= OjNodes.isNode(x);
                }
            }
            StringBuilder sb = new StringBuilder("[");
            for (Object x : items) {
                sb.append(sb.length() > 1 ? "," : "").append(x == null && nodes ? "[]" : show(x));
            }
            return sb.append(']').toString();
        }
        if (v != null && v.getClass().getPackageName().isEmpty() && !(v instanceof Pair)) {
            // A plain class of the template (759's Interval) as its fields' values.
            List<Object> fields = new ArrayList<>();
            for (Field f : v.getClass().getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers()) && !f.isSynthetic()) {
                    f.setAccessible(true);
                    fields.add(get(f, v));
                }
            }
            return show(fields);
        }
        return OjJson.write(v);
    }

    private static Object get(Field f, Object v) {
        try {
            return f.get(v);
        } catch (IllegalAccessException e) {
            return null;
        }
    }

    static Class<?> find(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }
}
