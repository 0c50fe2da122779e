// What LeetCode defines before a C++ solution, per problem: the judge puts the sections a problem
// needs (each starts at its `//@ name` line) before the user's code, with each class's `lc_read`
// and `lc_show` for the driver's templates (lc.hpp). The classes are LeetCode's own definitions.
//@ ListNode
struct ListNode {
    int val;
    ListNode *next;
    ListNode() : val(0), next(nullptr) {}
    ListNode(int x) : val(x), next(nullptr) {}
    ListNode(int x, ListNode *next) : val(x), next(next) {}
};
inline void lc_read(const oj_leetcode::J& j, ListNode*& n) { n = oj_leetcode::read_node<ListNode>(j, oj_leetcode::build_list<ListNode>); }
inline void lc_show(std::string& o, ListNode* n) { oj_leetcode::show_list(o, n); }
//@ TreeNode
struct TreeNode {
    int val;
    TreeNode *left;
    TreeNode *right;
    TreeNode() : val(0), left(nullptr), right(nullptr) {}
    TreeNode(int x) : val(x), left(nullptr), right(nullptr) {}
    TreeNode(int x, TreeNode *left, TreeNode *right) : val(x), left(left), right(right) {}
};
inline void lc_read(const oj_leetcode::J& j, TreeNode*& n) { n = oj_leetcode::read_node<TreeNode>(j, oj_leetcode::build_tree<TreeNode>); }
inline void lc_show(std::string& o, TreeNode* n) { oj_leetcode::show_tree(o, n); }
//@ nary
class Node {
public:
    int val;
    vector<Node*> children;

    Node() {}

    Node(int _val) {
        val = _val;
    }

    Node(int _val, vector<Node*> _children) {
        val = _val;
        children = _children;
    }
};
inline void lc_read(const oj_leetcode::J& j, Node*& n) { n = oj_leetcode::read_node<Node>(j, oj_leetcode::build_nary<Node>); }
inline void lc_show(std::string& o, Node* n) { oj_leetcode::show_nary(o, n); }
//@ graph
class Node {
public:
    int val;
    vector<Node*> neighbors;
    Node() {
        val = 0;
        neighbors = vector<Node*>();
    }
    Node(int _val) {
        val = _val;
        neighbors = vector<Node*>();
    }
    Node(int _val, vector<Node*> _neighbors) {
        val = _val;
        neighbors = _neighbors;
    }
};
inline void lc_read(const oj_leetcode::J& j, Node*& n) { n = oj_leetcode::read_node<Node>(j, oj_leetcode::build_graph<Node>); }
inline void lc_show(std::string& o, Node* n) { oj_leetcode::show_graph(o, n); }
//@ random
class Node {
public:
    int val;
    Node* next;
    Node* random;

    Node(int _val) {
        val = _val;
        next = NULL;
        random = NULL;
    }
};
inline void lc_read(const oj_leetcode::J& j, Node*& n) { n = oj_leetcode::read_node<Node>(j, oj_leetcode::build_random<Node>); }
inline void lc_show(std::string& o, Node* n) { oj_leetcode::show_random(o, n); }
//@ next
class Node {
public:
    int val;
    Node* left;
    Node* right;
    Node* next;

    Node() : val(0), left(NULL), right(NULL), next(NULL) {}

    Node(int _val) : val(_val), left(NULL), right(NULL), next(NULL) {}

    Node(int _val, Node* _left, Node* _right, Node* _next)
        : val(_val), left(_left), right(_right), next(_next) {}
};
inline void lc_read(const oj_leetcode::J& j, Node*& n) { n = oj_leetcode::read_node<Node>(j, oj_leetcode::build_tree<Node>); }
inline void lc_show(std::string& o, Node* n) { oj_leetcode::show_next(o, n); }
//@ parent
class Node {
public:
    int val;
    Node* left;
    Node* right;
    Node* parent;

    Node() : val(0), left(NULL), right(NULL), parent(NULL) {}

    Node(int _val) : val(_val), left(NULL), right(NULL), parent(NULL) {}
};
inline void lc_read(const oj_leetcode::J& j, Node*& n) { n = oj_leetcode::read_node<Node>(j, oj_leetcode::build_tree<Node, true>); }
inline void lc_show(std::string& o, Node* n) { oj_leetcode::show_tree(o, n); }
//@ doubly
class Node {
public:
    int val;
    Node* prev;
    Node* next;

    Node() : val(0), prev(NULL), next(NULL) {}

