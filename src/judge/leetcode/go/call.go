// Package lcdriver is the Go driver of oj-mcp-rs's LeetCode judge: built once per session, it
// reads one call as JSON on stdin ({"names":[...],"args":[...]} for a function,
// {"methods":[...],"args":[[...]]} for a design class; "node", "api", "returns" as the judge adds
// them), converts the arguments to the parameters' types (read by reflect from the function
// itself), calls it, and prints the result as LeetCode shows it, as JSON, on the last line of
// stdout. What the solution prints goes to stderr. The generated main.go beside the solution
// passes the functions and method expressions in (unexported names cannot be reached otherwise).
package lcdriver

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"
	"time"
)

// call is one example's call as the judge sent it, and what the conversions built for it.
type call struct {
	Names   []string      `json:"names"`
	Methods []string      `json:"methods"`
	Args    []interface{} `json:"args"`
	Node    string        `json:"node"`
	API     *struct {
		Name string `json:"name"`
		Arg  string `json:"arg"`
	} `json:"api"`
	Returns string `json:"returns"`
	named   map[string]interface{}
	// Trees and lists built so far: a node given by its value is looked up in them.
	built []reflect.Value
}

var (
	// apiData is the hidden API's data (`bad`, `pick`, `mountainArr`), for the generated main.
	apiData interface{}
	// out is the real standard output: the solution's prints go to stderr.
	out = os.Stdout
	// makers build types of package main from JSON (MountainArray, Iterator), by result type.
	makers = map[reflect.Type]reflect.Value{}
)

// Make registers a function `func(data T) *X` that builds a hidden API's type of package main.
func Make(f interface{}) {
	v := reflect.ValueOf(f)
	makers[v.Type().Out(0)] = v
}

// API is the hidden API's data as an int (isBadVersion's `bad`, guess's `pick`).
func API() int {
	v, _ := toInt(apiData)
	return int(v)
}

var (
	input  io.Reader = os.Stdin
	prefix string    // "N ": the call's number under Many
)

// Many runs `one`, or with `--many MS` runs it on each line of stdin: python.py's `many`
// (docs/stress.md). Package-level variables keep their values between calls, as on LeetCode.
func Many(one func()) {
	n := len(os.Args)
	if n < 3 || os.Args[n-2] != "--many" {
		one()
		return
	}
	started := time.Now()
	limit, _ := time.ParseDuration(os.Args[n-1] + "ms")
	all, _ := io.ReadAll(os.Stdin)
	for i, line := range strings.Split(strings.TrimSuffix(string(all), "\n"), "\n") {
		begin, spent := time.Now(), time.Duration(0)
		if i == 0 {
			spent = begin.Sub(started)
		}
		t := time.AfterFunc(limit-spent, func() { os.Exit(1) })
		input, prefix = strings.NewReader(line), fmt.Sprint(i, " ")
		one()
		t.Stop()
		if time.Since(begin)+spent > limit {
			os.Exit(1)
		}
	}
}

func fail(format string, a ...interface{}) {
	fmt.Fprintf(os.Stderr, "driver: "+format+"\n", a...)
	os.Exit(1)
}

func read() *call {
	d := json.NewDecoder(bufio.NewReader(input))
	d.UseNumber()
	c := &call{}
	if err := d.Decode(c); err != nil {
		fail("cannot read the call: %v", err)
	}
	nodeKind = c.Node
	c.named = map[string]interface{}{}
	for i, n := range c.Names {
		if i < len(c.Args) && n != "" {
			c.named[n] = c.Args[i]
		}
	}
	if c.API != nil {
		if v, ok := c.named[c.API.Arg]; ok {
			apiData = v
		}
	}
	// From here on, what the solution prints goes to stderr.
	os.Stdout = os.Stderr
	return c
}

func write(v interface{}) {
	var b strings.Builder
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(v); err != nil {
		fail("cannot print the result: %v", err)
	}
	fmt.Fprint(out, "\n"+prefix+b.String())
}

// Function calls `fn` (whose parameters are named `params` in the code) with one example.
func Function(fn interface{}, params []string) {
	c := read()
	f := reflect.ValueOf(fn)
	t := f.Type()
	// By name when every parameter is named in the example, else by position.
	byName := len(params) == t.NumIn() && len(params) > 0
	for _, p := range params {
		if _, ok := c.named[p]; !ok {
			byName = false
		}
	}
	values := make([]interface{}, t.NumIn())
	for i := range values {
		switch {
		case byName:
			values[i] = c.named[params[i]]
		case i < len(c.Args):
			values[i] = c.Args[i]
		}
	}
	extra := c.buildExtras(t, params)
	args := make([]reflect.Value, t.NumIn())
	// Lists and trees first: a node given by its value is looked up in them.
	for _, lists := range []bool{true, false} {
		for i := range args {
			if _, isList := values[i].([]interface{}); isList == lists {
				args[i] = c.convert(values[i], t.In(i))
				if isNode(t.In(i)) && !args[i].IsNil() {
					c.built = append(c.built, args[i])
				}
			}
		}
	}
	res := f.Call(args)
	switch {
	case len(res) == 0 && extra.IsValid():
		// Nothing returned and a list the method does not take (237's `head`): that list.
		write(shownArg(extra))
	case len(res) == 0 && len(args) > 0:
		// In place: the first argument after the call.
		write(shownArg(args[0]))
	case len(res) == 0:
		write(nil)
	case res[0].Kind() == reflect.Func:
		// 277: `solution(knows)` returns the function to call with n.
		write(show(callReturned(res[0]), c.Returns == "value"))
	case isNode(res[0].Type()) && res[0].IsNil() && c.Returns != "value":
		// No list or tree: `[]`; no node where one value is expected (510) is `null`, below.
		write([]interface{}{})
	default:
		write(show(res[0], c.Returns == "value"))
	}
}

