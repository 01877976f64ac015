package uri

import (
	"fmt"
	"iter"
	"strings"

	"github.com/specuri/specuri/uri/internal/octets"
)

// DefaultMaxPairs is how many pairs a query may have for [ParseParams],
// [URI.Params] and [QueryOptions.Split], unless the caller
// sets another limit. RFC 3986 sets none (§3.4); net/url
// refuses more than 10,000 since its fix for CVE-2025-61726, and so does
// this package, so that a hostile query cannot make it allocate without
// bound.
const DefaultMaxPairs = 10000

// A LimitError reports an input that exceeds one of the package's
// documented limits (RFC 3986 sets none on lengths or counts). What names
// what was counted, such as "query pairs".
type LimitError struct {
	What  string
	Limit int
}

func (e *LimitError) Error() string {
	return fmt.Sprintf("uri: more than %d %s", e.Limit, e.What)
}

// Param is one key/value pair of a query (RFC 3986 §3.4), decoded. The
// "key=value" convention is the form encoding of HTML, not part of RFC
// 3986, which leaves the query's structure to the scheme.
type Param struct {
	Key, Value string
}

// ParseParams reads query, a query without its "?" (RFC 3986 §3.4), as
// [Params], the package's model of a query: "+" reads as a space, empty
// pieces are kept, and editing keeps the text it does not touch. It is
// what [URI.Params] returns for a URI with that query: the query must
// match RFC 3986's query rule, or the error is a [*ParseError] with the
// offset of the first byte it refuses ("a=1#f" at 3, "q=%zz" at 2). A
// query with more than [DefaultMaxPairs] pieces separated by "&" is a
// [*LimitError], found before anything is allocated.
func ParseParams(query string) (Params, error) {
	if err := checkPieceLimit(query); err != nil {
		return Params{}, err
	}
	if err := RFC3986.engine().matchRule("query", query); err != nil {
		return Params{}, err
	}
	return readParams(query)
}

// Pairs returns the pairs of p, decoded, in order, duplicates included,
// as [Params.All] yields them: the []Param that [QueryOptions.Encode]
// writes and the [QueryOptions] view of the same query with Form set reads.
// It is nil when p has no pair.
func (p Params) Pairs() []Param {
	var out []Param
	for name, value := range p.All() {
		out = append(out, Param{Key: name, Value: value})
	}
	return out
}

// QueryOptions is a view of a query (RFC 3986 §3.4) as a list of [Param],
// for a caller that needs a reading [Params] does not give: "+" read as
// itself, ";" as a separator, or another limit on pairs. [Params] is the
// model of a query that [URI.Params], [URI.WithParams] and [ParseParams]
// share; QueryOptions{Form: true}.Split reads the pairs of a query as
// Params does (its Pairs), with empty pairs skipped.
//
// Each call reads "+" one way, the one its Form field names: the zero
// value splits on "&" only and reads "+" as itself, as RFC 3986 does (a
// "+" is a sub-delim, §2.2); Form reads it as a space, as Params and
// HTML forms do.
type QueryOptions struct {
	// Semicolon also splits pairs on ";".
	Semicolon bool
	// Form reads "+" as a space and writes a space as "+" (the
	// application/x-www-form-urlencoded convention, the reading of
	// [Params]), encoding "+" itself as "%2B".
	Form bool
	// MaxPairs is the most pairs Split accepts before it returns a
	// [*LimitError]: 0 means DefaultMaxPairs, a negative value no limit.
	// Empty pairs, which Split skips, are not counted ([URI.Params], which
	// keeps them, counts them as net/url does).
	MaxPairs int
}

// ParseQuery splits a query (RFC 3986 §3.4) into its pairs with the zero
// QueryOptions: QueryOptions{}.Split(query), so with at most
// [DefaultMaxPairs] pairs, and "+" read as itself.
//
// Deprecated: ParseQuery reads "+" as itself, the opposite of [Params]
// and [URI.Params]. Use [ParseParams] to read a query as Params does, or
// QueryOptions{}.Split to read "+" as itself by name.
func ParseQuery(query string) ([]Param, error) { return QueryOptions{}.Split(query) }

// Split splits a query (RFC 3986 §3.4), without its "?", into key/value
// pairs in order, duplicates kept, and decodes them (§2.1), reading "+"
// as o.Form says. Pairs are separated by "&" (and ";" with Semicolon);
// empty pairs are skipped; a pair without "=" has an empty Value. A
// malformed percent-encoding is a [*ParseError] with its byte offset in
// query; other bytes are not checked against the query rule (use
// [ParseParams] for that).
//
// A query of more than o.MaxPairs pairs (DefaultMaxPairs when 0, no limit
// when negative) is refused with &LimitError{What: "query pairs", Limit:
// n}, found by counting the pairs before anything is allocated.
func (o QueryOptions) Split(query string) ([]Param, error) {
	n := o.countPairs(query)
	if limit := o.maxPairs(); limit >= 0 && n > limit {
		return nil, &LimitError{What: "query pairs", Limit: limit}
	}
	if n == 0 {
		return nil, nil
	}
	out := make([]Param, 0, n)
	for start, raw := range pieces(query, o.Semicolon) {
		if raw == "" {
			continue
		}
		k, v, err := decodePair(raw, start, o.Form)
		if err != nil {
			return nil, err
		}
		out = append(out, Param{Key: k, Value: v})
	}
	return out, nil
}

// pieces yields the pieces of query separated by "&" (and ";" with
// semicolon), empty ones included, each with its offset in query. It is
// the one way this package splits a query, for [Params] and
// [QueryOptions] alike.
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

// maxPairs returns the limit on pairs, or -1 for none.
func (o QueryOptions) maxPairs() int {
	switch {
	case o.MaxPairs == 0:
		return DefaultMaxPairs
	case o.MaxPairs < 0:
		return -1
	}
	return o.MaxPairs
}

// countPairs counts the non-empty pairs of query, as Split reads them.
func (o QueryOptions) countPairs(query string) int {
	n, empty := 0, true
	for i := 0; i < len(query); i++ {
		if c := query[i]; c == '&' || o.Semicolon && c == ';' {
			empty = true
		} else if empty {
			n, empty = n+1, false
		}
	}
	return n
}

// Encode encodes pairs as a query (RFC 3986 §3.4, §2.1): "key=value"
// joined by "&", each key and value percent-encoded so that [QueryOptions.Split]
// with the same options gives them back. "&", ";", "=" and "+" are always
// encoded; with Form a space is written "+". Either way, [ParseParams]
// reads the result back as the same pairs.
func (o QueryOptions) Encode(params []Param) string {
	var b strings.Builder
	for i, p := range params {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(o.encode(p.Key))
		b.WriteByte('=')
		b.WriteString(o.encode(p.Value))
	}
	return b.String()
}

func (o QueryOptions) encode(s string) string {
	e := octets.Encode(s, &queryParamSet)
	if o.Form {
		e = strings.ReplaceAll(e, "%20", "+")
	}
	return e
}
