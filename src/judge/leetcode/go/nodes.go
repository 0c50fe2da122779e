package lcdriver

import (
	"reflect"
)

// isNode says whether `t` is a pointer to a node struct: one with a `Val` field (ListNode,
// TreeNode, any Node kind; the types are package main's, so they are read by their fields).
func isNode(t reflect.Type) bool {
	if t.Kind() != reflect.Ptr || t.Elem().Kind() != reflect.Struct || t == nestedPtr {
		return false
	}
	_, ok := t.Elem().FieldByName("Val")
	_, poly := t.Elem().FieldByName("Coefficient")
	return ok || poly
}

func has(s reflect.Type, field string) bool {
	_, ok := s.FieldByName(field)
	return ok
}

// nodeKind is the kind of `Node` the judge decided for the problem (the call's "node": "nary",
// "quad", "parent", ...); the driver never guesses it from the struct.
var nodeKind string

// shape is how a node type is built and shown: ListNode, TreeNode and PolyNode are themselves,
// `Node` is the judge's kind, the kinds built alike folded together.
func shape(s reflect.Type) string {
	switch s.Name() {
	case "ListNode":
		return "list"
	case "TreeNode":
		return "tree"
	case "PolyNode":
		return "poly"
	}
	switch nodeKind {
	case "next", "parent", "ring", "tree":
		return "tree"
	case "doubly", "circular", "list", "":
		return "list"
	}
	return nodeKind
}

// node builds a node argument: a list or tree from a JSON list, or the node of a list or tree
// built earlier whose value this is (a node given by its value: 236's `p = 5`).
func (c *call) node(v interface{}, t reflect.Type) reflect.Value {
	list, ok := v.([]interface{})
	if v == nil || ok && len(list) == 0 {
		return reflect.Zero(t)
	}
	if !ok {
		for _, root := range c.built {
			if hit := find(root, v); hit.IsValid() && hit.Type() == t {
				return hit
			}
		}
		// A value no built node has (1644's `q = 10`): a node of its own, as LeetCode makes it.
		if t.Kind() == reflect.Ptr && t.Elem().Kind() == reflect.Struct {
			if _, has := t.Elem().FieldByName("Val"); has {
				return c.newNode(t, v)
			}
		}
		return reflect.Zero(t)
	}
	s := t.Elem()
	switch shape(s) {
	case "poly":
		return c.poly(list, t)
	case "quad":
		return c.quad(list, t)
	case "nary":
		return c.nary(list, t)
	case "graph":
		return c.graph(list, t)
	case "random":
		return c.random(list, t)
	case "tree":
		return c.tree(list, t)
	}
	return c.list(list, t)
}

// newNode is a new node of type `t` with value `v`.
func (c *call) newNode(t reflect.Type, v interface{}) reflect.Value {
	n := reflect.New(t.Elem())
	f := n.Elem().FieldByName("Val")
	f.Set(c.convert(v, f.Type()))
	return n
}

// list builds a singly (or, for the "doubly" kind, doubly) linked list; with a `pos` argument
// (141, 142) its tail links back to that node, and always to the head for the "circular" kind
// (708).
func (c *call) list(xs []interface{}, t reflect.Type) reflect.Value {
	nodes := make([]reflect.Value, len(xs))
	for i, x := range xs {
		nodes[i] = c.newNode(t, x)
		if i > 0 {
			nodes[i-1].Elem().FieldByName("Next").Set(nodes[i])
			if t.Elem().Name() == "Node" && nodeKind == "doubly" {
				nodes[i].Elem().FieldByName("Prev").Set(nodes[i-1])
			}
		}
	}
	pos := -1
	if p, ok := toInt(c.named["pos"]); ok {
		pos = int(p)
	}
	if t.Elem().Name() == "Node" && nodeKind == "circular" {
		pos = 0
	}
	if 0 <= pos && pos < len(nodes) {
		nodes[len(nodes)-1].Elem().FieldByName("Next").Set(nodes[pos])
	}
	return nodes[0]
}

// tree builds a binary tree from its level order (`null` for no node); for the "parent" kind
// (1650) each child's `Parent` is set too.
func (c *call) tree(xs []interface{}, t reflect.Type) reflect.Value {
	if xs[0] == nil {
		return reflect.Zero(t)
	}
	root := c.newNode(t, xs[0])
	queue := []reflect.Value{root}
	parent := t.Elem().Name() == "Node" && nodeKind == "parent"
	for i := 1; len(queue) > 0 && i < len(xs); {
		n := queue[0]
		queue = queue[1:]
		for _, side := range []string{"Left", "Right"} {
			if i < len(xs) && xs[i] != nil {
				child := c.newNode(t, xs[i])
				n.Elem().FieldByName(side).Set(child)
				if parent {
					child.Elem().FieldByName("Parent").Set(n)
				}
				queue = append(queue, child)
			}
			i++
		}
	}
	return root
}

// nary builds an N-ary tree from its level order, each node's children closed by `null`.
func (c *call) nary(xs []interface{}, t reflect.Type) reflect.Value {
	if xs[0] == nil {
		return reflect.Zero(t)
	}
	root := c.newNode(t, xs[0])
	queue := []reflect.Value{root}
	for i := 2; len(queue) > 0 && i <= len(xs); i++ {
		n := queue[0]
		queue = queue[1:]
		children := n.Elem().FieldByName("Children")
		for ; i < len(xs) && xs[i] != nil; i++ {
			child := c.newNode(t, xs[i])
			children.Set(reflect.Append(children, child))
			queue = append(queue, child)
		}
	}
	return root
}

