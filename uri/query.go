package uri

import (
	"fmt"
	"strings"

	"github.com/specuri/specuri/uri/internal/octets"
)

// DefaultMaxPairs is how many pairs a query may have for
// [QueryOptions.Split], [ParseQuery] and [URI.Params], unless the caller
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

// QueryOptions selects the conventions [QueryOptions.Split] and
// [QueryOptions.Encode] use for a query (RFC 3986 §3.4). The zero value
// splits on "&" only and reads "+" as itself.
type QueryOptions struct {
	// Semicolon also splits pairs on ";".
	Semicolon bool
	// Form reads "+" as a space and writes a space as "+" (the
	// application/x-www-form-urlencoded convention), encoding "+" itself
	// as "%2B".
	Form bool
	// MaxPairs is the most pairs Split accepts before it returns a
	// [*LimitError]: 0 means DefaultMaxPairs, a negative value no limit.
	// Empty pairs, which Split skips, are not counted ([URI.Params], which
	// keeps them, counts them as net/url does).
	MaxPairs int
}

// ParseQuery splits a query (RFC 3986 §3.4) into its pairs with the zero
// QueryOptions: QueryOptions{}.Split(query), so with at most
// [DefaultMaxPairs] pairs.
func ParseQuery(query string) ([]Param, error) { return QueryOptions{}.Split(query) }

// Split splits a query (RFC 3986 §3.4), without its "?", into key/value
// pairs in order, duplicates kept, and decodes them (§2.1). Pairs are
// separated by "&" (and ";" with Semicolon); empty pairs are skipped; a
// pair without "=" has an empty Value. A malformed percent-encoding is a
// [*ParseError] with its byte offset in query.
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
	start := 0
	for start <= len(query) {
		end := start
		for end < len(query) && query[end] != '&' && !(o.Semicolon && query[end] == ';') {
			end++
		}
		if end > start {
			pair := query[start:end]
			k, v, _ := strings.Cut(pair, "=")
			dk, err := o.decode(k, start)
			if err != nil {
				return nil, err
			}
			dv, err := o.decode(v, start+len(k)+1)
			if err != nil {
				return nil, err
			}
			out = append(out, Param{Key: dk, Value: dv})
		}
		start = end + 1
	}
	return out, nil
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

func (o QueryOptions) decode(s string, offset int) (string, error) {
	if o.Form {
		s = strings.ReplaceAll(s, "+", " ")
	}
	d, err := decodeOctets(s, "query")
	if pe, ok := err.(*ParseError); ok {
		pe.Offset += offset
		return "", pe
	}
	return d, err
}

// queryParamSet is the bytes of query (RFC 3986 §3.4) without the
// separators of pairs and of keys from values, and without "+".
// It is set by initQueryParamSet, after the sets of percent.go.
var queryParamSet octets.Set

func initQueryParamSet() {
	s := encodingSets[QueryEncoding]
	for _, c := range []byte("&;=+") {
		s = s.Without(c)
	}
	queryParamSet = s
}

// Encode encodes pairs as a query (RFC 3986 §3.4, §2.1): "key=value"
// joined by "&", each key and value percent-encoded so that [QueryOptions.Split]
// with the same options gives them back. "&", ";", "=" and "+" are always
// encoded; with Form a space is written "+".
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
