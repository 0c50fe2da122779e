// The Java driver's nodes: LeetCode's linked structures built from the forms its examples write
// them in, and shown back in the same forms. ListNode, TreeNode and PolyNode are themselves; a
// `Node` is the kind the judge decided (the call's "node"), never read from its class: a list
// (`pos` makes a cycle), a binary tree in level order (with `parent` pointers for "parent"), an
// N-ary tree, a graph's adjacency list, a list with `random` pointers, a tree with `next` pointers,
// a quad tree, a multilevel doubly linked list, a doubly linked list, a circular list, 426's ring.
import java.lang.reflect.*;
import java.util.*;

final class OjNodes {
    private static final String[] BINARY = {"left", "right"};
    private static final String[] QUAD = {"topLeft", "topRight", "bottomLeft", "bottomRight"};

    private OjNodes() {}

    static boolean isNodeClass(Class<?> c) {
        return c == ListNode.class || c == TreeNode.class || c == PolyNode.class || c.getName().equals("Node");
    }

    static boolean isNode(Object v) {
        return v != null && isNodeClass(v.getClass());
    }

    /** The kind of `Node` the judge decided for the problem (the call's "node"), never read
     * from the class: "nary", "quad", "parent", ... */
    static String kind;

    /** How a node class is built and shown: ListNode, TreeNode and PolyNode are themselves,
     * `Node` is the judge's kind (a parent-pointer tree and 426's ring are built as trees). */
    static String form(Class<?> c) {
        if (c == ListNode.class || c == TreeNode.class || c == PolyNode.class) {
            return c == ListNode.class ? "list" : c == TreeNode.class ? "tree" : "poly";
        }
        if (kind == null || kind.equals("parent") || kind.equals("ring")) {
            return "tree";
        }
        return kind;
    }

    /** Whether `c` is the problem's `Node` of this kind. */
    private static boolean nodeOf(Class<?> c, String k) {
        return c.getName().equals("Node") && k.equals(kind);
    }

    // ---- building ----

    /** The structure `xs` writes, of class `c`; `pos` >= 0 links a list's tail back. */
    static Object build(Class<?> c, List<?> xs, int pos) throws Exception {
        switch (form(c)) {
            case "tree":
            case "next":
                return levels(c, xs, BINARY);
            case "quad":
                return levels(c, xs, QUAD);
            case "nary":
                return nary(c, xs);
            case "graph":
                return graph(c, xs);
            case "random":
                return random(c, xs);
            case "multilevel":
                return multilevel(c, xs);
            default:
                List<Object> nodes = linear(c, xs);
                String f = form(c);
                if (f.equals("circular") && !nodes.isEmpty()) {
                    pos = 0;
                }
                if (pos >= 0 && pos < nodes.size()) {
                    set(nodes.get(nodes.size() - 1), "next", nodes.get(pos));
                }
                return nodes.isEmpty() ? null : nodes.get(0);
        }
    }

    /** Nodes linked by `next` (and `prev` where the class has it). */
    private static List<Object> linear(Class<?> c, List<?> xs) throws Exception {
        List<Object> nodes = new ArrayList<>();
        for (Object x : xs) {
            nodes.add(make(c, x));
        }
        boolean prev = nodeOf(c, "doubly") || nodeOf(c, "multilevel");
        for (int i = 0; i + 1 < nodes.size(); i++) {
            set(nodes.get(i), "next", nodes.get(i + 1));
            if (prev) {
                set(nodes.get(i + 1), "prev", nodes.get(i));
            }
        }
        return nodes;
    }

    /** A tree in level order, `sides` children per node (null for a missing one). */
    private static Object levels(Class<?> c, List<?> xs, String[] sides) throws Exception {
        if (xs.isEmpty() || xs.get(0) == null) {
            return null;
        }
        boolean parent = nodeOf(c, "parent");
        Object root = make(c, xs.get(0));
        ArrayDeque<Object> queue = new ArrayDeque<>(List.of(root));
        int i = 1;
        while (!queue.isEmpty() && i < xs.size()) {
            Object node = queue.poll();
            for (String side : sides) {
                if (i < xs.size() && xs.get(i) != null) {
                    Object child = make(c, xs.get(i));
                    set(node, side, child);
                    if (parent) {
                        set(child, "parent", node);
                    }
                    queue.add(child);
                }
                i++;
            }
        }
        return root;
    }