// shownArg is an argument shown after the call: no list or tree is `[]` (114's empty tree, flattened
// in place), as LeetCode shows it.
func shownArg(v reflect.Value) interface{} {
	if isNode(v.Type()) && v.IsNil() {
		return []interface{}{}
	}
	return show(v, false)
}

// buildExtras builds the example's lists that are no parameter (237's `head` beside `node`),
// for a node given by its value to be found in; the first one, shown if nothing is returned.
func (c *call) buildExtras(t reflect.Type, params []string) reflect.Value {
	var nodeType reflect.Type
	for i := 0; i < t.NumIn(); i++ {
		if isNode(t.In(i)) && nodeType == nil {
			nodeType = t.In(i)
		}
	}
	var first reflect.Value
	if nodeType == nil {
		return first
	}
	for i, n := range c.Names {
		list, isList := c.Args[i].([]interface{})
		if !isList || n == "" || n == "pos" || contains(params, n) {
			continue
		}
		built := c.convert(list, nodeType)
		if !built.IsNil() {
			c.built = append(c.built, built)
			if !first.IsValid() {
				first = built
			}
		}
	}
	return first
}

func callReturned(f reflect.Value) reflect.Value {
	n := 0
	if m, ok := apiData.([]interface{}); ok {
		n = len(m)
	}
	if f.Type().NumIn() != 1 {
		fail("the returned function takes %d arguments", f.Type().NumIn())
	}
	return f.Call([]reflect.Value{reflect.ValueOf(n).Convert(f.Type().In(0))})[0]
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// Design runs a design problem: `ctor` is the code's Constructor, `methods` the receiver's
// method expressions by their Go names.
func Design(ctor interface{}, methods map[string]interface{}) {
	c := read()
	if len(c.Methods) == 0 || len(c.Args) != len(c.Methods) {
		fail("the call has no method list")
	}
	obj := c.construct(ctor, c.Args[0])
	results := []interface{}{nil}
	for i, name := range c.Methods[1:] {
		m, ok := methods[name]
		if !ok {
			m, ok = methods[strings.ToUpper(name[:1])+name[1:]]
		}
		if !ok {
			fail("%s has no method %s (LeetCode's Go names it %s)", obj.Type().Elem().Name(), name,
				strings.ToUpper(name[:1])+name[1:])
		}
		f := reflect.ValueOf(m)
		args := append([]reflect.Value{obj}, c.convertAll(c.Args[i+1], f.Type(), 1)...)
		res := f.Call(args)
		if len(res) == 0 {
			results = append(results, nil)
		} else {
			results = append(results, show(res[0], false))
		}
	}
	write(results)
}

// construct calls the Constructor with `args` (a list); the object, as a pointer.
func (c *call) construct(ctor interface{}, args interface{}) reflect.Value {
	f := reflect.ValueOf(ctor)
	obj := f.Call(c.convertAll(args, f.Type(), 0))[0]
	if obj.Kind() != reflect.Ptr {
		p := reflect.New(obj.Type())
		p.Elem().Set(obj)
		obj = p
	}
	return obj
}

// convertAll converts a JSON list to the parameters of `t` from the `from`th on.
func (c *call) convertAll(args interface{}, t reflect.Type, from int) []reflect.Value {
	list, _ := args.([]interface{})
	var out []reflect.Value
	for i := from; i < t.NumIn(); i++ {
		var v interface{}
		if i-from < len(list) {
			v = list[i-from]
		}
		out = append(out, c.convert(v, t.In(i)))
	}
	return out
}

// Iterate runs an iterator's hidden loop (341, 281): the iterator built from the example's
// arguments, then `next` while `hasNext`.
func Iterate(ctor interface{}, hasNext, next interface{}) {
	c := read()
	obj := c.construct(ctor, c.Args)
	h, n := reflect.ValueOf(hasNext), reflect.ValueOf(next)
	results := []interface{}{}
	for h.Call([]reflect.Value{obj})[0].Bool() {
		results = append(results, show(n.Call([]reflect.Value{obj})[0], false))
	}
	write(results)
}

// Codec runs a codec (297, 449, 271, 535): the example's value encoded and decoded by one
// object, which must give it back (535's decode needs what its encode kept; 297's works either
// way).
func Codec(ctor interface{}, encode, decode interface{}) {
	c := read()
	if len(c.Args) == 0 {
		fail("the call has no argument")
	}
	enc := c.construct(ctor, []interface{}{})
	dec := enc
	e, d := reflect.ValueOf(encode), reflect.ValueOf(decode)
	data := e.Call([]reflect.Value{enc, c.convert(c.Args[0], e.Type().In(1))})[0]
	res := d.Call([]reflect.Value{dec, data})[0]
	if isNode(res.Type()) && res.IsNil() {
		write([]interface{}{})
		return
	}
	write(show(res, false))
}
