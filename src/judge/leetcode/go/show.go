package lcdriver

import (
	"fmt"
	"math"
	"reflect"
)

// limit caps what a list walk follows: a cycle left by the solution is not printed forever.
const limit = 100000

// show is a result as LeetCode prints it, as a value encoding/json writes: nodes as lists (a
// tree in level order without trailing nulls), bytes and runes as one-letter strings,
// NestedInteger as nested lists; with `value`, a node as its value (236's ancestor is `5`).
func show(v reflect.Value, value bool) interface{} {
	switch v.Kind() {
	case reflect.Invalid:
		return nil
	case reflect.Interface:
		if v.IsNil() {
			return nil
		}
		return show(v.Elem(), value)
	case reflect.Ptr:
		if v.IsNil() {
			return nil
		}
		if v.Type() == nestedPtr {
			return showNested(v.Interface().(*NestedInteger))
		}
		if isNode(v.Type()) {
			return showNode(v, value)
		}
		if isInterval(v.Type()) {
			return []interface{}{v.Elem().FieldByName("Start").Int(), v.Elem().FieldByName("End").Int()}
		}
		return show(v.Elem(), value)
	case reflect.Struct:
		if v.Type() == nestedType {
			n := v.Interface().(NestedInteger)
			return showNested(&n)
		}
		return fmt.Sprint(v.Interface())
	case reflect.Bool:
		return v.Bool()
	case reflect.Int32:
		return string(rune(v.Int()))
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int64:
		return v.Int()
	case reflect.Uint8:
		return string([]byte{byte(v.Uint())})
	case reflect.Uint, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return v.Uint()
	case reflect.Float32, reflect.Float64:
		f := v.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Sprint(f)
		}
		return f
	case reflect.String:
		return v.String()
	case reflect.Slice, reflect.Array:
		return showList(v, value)
	case reflect.Map:
		out := map[string]interface{}{}
		for _, k := range v.MapKeys() {
			out[fmt.Sprint(show(k, value))] = show(v.MapIndex(k), value)
		}
		return out
	}
	return fmt.Sprint(v.Interface())
}

func showList(v reflect.Value, value bool) interface{} {
	if v.Kind() == reflect.Slice && v.IsNil() {
		return []interface{}{}
	}
	out := make([]interface{}, v.Len())
	nodes := isNode(v.Type().Elem())
	for i := range out {
		if nodes && v.Index(i).IsNil() {
			// A list of trees or lists shows an empty one as [] (776's split of a tree).
			out[i] = []interface{}{}
		} else {
			out[i] = show(v.Index(i), value)
		}
	}
	return out
}

func showNode(v reflect.Value, value bool) interface{} {
	s := v.Type().Elem()
	if value && has(s, "Val") {
		return show(v.Elem().FieldByName("Val"), false)
	}
	switch shape(s) {
	case "poly":
		return showPoly(v)
	case "quad":
		return showQuad(v)
	case "nary":
		return showNary(v)
	case "graph":
		return showGraph(v)
	case "random":
		return showRandom(v)
	case "tree":
		if s.Name() == "Node" && nodeKind == "next" {
			return showNext(v)
		}
		if s.Name() == "Node" && nodeKind == "ring" && circular(v) {
			// 426: a tree's nodes made a circular doubly linked list, shown along `Right`.
			return showAlong(v, "Right")
		}
		return showTree(v)
	}
	return showLinked(v)
}

func val(n reflect.Value) interface{} {
	return show(n.Elem().FieldByName("Val"), false)
}

// showLinked is a list's values, up to a node seen before (708's circular list, a cycle).
func showLinked(v reflect.Value) interface{} {
	return showAlong(v, "Next")
}

func showAlong(v reflect.Value, next string) interface{} {
	out := []interface{}{}
	seen := map[uintptr]bool{}
	for !v.IsNil() && !seen[v.Pointer()] && len(out) < limit {
		seen[v.Pointer()] = true
		out = append(out, val(v))
		v = v.Elem().FieldByName(next)
	}
	return out
}

// circular says whether following `Right` from a tree node comes back to it.
func circular(v reflect.Value) bool {
	n := v.Elem().FieldByName("Right")
	for i := 0; i < limit && !n.IsNil(); i++ {
		if n.Pointer() == v.Pointer() {
			return true
		}
		n = n.Elem().FieldByName("Right")
	}
	return false
}

