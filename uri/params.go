package uri

import (
	"iter"
	"maps"
	"slices"
	"strings"
)

// Params is the name=value pairs of a query (RFC 3986 §3.4) for reading and
// lossless editing, as [URI.Params] and [ParseParams] return them,
// [ParamsOptions.Parse] reads them with other choices, and [URI.WithParams]
// writes them: the one model of a query in this package. RFC 3986 leaves
// the query's structure to the scheme; Params follows the convention of
// HTML forms (application/x-www-form-urlencoded) as browsers (WHATWG URL)
// and net/url's url.Values read it: pairs are separated by "&", empty ones
// skipped; a name ends at the first "=" (without one the value is empty);
// percent-encodings are decoded (§2.1), the octets kept as they are. A ";"
// is an ordinary byte, as in browsers (net/url refuses a pair that holds
// one), unless [ParamsOptions.Semicolon] makes it a separator.
//
// The "+" rule, the same everywhere in this package: a "+" in a query
// reads as a space, as in HTML forms, browsers and url.Values, unless the
// query is read with [ParamsOptions.LiteralPlus], which reads it as itself,
// as RFC 3986 does (a sub-delim, §2.2). Params never writes "+" for a space
// or for itself: Set and Add write a space as "%20" and "+" as "%2B", which
// both readings give back.
//
// Editing keeps everything it does not touch: the pairs that Set, Add and
// Del leave alone keep their text byte for byte, their order and the
// separator before them, and so do empty pieces ("&&"). A name or value
// that Set or Add writes is encoded so that every reading gives it back:
// "%20" for a space, "%2B" for "+", and "&", "=", ";", "#", "%" and every
// byte the query rule refuses percent-encoded.
//
// Params is a value: assigning it makes a copy, and changing one copy
// never changes another. As for a slice, two goroutines must not change
// copies of one Params at the same time; reading is always safe. The zero
// Params has no pairs and is ready to use.
type Params struct {
	pieces []piece
}

// piece is the text between two separators of a query: a pair, or an
// empty piece, which is the zero piece but for sep.
type piece struct {
	raw         string // as read; "" for an empty piece and for a pair that Set or Add wrote
	name, value string // decoded
	written     bool   // written by Set or Add: raw is to be encoded from name and value
	sep         byte   // the separator read before the piece (";" or "&"); 0 writes "&"
}

func (c piece) isPair() bool { return c.raw != "" || c.written }

// Params returns the pairs of u's query (RFC 3986 §3.4), read as [Params]
// describes: those of "?q=red+shoes&page=1" are q = "red shoes" and
// page = "1". A URI without a query, or with an empty one, has none. It is
// ParamsOptions{}.Parse of the query; use [ParamsOptions] to read it
// otherwise.
//
// A query with more than [DefaultMaxPairs] pieces separated by "&", empty
// ones included (net/url counts them the same way), is a [*LimitError],
// so that a hostile query cannot make Params allocate without bound.
func (u URI) Params() (Params, error) {
	q, _ := u.Query()
	var o ParamsOptions
	if err := o.checkLimit(q); err != nil {
		return Params{}, err
	}
	return o.read(q)
}

// ParamsOptions are the choices of a reading of a query as [Params]. The
// zero value is the reading of [URI.Params] and [ParseParams].
type ParamsOptions struct {
	// LiteralPlus reads "+" as itself, as RFC 3986 does (§2.2: a
	// sub-delim with no meaning of its own), rather than as a space (see
	// the "+" rule of [Params]).
	LiteralPlus bool
	// Semicolon also separates pairs with ";", as HTML 4 advised and
	// net/url did before Go 1.17. Params keeps each separator as it was
	// read.
	Semicolon bool
	// MaxPairs is the most pieces a query may have, pairs and empty pieces
	// alike (each is a piece of the Params): more is a [*LimitError],
	// found by counting the separators before anything is allocated. 0
	// means [DefaultMaxPairs], a negative value no limit.
	MaxPairs int
}