    /** Level order with a null after each node's children; every node gets a (maybe empty) list. */
    private static Object nary(Class<?> c, List<?> xs) throws Exception {
        if (xs.isEmpty() || xs.get(0) == null) {
            return null;
        }
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

    /** An adjacency list of 1-based values; node 1 is given. */
    private static Object graph(Class<?> c, List<?> xs) throws Exception {
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
        return nodes.isEmpty() ? null : nodes.get(0);
    }

    /** `[[val, random_index|null], ...]`. */
    private static Object random(Class<?> c, List<?> xs) throws Exception {
        List<Object> vals = new ArrayList<>();
        for (Object p : xs) {
            vals.add(((List<?>) p).get(0));
        }
        List<Object> nodes = linear(c, vals);
        for (int i = 0; i < nodes.size(); i++) {
            Object r = ((List<?>) xs.get(i)).get(1);
            set(nodes.get(i), "random", r == null ? null : nodes.get(((Number) r).intValue()));
        }
        return nodes.isEmpty() ? null : nodes.get(0);
    }

    /** 430: levels separated by a null; more nulls before a level say under which node of the
     * level above it hangs (`child`). */
    private static Object multilevel(Class<?> c, List<?> xs) throws Exception {
        List<Object> above = null, first = null;
        int i = 0, at = 0;
        while (i < xs.size()) {
            List<Object> vals = new ArrayList<>();
            while (i < xs.size() && xs.get(i) != null) {
                vals.add(xs.get(i++));
            }
            List<Object> level = linear(c, vals);
            if (above != null && !level.isEmpty() && at < above.size()) {
                set(above.get(at), "child", level.get(0));
            }
            first = first == null ? level : first;
            above = level;
            at = 0;
            for (i++; i < xs.size() && xs.get(i) == null; i++) {
                at++;
            }
        }
        return first == null || first.isEmpty() ? null : first.get(0);
    }

    /** A node with this value: through its (int) constructor, else the empty one and `val`. */
    static Object make(Class<?> c, Object v) throws Exception {
        if (c == PolyNode.class) {
            List<?> term = (List<?>) v;
            return new PolyNode((Integer) OjDriver.scalar(int.class, term.get(0)), (Integer) OjDriver.scalar(int.class, term.get(1)));
        }
        if (v instanceof List && nodeOf(c, "quad")) {
            Object node = empty(c);
            set(node, "isLeaf", OjDriver.scalar(boolean.class, ((List<?>) v).get(0)));
            set(node, "val", OjDriver.scalar(boolean.class, ((List<?>) v).get(1)));
            return node;
        }
        for (Constructor<?> k : c.getDeclaredConstructors()) {
            Class<?>[] ps = k.getParameterTypes();
            if (ps.length == 1 && ps[0] == int.class) {
                k.setAccessible(true);
                return k.newInstance((Integer) OjDriver.scalar(int.class, v));
            }
        }
        Object node = empty(c);
        Field f = c.getDeclaredField("val");
        f.setAccessible(true);
        f.set(node, OjDriver.scalar(f.getType(), v));
        return node;
    }

    private static Object empty(Class<?> c) throws Exception {
        Constructor<?> k = c.getDeclaredConstructor();
        k.setAccessible(true);
        return k.newInstance();
    }

    /** The node with this value in the structures built so far (a node argument given by its
     * value), else a new node with it. */
    static Object byValue(Class<?> c, Object v, List<Object> built) throws Exception {
        Object want = OjDriver.scalar(int.class, v);
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
                stack.addAll(neighbours(n));
            }
        }
        return make(c, v);
    }

    /** Every node a node points to. */
    static List<Object> neighbours(Object n) {
        List<Object> out = new ArrayList<>();
        for (String k : new String[] {"left", "right", "next", "child", "topLeft", "topRight", "bottomLeft", "bottomRight"}) {
            Object x = get(n, k);
            if (x != null) {
                out.add(x);
            }
        }
        for (String k : new String[] {"children", "neighbors"}) {
            if (get(n, k) instanceof List) {
                for (Object x : (List<?>) get(n, k)) {
                    if (x != null) {
                        out.add(x);
                    }
                }
            }
        }
        return out;
    }

    /** All the nodes of a structure, breadth first (1506 takes a tree's nodes as a list). */
    static List<Object> all(Object root) {
        List<Object> out = new ArrayList<>();
        Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        if (root != null) {
            out.add(root);
            seen.add(root);
        }
        for (int i = 0; i < out.size(); i++) {
            for (Object x : neighbours(out.get(i))) {
                if (seen.add(x)) {
                    out.add(x);
                }
            }
        }
        return out;
    }

    // ---- showing ----

    /** A node as LeetCode shows it, as JSON. */
    static String show(Object v) {
        List<Object> out = new ArrayList<>();
        if (nodeOf(v.getClass(), "ring")) {
            // 426: the tree made a circular doubly linked list, shown along `right`.
            return OjJson.write(along(v, "right"));
        }
        switch (form(v.getClass())) {
            case "tree":
                return OjJson.write(levelOrder(v, BINARY));
            case "multilevel":
                return OjJson.write(multilevel(v));
            case "quad":
                return OjJson.write(levelOrder(v, QUAD));
            case "nary":
                return OjJson.write(nary(v));
            case "graph":
                return OjJson.write(graph(v));
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
                return OjJson.write(out);
            }
            case "next":
                for (Object level = v; level != null; ) {
                    Object first = null;
                    for (Object n = level; n != null; n = get(n, "next")) {
                        out.add(get(n, "val"));
                        first = first != null ? first : get(n, "left") != null ? get(n, "left") : get(n, "right");
                    }
                    out.add("#");
                    level = first;
                }
                return OjJson.write(out);
            default:
                return OjJson.write(along(v, "next"));
        }
    }

    /** The values along `field` until the end or a node seen before (a PolyNode's value is
     * `[coefficient, power]`); the seen set guards the value (a ring ends where it comes back). */
    private static List<Object> along(Object v, String field) {
        List<Object> out = new ArrayList<>();
        Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (Object n = v; n != null && seen.add(n); n = get(n, field)) {
            out.add(n instanceof PolyNode ? Arrays.asList(get(n, "coefficient"), get(n, "power")) : get(n, "val"));
        }
        return out;
    }

    /** 430 as LeetCode serialises it, the inverse of the builder: each level along `next`, then
     * for its first node with a `child`, a null and one more per node before it, and that level.
     * A flattened answer is one level; a `child` left set shows (LeetCode rejects it). */
    private static List<Object> multilevel(Object v) {
        List<Object> out = new ArrayList<>();
        while (v != null && out.size() < 100000) {
            Object hang = null;
            int at = 0;
            for (Object n = v; n != null && out.size() < 100000; n = get(n, "next")) {
                out.add(get(n, "val"));
                hang = hang == null && get(n, "child") != null ? n : hang;
                at += hang == null ? 1 : 0;
            }
            for (int k = 0; hang != null && k <= at; k++) {
                out.add(null);
            }
            v = hang == null ? null : get(hang, "child");
        }
        return out;
    }

    /** Level order with null for a missing child, trailing nulls trimmed; a quad tree's node is
     * `[isLeaf, val]` as 0 and 1. */
    private static List<Object> levelOrder(Object root, String[] sides) {
        List<Object> queue = new ArrayList<>();
        queue.add(root);
        List<Object> out = new ArrayList<>();
        for (int i = 0; i < queue.size(); i++) {
            Object n = queue.get(i);
            if (n == null) {
                out.add(null);
                continue;
            }
            out.add(sides == QUAD ? quad(n) : get(n, "val"));
            for (String s : sides) {
                queue.add(get(n, s));
            }
        }
        while (!out.isEmpty() && out.get(out.size() - 1) == null) {
            out.remove(out.size() - 1);
        }
        return out;
    }

    /** `[isLeaf, val]` as 0 and 1. (LeetCode's checker ignores the `val` of a node that is not a
     * leaf; the comparison here does not: its examples show either.) */
    private static List<Object> quad(Object n) {
        return Arrays.asList(Boolean.TRUE.equals(get(n, "isLeaf")) ? 1 : 0, Boolean.TRUE.equals(get(n, "val")) ? 1 : 0);
    }

    private static List<Object> nary(Object v) {
        List<Object> out = new ArrayList<>(Arrays.asList(get(v, "val"), null));
        List<Object> queue = new ArrayList<>(List.of(v));
        for (int i = 0; i < queue.size(); i++) {
            List<?> cs = (List<?>) get(queue.get(i), "children");
            for (Object c : cs == null ? List.of() : cs) {
                out.add(get(c, "val"));
                queue.add(c);
            }
            out.add(null);
        }
        while (!out.isEmpty() && out.get(out.size() - 1) == null) {
            out.remove(out.size() - 1);
        }
        return out;
    }

    private static List<Object> graph(Object v) {
        Map<Object, Object> nodes = new TreeMap<>();
        ArrayDeque<Object> queue = new ArrayDeque<>(List.of(v));
        while (!queue.isEmpty()) {
            Object n = queue.poll();
            if (nodes.putIfAbsent(get(n, "val"), n) == null) {
                List<?> ns = (List<?>) get(n, "neighbors");
                queue.addAll(ns == null ? List.of() : ns);
            }
        }
        List<Object> out = new ArrayList<>();
        for (Object n : nodes.values()) {
            List<Object> vals = new ArrayList<>();
            List<?> ns = (List<?>) get(n, "neighbors");
            for (Object m : ns == null ? List.of() : ns) {
                vals.add(get(m, "val"));
            }
            out.add(vals);
        }
        return out;
    }

    // ---- fields by name ----

    static void set(Object node, String field, Object v) throws Exception {
        Field f = node.getClass().getDeclaredField(field);
        f.setAccessible(true);
        f.set(node, v);
    }

    static Object get(Object node, String field) {
        try {
            Field f = node.getClass().getDeclaredField(field);
            f.setAccessible(true);
            return f.get(node);
        } catch (ReflectiveOperationException e) {
            return null;
        }
    }
}
