package tmplcompare

import (
	"fmt"

	jtacoma "github.com/jtacoma/uritemplates"
	"github.com/specuri/specuri/uri/template"
	std "github.com/std-uritemplate/std-uritemplate/go/v2"
	yosida95 "github.com/yosida95/uritemplate/v3"
)

// An implementation is one Go URI Template package, driven the way its
// documentation shows.
type implementation struct {
	name, module string
	// expand parses tmpl and expands it with vars.
	expand func(tmpl string, vars []variable) (string, error)
	// prepare parses tmpl and converts vars once, and returns a function
	// that expands the result: what a program that reuses a template does.
	// Packages without a parsed form parse on every call.
	prepare func(tmpl string, vars []variable) (func() (string, error), error)
}

var implementations = []implementation{
	{name: "specuri", module: "github.com/specuri/specuri/uri/template", prepare: prepareSpecuri},
	{name: "yosida95", module: "github.com/yosida95/uritemplate/v3", prepare: prepareYosida95},
	{name: "std", module: "github.com/std-uritemplate/std-uritemplate/go/v2", prepare: prepareStd},
	{name: "jtacoma", module: "github.com/jtacoma/uritemplates", prepare: prepareJtacoma},
}

func init() {
	for i := range implementations {
		im := &implementations[i]
		im.expand = func(tmpl string, vars []variable) (s string, err error) {
			defer func() {
				// A panic counts as a failed case, not as a crash of the run.
				if r := recover(); r != nil {
					err = fmt.Errorf("panic: %v", r)
				}
			}()
			f, err := im.prepare(tmpl, vars)
			if err != nil {
				return "", err
			}
			return f()
		}
	}
}

func prepareSpecuri(tmpl string, vars []variable) (func() (string, error), error) {
	t, err := template.Parse(tmpl)
	if err != nil {
		return nil, err
	}
	values := make(template.Values, len(vars))
	for _, v := range vars {
		var x template.Value
		if err := x.UnmarshalJSON(v.raw); err != nil {
			return nil, err
		}
		values[v.name] = x
	}
	return func() (string, error) { return t.Expand(values) }, nil
}

func prepareYosida95(tmpl string, vars []variable) (func() (string, error), error) {
	t, err := yosida95.New(tmpl)
	if err != nil {
		return nil, err
	}
	values := yosida95.Values{}
	for _, v := range vars {
		switch v.v.kind {
		case 's', 'n', 'b':
			values.Set(v.name, yosida95.String(v.v.s))
		case 'l':
			items := make([]string, 0, len(v.v.list))
			for _, e := range v.v.list {
				items = append(items, e.s)
			}
			values.Set(v.name, yosida95.List(items...))
		case 'o':
			kv := make([]string, 0, 2*len(v.v.pairs))
			for _, p := range v.v.pairs {
				kv = append(kv, p.key, p.val.s)
			}
			values.Set(v.name, yosida95.KV(kv...))
		}
	}
	return func() (string, error) { return t.Expand(values) }, nil
}

func prepareStd(tmpl string, vars []variable) (func() (string, error), error) {
	m, err := generic(vars)
	if err != nil {
		return nil, err
	}
	subs := std.Substitutions(m)
	return func() (string, error) { return std.Expand(tmpl, subs) }, nil
}

func prepareJtacoma(tmpl string, vars []variable) (func() (string, error), error) {
	t, err := jtacoma.Parse(tmpl)
	if err != nil {
		return nil, err
	}
	m, err := generic(vars)
	if err != nil {
		return nil, err
	}
	return func() (string, error) { return t.Expand(m) }, nil
}