    Node(int _val) : val(_val), prev(NULL), next(NULL) {}

    Node(int _val, Node* _prev, Node* _next) : val(_val), prev(_prev), next(_next) {}
};
inline void lc_read(const oj_leetcode::J& j, Node*& n) { n = oj_leetcode::read_node<Node>(j, oj_leetcode::build_list<Node, oj_leetcode::Links::Doubly>); }
inline void lc_show(std::string& o, Node* n) { oj_leetcode::show_list(o, n); }
//@ multilevel
class Node {
public:
    int val;
    Node* prev;
    Node* next;
    Node* child;
};
inline void lc_read(const oj_leetcode::J& j, Node*& n) { n = oj_leetcode::read_node<Node>(j, oj_leetcode::build_multilevel<Node>); }
inline void lc_show(std::string& o, Node* n) { oj_leetcode::show_multilevel(o, n); }
//@ tree
struct Node {
    char val;
    Node* left;
    Node* right;
    Node() : val(' '), left(nullptr), right(nullptr) {}
    Node(char x) : val(x), left(nullptr), right(nullptr) {}
    Node(char x, Node* left, Node* right) : val(x), left(left), right(right) {}
};
inline void lc_read(const oj_leetcode::J& j, Node*& n) { n = oj_leetcode::read_node<Node>(j, oj_leetcode::build_tree<Node>); }
inline void lc_show(std::string& o, Node* n) { oj_leetcode::show_tree(o, n); }
//@ ring
class Node {
public:
    int val;
    Node* left;
    Node* right;

    Node() {}

    Node(int _val) {
        val = _val;
        left = NULL;
        right = NULL;
    }

    Node(int _val, Node* _left, Node* _right) {
        val = _val;
        left = _left;
        right = _right;
    }
};
inline void lc_read(const oj_leetcode::J& j, Node*& n) { n = oj_leetcode::read_node<Node>(j, oj_leetcode::build_tree<Node>); }
inline void lc_show(std::string& o, Node* n) { oj_leetcode::show_circular<Node, &Node::right>(o, n); }
//@ list
class Node {
public:
    int val;
    Node* next;

    Node() : val(0), next(NULL) {}

    Node(int _val) : val(_val), next(NULL) {}

    Node(int _val, Node* _next) : val(_val), next(_next) {}
};
inline void lc_read(const oj_leetcode::J& j, Node*& n) { n = oj_leetcode::read_node<Node>(j, oj_leetcode::build_list<Node>); }
inline void lc_show(std::string& o, Node* n) { oj_leetcode::show_list(o, n); }
//@ circular
class Node {
public:
    int val;
    Node* next;

    Node() {}

    Node(int _val) {
        val = _val;
        next = NULL;
    }

    Node(int _val, Node* _next) {
        val = _val;
        next = _next;
    }
};
inline void lc_read(const oj_leetcode::J& j, Node*& n) { n = oj_leetcode::read_node<Node>(j, oj_leetcode::build_list<Node, oj_leetcode::Links::Circular>); }
inline void lc_show(std::string& o, Node* n) { oj_leetcode::show_circular(o, n); }
//@ quad
class Node {
public:
    bool val;
    bool isLeaf;
    Node* topLeft;
    Node* topRight;
    Node* bottomLeft;
    Node* bottomRight;

    Node() {
        val = false;
        isLeaf = false;
        topLeft = NULL;
        topRight = NULL;
        bottomLeft = NULL;
        bottomRight = NULL;
    }

    Node(bool _val, bool _isLeaf) {
        val = _val;
        isLeaf = _isLeaf;
        topLeft = NULL;
        topRight = NULL;
        bottomLeft = NULL;
        bottomRight = NULL;
    }

