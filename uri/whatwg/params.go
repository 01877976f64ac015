package whatwg

import (
	"iter"
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	iw "github.com/specuri/specuri/internal/whatwg"
	"github.com/specuri/specuri/uri"
)

// SearchParams is the list of name-value pairs of an
// application/x-www-form-urlencoded string, with the semantics of the URL
// Standard's URLSearchParams class ("URLSearchParams class") and its parser and
// serializer ("application/x-www-form-urlencoded"). Its pairs are package uri's [uri.Param], the
// library's one query model; they are decoded as URLSearchParams decodes
// them, which differs from [uri.URI.Params] in two ways: a "%" not
// followed by two hex digits is kept as it is (uri.URI.Params only reads
// valid URIs), and bytes that are not UTF-8 after percent-decoding become
// U+FFFD, one for each maximal subpart of an ill-formed sequence as the
// Encoding Standard's UTF-8 decoder reads them ("%FF%FF" two, "%E2%82"
// one; uri.Params keeps the octets). Serializing writes every byte
// but ASCII alphanumerics and "*-._" percent-encoded, and a space as "+".
//
// SearchParams is a value; its methods with a pointer receiver change it.
// The zero SearchParams has no pairs.
type SearchParams struct {
	list []uri.Param
}

// ParseSearchParams parses s as application/x-www-form-urlencoded (URL
// Standard, "application/x-www-form-urlencoded parsing"),
// after removing one leading "?" as the URLSearchParams constructor does.
// It takes time and memory linear in s.
func ParseSearchParams(s string) SearchParams {
	s = strings.TrimPrefix(s, "?")
	var p SearchParams
	// Step 1: split on "&"; step 3: skip empty sequences.
	for seq := range strings.SplitSeq(s, "&") {
		if seq == "" {
			continue
		}
		// Steps 3.2-3.3: name before the first "=", value after it.
		name, value, _ := strings.Cut(seq, "=")
		// Steps 3.4-3.5.
		p.list = append(p.list, uri.Param{Key: formDecode(name), Value: formDecode(value)})
	}
	return p
}

// formDecode is steps 3.4-3.5 of the application/x-www-form-urlencoded
// parser for a name or a value: "+" as a space, percent-decoding, and
// UTF-8 decode without BOM, which makes each maximal subpart of an
// ill-formed sequence one U+FFFD ("%FF%FF" is two, "%E2%82" one).
func formDecode(s string) string {
	s = strings.ReplaceAll(s, "+", " ")
	return iw.UTF8Decode(iw.PercentDecode(s))
}

// SearchParams returns the pairs of u's query (URL Standard, the
// searchParams getter).
func (u URL) SearchParams() SearchParams { return ParseSearchParams(u.Query()) }

// String serializes p (URL Standard,
// "application/x-www-form-urlencoded serializing"), without "?".
func (p SearchParams) String() string {
	var b []byte
	for i, kv := range p.list {
		if i > 0 {
			b = append(b, '&')
		}
		b = iw.AppendForm(b, kv.Key)
		b = append(b, '=')
		b = iw.AppendForm(b, kv.Value)
	}
	return string(b)
}

// Len returns the number of pairs (URLSearchParams' size).
func (p SearchParams) Len() int { return len(p.list) }

// Pairs returns a copy of the pairs, in order (URL Standard,
// URLSearchParams' list).
func (p SearchParams) Pairs() []uri.Param { return slices.Clone(p.list) }

// All yields the names and values in order (URLSearchParams' iterator).
func (p SearchParams) All() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for _, kv := range p.list {
			if !yield(kv.Key, kv.Value) {
				return
			}
		}
	}
}

// Get returns the value of the first pair named name, and whether there
// is one (URLSearchParams' get, which returns null for none).
func (p SearchParams) Get(name string) (string, bool) {
	for _, kv := range p.list {
		if kv.Key == name {
			return kv.Value, true
		}
	}
	return "", false
}

// GetAll returns the values of the pairs named name, in order (URL
// Standard, URLSearchParams' getAll).
func (p SearchParams) GetAll(name string) []string {
	var v []string
	for _, kv := range p.list {
		if kv.Key == name {
			v = append(v, kv.Value)
		}
	}
	return v
}

// Has reports whether a pair is named name (URLSearchParams' has with one
// argument).
func (p SearchParams) Has(name string) bool {
	_, ok := p.Get(name)
	return ok
}

// Append adds the pair name=value at the end (URL Standard,
// URLSearchParams' append).
func (p *SearchParams) Append(name, value string) {
	p.list = append(slices.Clip(p.list), uri.Param{Key: valid(name), Value: valid(value)})
}

// Set makes value the only value of name: the first pair named name
// takes it and the others are removed; without one, the pair is appended
// (URL Standard, URLSearchParams' set).
func (p *SearchParams) Set(name, value string) {
	name, value = valid(name), valid(value)
	out := make([]uri.Param, 0, len(p.list)+1)
	found := false
	for _, kv := range p.list {
		if kv.Key != name {
			out = append(out, kv)
		} else if !found {
			out = append(out, uri.Param{Key: name, Value: value})
			found = true
		}
	}
	if !found {
		out = append(out, uri.Param{Key: name, Value: value})
	}
	p.list = out
}

// Delete removes the pairs named name (URL Standard, URLSearchParams'
// delete with one argument).
func (p *SearchParams) Delete(name string) {
	p.list = slices.DeleteFunc(slices.Clone(p.list), func(kv uri.Param) bool { return kv.Key == name })
}

// Sort sorts the pairs by name, stably, comparing names as sequences of
// UTF-16 code units as URLSearchParams' sort does.
func (p *SearchParams) Sort() {
	l := slices.Clone(p.list)
	slices.SortStableFunc(l, func(a, b uri.Param) int { return compareUTF16(a.Key, b.Key) })
	p.list = l
}

// valid makes s a string of scalar values, as a USVString argument is:
// one U+FFFD for each maximal subpart of an ill-formed sequence, as the
// package reads a query (the Encoding Standard's UTF-8 decode).
func valid(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return iw.UTF8Decode(s)
}

// compareUTF16 compares a and b as their UTF-16 code units.
func compareUTF16(a, b string) int {
	for a != "" && b != "" {
		ra, na := utf8.DecodeRuneInString(a)
		rb, nb := utf8.DecodeRuneInString(b)
		if ra != rb {
			ua, ub := units(ra), units(rb)
			if ua[0] != ub[0] {
				return int(ua[0]) - int(ub[0])
			}
			return int(ua[1]) - int(ub[1])
		}
		a, b = a[na:], b[nb:]
	}
	return len(a) - len(b)
}

// units returns the UTF-16 code units of r (the second 0 when one).
func units(r rune) [2]uint16 {
	if r >= 0x10000 {
		r1, r2 := utf16.EncodeRune(r)
		return [2]uint16{uint16(r1), uint16(r2)}
	}
	return [2]uint16{uint16(r), 0}
}

// WithSearchParams returns u with its query set to p serialized (URL
// Standard, URLSearchParams' "update steps"): no query when p is empty.
// The serialization holds no code point of the query percent-encode set,
// so this is the search setter ([URL.WithSearch]) of it.
func (u URL) WithSearchParams(p SearchParams) URL { return u.WithSearch(p.String()) }
