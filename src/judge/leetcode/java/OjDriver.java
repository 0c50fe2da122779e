// The Java driver of oj-mcp-rs's LeetCode judge, compiled once per session beside the classes
// LeetCode's Java environment gives a solution (ListNode, TreeNode, NestedInteger, Pair, the
// hidden APIs' parent classes). It reads one call as JSON on stdin ({"names":[...],"args":[...]}
// for a method of class Solution, {"methods":[...],"args":[[...]]} for a design class; "node",
// "api", "nested", "returns" as the judge's kind says), finds the method by reflection (names from
// javac -parameters, generic types for the conversions), calls it and prints the result as LeetCode
// shows it, as JSON, on the last line of stdout. What the solution prints goes to stderr.
// argv[0]: the solution's source, read only to order its methods as written.
import java.io.FileInputStream;
import java.io.PrintStream;
import java.lang.reflect.*;
import java.nio.charset.StandardCharsets;
import java.util.*;

public final class OjDriver {
    private static String kind;
    private static boolean value;
    private static Map<String, Object> named = new LinkedHashMap<>();
    // Nodes built from the call, where a node given by its value is looked for.
    private static final List<Object> built = new ArrayList<>();

    public static void main(String[] args) throws Exception {
        String input = new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
        @SuppressWarnings("unchecked")
        Map<String, Object> call = (Map<String, Object>) new Json(input).value();
        String source = "";
        if (args.length > 0) {
            try (FileInputStream in = new FileInputStream(args[0])) {
                source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        }
        kind = (String) call.get("node");
        value = "value".equals(call.get("returns"));
        PrintStream out = System.out;
        System.setOut(System.err);
        Object result;
        try {
            result = call.containsKey("methods") ? design(call) : function(call, source);
        } catch (InvocationTargetException e) {
            fail(e.getCause());
            return;
        } catch (Refused e) {
            System.err.println("driver: " + e.getMessage());
            System.exit(1);
            return;
        }
        System.out.flush();
        out.print(result + "\n");
        out.flush();
    }

    /** The user's exception as the JVM shows one, without the driver's frames below the call. */
    private static void fail(Throwable t) {
        StringBuilder sb = new StringBuilder("Exception in thread \"main\" ").append(t).append('\n');
        int shown = 0;
        for (StackTraceElement e : t.getStackTrace()) {
            String c = e.getClassName();
            if (c.startsWith("jdk.internal.reflect") || c.startsWith("java.lang.reflect") || c.equals("OjDriver")) {
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
    private static String function(Map<String, Object> call, String source) throws Exception {
        List<Object> names = (List<Object>) call.get("names");
        List<Object> args = (List<Object>) call.get("args");
        for (int i = 0; i < names.size() && i < args.size(); i++) {
            named.put((String) names.get(i), args.get(i));
        }
        api((Map<String, Object>) call.get("api"));
        Class<?> cls = find("Solution");
        if (cls == null) {
            return special(args);
        }
        Method m = choose(cls, names, source);
        m.setAccessible(true);
        Constructor<?> ctor = cls.getDeclaredConstructor();
        ctor.setAccessible(true);
        Object sol = ctor.newInstance();
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
                    if (isNode(values[i])) {
                        built.add(values[i]);
                    }
                }
            }
        }
        Object result = m.invoke(sol, values);
        Class<?> ret = m.getReturnType();
        if (ret == void.class) {
            // In place: judged by the first argument, or the list the node given by value is in.
            return show(extra != null ? extra : values.length > 0 ? values[0] : null, false);
        }
        if (result == null && isNodeClass(ret)) {
            return "[]";
        }
        return show(result, value);
    }

    /** No class Solution: 341's hidden loop over NestedIterator, or a Codec's round trip. */
    private static String special(List<Object> args) throws Exception {
        Class<?> it = find("NestedIterator");
        if (it != null) {
            Constructor<?> c = it.getDeclaredConstructors()[0];
            c.setAccessible(true);
            Object iter = c.newInstance(convert(c.getGenericParameterTypes()[0], args.get(0), true));
            Method hasNext = it.getMethod("hasNext"), next = it.getMethod("next");
            hasNext.setAccessible(true);
            next.setAccessible(true);
            List<Object> out = new ArrayList<>();
            while ((Boolean) hasNext.invoke(iter)) {
                out.add(next.invoke(iter));
            }
            return show(out, false);
        }
        Class<?> codec = find("Codec");
        if (codec != null) {
            return roundTrip(codec, args.isEmpty() ? null : args.get(0));
        }
        throw new Refused("the code defines no class Solution");
    }

    /** 297, 449, 271, 535: LeetCode decodes what the code encoded, with two instances. */
    private static String roundTrip(Class<?> codec, Object arg) throws Exception {
        Method enc = null, dec = null;
        for (Method m : codec.getDeclaredMethods()) {
            String n = m.getName();
            if (n.equals("serialize") || n.equals("encode")) {
                enc = m;
            } else if (n.equals("deserialize") || n.equals("decode")) {
                dec = m;
            }
        }
        if (enc == null || dec == null) {
            throw new Refused("class Codec has no serialize/deserialize or encode/decode pair");
        }
        enc.setAccessible(true);
        dec.setAccessible(true);
        Constructor<?> c = codec.getDeclaredConstructor();
        c.setAccessible(true);
        Object coded = enc.invoke(c.newInstance(), convert(enc.getGenericParameterTypes()[0], arg, true));
        return show(dec.invoke(c.newInstance(), coded), false);
    }

    /** Arguments the method does not take (237's `head` beside `node`), built so a node given by
     * its value is found in them; the first is shown when the method returns nothing. */
    private static Object extras(Parameter[] ps) throws Exception {
        Set<String> params = new HashSet<>();
        boolean list = false, tree = false;
        for (Parameter p : ps) {
            params.add(p.getName());
            list |= p.getType() == ListNode.class;
            tree |= p.getType() == TreeNode.class;
        }
        Object first = null;
        for (Map.Entry<String, Object> e : named.entrySet()) {
            if (!params.contains(e.getKey()) && !e.getKey().equals("pos") && e.getValue() instanceof List && (list || tree)) {
                Object b = list ? buildList((List<?>) e.getValue(), pos()) : buildTree(TreeNode.class, (List<?>) e.getValue());
                built.add(b);
                first = first == null ? b : first;
            }
        }
        return first;
    }

    /** The method the example calls: public ones first; then by the parameters' names, a subset of
     * them, their count; ties go to the one written first. */
    private static Method choose(Class<?> cls, List<Object> names, String source) throws Refused {
        List<Method> all = new ArrayList<>();
        for (Method m : cls.getDeclaredMethods()) {
            if (!m.isSynthetic() && !m.isBridge()) {
                all.add(m);
            }
        }
        List<Method> pub = new ArrayList<>();
        for (Method m : all) {
            if (Modifier.isPublic(m.getModifiers())) {
                pub.add(m);
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
        List<Object> first = (List<Object>) args.get(0);
        Constructor<?> ctor = null;
        for (Constructor<?> c : cls.getDeclaredConstructors()) {
            if (ctor == null || c.getParameterCount() == first.size()) {
                ctor = c;
            }
        }
        ctor.setAccessible(true);
        Object obj = ctor.newInstance(arguments(ctor.getGenericParameterTypes(), first));
        StringBuilder out = new StringBuilder("[null");
        for (int i = 1; i < methods.size(); i++) {
            List<Object> a = (List<Object>) args.get(i);
            Method m = method(cls, (String) methods.get(i), a.size());
            m.setAccessible(true);
            out.append(',').append(show(m.invoke(obj, arguments(m.getGenericParameterTypes(), a)), false));
        }
        return out.append(']').toString();
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

    private static Object[] arguments(Type[] types, List<Object> a) throws Exception {
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

    private static Object convert(Type t, Object v, boolean top) throws Exception {
        if (t instanceof ParameterizedType) {
            return generic((ParameterizedType) t, v);
        }
        if (t instanceof GenericArrayType) {
            return array(((GenericArrayType) t).getGenericComponentType(), v);
        }
        if (t instanceof WildcardType) {
            return convert(((WildcardType) t).getUpperBounds()[0], v, top);
        }
        if (t instanceof TypeVariable) {
            return natural(v);
        }
        Class<?> c = (Class<?>) t;
        if (c.isArray()) {
            if (v instanceof String && c.getComponentType() == char.class) {
                return ((String) v).toCharArray();
            }
            return array(c.getComponentType(), v);
        }
        if (v == null && !c.isPrimitive()) {
            return null;
        }
        Object s = scalar(c, v);
        if (s != null) {
            return s;
        }
        if (c == ListNode.class) {
            return v instanceof List ? buildList((List<?>) v, top ? pos() : -1) : byValue(c, v);
        }
        if (c == TreeNode.class) {
            return v instanceof List ? buildTree(c, (List<?>) v) : byValue(c, v);
        }
        if (c.getName().equals("Node")) {
            return v instanceof List ? buildNode(c, (List<?>) v) : byValue(c, v);
        }
        if (c == NestedInteger.class) {
            return NestedInteger.of(v);
        }
        if (c == MountainArray.class) {
            return new MountainArray((int[]) convert(int[].class, v, false));
        }
        if (c == Iterator.class || c == ListIterator.class) {
            return ((List<?>) convert(List.class, v, false)).listIterator();
        }
        if (Collection.class.isAssignableFrom(c) || c == Iterable.class) {
            return collection(c, Object.class, v);
        }
        return natural(v);
    }

    /** int, long, double, boolean, char, String and their boxes; null for other classes. */
    private static Object scalar(Class<?> c, Object v) {
        if (c == int.class || c == Integer.class) {
            return v instanceof Number ? ((Number) v).intValue() : v instanceof String ? Integer.parseInt((String) v) : 0;
        }
        if (c == long.class || c == Long.class) {
            return v instanceof Number ? ((Number) v).longValue() : v instanceof String ? Long.parseLong((String) v) : 0L;
        }
        if (c == double.class || c == Double.class) {
            return v instanceof Number ? ((Number) v).doubleValue() : v instanceof String ? Double.parseDouble((String) v) : 0.0;
        }
        if (c == float.class || c == Float.class) {
            return v instanceof Number ? ((Number) v).floatValue() : 0f;
        }
        if (c == short.class || c == Short.class) {
            return v instanceof Number ? ((Number) v).shortValue() : (short) 0;
        }
        if (c == byte.class || c == Byte.class) {
            return v instanceof Number ? ((Number) v).byteValue() : (byte) 0;
        }
        if (c == boolean.class || c == Boolean.class) {
            return v instanceof Boolean ? v : v instanceof Number ? ((Number) v).doubleValue() != 0 : false;
        }
        if (c == char.class || c == Character.class) {
            return v instanceof String && !((String) v).isEmpty() ? ((String) v).charAt(0)
                    : v instanceof Number ? (char) ((Number) v).intValue() : '\0';
        }
        if (c == String.class) {
            return v instanceof String ? v : Json.write(v);
        }
        if (c == Object.class || c == Number.class) {
            return natural(v);
        }
        return null;
    }

    private static Object array(Type component, Object v) throws Exception {
        if (v == null) {
            return null;
        }
        List<?> items = v instanceof List ? (List<?>) v : List.of(v);
        Class<?> raw = rawClass(component);
        Object out = Array.newInstance(raw, items.size());
        for (int i = 0; i < items.size(); i++) {
            Array.set(out, i, convert(component, items.get(i), false));
        }
        return out;
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
            Map<Object, Object> m = raw == TreeMap.class || raw == SortedMap.class ? new TreeMap<>() : new LinkedHashMap<>();
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
        if (raw == TreeSet.class || raw == SortedSet.class || raw == NavigableSet.class) {
            out = new TreeSet<>();
        } else if (Set.class.isAssignableFrom(raw)) {
            out = new LinkedHashSet<>();
        } else if (raw == LinkedList.class || raw == Queue.class || raw == Deque.class) {
            out = new LinkedList<>();
        } else if (raw == ArrayDeque.class) {
            out = new ArrayDeque<>();
        } else if (raw == PriorityQueue.class) {
            out = new PriorityQueue<>();
        } else {
            out = new ArrayList<>();
        }
        for (Object x : v instanceof List ? (List<?>) v : List.of(v)) {
            out.add(convert(element, x, false));
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

    // ---- nodes ----

    private static ListNode buildList(List<?> xs, int pos) throws Exception {
        List<ListNode> nodes = new ArrayList<>();
        for (Object x : xs) {
            nodes.add(new ListNode((Integer) scalar(int.class, x)));
        }
        for (int i = 0; i + 1 < nodes.size(); i++) {
            nodes.get(i).next = nodes.get(i + 1);
        }
        if (!nodes.isEmpty() && pos >= 0 && pos < nodes.size()) {
            nodes.get(nodes.size() - 1).next = nodes.get(pos);
        }
        return nodes.isEmpty() ? null : nodes.get(0);
    }

    /** A binary tree in level order (TreeNode, or a Node with left/right/next). */
    private static Object buildTree(Class<?> c, List<?> xs) throws Exception {
        if (xs.isEmpty() || xs.get(0) == null) {
            return null;
        }
        Object root = make(c, xs.get(0));
        ArrayDeque<Object> queue = new ArrayDeque<>(List.of(root));
        int i = 1;
        while (!queue.isEmpty() && i < xs.size()) {
            Object node = queue.poll();
            for (String side : new String[] {"left", "right"}) {
                if (i < xs.size() && xs.get(i) != null) {
                    Object child = make(c, xs.get(i));
                    set(node, side, child);
                    queue.add(child);
                }
                i++;
            }
        }
        return root;
    }

    /** A `Node` of the kind the template defines: N-ary tree, graph, random list, next tree. */
    private static Object buildNode(Class<?> c, List<?> xs) throws Exception {
        if ("nary".equals(kind)) {
            return buildNary(c, xs);
        }
        if ("graph".equals(kind)) {
            if (xs.isEmpty()) {
                return null;
            }
            List<Object> nodes = new ArrayList<>();
            for (int i = 0; i < xs.size(); i++) {
                nodes.add(make(c, (long) (i + 1)));
            }
            for (int i = 0; i < xs.size(); i++) {
                List<Object> ns = new ArrayList<>();
                for (Object j : (List<?>) xs.get(i)) {
                    ns.add(nodes.get(((Number) j).intValue() - 1));
                }
                set(nodes.get(i), "neighbors", ns);
            }
            return nodes.get(0);
        }
        if ("random".equals(kind)) {
            List<Object> nodes = new ArrayList<>();
            for (Object p : xs) {
                nodes.add(make(c, ((List<?>) p).get(0)));
            }
            for (int i = 0; i < nodes.size(); i++) {
                set(nodes.get(i), "next", i + 1 < nodes.size() ? nodes.get(i + 1) : null);
                Object r = ((List<?>) xs.get(i)).get(1);
                set(nodes.get(i), "random", r == null ? null : nodes.get(((Number) r).intValue()));
            }
            return nodes.isEmpty() ? null : nodes.get(0);
        }
        return buildTree(c, xs);
    }

    private static Object buildNary(Class<?> c, List<?> xs) throws Exception {
        if (xs.isEmpty() || xs.get(0) == null) {
            return null;
        }
        // Every node gets a list of children, empty for a leaf, as LeetCode's do.
        Object root = make(c, xs.get(0));
        set(root, "children", new ArrayList<>());
        ArrayDeque<Object> queue = new ArrayDeque<>(List.of(root));
        int i = 2;
        while (!queue.isEmpty() && i <= xs.size()) {
            Object node = queue.poll();
            @SuppressWarnings("unchecked")
            List<Object> children = (List<Object>) get(node, "children");
            while (i < xs.size() && xs.get(i) != null) {
                Object child = make(c, xs.get(i));
                set(child, "children", new ArrayList<>());
                children.add(child);
                queue.add(child);
                i++;
            }
            i++;
        }
        return root;
    }

    /** A node with this value: through its (int) constructor, or the empty one and `val`. */
    private static Object make(Class<?> c, Object v) throws Exception {
        for (Constructor<?> k : c.getDeclaredConstructors()) {
            Class<?>[] ps = k.getParameterTypes();
            if (ps.length == 1 && ps[0] == int.class) {
                k.setAccessible(true);
                return k.newInstance((Integer) scalar(int.class, v));
            }
        }
        Constructor<?> k = c.getDeclaredConstructor();
        k.setAccessible(true);
        Object node = k.newInstance();
        Field f = c.getDeclaredField("val");
        f.setAccessible(true);
        f.set(node, scalar(f.getType(), v));
        return node;
    }

    private static void set(Object node, String field, Object v) throws Exception {
        Field f = node.getClass().getDeclaredField(field);
        f.setAccessible(true);
        f.set(node, v);
    }

    private static Object get(Object node, String field) {
        try {
            Field f = node.getClass().getDeclaredField(field);
            f.setAccessible(true);
            return f.get(node);
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }

    /** The node with this value in a built tree or list (a node parameter given by its value);
     * else a new node with it. */
    private static Object byValue(Class<?> c, Object v) throws Exception {
        Object want = scalar(int.class, v);
        for (Object root : built) {
            Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
            ArrayDeque<Object> stack = new ArrayDeque<>(List.of(root));
            while (!stack.isEmpty()) {
                Object n = stack.pop();
                if (!seen.add(n)) {
                    continue;
                }
                if (c.isInstance(n) && want.equals(get(n, "val"))) {
                    return n;
                }
                for (String k : new String[] {"left", "right", "next"}) {
                    Object x = get(n, k);
                    if (x != null) {
                        stack.push(x);
                    }
                }
            }
        }
        return make(c, v);
    }

    private static boolean isNodeClass(Class<?> c) {
        return c == ListNode.class || c == TreeNode.class || c.getName().equals("Node");
    }

    private static boolean isNode(Object v) {
        return v != null && isNodeClass(v.getClass());
    }

    // ---- results as LeetCode shows them ----

    private static String show(Object v, boolean asValue) {
        if (asValue && isNode(v)) {
            return Json.write(get(v, "val"));
        }
        if (v instanceof ListNode) {
            List<Object> out = new ArrayList<>();
            Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
            for (ListNode n = (ListNode) v; n != null && seen.add(n); n = n.next) {
                out.add(n.val);
            }
            return Json.write(out);
        }
        if (v instanceof TreeNode) {
            return Json.write(levels(v));
        }
        if (v instanceof NestedInteger) {
            return Json.write(((NestedInteger) v).plain());
        }
        if (isNode(v)) {
            return showNode(v);
        }
        if (v != null && v.getClass().isArray() && !(v instanceof char[])) {
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < Array.getLength(v); i++) {
                sb.append(i > 0 ? "," : "").append(show(Array.get(v, i), asValue));
            }
            return sb.append(']').toString();
        }
        if (v instanceof Iterable) {
            StringBuilder sb = new StringBuilder("[");
            for (Object x : (Iterable<?>) v) {
                sb.append(sb.length() > 1 ? "," : "").append(show(x, asValue));
            }
            return sb.append(']').toString();
        }
        return Json.write(v);
    }

    private static List<Object> levels(Object root) {
        List<Object> queue = new ArrayList<>();
        queue.add(root);
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < queue.size(); i++) {
            Object n = queue.get(i);
            out.add(n == null ? null : get(n, "val"));
            if (n != null) {
                queue.add(get(n, "left"));
                queue.add(get(n, "right"));
            }
        }
        while (!out.isEmpty() && out.get(out.size() - 1) == null) {
            out.remove(out.size() - 1);
        }
        return out;
    }

    private static String showNode(Object v) {
        String k = kind != null ? kind : has(v, "children") ? "nary" : has(v, "neighbors") ? "graph"
                : has(v, "random") ? "random" : has(v, "next") ? "next" : "tree";
        List<Object> out = new ArrayList<>();
        switch (k) {
            case "nary": {
                out.add(get(v, "val"));
                out.add(null);
                List<Object> queue = new ArrayList<>(List.of(v));
                for (int i = 0; i < queue.size(); i++) {
                    List<?> cs = (List<?>) get(queue.get(i), "children");
                    for (Object c : cs == null ? List.of() : cs) {
                        out.add(get(c, "val"));
                        queue.add(c);
                    }
                    out.add(null);
                }
                break;
            }
            case "graph": {
                Map<Object, Object> nodes = new TreeMap<>();
                ArrayDeque<Object> queue = new ArrayDeque<>(List.of(v));
                while (!queue.isEmpty()) {
                    Object n = queue.poll();
                    if (nodes.putIfAbsent(get(n, "val"), n) == null) {
                        List<?> ns = (List<?>) get(n, "neighbors");
                        queue.addAll(ns == null ? List.of() : ns);
                    }
                }
                for (Object n : nodes.values()) {
                    List<Object> vals = new ArrayList<>();
                    List<?> ns = (List<?>) get(n, "neighbors");
                    for (Object m : ns == null ? List.of() : ns) {
                        vals.add(get(m, "val"));
                    }
                    out.add(vals);
                }
                return Json.write(out);
            }
            case "random": {
                Map<Object, Integer> index = new IdentityHashMap<>();
                List<Object> nodes = new ArrayList<>();
                for (Object n = v; n != null && !index.containsKey(n); n = get(n, "next")) {
                    index.put(n, nodes.size());
                    nodes.add(n);
                }
                for (Object n : nodes) {
                    Object r = get(n, "random");
                    out.add(Arrays.asList(get(n, "val"), r == null ? null : index.get(r)));
                }
                return Json.write(out);
            }
            case "next": {
                for (Object level = v; level != null; ) {
                    Object first = null;
                    for (Object n = level; n != null; n = get(n, "next")) {
                        out.add(get(n, "val"));
                        first = first != null ? first : get(n, "left") != null ? get(n, "left") : get(n, "right");
                    }
                    out.add("#");
                    level = first;
                }
                return Json.write(out);
            }
            default:
                return Json.write(levels(v));
        }
        while (!out.isEmpty() && out.get(out.size() - 1) == null) {
            out.remove(out.size() - 1);
        }
        return Json.write(out);
    }

    private static boolean has(Object v, String field) {
        try {
            v.getClass().getDeclaredField(field);
            return true;
        } catch (NoSuchFieldException e) {
            return false;
        }
    }

    private static Class<?> find(String name) {
        try {
            return Class.forName(name);
        } catch (ClassNotFoundException | LinkageError e) {
            return null;
        }
    }

    /** A small JSON reader (the call) and writer (the result). */
    static final class Json {
        private final String s;
        private int i;

        Json(String s) {
            this.s = s;
        }

        Object value() {
            skip();
            char c = s.charAt(i);
            switch (c) {
                case '{': {
                    Map<String, Object> m = new LinkedHashMap<>();
                    i++;
                    for (skip(); s.charAt(i) != '}'; skip()) {
                        String k = (String) value();
                        skip();
                        i++; // ':'
                        m.put(k, value());
                        skip();
                        if (s.charAt(i) == ',') {
                            i++;
                        }
                    }
                    i++;
                    return m;
                }
                case '[': {
                    List<Object> l = new ArrayList<>();
                    i++;
                    for (skip(); s.charAt(i) != ']'; skip()) {
                        l.add(value());
                        skip();
                        if (s.charAt(i) == ',') {
                            i++;
                        }
                    }
                    i++;
                    return l;
                }
                case '"':
                    return string();
                default:
                    return word();
            }
        }

        private void skip() {
            while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
                i++;
            }
        }

        private String string() {
            StringBuilder sb = new StringBuilder();
            for (i++; s.charAt(i) != '"'; i++) {
                char c = s.charAt(i);
                if (c != '\\') {
                    sb.append(c);
                    continue;
                }
                char e = s.charAt(++i);
                switch (e) {
                    case 'n': sb.append('\n'); break;
                    case 't': sb.append('\t'); break;
                    case 'r': sb.append('\r'); break;
                    case 'b': sb.append('\b'); break;
                    case 'f': sb.append('\f'); break;
                    case 'u': sb.append((char) Integer.parseInt(s.substring(i + 1, i + 5), 16)); i += 4; break;
                    default: sb.append(e);
                }
            }
            i++;
            return sb.toString();
        }

        private Object word() {
            int start = i;
            while (i < s.length() && "{}[],: \t\r\n".indexOf(s.charAt(i)) < 0) {
                i++;
            }
            String w = s.substring(start, i);
            switch (w) {
                case "true": return Boolean.TRUE;
                case "false": return Boolean.FALSE;
                case "null": return null;
                default:
            }
            try {
                return Long.parseLong(w);
            } catch (NumberFormatException e) {
                return Double.parseDouble(w);
            }
        }

        static String write(Object v) {
            StringBuilder sb = new StringBuilder();
            write(sb, v);
            return sb.toString();
        }

        private static void write(StringBuilder sb, Object v) {
            if (v == null) {
                sb.append("null");
            } else if (v instanceof Double || v instanceof Float) {
                double d = ((Number) v).doubleValue();
                sb.append(Double.isFinite(d) ? (v instanceof Float ? Float.toString((Float) v) : Double.toString(d)) : "null");
            } else if (v instanceof Number || v instanceof Boolean) {
                sb.append(v);
            } else if (v instanceof List) {
                sb.append('[');
                for (Object x : (List<?>) v) {
                    if (sb.charAt(sb.length() - 1) != '[') {
                        sb.append(',');
                    }
                    write(sb, x);
                }
                sb.append(']');
            } else if (v instanceof char[]) {
                sb.append('[');
                for (char c : (char[]) v) {
                    if (sb.charAt(sb.length() - 1) != '[') {
                        sb.append(',');
                    }
                    quote(sb, String.valueOf(c));
                }
                sb.append(']');
            } else if (v instanceof Map) {
                sb.append('{');
                for (Map.Entry<?, ?> e : ((Map<?, ?>) v).entrySet()) {
                    if (sb.charAt(sb.length() - 1) != '{') {
                        sb.append(',');
                    }
                    quote(sb, String.valueOf(e.getKey()));
                    sb.append(':');
                    write(sb, e.getValue());
                }
                sb.append('}');
            } else {
                quote(sb, String.valueOf(v));
            }
        }

        private static void quote(StringBuilder sb, String s) {
            sb.append('"');
            for (int k = 0; k < s.length(); k++) {
                char c = s.charAt(k);
                if (c == '"' || c == '\\') {
                    sb.append('\\').append(c);
                } else if (c < 0x20) {
                    sb.append("\\u00").append(Character.forDigit(c >> 4, 16)).append(Character.forDigit(c & 15, 16));
                } else {
                    sb.append(c);
                }
            }
            sb.append('"');
        }
    }
}

// LeetCode's own classes for Java, package-private as on LeetCode (the user's code sees them).

class ListNode {
    int val;
    ListNode next;

    ListNode() {}

    ListNode(int val) {
        this.val = val;
    }

    ListNode(int val, ListNode next) {
        this.val = val;
        this.next = next;
    }
}

class TreeNode {
    int val;
    TreeNode left;
    TreeNode right;

    TreeNode() {}

    TreeNode(int val) {
        this.val = val;
    }

    TreeNode(int val, TreeNode left, TreeNode right) {
        this.val = val;
        this.left = left;
        this.right = right;
    }
}

class NestedInteger {
    private Integer value;
    private List<NestedInteger> list = new ArrayList<>();

    public NestedInteger() {}

    public NestedInteger(int value) {
        this.value = value;
    }

    static NestedInteger of(Object v) {
        if (v instanceof Number) {
            return new NestedInteger(((Number) v).intValue());
        }
        NestedInteger n = new NestedInteger();
        for (Object x : v instanceof List ? (List<?>) v : List.of()) {
            n.add(of(x));
        }
        return n;
    }

    Object plain() {
        if (value != null) {
            return value;
        }
        List<Object> out = new ArrayList<>();
        for (NestedInteger x : list) {
            out.add(x.plain());
        }
        return out;
    }

    public boolean isInteger() {
        return value != null;
    }

    public Integer getInteger() {
        return value;
    }

    public void setInteger(int value) {
        this.value = value;
    }

    public void add(NestedInteger ni) {
        value = null;
        list.add(ni);
    }

    public List<NestedInteger> getList() {
        return value != null ? new ArrayList<>() : list;
    }
}

/** javafx.util.Pair, which LeetCode's Java has without an import. */
class Pair<K, V> {
    private final K key;
    private final V value;

    public Pair(K key, V value) {
        this.key = key;
        this.value = value;
    }

    public K getKey() {
        return key;
    }

    public V getValue() {
        return value;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Pair && Objects.equals(key, ((Pair<?, ?>) o).key) && Objects.equals(value, ((Pair<?, ?>) o).value);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(key) * 13 + Objects.hashCode(value);
    }

    @Override
    public String toString() {
        return key + "=" + value;
    }
}

// The hidden APIs whose data the example gives (278, 374, 277, 1095).

class VersionControl {
    static long bad;

    boolean isBadVersion(int version) {
        return version >= bad;
    }
}

class GuessGame {
    static long pick;

    int guess(int num) {
        return num == pick ? 0 : num > pick ? -1 : 1;
    }
}

class Relation {
    static int[][] graph;

    boolean knows(int a, int b) {
        return graph[a][b] == 1;
    }
}

class MountainArray {
    private final int[] data;

    MountainArray(int[] data) {
        this.data = data;
    }

    public int get(int index) {
        return data[index];
    }

    public int length() {
        return data.length;
    }
}
