package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/specuri/specuri/uri/template"
)

// varFlag is --var NAME=VALUE of template expand, repeatable: each a
// string value (RFC 6570 §2.3), set after the variables of --vars, so
// that it overrides them.
type varFlag struct {
	names, values []string
}

func (v *varFlag) String() string { return "" }

func (v *varFlag) Set(s string) error {
	name, value, ok := strings.Cut(s, "=")
	if !ok || name == "" {
		return errors.New("want NAME=VALUE")
	}
	v.names = append(v.names, name)
	v.values = append(v.values, value)
	return nil
}

// apply sets the variables of v in vars, which it returns (a new map when
// vars is nil).
func (v *varFlag) apply(vars template.Values) template.Values {
	if len(v.names) == 0 {
		return vars
	}
	if vars == nil {
		vars = template.Values{}
	}
	for i, name := range v.names {
		vars[name] = template.String(v.values[i])
	}
	return vars
}

// allUndefined reports whether t has variables and none of them is
// defined in vars: an expansion that is then most likely not what was
// meant (RFC 6570 §3.2.1: undefined variables expand to nothing).
func allUndefined(t *template.Template, vars template.Values) bool {
	names := t.Varnames()
	if len(names) == 0 {
		return false
	}
	for _, n := range names {
		if _, ok := vars[n]; ok {
			return false
		}
	}
	return true
}

// undefinedWarning is the note on standard error for allUndefined.
func undefinedWarning(e *env, cmd string) {
	fmt.Fprintf(e.stderr, "uri %s: warning: none of the template's variables is defined; give them with --var NAME=VALUE or --vars FILE\n", cmd)
}