// allNodes is every node of an N-ary tree, children before parents (1506 finds the root).
func allNodes(root reflect.Value, t reflect.Type) reflect.Value {
	out := reflect.MakeSlice(t, 0, 0)
	queue := []reflect.Value{root}
	var order []reflect.Value
	for len(queue) > 0 && !root.IsNil() {
		n := queue[0]
		queue = queue[1:]
		order = append(order, n)
		ch := n.Elem().FieldByName("Children")
		for i := 0; i < ch.Len(); i++ {
			queue = append(queue, ch.Index(i))
		}
	}
	for i := len(order) - 1; i >= 0; i-- {
		out = reflect.Append(out, order[i])
	}
	return out
}

// graph builds a graph from its adjacency list: node i+1's neighbours are row i.
func (c *call) graph(rows []interface{}, t reflect.Type) reflect.Value {
	nodes := make([]reflect.Value, len(rows))
	for i := range rows {
		nodes[i] = c.newNode(t, intJSON(i+1))
	}
	for i, r := range rows {
		row, _ := r.([]interface{})
		nb := nodes[i].Elem().FieldByName("Neighbors")
		for _, j := range row {
			k, _ := toInt(j)
			if 1 <= k && int(k) <= len(nodes) {
				nb.Set(reflect.Append(nb, nodes[k-1]))
			}
		}
	}
	return nodes[0]
}

// random builds a list of `[val, random_index|null]` pairs.
func (c *call) random(pairs []interface{}, t reflect.Type) reflect.Value {
	nodes := make([]reflect.Value, len(pairs))
	for i, p := range pairs {
		pair, _ := p.([]interface{})
		if len(pair) == 0 {
			fail("a random list's node is not [val, index]: %s", short(p))
		}
		nodes[i] = c.newNode(t, pair[0])
		if i > 0 {
			nodes[i-1].Elem().FieldByName("Next").Set(nodes[i])
		}
	}
	for i, p := range pairs {
		pair, _ := p.([]interface{})
		if len(pair) > 1 {
			if k, ok := toInt(pair[1]); ok && 0 <= k && int(k) < len(nodes) {
				nodes[i].Elem().FieldByName("Random").Set(nodes[k])
			}
		}
	}
	return nodes[0]
}

// poly builds 1634's polynomial from `[[coefficient, power], …]`.
func (c *call) poly(terms []interface{}, t reflect.Type) reflect.Value {
	head := reflect.Zero(t)
	for i := len(terms) - 1; i >= 0; i-- {
		term, _ := terms[i].([]interface{})
		if len(term) != 2 {
			fail("a polynomial's term is not [coefficient, power]: %s", short(terms[i]))
		}
		n := reflect.New(t.Elem())
		for j, f := range []string{"Coefficient", "Power"} {
			field := n.Elem().FieldByName(f)
			field.Set(c.convert(term[j], field.Type()))
		}
		n.Elem().FieldByName("Next").Set(head)
		head = n
	}
	return head
}

// quad builds a quad tree (427, 558) from the level order of its `[isLeaf, val]` pairs, where
// every node is followed by four children (a leaf's are `null`).
func (c *call) quad(xs []interface{}, t reflect.Type) reflect.Value {
	build := func(x interface{}) reflect.Value {
		pair, _ := x.([]interface{})
		if len(pair) != 2 {
			return reflect.Zero(t)
		}
		n := reflect.New(t.Elem())
		leaf, _ := toInt(pair[0])
		val, _ := toInt(pair[1])
		n.Elem().FieldByName("IsLeaf").SetBool(leaf != 0)
		n.Elem().FieldByName("Val").SetBool(val != 0)
		return n
	}
	root := build(xs[0])
	queue := []reflect.Value{root}
	for i := 1; len(queue) > 0 && i < len(xs); {
		n := queue[0]
		queue = queue[1:]
		if n.IsNil() {
			continue
		}
		for _, f := range quadChildren {
			if i < len(xs) {
				child := build(xs[i])
				n.Elem().FieldByName(f).Set(child)
				if !child.IsNil() {
					queue = append(queue, child)
				}
			}
			i++
		}
	}
	return root
}

var quadChildren = []string{"TopLeft", "TopRight", "BottomLeft", "BottomRight"}

// find is the node under `root` (a list or a tree, followed by its pointers) whose value is `v`.
func find(root reflect.Value, v interface{}) reflect.Value {
	want, ok := toInt(v)
	if !ok {
		return reflect.Value{}
	}
	seen := map[uintptr]bool{}
	stack := []reflect.Value{root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if n.Kind() != reflect.Ptr || n.IsNil() || seen[n.Pointer()] {
			continue
		}
		seen[n.Pointer()] = true
		if f := n.Elem().FieldByName("Val"); f.IsValid() && f.Kind() == reflect.Int && f.Int() == want {
			return n
		}
		for _, name := range []string{"Left", "Right", "Next"} {
			if f := n.Elem().FieldByName(name); f.IsValid() {
				stack = append(stack, f)
			}
		}
	}
	return reflect.Value{}
}