// ParseParams reads query, a query without its "?" (RFC 3986 §3.4), as
// [Params]: it is ParamsOptions{}.Parse(query), what [URI.Params] returns
// for a URI with that query.
func ParseParams(query string) (Params, error) { return ParamsOptions{}.Parse(query) }

// Parse reads query, a query without its "?" (RFC 3986 §3.4), as [Params]
// with o's choices. The query must match RFC 3986's query rule, or the
// error is a [*ParseError] with the offset of the first byte it refuses
// ("a=1#f" at 3, "q=%zz" at 2). A query with more pieces than o allows is
// a [*LimitError], found before the grammar runs and before anything is
// allocated.
func (o ParamsOptions) Parse(query string) (Params, error) {
	if err := o.checkLimit(query); err != nil {
		return Params{}, err
	}
	if err := RFC3986.engine().matchRule("query", query); err != nil {
		return Params{}, err
	}
	return o.read(query)
}

// maxPieces returns the limit on pieces, or -1 for none.
func (o ParamsOptions) maxPieces() int {
	switch {
	case o.MaxPairs == 0:
		return DefaultMaxPairs
	case o.MaxPairs < 0:
		return -1
	}
	return o.MaxPairs
}

// countPieces returns how many pieces q, a non-empty query, has with o's
// separators, counting without allocating.
func (o ParamsOptions) countPieces(q string) int {
	n := strings.Count(q, "&") + 1
	if o.Semicolon {
		n += strings.Count(q, ";")
	}
	return n
}

// checkLimit returns a [*LimitError] when q, a query, has more pieces than
// o allows.
func (o ParamsOptions) checkLimit(q string) error {
	if limit := o.maxPieces(); limit >= 0 && q != "" && o.countPieces(q) > limit {
		return &LimitError{What: "query pairs", Limit: limit}
	}
	return nil
}

// read reads q, a query that the grammar matched and whose pieces o's
// limit allows, as [Params] describes with o's choices: the pieces that
// [pieces] yields.
func (o ParamsOptions) read(q string) (Params, error) {
	if q == "" {
		return Params{}, nil
	}
	out := make([]piece, 0, o.countPieces(q))
	for start, raw := range pieces(q, o.Semicolon) {
		var sep byte
		if start > 0 {
			sep = q[start-1]
		}
		if raw == "" {
			out = append(out, piece{sep: sep})
			continue
		}
		name, value, err := decodePair(raw, start, !o.LiteralPlus)
		if err != nil {
			return Params{}, err
		}
		out = append(out, piece{raw: raw, name: name, value: value, sep: sep})
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
		switch {
		case i == 0:
		case c.sep != 0:
			b.WriteByte(c.sep)
		default:
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
// pieces read from a query as they were, with the separators before them,
// and the pairs that Set or Add wrote encoded as [URI.WithParams] writes
// them in a URI of syntax [RFC3986], after "&". It is "" for the zero
// Params. It is the encoding of pairs built with Add: [ParseParams] reads
// it back as the same pairs, and so does [ParamsOptions.Parse] with any
// choices.
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
// map's random order: [ParamsFromMap] sorts them.
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
		out = append(out, piece{name: name, value: value, written: true, sep: p.pieces[i].sep})
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
// same query (a loop over a map visits it in a random order). m maps a
// name to its value (map[string]string) or to its values
// (map[string][]string, a url.Values), which come in their order.
func ParamsFromMap[V string | []string](m map[string]V) Params {
	names := slices.Sorted(maps.Keys(m))
	p := Params{pieces: make([]piece, 0, len(names))}
	for _, name := range names {
		switch v := any(m[name]).(type) {
		case string:
			p.pieces = append(p.pieces, piece{name: name, value: v, written: true})
		case []string:
			for _, value := range v {
				p.pieces = append(p.pieces, piece{name: name, value: value, written: true})
			}
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
