package tmplcompare

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// suiteDir holds the public uritemplate-test suite (testdata/uritemplate-test
// of the repository).
var suiteDir = filepath.Join("..", "..", "testdata", "uritemplate-test")

// suiteFiles are the four files of the suite, 270 cases in all.
var suiteFiles = []string{
	"spec-examples.json",
	"spec-examples-by-section.json",
	"extended-tests.json",
	"negative-tests.json",
}

// A suiteCase is one test case of the suite: a template, the variables of
// its group, and the acceptable expansions (none when the template or its
// expansion must fail).
type suiteCase struct {
	file, group string
	template    string
	vars        []variable
	want        []string // acceptable expansions; nil: must fail
}

// A variable is one variable of a group, both as the raw JSON (for the
// packages that take encoding/json's generic values) and as an ordered
// value (for those that take typed values, whose pair order matters).
type variable struct {
	name string
	raw  json.RawMessage
	v    jv
}

// jv is a JSON value with the order of an object's members kept.
type jv struct {
	kind  byte // 's' string, 'n' number, 'b' bool, 'z' null, 'l' array, 'o' object
	s     string
	list  []jv
	pairs []jpair
}

type jpair struct {
	key string
	val jv
}

// loadSuite reads every case of the four files.
func loadSuite(t testing.TB) []suiteCase {
	t.Helper()
	var cases []suiteCase
	for _, f := range suiteFiles {
		data, err := os.ReadFile(filepath.Join(suiteDir, f))
		if err != nil {
			t.Fatal(err)
		}
		var groups map[string]struct {
			Variables json.RawMessage      `json:"variables"`
			Testcases [][2]json.RawMessage `json:"testcases"`
		}
		if err := json.Unmarshal(data, &groups); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		names := make([]string, 0, len(groups))
		for g := range groups {
			names = append(names, g)
		}
		slices.Sort(names)
		for _, g := range names {
			vars, err := readVariables(groups[g].Variables)
			if err != nil {
				t.Fatalf("%s: %s: %v", f, g, err)
			}
			for _, tc := range groups[g].Testcases {
				c := suiteCase{file: f, group: g, vars: vars}
				if err := json.Unmarshal(tc[0], &c.template); err != nil {
					t.Fatalf("%s: %s: %v", f, g, err)
				}
				c.want, err = readExpected(tc[1])
				if err != nil {
					t.Fatalf("%s: %s: %q: %v", f, g, c.template, err)
				}
				cases = append(cases, c)
			}
		}
	}
	return cases
}

// readExpected reads a case's expected result: a string, an array of
// acceptable strings, or false.
func readExpected(raw json.RawMessage) ([]string, error) {
	var one string
	if err := json.Unmarshal(raw, &one); err == nil {
		return []string{one}, nil
	}
	var many []string
	if err := json.Unmarshal(raw, &many); err == nil {
		return many, nil
	}
	var b bool
	if err := json.Unmarshal(raw, &b); err == nil && !b {
		return nil, nil
	}
	return nil, fmt.Errorf("expected result %s is not a string, an array or false", raw)
}

// readVariables reads a group's variables in the order they are written.
func readVariables(raw json.RawMessage) ([]variable, error) {
	var members map[string]json.RawMessage
	if err := json.Unmarshal(raw, &members); err != nil {
		return nil, err
	}
	obj, err := decodeOrdered(raw)
	if err != nil {
		return nil, err
	}
	if obj.kind != 'o' {
		return nil, fmt.Errorf("variables are not an object")
	}
	vars := make([]variable, 0, len(obj.pairs))
	for _, p := range obj.pairs {
		vars = append(vars, variable{name: p.key, raw: members[p.key], v: p.val})
	}
	return vars, nil
}

// decodeOrdered decodes one JSON value, keeping object members in order.
func decodeOrdered(raw []byte) (jv, error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	return decodeValue(d)
}

