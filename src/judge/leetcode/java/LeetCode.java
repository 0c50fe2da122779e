// LeetCode's own classes for Java, package-private as on LeetCode, compiled once per session
// with the driver: the user's code is compiled against them. The hidden APIs' data is set by the
// driver from the example (278's `bad`, 374's `pick`, 277's `graph`, 1095's `mountainArr`).
import java.util.*;

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

// 1634's polynomial as a linked list, written `[[coefficient, power], ...]`.
class PolyNode {
    int coefficient;
    int power;
    PolyNode next = null;

    PolyNode() {}

    PolyNode(int x, int y) {
        this.coefficient = x;
        this.power = y;
    }

    PolyNode(int x, int y, PolyNode next) {
        this.coefficient = x;
        this.power = y;
        this.next = next;
    }
}
