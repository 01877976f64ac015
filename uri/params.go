package uri

import (
	"iter"
	"maps"
	"slices"
	"strings"
)

// Params is the name=value pairs of a query (RFC 3986 §3.4) for reading and
// lossless editing, as [URI.Params] returns and [URI.WithParams] writes
// them. RFC 3986 leaves the query's structure to the scheme; Params follows
// the convention of HTML forms (application/x-www-form-urlencoded) as
// browsers (WHATWG URL) and net/url's url.Values read it: pairs are
// separated by "&", empty ones skipped; a name ends at the first "="
// (without one the value is empty); "+" reads as a space; percent-encodings
// are decoded (§2.1), the octets kept as they are. A ";" is an ordinary
// byte, as in browsers (net/url refuses a pair that holds one).
//
// Editing keeps everything it does not touch: the pairs that Set, Add and
// Del leave alone keep their text byte for byte and their order, and so do
// empty pieces ("&&"). A name or value that Set or Add writes is encoded
// so that every reading gives it back: "%20" for a space, "%2B" for "+",
// and "&", "=", ";", "#", "%" and every byte the query rule refuses
// percent-encoded.
//
// Params is a value: assigning it makes a copy, and changing one copy
// never changes another. As for a slice, two goroutines must not change
// copies of one Params at the same time; reading is always safe. The zero
// Params has no pairs and is ready to use.
type Params struct {
	pieces []piece
}

// piece is the text between two "&" of a query: a pair, or an empty
// piece, which is the zero piece.
type piece struct {
	raw         string // as read; "" for an empty piece and for a pair that Set or Add wrote
	name, value string // decoded
	written     bool   // written by Set or Add: raw is to be encoded from name and value
}

func (c piece) isPair() bool { return c.raw != "" || c.written }

// Params returns the pairs of u's query (RFC 3986 §3.4), read as [Params]
// describes: those of "?q=red+shoes&page=1" are q = "red shoes" and
// page = "1". A URI without a query, or with an empty one, has none.
//
// A query with more than [DefaultMaxPairs] pieces separated by "&", empty
// ones included (net/url counts them the same way), is a [*LimitError],
// so that a hostile query cannot make Params allocate without bound.
func (u URI) Params() (Params, error) {
	q, _ := u.Query()
	if err := checkPieceLimit(q); err != nil {
		return Params{}, err
	}
	return readParams(q)
}

// checkPieceLimit returns a [*LimitError] when q, a query, has more than
// [DefaultMaxPairs] pieces separated by "&", the limit of [Params]; it
// counts without allocating.
func checkPieceLimit(q string) error {
	if strings.Count(q, "&") >= DefaultMaxPairs {
		return &LimitError{What: "query pairs", Limit: DefaultMaxPairs}
	}
	return nil
}

// readParams reads q, a query that the grammar matched, as [Params]
// describes: the pieces that [pieces] yields, "+" a space.
func readParams(q string) (Params, error) {
	if q == "" {
		return Params{}, nil
	}
	out := make([]piece, 0, strings.Count(q, "&")+1)
	for start, raw := range pieces(q, false) {
		if raw == "" {
			out = append(out, piece{})
			continue
		}
		name, value, err := decodePair(raw, start, true)
		if err != nil {
			return Params{}, err
		}
		out = append(out, piece{raw: raw, name: name, value: value})
	}
	return Params{pieces: out}, nil
}

// WithParams returns u with its query (RFC 3986 §3.4) set to p, written as
// [Params] describes: the pairs p read from a query and did not change keep
// their text, so u.WithParams(p) is u for the p that u.Params() returns.
//
// An empty p (no pairs and no empty pieces) changes the query's content,
// not its presence: u's query becomes empty ("?") if u had a query, and
// stays undefined if it had none. [URI.WithoutQuery] removes the query;
// [URI.WithRawQuery] sets it to "" explicitly.
//
// In a value whose [URI.Syntax] is [RFC3987], names and values written by
// Set or Add keep the characters an IRI allows in a query (RFC 3987 §2.2)
// as they are. A p with more than [DefaultMaxPairs] pieces is a
// [*LimitError], so that the result's Params can be read back. Pairs read
// from an IRI are not valid in a URI of another syntax: the result is
// parsed in u's syntax and an error is as [URI.WithRawQuery] returns.
func (u URI) WithParams(p Params) (URI, error) {
	if len(p.pieces) > DefaultMaxPairs {
		return URI{}, &LimitError{What: "query pairs", Limit: DefaultMaxPairs}
	}
	q := p.encode(u.syntax)
	if old, ok := u.Query(); old == q && (ok || q == "") {
		return u, nil // nothing changes, "?" included
	}
	return u.with(func(r *refParts) { r.query, r.hasQuery = q, true })
}

