package template

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
)

// Kind is the type of a [Value] (RFC 6570 §2.3): a string, a list or an
// associative array. The zero Kind, Undefined, is the kind of the zero
// Value.
type Kind uint8

// The kinds of [Value] (RFC 6570 §2.3).
const (
	Undefined  Kind = iota // no value: the variable is undefined (§2.3)
	KindString             // a string (§2.3)
	KindList               // a list of strings (§2.3, §2.4.2)
	KindAssoc              // an associative array: ordered (name, value) pairs (§2.3)
)

var kindNames = [...]string{Undefined: "undefined", KindString: "string", KindList: "list", KindAssoc: "associative array"}

// String returns a lower-case name for k (RFC 6570 §2.3).
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", uint8(k))
}

// Value is the value of a variable (RFC 6570 §2.3, §2.4): a string, a list
// of strings, or an associative array of (name, value) pairs in a given
// order. Strings are expanded as their bytes; non-ASCII text is expected to
// be UTF-8 (RFC 6570 §1.6), and other bytes are percent-encoded one by one.
// The zero Value is undefined. Values are immutable: the constructors and
// accessors copy.
type Value struct {
	kind  Kind
	s     string
	list  []string
	pairs []Pair
}

// Pair is a (name, value) pair of an associative array (RFC 6570 §2.3).
type Pair struct{ Key, Value string }

// String returns the string value s (RFC 6570 §2.3). The empty string is
// defined (§3.2.1: empty is not undefined).
func String(s string) Value { return Value{kind: KindString, s: s} }

// List returns the list value of items, in order (RFC 6570 §2.3). A list
// of no items is undefined (§2.3).
func List(items ...string) Value {
	return Value{kind: KindList, list: slices.Clone(items)}
}

// Assoc returns the associative array of pairs, in the given order (RFC
// 6570 §2.3). An associative array of no pairs is undefined (§2.3).
func Assoc(pairs ...Pair) Value {
	return Value{kind: KindAssoc, pairs: slices.Clone(pairs)}
}

// AssocMap returns the associative array of the pairs of m (RFC 6570 §2.3)
// with the keys in sorted order, since a map has no order.
func AssocMap(m map[string]string) Value {
	pairs := make([]Pair, 0, len(m))
	for k, v := range m {
		pairs = append(pairs, Pair{k, v})
	}
	slices.SortFunc(pairs, func(a, b Pair) int {
		switch {
		case a.Key < b.Key:
			return -1
		case a.Key > b.Key:
			return 1
		}
		return 0
	})
	return Value{kind: KindAssoc, pairs: pairs}
}

// Kind returns the kind of v (RFC 6570 §2.3); Undefined for the zero
// Value.
func (v Value) Kind() Kind { return v.kind }

// Str returns the string of a string value (RFC 6570 §2.3), or "".
func (v Value) Str() string { return v.s }

// List returns a copy of the items of a list value (RFC 6570 §2.3), or
// nil.
func (v Value) List() []string { return slices.Clone(v.list) }

// Pairs returns a copy of the pairs of an associative array (RFC 6570
// §2.3), in order, or nil.
func (v Value) Pairs() []Pair { return slices.Clone(v.pairs) }

// String returns v in a form for printing and logs, as its JSON form
// ([Value.MarshalJSON]): a string quoted, a list as an array, an
// associative array as an object in pair order, undefined as null. For the
// text of a string value, use [Value.Str].
func (v Value) String() string {
	b, err := v.MarshalJSON()
	if err != nil {
		return "null"
	}
	return string(b)
}

// Defined reports whether v is defined (RFC 6570 §2.3): a string, even
// empty, is; a list or associative array is when it has a member.
func (v Value) Defined() bool {
	switch v.kind {
	case KindString:
		return true
	case KindList:
		return len(v.list) > 0
	case KindAssoc:
		return len(v.pairs) > 0
	}
	return false
}

// Values holds the values of the variables of a template, by varname as
// written in the template (RFC 6570 §2.3). A name that is missing, or
// whose Value is not [Value.Defined], is undefined.
type Values map[string]Value

// MarshalJSON encodes v as JSON: a string value as a string, a list as an
// array, an associative array as an object with its keys in order (RFC
// 6570 §2.3), and an undefined value as null.
func (v Value) MarshalJSON() ([]byte, error) {
	switch v.kind {
	case KindString:
		return json.Marshal(v.s)
	case KindList:
		if len(v.list) == 0 {
			return []byte("[]"), nil
		}
		return json.Marshal(v.list)
	case KindAssoc:
		var b bytes.Buffer
		b.WriteByte('{')
		for i, p := range v.pairs {
			if i > 0 {
				b.WriteByte(',')
			}
			k, err := json.Marshal(p.Key)
			if err != nil {
				return nil, err
			}
			val, err := json.Marshal(p.Value)
			if err != nil {
				return nil, err
			}
			b.Write(k)
			b.WriteByte(':')
			b.Write(val)
		}
		b.WriteByte('}')
		return b.Bytes(), nil
	}
	return []byte("null"), nil
}

// errNested is the error of UnmarshalJSON for an array or object inside a
// list or associative array (RFC 6570 §2.3: their members are strings).
var errNested = errors.New("template: a list or associative array member must be a string, number or boolean (RFC 6570 §2.3)")

// UnmarshalJSON decodes a Value from JSON (RFC 6570 §2.3): a string is a
// string value; a number is the string of its literal text (12, 37.76,
// 1e3 as written); true and false are the strings "true" and "false"; null
// is undefined; an array is a list and an object an associative array with
// its keys in the order written. Members of arrays and objects must be
// strings, numbers or booleans: a nested array or object, or null, is an
// error.
func (v *Value) UnmarshalJSON(data []byte) error {
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	tok, err := d.Token()
	if err != nil {
		return err
	}
	var out Value
	switch tok := tok.(type) {
	case nil:
	case json.Delim:
		if tok == '[' {
			out.kind = KindList
			for d.More() {
				s, err := scalar(d)
				if err != nil {
					return err
				}
				out.list = append(out.list, s)
			}
		} else { // '{': Token returns no other opening delimiter
			out.kind = KindAssoc
			for d.More() {
				k, err := d.Token() // a key is a string
				if err != nil {
					return err
				}
				s, err := scalar(d)
				if err != nil {
					return err
				}
				out.pairs = append(out.pairs, Pair{k.(string), s})
			}
		}
		if _, err := d.Token(); err != nil { // the closing delimiter
			return err
		}
	default:
		s, ok := scalarText(tok)
		if !ok {
			return errNested // not reached: tok is not a delimiter
		}
		out = String(s)
	}
	if _, err := d.Token(); err != io.EOF {
		return errors.New("template: trailing data after a JSON value")
	}
	*v = out
	return nil
}

// scalar reads a string, number or boolean from d as a string.
func scalar(d *json.Decoder) (string, error) {
	tok, err := d.Token()
	if err != nil {
		return "", err
	}
	s, ok := scalarText(tok)
	if !ok {
		return "", errNested
	}
	return s, nil
}

// scalarText returns the string of a JSON string, number or boolean token.
func scalarText(tok json.Token) (string, bool) {
	switch tok := tok.(type) {
	case string:
		return tok, true
	case json.Number:
		return string(tok), true
	case bool:
		if tok {
			return "true", true
		}
		return "false", true
	}
	return "", false
}