    Node(bool _val, bool _isLeaf, Node* _topLeft, Node* _topRight, Node* _bottomLeft, Node* _bottomRight) {
        val = _val;
        isLeaf = _isLeaf;
        topLeft = _topLeft;
        topRight = _topRight;
        bottomLeft = _bottomLeft;
        bottomRight = _bottomRight;
    }
};
inline void lc_read(const oj_leetcode::J& j, Node*& n) { n = oj_leetcode::read_node<Node>(j, oj_leetcode::build_quad<Node>); }
inline void lc_show(std::string& o, Node* n) { oj_leetcode::show_quad(o, n); }
//@ poly
struct PolyNode {
    int coefficient, power;
    PolyNode *next;
    PolyNode(): coefficient(0), power(0), next(nullptr) {};
    PolyNode(int x, int y): coefficient(x), power(y), next(nullptr) {};
    PolyNode(int x, int y, PolyNode* next): coefficient(x), power(y), next(next) {};
};
inline void lc_read(const oj_leetcode::J& j, PolyNode*& n) {
    n = nullptr;
    for (size_t k = j.a.size(); k-- > 0;)
        if (j.a[k].a.size() == 2) n = new PolyNode(int(j.a[k].a[0].i), int(j.a[k].a[1].i), n);
}
inline void lc_show(std::string& o, PolyNode* n) {
    o += '[';
    for (int count = 0; n && count < 100000; n = n->next, count++)
        o += (count ? ",[" : "[") + std::to_string(n->coefficient) + "," + std::to_string(n->power) + "]";
    o += ']';
}
//@ NestedInteger
class NestedInteger {
    bool integer_ = false;
    int value_ = 0;
    vector<NestedInteger> list_;

public:
    // An empty list.
    NestedInteger() {}
    NestedInteger(int value) : integer_(true), value_(value) {}
    bool isInteger() const { return integer_; }
    int getInteger() const { return value_; }
    void setInteger(int value) {
        integer_ = true;
        value_ = value;
        list_.clear();
    }
    void add(const NestedInteger& ni) {
        integer_ = false;
        list_.push_back(ni);
    }
    const vector<NestedInteger>& getList() const { return list_; }
    vector<NestedInteger>& getList() { return list_; }
};
inline void lc_read(const oj_leetcode::J& j, NestedInteger& n) {
    n = j.k == oj_leetcode::J::Arr ? NestedInteger() : NestedInteger(int(j.i));
    for (const oj_leetcode::J& e : j.a) {
        NestedInteger c;
        lc_read(e, c);
        n.add(c);
    }
}
inline void lc_show(std::string& o, const NestedInteger& n) {
    if (n.isInteger()) {
        o += std::to_string(n.getInteger());
        return;
    }
    o += '[';
    for (size_t k = 0; k < n.getList().size(); k++) {
        if (k) o += ',';
        lc_show(o, n.getList()[k]);
    }
    o += ']';
}
//@ Employee
class Employee {
public:
    int id;
    int importance;
    vector<int> subordinates;
};
// [id, importance, [subordinates]]
inline void lc_read(const oj_leetcode::J& j, Employee*& e) {
    e = new Employee();
    oj_leetcode::lc_read(j.a.size() > 0 ? j.a[0] : j, e->id);
    oj_leetcode::lc_read(j.a.size() > 1 ? j.a[1] : j, e->importance);
    if (j.a.size() > 2) oj_leetcode::lc_read(j.a[2], e->subordinates);
}
//@ Iterator
class Iterator {
    struct Data;
    Data* data;

public:
    Iterator(const vector<int>& nums);
    Iterator(const Iterator& iter);

    // Returns the next element in the iteration.
    int next();

    // Returns true if the iteration has more elements.
    bool hasNext() const;
};
struct Iterator::Data {
    vector<int> nums;
    size_t i = 0;
};
Iterator::Iterator(const vector<int>& nums) : data(new Data{nums}) {}
Iterator::Iterator(const Iterator& iter) : data(new Data(*iter.data)) {}
int Iterator::next() { return data->nums[data->i++]; }
bool Iterator::hasNext() const { return data->i < data->nums.size(); }
//@ isBadVersion
// The version the example calls `bad` and every one after it are bad.
bool isBadVersion(int version) { return version >= oj_leetcode::api().i; }
//@ guess
// -1: the number picked (`pick`) is lower; 1: higher; 0: it is the number.
int guess(int num) { return num > oj_leetcode::api().i ? -1 : num < oj_leetcode::api().i ? 1 : 0; }
//@ knows
// Whether a knows b: `graph[a][b]`.
bool knows(int a, int b) {
    const oj_leetcode::J& g = oj_leetcode::api();
    return a >= 0 && b >= 0 && size_t(a) < g.a.size() && size_t(b) < g.a[a].a.size() && g.a[a].a[b].i != 0;
}
//@ MountainArray
class MountainArray {
    vector<int> data_;

public:
    MountainArray() {}
    explicit MountainArray(vector<int> data) : data_(std::move(data)) {}
    int get(int index) { return data_.at(index); }
    int length() { return int(data_.size()); }
};
inline void lc_read(const oj_leetcode::J& j, MountainArray& m) {
    vector<int> data;
    oj_leetcode::lc_read(j, data);
    m = MountainArray(data);
}
