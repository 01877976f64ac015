package template

import (
	"slices"
	"strings"

	"github.com/specuri/specuri/uri/internal/octets"
)

type occState uint8

const (
	unseen    occState = iota
	undefined          // no value
	maybe              // empty text that is an empty string or undefined
	defined
)

type occurrence struct {
	state  occState
	val    Value
	raw    string
	from   int   // the text of the expression it was read from: uri[from:to]
	to     int   // (without its lead)
	prefix int   // the prefix modifier the value was read with, 0 = full
	weak   bool  // a "+" or "#" string that may have been a list
	alt    Value // another reading of the same text, or undefined
}

// merge returns the occurrence that stands for both a and b, and whether
// they agree.
func merge(a, b occurrence) (occurrence, bool) {
	if a.state == maybe {
		a, b = b, a
	}
	switch {
	case b.state == maybe:
		switch a.state {
		case maybe, undefined:
			return a, true
		case defined:
			return a, flatJoin(a.val) == ""
		}
	case a.state == undefined || b.state == undefined:
		return a, a.state == b.state
	}
	return mergeDefined(a, b)
}

// mergeAlt is merge, trying the other reading of a and of b where the
// first disagree.
func mergeAlt(a, b occurrence) (occurrence, bool) {
	if m, ok := merge(a, b); ok {
		return m, true
	}
	for _, x := range [][2]occurrence{{a, withAlt(b)}, {withAlt(a), b}, {withAlt(a), withAlt(b)}} {
		if m, ok := merge(x[0], x[1]); ok {
			return m, true
		}
	}
	return a, false
}

// withAlt returns o read the other way, or o.
func withAlt(o occurrence) occurrence {
	if o.alt.Defined() {
		o.val, o.alt = o.alt, Value{}
	}
	return o
}

// mergeDefined is merge for two defined occurrences.
func mergeDefined(a, b occurrence) (occurrence, bool) {
	if a.prefix != 0 || b.prefix != 0 {
		if a.prefix == 0 || (b.prefix != 0 && b.prefix < a.prefix) {
			a, b = b, a
		}
		// a has the shorter prefix (or b none): a's string begins b's.
		if a.val.Kind() == KindString && b.val.Kind() == KindString {
			return b, a.val.Str() == firstRunes(b.val.Str(), a.prefix)
		}
	}
	if a.weak || b.weak {
		if a.weak {
			a, b = b, a
		}
		return a, flatJoin(a.val) == flatJoin(b.val)
	}
	if !slices.Equal(flat(a.val), flat(b.val)) {
		return a, false
	}
	if rank(b.val) > rank(a.val) {
		return b, true
	}
	return a, true
}

// rank orders the kinds from the least to the most telling.
func rank(v Value) int {
	switch v.Kind() {
	case KindList:
		return 2
	case KindAssoc:
		return 3
	}
	return 1
}

func firstRunes(s string, n int) string {
	for i := range s {
		if n == 0 {
			return s[:i]
		}
		n--
	}
	return s
}

// flat is a value's strings in expansion order: a list's items, an
// associative array's keys and values (§3.2.1).
func flat(v Value) []string {
	var out []string
	each(v, func(s string) { out = append(out, s) })
	return out
}

func flatJoin(v Value) string { return strings.Join(flat(v), ",") }

func each(v Value, f func(string)) {
	switch v.Kind() {
	case KindString:
		f(v.Str())
	case KindList:
		for _, s := range v.List() {
			f(s)
		}
	case KindAssoc:
		for _, p := range v.Pairs() {
			f(p.Key)
			f(p.Value)
		}
	}
}

// decode decodes each pct-encoded triplet of s once (RFC 3986 §2.1).
func decode(s string) string {
	if !strings.Contains(s, "%") {
		return s
	}
	return string(appendDecoded(make([]byte, 0, len(s)), s))
}

// appendDecoded appends s to b with each pct-encoded triplet decoded once
// (RFC 3986 §2.1).
func appendDecoded(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if isTriplet(s, i) {
			b = append(b, octets.Unhex(s[i+1])<<4|octets.Unhex(s[i+2]))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return b
}
