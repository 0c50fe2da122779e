// The C++ driver of oj-mcp-rs's LeetCode judge: the part every problem shares, precompiled once
// per session (with lc.cpp beside it, compiled once). LeetCode's prelude (<bits/stdc++.h> and
// `using namespace std`), a small JSON value, the conversions from JSON to a parameter's type and
// from a result to JSON, and the calls: a method through its member-function pointer (the template
// deduces its parameter types), a design class through its constructor's types (read from the code
// by the judge) and a table of its methods. The node classes, NestedInteger and the hidden APIs
// are defined per problem (prelude.cpp's sections), before the user's code; each one's `lc_read`
// and `lc_show` are found by argument-dependent lookup when a template below needs them.
#ifndef OJ_LC_HPP
#define OJ_LC_HPP
#include <bits/stdc++.h>
using namespace std;

// LeetCode's C++23 library (GCC 14's libstdc++) has `ranges::iota`; GCC 12's does not, and
// accepted code calls it (2099's `ranges::iota(idx, 0)`): the same algorithm where it is missing.
// libstdc++ only: libc++'s `std` is an inline namespace, where this would make `ranges` ambiguous.
#if __cplusplus > 202002L && defined(__GLIBCXX__) && !defined(__cpp_lib_ranges_iota)
namespace std::ranges {
template <class O, class T>
struct oj_out_value_result {
    O out;
    T value;
};
struct oj_iota_fn {
    template <input_or_output_iterator O, sentinel_for<O> S, weakly_incrementable T>
        requires indirectly_writable<O, const T&>
    constexpr oj_out_value_result<O, T> operator()(O first, S last, T value) const {
        for (; first != last; ++first, ++value) *first = as_const(value);
        return {std::move(first), std::move(value)};
    }
    template <weakly_incrementable T, output_range<const T&> R>
    constexpr auto operator()(R&& r, T value) const {
        return (*this)(ranges::begin(r), ranges::end(r), std::move(value));
    }
};
inline constexpr oj_iota_fn iota{};
}  // namespace std::ranges
#endif