func showTree(v reflect.Value) interface{} {
	out := []interface{}{}
	queue := []reflect.Value{v}
	seen := map[uintptr]bool{}
	for len(queue) > 0 && len(out) < limit {
		n := queue[0]
		queue = queue[1:]
		if n.IsNil() || seen[n.Pointer()] {
			out = append(out, nil)
			continue
		}
		seen[n.Pointer()] = true
		out = append(out, val(n))
		queue = append(queue, n.Elem().FieldByName("Left"), n.Elem().FieldByName("Right"))
	}
	return trim(out)
}

func trim(out []interface{}) []interface{} {
	for len(out) > 0 && out[len(out)-1] == nil {
		out = out[:len(out)-1]
	}
	return out
}

func showNary(v reflect.Value) interface{} {
	out := []interface{}{val(v), nil}
	queue := []reflect.Value{v}
	for len(queue) > 0 && len(out) < limit {
		n := queue[0]
		queue = queue[1:]
		ch := n.Elem().FieldByName("Children")
		for i := 0; i < ch.Len(); i++ {
			if c := ch.Index(i); !c.IsNil() {
				out = append(out, val(c))
				queue = append(queue, c)
			}
		}
		out = append(out, nil)
	}
	return trim(out)
}

// showGraph is the adjacency list of the nodes reached, by their values 1..n.
func showGraph(v reflect.Value) interface{} {
	nodes := map[int64]reflect.Value{}
	queue := []reflect.Value{v}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		key := n.Elem().FieldByName("Val").Int()
		if _, ok := nodes[key]; ok {
			continue
		}
		nodes[key] = n
		nb := n.Elem().FieldByName("Neighbors")
		for i := 0; i < nb.Len(); i++ {
			if !nb.Index(i).IsNil() {
				queue = append(queue, nb.Index(i))
			}
		}
	}
	out := []interface{}{}
	for i := int64(1); i <= int64(len(nodes)); i++ {
		row := []interface{}{}
		if n, ok := nodes[i]; ok {
			nb := n.Elem().FieldByName("Neighbors")
			for j := 0; j < nb.Len(); j++ {
				row = append(row, val(nb.Index(j)))
			}
		}
		out = append(out, row)
	}
	return out
}

func showRandom(v reflect.Value) interface{} {
	var nodes []reflect.Value
	index := map[uintptr]int{}
	for !v.IsNil() && len(nodes) < limit {
		if _, seen := index[v.Pointer()]; seen {
			break
		}
		index[v.Pointer()] = len(nodes)
		nodes = append(nodes, v)
		v = v.Elem().FieldByName("Next")
	}
	out := []interface{}{}
	for _, n := range nodes {
		r := n.Elem().FieldByName("Random")
		var at interface{}
		if !r.IsNil() {
			if i, ok := index[r.Pointer()]; ok {
				at = i
			}
		}
		out = append(out, []interface{}{val(n), at})
	}
	return out
}

// showNext is a tree whose levels are linked by `Next` (116, 117): each level, then "#".
func showNext(v reflect.Value) interface{} {
	out := []interface{}{}
	for level := v; !level.IsNil() && len(out) < limit; {
		var first reflect.Value
		for n := level; !n.IsNil() && len(out) < limit; n = n.Elem().FieldByName("Next") {
			out = append(out, val(n))
			for _, side := range []string{"Left", "Right"} {
				if c := n.Elem().FieldByName(side); !first.IsValid() && !c.IsNil() {
					first = c
				}
			}
		}
		out = append(out, "#")
		if !first.IsValid() {
			break
		}
		level = first
	}
	return out
}

func showPoly(v reflect.Value) interface{} {
	out := []interface{}{}
	for !v.IsNil() && len(out) < limit {
		e := v.Elem()
		out = append(out, []interface{}{show(e.FieldByName("Coefficient"), false), show(e.FieldByName("Power"), false)})
		v = e.FieldByName("Next")
	}
	return out
}

// showQuad is a quad tree's level order of `[isLeaf, val]` pairs (1 and 0), null for no node
// (a leaf's four children are null). An inner node's `val` may be either (LeetCode accepts
// both): it is shown as 1, as LeetCode's examples show it.
func showQuad(v reflect.Value) interface{} {
	out := []interface{}{}
	queue := []reflect.Value{v}
	b := map[bool]int{false: 0, true: 1}
	for len(queue) > 0 && len(out) < limit {
		n := queue[0]
		queue = queue[1:]
		if n.IsNil() {
			out = append(out, nil)
			continue
		}
		e := n.Elem()
		leaf := e.FieldByName("IsLeaf").Bool()
		out = append(out, []interface{}{b[leaf], b[e.FieldByName("Val").Bool() || !leaf]})
		for _, f := range quadChildren {
			queue = append(queue, e.FieldByName(f))
		}
	}
	return trim(out)
}
