package uri

import (
	"iter"
	"strings"
)

// DefaultMaxPairs is how many pieces (pairs and empty pieces) a query may
// have for [URI.Params], [ParseParams] and [ParamsOptions.Parse], unless
// the caller sets another limit ([ParamsOptions.MaxPairs]). RFC 3986 sets none (§3.4); net/url
// refuses more than 10,000 since its fix for CVE-2025-61726, and so does
// this package, so that a hostile query cannot make it allocate without
// bound.
const DefaultMaxPairs = 10000

// Param is one key/value pair of a query (RFC 3986 §3.4), decoded. The
// "key=value" convention is the form encoding of HTML, not part of RFC
// 3986, which leaves the query's structure to the scheme.
type Param struct {
	Key, Value string
}

// Pairs returns the pairs of p, decoded, in order, duplicates included,
// as [Params.All] yields them. It is nil when p has no pair.
func (p Params) Pairs() []Param {
	var out []Param
	for name, value := range p.All() {
		out = append(out, Param{Key: name, Value: value})
	}
	return out
}

// pieces yields the pieces of query separated by "&" (and ";" with
// semicolon), empty ones included, each with its offset in query. It is
// the one way this package splits a query.
func pieces(query string, semicolon bool) iter.Seq2[int, string] {
	return func(yield func(int, string) bool) {
		start := 0
		for start <= len(query) {
			end := start
			for end < len(query) && query[end] != '&' && !(semicolon && query[end] == ';') {
				end++
			}
			if !yield(start, query[start:end]) {
				return
			}
			start = end + 1
		}
	}
}

// decodePair decodes the name and value of raw, a piece of a query at
// offset start: the name ends at the first "=", and "+" is a space when
// form is set. A malformed percent-encoding is a [*ParseError] at its
// offset in the query.
func decodePair(raw string, start int, form bool) (name, value string, err error) {
	k, v, _ := strings.Cut(raw, "=")
	if name, err = decodeQueryPart(k, start, form); err != nil {
		return "", "", err
	}
	if value, err = decodeQueryPart(v, start+len(k)+1, form); err != nil {
		return "", "", err
	}
	return name, value, nil
}

// decodeQueryPart decodes s, a name or value at offset in a query (RFC
// 3986 §3.4, §2.1), "+" being a space when form is set. A malformed
// percent-encoding is a [*ParseError] at its offset in the query.
func decodeQueryPart(s string, offset int, form bool) (string, error) {
	if form {
		s = strings.ReplaceAll(s, "+", " ")
	}
	d, err := decodeOctets(s, "query")
	if pe, ok := err.(*ParseError); ok {
		pe.Offset += offset
		return "", pe
	}
	return d, err
}