namespace oj_leetcode {

// A JSON value: the call the judge sends, one line.
struct J {
    enum Kind { Null, Bool, Num, Str, Arr, Obj } k = Null;
    bool b = false;
    long long i = 0;  // a number as an integer (a float truncated)
    double d = 0;     // a number as a double
    std::string s;
    std::vector<J> a;  // an array's items, or an object's values
    std::vector<std::string> keys;  // an object's keys
    const J* get(const std::string& key) const;
};

// The call: the arguments and their names (a function), or the methods and their argument lists
// (a design class), and what the judge says besides.
struct Call {
    J doc;
    const J* args = nullptr;
    std::vector<std::string> names;
    bool value = false;  // "returns": "value": a returned node is shown as its val
    bool boolean = false;  // "declared": "bool": every example expects `true` or `false`
    bool integer = false;  // "declared": "int": every example expects an integer
    const J* named(const std::string& name) const;
    const J* methods() const;
};

Call& call();
// Reads the call from stdin and sends what the code prints to stderr (the result goes to the
// real stdout, saved first).
void start(int argc, char** argv);
// Writes the result as the last line of the real stdout and ends the program.
[[noreturn]] void finish(const std::string& result);
// Ends the program with a message on stderr (exit code 1).
[[noreturn]] void fail(const std::string& why);
void quote(std::string& out, const std::string& s);
void number(std::string& out, double d);
// A hidden API's data: the call's argument that the judge named for it (null when absent).
const J& api();

template <class>
inline constexpr bool unsupported = false;

template <class T>
struct is_vector : std::false_type {};
template <class T, class A>
struct is_vector<std::vector<T, A>> : std::true_type {};
template <class T>
struct is_pair : std::false_type {};
template <class A, class B>
struct is_pair<std::pair<A, B>> : std::true_type {};
template <class T, class = void>
struct iterable : std::false_type {};
template <class T>
struct iterable<T, std::void_t<decltype(std::begin(std::declval<const T&>()))>> : std::true_type {};

template <class T, class = void>
struct has_children : std::false_type {};
template <class T>
struct has_children<T, std::void_t<decltype(std::declval<T&>().children)>> : std::true_type {};

// A JSON value into a parameter's type. The node classes, NestedInteger and MountainArray have
// their own `lc_read`, found by argument-dependent lookup.
template <class T>
void lc_read(const J& j, T& x) {
    if constexpr (std::is_same_v<T, bool>) {
        x = j.k == J::Bool ? j.b : j.i != 0;
    } else if constexpr (std::is_same_v<T, char>) {
        x = j.k == J::Str ? (j.s.empty() ? '\0' : j.s[0]) : char(j.i);
    } else if constexpr (std::is_integral_v<T> || std::is_enum_v<T>) {
        x = T(j.k == J::Str ? std::strtoll(j.s.c_str(), nullptr, 10) : j.i);
    } else if constexpr (std::is_floating_point_v<T>) {
        x = T(j.d);
    } else if constexpr (std::is_same_v<T, std::string>) {
        x = j.s;
    } else if constexpr (is_vector<T>::value) {
        x.clear();
        using E = typename T::value_type;
        if constexpr (std::is_pointer_v<E> && has_children<std::remove_pointer_t<E>>::value) {
            // 1506: a flat level-order list is every node of one N-ary tree, handed over in an
            // order that does not start at the root (its nodes breadth first, reversed).
            if (!j.a.empty() && j.a[0].k != J::Arr) {
                E root{};
                lc_read(j, root);
                if (root) x.push_back(root);
                for (size_t k = 0; k < x.size(); k++) {
                    E n = x[k];
                    for (E c : n->children) x.push_back(c);
                }
                std::reverse(x.begin(), x.end());
                return;
            }
        }
        x.reserve(j.a.size());
        for (const J& e : j.a) {
            typename T::value_type v{};
            lc_read(e, v);
            x.push_back(std::move(v));
        }
    } else if constexpr (is_pair<T>::value) {
        if (j.a.size() > 0) lc_read(j.a[0], x.first);
        if (j.a.size() > 1) lc_read(j.a[1], x.second);
    } else {
        static_assert(unsupported<T>, "the LeetCode driver cannot read a parameter of this type");
    }
}

// A result as LeetCode shows it, as JSON. Nodes and NestedInteger have their own `lc_show`.
template <class T>
void lc_show(std::string& o, const T& v) {
    if constexpr (std::is_same_v<T, bool>) {
        o += v ? "true" : "false";
    } else if constexpr (std::is_same_v<T, char>) {
        quote(o, std::string(1, v));
    } else if constexpr (std::is_integral_v<T>) {
        o += std::to_string(v);
    } else if constexpr (std::is_enum_v<T>) {
        o += std::to_string(static_cast<long long>(v));
    } else if constexpr (std::is_floating_point_v<T>) {
        number(o, double(v));
    } else if constexpr (std::is_convertible_v<const T&, std::string_view>) {
        quote(o, std::string(std::string_view(v)));
    } else if constexpr (is_pair<T>::value) {
        o += '[';
        lc_show(o, v.first);
        o += ',';
        lc_show(o, v.second);
        o += ']';
    } else if constexpr (iterable<T>::value) {
        o += '[';
        bool first = true;
        for (auto&& e : v) {
            if (!first) o += ',';
            first = false;
            lc_show(o, e);
        }
        o += ']';
    } else {
        static_assert(unsupported<T>, "the LeetCode driver cannot show a result of this type");
    }
}

// The readers and writers of the usual parameter and result types (counted on accepted
// solutions), compiled once in lc.o (lc.cpp's explicit instantiations) rather than by every build:
// most of a call's build was the templates it instantiated.
#define OJ_LC_USUAL(X)                                                                             \
    X(int) X(long long) X(bool) X(double) X(char) X(std::string) X(std::vector<int>)              \
    X(std::vector<long long>) X(std::vector<bool>) X(std::vector<double>) X(std::vector<char>)    \
    X(std::vector<std::string>) X(std::vector<std::vector<int>>)                                   \
    X(std::vector<std::vector<long long>>) X(std::vector<std::vector<char>>)                      \
    X(std::vector<std::vector<std::string>>)
#define OJ_LC_EXTERN(T)                                  \
    extern template void lc_read<T>(const J&, T&); \
    extern template void lc_show<T>(std::string&, const T&);
OJ_LC_USUAL(OJ_LC_EXTERN)
#undef OJ_LC_EXTERN

// A lambda that took C++23's explicit object parameter (`this auto&& self`), for a compiler
// without it: the judge dropped `this` and wrapped the lambda here, which now gets the wrapper as
// its first argument, and calls through it reach the lambda again.
template <class F>
struct fixed {
    F f;
    template <class... A>
    decltype(auto) operator()(A&&... a) const {
        return f(*this, std::forward<A>(a)...);
    }
    template <class... A>
    decltype(auto) operator()(A&&... a) {
        return f(*this, std::forward<A>(a)...);
    }
};
template <class F>
fixed<std::decay_t<F>> fix(F&& f) {
    return {std::forward<F>(f)};
}

// ---- Nodes: built from their JSON form, found by value, shown as LeetCode shows them. The
// templates take the class (defined per problem) and touch only the fields its kind has.

// The roots built from the call's lists and trees, per class: a node given by its value (`p = 5`)
// is looked up in them.
template <class N>
std::vector<N*>& roots() {
    static std::vector<N*> r;
    return r;
}

template <class T, class = void>
struct has_left : std::false_type {};
template <class T>
struct has_left<T, std::void_t<decltype(std::declval<T&>().left)>> : std::true_type {};
template <class T, class = void>
struct has_next : std::false_type {};
template <class T>
struct has_next<T, std::void_t<decltype(std::declval<T&>().next)>> : std::true_type {};


template <class N>
N* find(long long val) {
    std::unordered_set<N*> seen;
    for (N* root : roots<N>()) {
        std::vector<N*> stack{root};
        while (!stack.empty()) {
            N* n = stack.back();
            stack.pop_back();
            if (!n || !seen.insert(n).second) continue;
            if (n->val == val) return n;
            if constexpr (has_left<N>::value) {
                stack.push_back(n->left);
                stack.push_back(n->right);
            }
            if constexpr (has_next<N>::value) stack.push_back(n->next);
            // An N-ary tree's node given by its value (1516's `p` and `q`).
            if constexpr (has_children<N>::value)
                for (N* c : n->children) stack.push_back(c);
        }
    }
    return nullptr;
}

// A node parameter: built from a list (and kept for a node given by its value), or found by its
// value (a value no node has is a node of its own, as LeetCode makes it: 1644's `q = 10`), or
// null.
template <class N, class Build>
N* read_node(const J& j, Build build) {
    if (j.k == J::Arr) {
        N* root = build(j);
        if (root) roots<N>().push_back(root);
        return root;
    }
    if (j.k == J::Num) {
        N* n = find<N>(j.i);
        if constexpr (std::is_constructible_v<N, int>) {
            if (!n) n = new N(int(j.i));
        }
        return n;
    }
    return nullptr;
}

// A linked list, its last node linked to the node at `pos` (the call's `pos`) when there is one.
// The kind (the judge's `"node"`) says more: `Doubly` links `prev` too (3263), `Circular` links
// the tail to the head (708).
enum class Links { Single, Doubly, Circular };
template <class N, Links links = Links::Single>
N* build_list(const J& j) {
    std::vector<N*> nodes;
    for (const J& e : j.a) nodes.push_back(new N(int(e.i)));
    for (size_t k = 0; k + 1 < nodes.size(); k++) {
        nodes[k]->next = nodes[k + 1];
        if constexpr (links == Links::Doubly) nodes[k + 1]->prev = nodes[k];
    }
    const J* pos = call().named("pos");
    if (pos && !nodes.empty() && pos->i >= 0 && size_t(pos->i) < nodes.size()) nodes.back()->next = nodes[pos->i];
    if (links == Links::Circular && !nodes.empty()) nodes.back()->next = nodes[0];
    return nodes.empty() ? nullptr : nodes[0];
}

// A binary tree in level order, `null` for a missing child; each child's `parent` set for the
// parent-pointer kind (1650).
// A tree node's value: a character for a `char val` (1597, 1612's expression trees: `"+"`).
template <class N>
auto node_value(const J& e) {
    if constexpr (std::is_same_v<std::decay_t<decltype(N::val)>, char>) {
        return e.k == J::Str ? (e.s.empty() ? ' ' : e.s[0]) : char(e.i);
    } else {
        return int(e.i);
    }
}

template <class N, bool parent = false>
N* build_tree(const J& j) {
    if (j.a.empty() || j.a[0].k == J::Null) return nullptr;
    N* root = new N(node_value<N>(j.a[0]));
    std::deque<N*> queue{root};
    size_t i = 1;
    while (!queue.empty() && i < j.a.size()) {
        N* n = queue.front();
        queue.pop_front();
        for (N** side : {&n->left, &n->right}) {
            if (i < j.a.size() && j.a[i].k != J::Null) {
                *side = new N(node_value<N>(j.a[i]));
                if constexpr (parent) (*side)->parent = n;
                queue.push_back(*side);
            }
            i++;
        }
    }
    return root;
}

// An N-ary tree in level order, each node's children ended by `null`.
template <class N>
N* build_nary(const J& j) {
    if (j.a.empty() || j.a[0].k == J::Null) return nullptr;
    N* root = new N(int(j.a[0].i));
    std::deque<N*> queue{root};
    size_t i = 2;
    while (!queue.empty() && i <= j.a.size()) {
        N* n = queue.front();
        queue.pop_front();
        for (; i < j.a.size() && j.a[i].k != J::Null; i++) {
            N* c = new N(int(j.a[i].i));
            n->children.push_back(c);
            queue.push_back(c);
        }
        i++;
    }
    return root;
}

// 430: levels separated by a null; more nulls before a level say under which node of the level
// above it hangs (`child`). LeetCode's node has no constructor: value-initialised, then set.
template <class N>
N* build_multilevel(const J& j) {
    std::vector<N*> above, first;
    size_t i = 0, at = 0;
    while (i < j.a.size()) {
        std::vector<N*> level;
        for (; i < j.a.size() && j.a[i].k != J::Null; i++) {
            N* n = new N();
            n->val = int(j.a[i].i);
            if (!level.empty()) level.back()->next = n, n->prev = level.back();
            level.push_back(n);
        }
        if (!first.empty() && !level.empty() && at < above.size()) above[at]->child = level[0];
        if (first.empty()) first = level;
        above = level;
        at = 0;
        for (i++; i < j.a.size() && j.a[i].k == J::Null; i++) at++;
    }
    return first.empty() ? nullptr : first[0];
}

// A graph as its adjacency list, nodes valued 1..n; the node valued 1.
template <class N>
N* build_graph(const J& j) {
    std::vector<N*> nodes;
    for (size_t k = 0; k < j.a.size(); k++) nodes.push_back(new N(int(k + 1)));
    for (size_t k = 0; k < j.a.size(); k++)
        for (const J& e : j.a[k].a)
            if (e.i >= 1 && size_t(e.i) <= nodes.size()) nodes[k]->neighbors.push_back(nodes[e.i - 1]);
    return nodes.empty() ? nullptr : nodes[0];
}

// A list whose nodes are [val, index of the random node or null].
template <class N>
N* build_random(const J& j) {
    std::vector<N*> nodes;
    for (const J& e : j.a) nodes.push_back(new N(e.a.empty() ? 0 : int(e.a[0].i)));
    for (size_t k = 0; k < nodes.size(); k++) {
        if (k + 1 < nodes.size()) nodes[k]->next = nodes[k + 1];
        const J& r = j.a[k].a.size() > 1 ? j.a[k].a[1] : j.a[k];
        if (r.k == J::Num && r.i >= 0 && size_t(r.i) < nodes.size()) nodes[k]->random = nodes[r.i];
    }
    return nodes.empty() ? nullptr : nodes[0];
}

// A quad tree in level order, each node `[isLeaf, val]`, four entries (a node or null) after each
// node (427, 558).
template <class N>
N* build_quad(const J& j) {
    auto make = [](const J& x) { return x.k == J::Arr && x.a.size() == 2 ? new N(x.a[1].i != 0, x.a[0].i != 0) : nullptr; };
    if (j.a.empty()) return nullptr;
    N* root = make(j.a[0]);
    std::deque<N*> queue{root};
    size_t i = 1;
    while (!queue.empty() && i < j.a.size()) {
        N* n = queue.front();
        queue.pop_front();
        if (!n) continue;
        for (N** side : {&n->topLeft, &n->topRight, &n->bottomLeft, &n->bottomRight}) {
            if (i < j.a.size()) *side = make(j.a[i]);
            if (*side) queue.push_back(*side);
            i++;
        }
    }
    return root;
}

// A returned node where the expected answer is one value (236's ancestor): its value.
template <class N>
bool show_value(std::string& o, N* n) {
    if (!call().value) return false;
    // No node where one value is expected (510, 1644) is `null`; elsewhere an empty list or tree.
    o += n ? std::to_string(n->val) : "null";
    return true;
}

template <class N>
void show_list(std::string& o, N* n) {
    if (show_value(o, n)) return;
    o += '[';
    for (int count = 0; n && count < 100000; n = n->next, count++) {
        if (count) o += ',';
        o += std::to_string(n->val);
    }
    o += ']';
}

// 430 as LeetCode serialises it, the inverse of build_multilevel: each level along `next`, then
// for its first node with a `child`, a null and one more per node before it, and that level. A
// flattened answer is one level; a `child` left set shows (LeetCode rejects it).
template <class N>
void show_multilevel(std::string& o, N* n) {
    o += '[';
    for (int count = 0; n && count < 100000;) {
        N *hang = nullptr, *m = n;
        int at = 0;
        for (; m && count < 100000; m = m->next, count++) {
            o += (count ? "," : "") + std::to_string(m->val);
            if (!hang && m->child) hang = m;
            at += !hang;
        }
        for (int k = 0; hang && k <= at; k++) o += ",null";
        n = hang ? hang->child : nullptr;
    }
    o += ']';
}

// Level order with `null` for a missing child, the trailing nulls trimmed.
template <class N>
void show_tree(std::string& o, N* root) {
    if (show_value(o, root)) return;
    std::vector<N*> order;
    std::deque<N*> queue{root};
    while (!queue.empty() && root) {
        N* n = queue.front();
        queue.pop_front();
        order.push_back(n);
        if (n) {
            queue.push_back(n->left);
            queue.push_back(n->right);
        }
    }
    while (!order.empty() && !order.back()) order.pop_back();
    o += '[';
    for (size_t k = 0; k < order.size(); k++) {
        if (k) o += ',';
        if (!order[k]) {
            o += "null";
        } else if constexpr (std::is_same_v<std::decay_t<decltype(N::val)>, char>) {
            quote(o, std::string(1, order[k]->val));
        } else {
            o += std::to_string(order[k]->val);
        }
    }
    o += ']';
}

template <class N>
void show_nary(std::string& o, N* root) {
    if (show_value(o, root)) return;
    std::vector<std::string> out;
    if (root) {
        out = {std::to_string(root->val), "null"};
        std::deque<N*> queue{root};
        while (!queue.empty()) {
            N* n = queue.front();
            queue.pop_front();
            for (N* c : n->children) {
                if (!c) continue;
                out.push_back(std::to_string(c->val));
                queue.push_back(c);
            }
            out.push_back("null");
        }
    }
    while (!out.empty() && out.back() == "null") out.pop_back();
    o += '[';
    for (size_t k = 0; k < out.size(); k++) o += (k ? "," : "") + out[k];
    o += ']';
}

// A graph as its adjacency list by value (1..n).
template <class N>
void show_graph(std::string& o, N* start) {
    if (show_value(o, start)) return;
    std::map<int, N*> nodes;
    std::deque<N*> queue{start};
    while (!queue.empty() && start) {
        N* n = queue.front();
        queue.pop_front();
        if (!n || nodes.count(n->val)) continue;
        nodes[n->val] = n;
        for (N* m : n->neighbors) queue.push_back(m);
    }
    o += '[';
    for (int v = 1; v <= int(nodes.size()); v++) {
        if (v > 1) o += ',';
        o += '[';
        N* n = nodes.count(v) ? nodes[v] : nullptr;
        for (size_t k = 0; n && k < n->neighbors.size(); k++) {
            if (k) o += ',';
            o += n->neighbors[k] ? std::to_string(n->neighbors[k]->val) : "null";
        }
        o += ']';
    }
    o += ']';
}

template <class N>
void show_random(std::string& o, N* head) {
    if (show_value(o, head)) return;
    std::vector<N*> nodes;
    std::unordered_map<N*, size_t> index;
    for (N* n = head; n && nodes.size() < 100000; n = n->next) {
        index[n] = nodes.size();
        nodes.push_back(n);
    }
    o += '[';
    for (size_t k = 0; k < nodes.size(); k++) {
        if (k) o += ',';
        o += '[' + std::to_string(nodes[k]->val) + ',';
        auto r = index.find(nodes[k]->random);
        o += r == index.end() ? "null" : std::to_string(r->second);
        o += ']';
    }
    o += ']';
}

// A quad tree as it is read: level order, `[isLeaf, val]` as 0 and 1, trailing nulls trimmed.
template <class N>
void show_quad(std::string& o, N* root) {
    std::vector<N*> order;
    std::deque<N*> queue{root};
    while (!queue.empty() && root && order.size() < 1000000) {
        N* n = queue.front();
        queue.pop_front();
        order.push_back(n);
        if (n)
            for (N* c : {n->topLeft, n->topRight, n->bottomLeft, n->bottomRight}) queue.push_back(c);
    }
    while (!order.empty() && !order.back()) order.pop_back();
    o += '[';
    for (size_t k = 0; k < order.size(); k++) {
        if (k) o += ',';
        o += order[k] ? "[" + std::to_string(int(order[k]->isLeaf)) + "," + std::to_string(int(order[k]->val)) + "]"
                      : "null";
    }
    o += ']';
}

// A circular list from `n` along `Next` (`next`; `right` for 426's ring) until it comes back.
template <class N, N* N::*Next = &N::next>
void show_circular(std::string& o, N* n) {
    if (show_value(o, n)) return;
    o += '[';
    int count = 0;
    for (N* m = n; m && count < 100000; m = m->*Next, count++) {
        if (count && m == n) break;
        o += (count ? "," : "") + std::to_string(m->val);
    }
    o += ']';
}

// A tree whose levels are linked by `next`: each level's values, then "#".
template <class N>
void show_next(std::string& o, N* root) {
    if (show_value(o, root)) return;
    o += '[';
    bool first = true;
    for (N* level = root; level;) {
        N* below = nullptr;
        for (N* n = level; n; n = n->next) {
            o += (first ? "" : ",") + std::to_string(n->val);
            first = false;
            if (!below) below = n->left ? n->left : n->right;
        }
        o += first ? "\"#\"" : ",\"#\"";
        first = false;
        level = below;
    }
    o += ']';
}

// ---- Calls.

// A method's or function's parts: its class, its result, its parameters (as declared, and decayed:
// the values the call reads into and passes, kept after the call for an in-place method).
template <class F>
struct sig;
template <class C, class R, class... A>
struct sig<R (C::*)(A...)> {
    using ret = R;
    using params = std::tuple<A...>;
    static constexpr bool member = true;
};
template <class C, class R, class... A>
struct sig<R (C::*)(A...) const> : sig<R (C::*)(A...)> {};
template <class C, class R, class... A>
struct sig<R (C::*)(A...) noexcept> : sig<R (C::*)(A...)> {};
template <class C, class R, class... A>
struct sig<R (C::*)(A...) const noexcept> : sig<R (C::*)(A...)> {};
template <class R, class... A>
struct sig<R (*)(A...)> {
    using ret = R;
    using params = std::tuple<A...>;
    static constexpr bool member = false;
};
template <class R, class... A>
struct sig<R (*)(A...) noexcept> : sig<R (*)(A...)> {};

template <class Params>
struct decayed;
template <class... A>
struct decayed<std::tuple<A...>> {
    using type = std::tuple<std::decay_t<A>...>;
};

// An argument as the parameter takes it: moved only into an rvalue reference.
template <class A, class T>
decltype(auto) pass(T& x) {
    if constexpr (std::is_rvalue_reference_v<A>)
        return std::move(x);
    else
        return (x);
}

// The JSON arguments into the values: lists and trees first (a node given by its value is looked
// up in them), then the rest.
template <class Values, size_t... I>
void read_all(Values& t, const std::vector<const J*>& js, std::index_sequence<I...>) {
    ((I < js.size() && js[I] && js[I]->k == J::Arr ? lc_read(*js[I], std::get<I>(t)) : void()), ...);
    ((I < js.size() && js[I] && js[I]->k != J::Arr ? lc_read(*js[I], std::get<I>(t)) : void()), ...);
}

template <class F, class O, class Values, size_t... I>
decltype(auto) call_with(F f, O* obj, Values& t, std::index_sequence<I...>) {
    using P = typename sig<F>::params;
    if constexpr (sig<F>::member)
        return (obj->*f)(pass<std::tuple_element_t<I, P>>(std::get<I>(t))...);
    else
        return f(pass<std::tuple_element_t<I, P>>(std::get<I>(t))...);
}

template <class F>
using values_of = typename decayed<typename sig<F>::params>::type;
template <class F>
constexpr auto indexes_of = std::make_index_sequence<std::tuple_size_v<typename sig<F>::params>>();

// The values of `f`'s parameters read from `js`, kept for good: an object may hold a reference
// to an argument, and an in-place method is judged by its argument after the call.
template <class F>
values_of<F>* read_values(const std::vector<const J*>& js) {
    auto* t = new values_of<F>();
    read_all(*t, js, indexes_of<F>);
    return t;
}

// A design method: the call, and its result (`null` for void).
template <class F, class O>
void invoke(F f, O* obj, const std::vector<const J*>& js, std::string& out) {
    auto* t = read_values<F>(js);
    if constexpr (std::is_void_v<typename sig<F>::ret>) {
        call_with(f, obj, *t, indexes_of<F>);
        out += "null";
    } else {
        auto&& r = call_with(f, obj, *t, indexes_of<F>);
        lc_show(out, r);
    }
}

std::vector<const J*> positional(const J* list);
// Each parameter's argument: by name when the call names every parameter, else by position.
std::vector<const J*> matched(const std::vector<std::string>& params);
// The call's named lists that are no parameter (237's `head` beside `node`; not `pos`), when the
// call names every parameter.
std::vector<const J*> extra_lists(const std::vector<std::string>& params);

// A method of `Solution` (or a static one): the arguments matched to `params`, the call, the
// result shown. A void method is judged by its first argument after the call, or by the list an
// extra argument built (the node it was given belongs to it). `X`: the node class of the
// parameters, whose extra lists are built (void: none).
template <class C, class X, class F>
[[noreturn]] void run_function(F f, const std::vector<std::string>& params) {
    std::vector<X*> extras;
    if constexpr (!std::is_void_v<X>) {
        for (const J* j : extra_lists(params)) {
            X* root = nullptr;
            lc_read(*j, root);
            extras.push_back(root);
        }
    }
    auto* t = read_values<F>(matched(params));
    C* obj = nullptr;
    if constexpr (sig<F>::member) obj = new C();
    std::string out;
    if constexpr (std::is_void_v<typename sig<F>::ret>) {
        call_with(f, obj, *t, indexes_of<F>);
        if constexpr (!std::is_void_v<X>) {
            if (!extras.empty()) {
                lc_show(out, extras[0]);
                finish(out);
            }
        }
        if constexpr (std::tuple_size_v<values_of<F>> > 0)
            lc_show(out, std::get<0>(*t));
        else
            out += "null";
    } else {
        auto&& r = call_with(f, obj, *t, indexes_of<F>);
        using R = std::decay_t<decltype(r)>;
        // LeetCode's template declares `bool`: a method declared `int` (or any number) is
        // converted as LeetCode's `bool ret = …` converts it.
        if constexpr (std::is_arithmetic_v<R> && !std::is_same_v<R, bool>) {
            if (call().boolean) finish(r ? "true" : "false");
        }
        // LeetCode's template declares an integer: a method declared `char`, `bool`, `float` or
        // `double` is converted as LeetCode's `int ret = …` converts it (97, 1, 2 for 2.7).
        if constexpr (std::is_same_v<R, char> || std::is_same_v<R, bool> || std::is_floating_point_v<R>) {
            if (call().integer) finish(std::to_string((long long)r));
        }
        lc_show(out, r);
    }
    finish(out);
}

// A design class: the constructor with the first argument list (its parameters' types `K`, read
// from the code by the judge), then each method in order through `dispatch`; `null` for the
// constructor and for each void method.
template <class C, class... K, class D>
[[noreturn]] void run_design(D dispatch) {
    const J* methods = call().methods();
    const J* args = call().args;
    if (!methods || !args || methods->a.empty() || args->a.size() < methods->a.size())
        fail("the call names no methods");
    using Values = std::tuple<std::decay_t<K>...>;
    auto* t = new Values();
    read_all(*t, positional(&args->a[0]), std::index_sequence_for<K...>());
    C* obj = std::apply([](auto&... v) { return new C(v...); }, *t);
    std::string out = "[null";
    for (size_t i = 1; i < methods->a.size(); i++) {
        out += ',';
        if (!dispatch(obj, methods->a[i].s, positional(&args->a[i]), out))
            fail("the class has no method " + methods->a[i].s);
    }
    finish(out + "]");
}

// 341's hidden loop: the iterator built from the list, `next()` while `hasNext()`.
template <class C, class... K>
[[noreturn]] void run_iterator() {
    using Values = std::tuple<std::decay_t<K>...>;
    auto* t = new Values();
    read_all(*t, positional(call().args), std::index_sequence_for<K...>());
    C* it = std::apply([](auto&... v) { return new C(v...); }, *t);
    std::vector<decltype(it->next())> out;
    while (it->hasNext()) out.push_back(it->next());
    std::string o;
    lc_show(o, out);
    finish(o);
}

// A codec (297, 449): what the second method makes of what the first made of the argument.
template <class C, class E, class D>
[[noreturn]] void run_codec(E encode, D decode) {
    auto* t = read_values<E>(positional(call().args));
    // One object for both (535's decode needs what its encode kept; 297's works either way).
    C* codec = new C();
    auto&& mid = call_with(encode, codec, *t, indexes_of<E>);
    auto&& r = (codec->*decode)(mid);
    std::string o;
    lc_show(o, r);
    finish(o);
}

// 1628: the tree `TreeBuilder::buildTree` makes of the postfix tokens, evaluated.
template <class B>
[[noreturn]] void run_tree_builder() {
    std::vector<std::string> postfix;
    const std::vector<const J*> args = positional(call().args);
    if (!args.empty() && args[0]) lc_read(*args[0], postfix);
    B builder;
    auto* tree = builder.buildTree(postfix);
    std::string o;
    lc_show(o, tree->evaluate());
    finish(o);
}

}  // namespace oj_leetcode
#endif