func decodeValue(d *json.Decoder) (jv, error) {
	tok, err := d.Token()
	if err != nil {
		return jv{}, err
	}
	switch x := tok.(type) {
	case string:
		return jv{kind: 's', s: x}, nil
	case json.Number:
		return jv{kind: 'n', s: x.String()}, nil
	case bool:
		return jv{kind: 'b', s: fmt.Sprint(x)}, nil
	case nil:
		return jv{kind: 'z'}, nil
	case json.Delim:
		v := jv{kind: 'l'}
		if x == '{' {
			v.kind = 'o'
		}
		for d.More() {
			var key string
			if v.kind == 'o' {
				k, err := d.Token()
				if err != nil {
					return jv{}, err
				}
				key = k.(string)
			}
			e, err := decodeValue(d)
			if err != nil {
				return jv{}, err
			}
			if v.kind == 'o' {
				v.pairs = append(v.pairs, jpair{key, e})
			} else {
				v.list = append(v.list, e)
			}
		}
		if _, err := d.Token(); err != nil { // the closing delimiter
			return jv{}, err
		}
		return v, nil
	}
	return jv{}, fmt.Errorf("unexpected JSON token %v", tok)
}

// generic decodes the variables as encoding/json's generic values, the
// form the packages that take map[string]any are given in their own tests.
func generic(vars []variable) (map[string]any, error) {
	m := make(map[string]any, len(vars))
	for _, v := range vars {
		var x any
		if err := json.Unmarshal(v.raw, &x); err != nil {
			return nil, err
		}
		m[v.name] = x
	}
	return m, nil
}

// passes reports whether an implementation's result for c is one the
// suite accepts.
func passes(c suiteCase, got string, err error) bool {
	if c.want == nil {
		return err != nil
	}
	return err == nil && slices.Contains(c.want, got)
}

// mapTries is how many times a case is expanded before it counts as
// failed. A package that takes an associative array as a Go map is not
// told the order of its members, which the suite's results fix, so its
// result may change with the map's iteration order from one call to the
// next (jtacoma's for "{keys}"): a case it passes in one order counts as
// passed.
const mapTries = 16

// tryExpand expands c with im up to mapTries times, and returns the first
// result the suite accepts, else the last.
func tryExpand(im implementation, c suiteCase) (got string, err error) {
	for range mapTries {
		if got, err = im.expand(c.template, c.vars); passes(c, got, err) {
			break
		}
	}
	return got, err
}

// wantPasses is the number of suite cases each implementation passes, as
// the README's comparison table reports it. A change of any of them (a new
// version of a package, a change of specuri) fails the test, so that the
// table is updated with it.
var wantPasses = map[string]int{
	"specuri":  270,
	"yosida95": 249,
	"std":      260,
	"jtacoma":  239,
}

// TestSuitePasses runs the whole suite through every implementation and
// compares the number of cases each passes with wantPasses. With -v it
// lists the cases each one fails.
func TestSuitePasses(t *testing.T) {
	cases := loadSuite(t)
	if len(cases) != 270 {
		t.Fatalf("the suite has %d cases, want 270", len(cases))
	}
	for _, im := range implementations {
		t.Run(im.name, func(t *testing.T) {
			n := 0
			var failed []string
			for _, c := range cases {
				got, err := tryExpand(im, c)
				if passes(c, got, err) {
					n++
					continue
				}
				failed = append(failed, fmt.Sprintf("%s %s %q: got %q, %v; want %q", c.file, c.group, c.template, got, err, c.want))
			}
			t.Logf("%s (%s): %d/%d passed", im.name, im.module, n, len(cases))
			if testing.Verbose() {
				t.Log("failed:\n" + strings.Join(failed, "\n"))
			}
			if n != wantPasses[im.name] {
				t.Errorf("%s passes %d cases, want %d (update wantPasses and the README's table)", im.name, n, wantPasses[im.name])
			}
		})
	}
}