// encode writes p as a query in syntax x.
func (p Params) encode(x Syntax) string {
	var b strings.Builder
	for i, c := range p.pieces {
		if i > 0 {
			b.WriteByte('&')
		}
		if !c.written {
			b.WriteString(c.raw)
			continue
		}
		b.WriteString(encodeIn(c.name, &queryParamSet, x, true))
		b.WriteByte('=')
		b.WriteString(encodeIn(c.value, &queryParamSet, x, true))
	}
	return b.String()
}

// String returns the query that p holds (RFC 3986 §3.4), without "?": the
// pieces read from a query as they were, and the pairs that Set or Add
// wrote encoded as [URI.WithParams] writes them in a URI of syntax
// [RFC3986]. It is "" for the zero Params.
func (p Params) String() string { return p.encode(RFC3986) }

// Get returns the value of the first pair named name, and whether there is
// one, as url.Values.Get and the URLSearchParams get of browsers do.
func (p Params) Get(name string) (string, bool) {
	for _, c := range p.pieces {
		if c.isPair() && c.name == name {
			return c.value, true
		}
	}
	return "", false
}

// Values returns the values of the pairs named name, in order, or nil if
// there is none.
func (p Params) Values(name string) []string {
	var vs []string
	for _, c := range p.pieces {
		if c.isPair() && c.name == name {
			vs = append(vs, c.value)
		}
	}
	return vs
}

// Has reports whether a pair is named name.
func (p Params) Has(name string) bool {
	_, ok := p.Get(name)
	return ok
}

// All yields the names and values of the pairs, decoded, in order,
// duplicates included.
func (p Params) All() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for _, c := range p.pieces {
			if c.isPair() && !yield(c.name, c.value) {
				return
			}
		}
	}
}

// Set makes value the only value of name: the first pair named name takes
// it in its place, keeping its text if it already had that value, and the
// other pairs named name are removed; without one, the pair is added at
// the end, as with Add. Pairs added in a loop over a map come out in the
// map's random order: [ParamsFromMap] and [ParamsFromValues] sort them.
func (p *Params) Set(name, value string) {
	i := slices.IndexFunc(p.pieces, func(c piece) bool { return c.isPair() && c.name == name })
	if i < 0 {
		p.Add(name, value)
		return
	}
	// A new slice, never the one that copies of p share.
	out := make([]piece, 0, len(p.pieces))
	out = append(out, p.pieces[:i]...)
	if p.pieces[i].value == value {
		out = append(out, p.pieces[i])
	} else {
		out = append(out, piece{name: name, value: value, written: true})
	}
	for _, c := range p.pieces[i+1:] {
		if !c.isPair() || c.name != name {
			out = append(out, c)
		}
	}
	p.pieces = out
}

// ParamsFromMap returns the pairs of m sorted by name (byte order), the
// order url.Values.Encode writes, so that the same map always gives the
// same query (a loop over a map visits it in a random order).
func ParamsFromMap(m map[string]string) Params {
	names := slices.Sorted(maps.Keys(m))
	p := Params{pieces: make([]piece, 0, len(names))}
	for _, name := range names {
		p.pieces = append(p.pieces, piece{name: name, value: m[name], written: true})
	}
	return p
}

// ParamsFromValues returns the pairs of v (a url.Values, or any map of a
// name to its values) sorted by name (byte order), the values of a name
// in their order, as url.Values.Encode writes them: the same v always
// gives the same query.
func ParamsFromValues(v map[string][]string) Params {
	names := slices.Sorted(maps.Keys(v))
	n := 0
	for _, vs := range v {
		n += len(vs)
	}
	p := Params{pieces: make([]piece, 0, n)}
	for _, name := range names {
		for _, value := range v[name] {
			p.pieces = append(p.pieces, piece{name: name, value: value, written: true})
		}
	}
	return p
}

// Add adds the pair name=value at the end.
func (p *Params) Add(name, value string) {
	c := piece{name: name, value: value, written: true}
	if n := len(p.pieces); n < cap(p.pieces) && p.pieces[:n+1][n] != (piece{}) {
		// The slot after p's pieces holds a pair that a copy of p added:
		// it is the copy's, so p moves to a slice of its own.
		p.pieces = slices.Clip(p.pieces)
	}
	p.pieces = append(p.pieces, c)
}

// Del removes the pairs named name.
func (p *Params) Del(name string) {
	if !p.Has(name) {
		return
	}
	out := make([]piece, 0, len(p.pieces))
	for _, c := range p.pieces {
		if !c.isPair() || c.name != name {
			out = append(out, c)
		}
	}
	p.pieces = out
}
