package lcdriver

import (
	"encoding/json"
	"reflect"
)

// NestedInteger is LeetCode's Go NestedInteger (341, 364, 385, 339): an integer or a list.
type NestedInteger struct {
	isInt bool
	value int
	List  []*NestedInteger
}

// IsInteger says whether it holds a single integer.
func (n NestedInteger) IsInteger() bool { return n.isInt }

// GetInteger is the integer it holds (0 when it holds a list).
func (n NestedInteger) GetInteger() int { return n.value }

// SetInteger makes it hold a single integer.
func (n *NestedInteger) SetInteger(value int) { n.isInt, n.value, n.List = true, value, nil }

// Add makes it a list (if it was not) and appends `elem`.
func (n *NestedInteger) Add(elem NestedInteger) {
	n.isInt = false
	n.List = append(n.List, &elem)
}

// GetList is the list it holds (empty when it holds an integer).
func (n NestedInteger) GetList() []*NestedInteger { return n.List }

var (
	nestedType = reflect.TypeOf(NestedInteger{})
	nestedPtr  = reflect.TypeOf(&NestedInteger{})
)

// nested builds a NestedInteger from a number or a (nested) list.
func nested(v interface{}) *NestedInteger {
	if list, ok := v.([]interface{}); ok {
		n := &NestedInteger{List: []*NestedInteger{}}
		for _, x := range list {
			n.List = append(n.List, nested(x))
		}
		return n
	}
	i, _ := toInt(v)
	return &NestedInteger{isInt: true, value: int(i)}
}

// showNested is a NestedInteger as LeetCode prints it: the integer, or the list.
func showNested(n *NestedInteger) interface{} {
	if n == nil {
		return nil
	}
	if n.isInt {
		return n.value
	}
	out := []interface{}{}
	for _, x := range n.List {
		out = append(out, showNested(x))
	}
	return out
}

func intJSON(i int) json.Number {
	b, _ := json.Marshal(i)
	return json.Number(b)
}
