package lcdriver

import (
	"encoding/json"
	"math"
	"reflect"
	"strconv"
	"unicode/utf8"
)

// convert makes the JSON value `v` a value of type `t`: numbers, booleans, strings, characters
// (byte, rune), lists of those, nodes (ListNode, TreeNode, the Node kinds, by their fields),
// NestedInteger, a hidden API's types (Make) and functions (277's knows).
func (c *call) convert(v interface{}, t reflect.Type) reflect.Value {
	if m, ok := makers[t]; ok {
		return m.Call([]reflect.Value{c.convert(v, m.Type().In(0))})[0]
	}
	if t == nestedPtr || t == nestedType {
		n := nested(v)
		if t == nestedType {
			return reflect.ValueOf(*n)
		}
		return reflect.ValueOf(n)
	}
	if isNode(t) {
		return c.node(v, t)
	}
	if isInterval(t) {
		return interval(v, t)
	}
	out := reflect.New(t).Elem()
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if s, ok := v.(string); ok && t.Kind() == reflect.Int32 {
			r, _ := utf8.DecodeRuneInString(s)
			out.SetInt(int64(r))
		} else if n, ok := toInt(v); ok {
			out.SetInt(n)
		} else {
			mismatch(v, t)
		}
	case reflect.Uint8:
		if s, ok := v.(string); ok && len(s) > 0 {
			out.SetUint(uint64(s[0]))
		} else if n, ok := toInt(v); ok {
			out.SetUint(uint64(n))
		} else {
			mismatch(v, t)
		}
	case reflect.Uint, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		n, ok := toInt(v)
		if !ok {
			mismatch(v, t)
		}
		out.SetUint(uint64(n))
	case reflect.Float32, reflect.Float64:
		f, ok := toFloat(v)
		if !ok {
			mismatch(v, t)
		}
		out.SetFloat(f)
	case reflect.Bool:
		b, ok := v.(bool)
		if n, isNum := toInt(v); isNum {
			b, ok = n != 0, true
		}
		if !ok {
			mismatch(v, t)
		}
		out.SetBool(b)
	case reflect.String:
		switch s := v.(type) {
		case string:
			out.SetString(s)
		case json.Number:
			out.SetString(s.String())
		default:
			mismatch(v, t)
		}
	case reflect.Slice:
		return c.slice(v, t)
	case reflect.Array:
		list, _ := v.([]interface{})
		for i := 0; i < t.Len() && i < len(list); i++ {
			out.Index(i).Set(c.convert(list[i], t.Elem()))
		}
	case reflect.Func:
		return c.function(t)
	case reflect.Interface:
		if v != nil {
			out.Set(reflect.ValueOf(plain(v)))
		}
	default:
		mismatch(v, t)
	}
	return out
}

func (c *call) slice(v interface{}, t reflect.Type) reflect.Value {
	if v == nil {
		return reflect.Zero(t)
	}
	if s, ok := v.(string); ok {
		// A string for a []byte or []rune parameter.
		switch t.Elem().Kind() {
		case reflect.Uint8:
			return reflect.ValueOf([]byte(s)).Convert(t)
		case reflect.Int32:
			return reflect.ValueOf([]rune(s)).Convert(t)
		}
	}
	list, ok := v.([]interface{})
	if !ok {
		mismatch(v, t)
	}
	if isNode(t.Elem()) && shape(t.Elem().Elem()) == "nary" && !nestedLists(list) {
		// 1506: every node of one N-ary tree, in any order.
		return allNodes(c.node(list, t.Elem()), t)
	}
	out := reflect.MakeSlice(t, len(list), len(list))
	for i, x := range list {
		out.Index(i).Set(c.convert(x, t.Elem()))
	}
	return out
}

func nestedLists(list []interface{}) bool {
	for _, x := range list {
		if _, ok := x.([]interface{}); !ok && x != nil {
			return false
		}
	}
	return true
}

// function builds a hidden API passed as an argument: 277's `knows`, from the graph.
func (c *call) function(t reflect.Type) reflect.Value {
	graph, _ := apiData.([]interface{})
	return reflect.MakeFunc(t, func(args []reflect.Value) []reflect.Value {
		a, b := int(args[0].Int()), int(args[1].Int())
		row, _ := graph[a].([]interface{})
		n, _ := toInt(row[b])
		return []reflect.Value{reflect.ValueOf(n != 0).Convert(t.Out(0))}
	})
}

func mismatch(v interface{}, t reflect.Type) {
	fail("the example's value %s is not a %s", short(v), t)
}

func short(v interface{}) string {
	b, _ := json.Marshal(v)
	if len(b) > 60 {
		return string(b[:60]) + "…"
	}
	return string(b)
}

func toInt(v interface{}) (int64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	if i, err := strconv.ParseInt(string(n), 10, 64); err == nil {
		return i, true
	}
	f, err := n.Float64()
	if err != nil || f != math.Trunc(f) {
		return 0, false
	}
	return int64(f), true
}

func toFloat(v interface{}) (float64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	f, err := n.Float64()
	return f, err == nil
}

// plain is a JSON value with its numbers as int (or float64): for an `interface{}` parameter.
func plain(v interface{}) interface{} {
	switch x := v.(type) {
	case json.Number:
		if i, ok := toInt(x); ok {
			return int(i)
		}
		f, _ := x.Float64()
		return f
	case []interface{}:
		out := make([]interface{}, len(x))
		for i, y := range x {
			out[i] = plain(y)
		}
		return out
	}
	return v
}

// isInterval says whether `t` is LeetCode's `*Interval` (759): `Start` and `End`, as `[start, end]`.
func isInterval(t reflect.Type) bool {
	return t.Kind() == reflect.Ptr && t.Elem().Kind() == reflect.Struct && has(t.Elem(), "Start") && has(t.Elem(), "End")
}

func interval(v interface{}, t reflect.Type) reflect.Value {
	pair, _ := v.([]interface{})
	if len(pair) != 2 {
		mismatch(v, t)
	}
	n := reflect.New(t.Elem())
	for i, f := range []string{"Start", "End"} {
		x, _ := toInt(pair[i])
		n.Elem().FieldByName(f).SetInt(x)
	}
	return n
}
