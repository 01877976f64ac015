package template

import (
	"unicode/utf8"
	"unsafe"

	"github.com/specuri/specuri/uri"
	"github.com/specuri/specuri/uri/internal/octets"
)

// ExpandOptions changes how a template is expanded (RFC 6570 §3). The zero
// value expands as [Template.Expand] does: by the algorithm of RFC 6570 §3
// and Appendix A, literally.
type ExpandOptions struct {
	// IRI makes the result an IRI reference (RFC 3987 §2.2; RFC 6570
	// §1.6): non-ASCII characters that are ucschar, in literals and in
	// values, are kept as they are instead of percent-encoded. Other
	// non-ASCII characters (iprivate, allowed only in the query of an
	// IRI), the bidirectional formatting characters that RFC 3987 §4.1
	// forbids in IRIs (U+200E, U+200F, U+202A to U+202E) and bytes that
	// are not UTF-8 are still percent-encoded.
	IRI bool
	// Check makes a result that is not a URI-reference (RFC 3986 §4.1),
	// or with IRI not an IRI-reference (RFC 3987 §2.2), an error of kind
	// [NotReference]. RFC 6570 §3.2.1 promises only "a substring of
	// allowed URI characters", and the rules of §3 can give text that no
	// parser reads as the reference the template suggests: reserved and
	// fragment expansion (§3.2.3, §3.2.4) copy reserved characters of a
	// value, so "#" in a fragment ("{#f}" with "a#b" gives "#a#b") or a
	// "@" that makes "http://example.com{+p}" with p = "@evil.com/" the
	// URI "http://example.com@evil.com/", whose host is evil.com. Check
	// refuses the first; the second is a reference, so a caller that
	// expands values it does not control with "+" or "#" parses the
	// result and compares its components.
	Check bool
}

// Expand expands t with the values vars by the algorithm of RFC 6570 §3
// and Appendix A. A variable missing from vars, or not [Value.Defined], is
// undefined and expands to nothing (§3.2.1); an empty string is defined.
// Literals are copied, non-ASCII characters percent-encoded (§3.1). The
// result is "a substring of allowed URI characters" (§3.2.1), which need
// not be a URI-reference (RFC 3986 §4.1): "{#f}" with f = "a#b?c" gives
// "#a#b?c", as §3.2.4 says. Reserved ("+", §3.2.3) and fragment ("#",
// §3.2.4) expansion copy reserved characters from values and so can change
// the structure of the result: "http://example.com{+p}" with p =
// "@evil.com/" names the host evil.com. [ExpandOptions] Check refuses a
// result that is no reference. The error, for a prefix modifier on a list
// or associative array (§2.4.1), a reserved operator (§2.2) or a result
// longer than [uri.MaxLength], is an [*ExpandError].
func (t *Template) Expand(vars Values) (string, error) {
	return ExpandOptions{}.Expand(t, vars)
}

// AppendExpand appends the expansion of t with vars (RFC 6570 §3) to dst,
// as [Template.Expand] returns it, and returns the extended buffer. It
// allocates nothing but dst's growth. On error it returns dst unchanged
// and the error.
func (t *Template) AppendExpand(dst []byte, vars Values) ([]byte, error) {
	return ExpandOptions{}.AppendExpand(dst, t, vars)
}

// Expand expands t with vars (RFC 6570 §3) as [Template.Expand] does,
// with the options o.
func (o ExpandOptions) Expand(t *Template, vars Values) (string, error) {
	// Room for most expansions: a buffer and the string, no growth.
	b, err := o.AppendExpand(make([]byte, 0, 2*len(t.raw)+64), t, vars)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// AppendExpand appends the expansion of t with vars (RFC 6570 §3) to dst
// as [Template.AppendExpand] does, with the options o.
func (o ExpandOptions) AppendExpand(dst []byte, t *Template, vars Values) ([]byte, error) {
	orig := len(dst)
	for i := range t.parts {
		p := &t.parts[i]
		if p.expr < 0 {
			dst = appendEncoded(dst, t.lit(i), true, o.IRI, 0) // §3.1
		} else {
			var err error
			if dst, err = o.appendExpr(dst, t, p.expr, vars); err != nil {
				return dst[:orig], err
			}
		}
		if len(dst)-orig > maxResult {
			return dst[:orig], &ExpandError{Offset: int(p.off), Kind: ResultTooLong}
		}
	}
	// With Check, the result must be a reference (RFC 3986 §4.1). The
	// parser only reads the bytes during the call and keeps nothing of
	// them, so it gets them without a copy.
	out := dst[orig:]
	if o.Check && len(out) > 0 && !o.syntax().ValidReference(unsafe.String(&out[0], len(out))) {
		return dst[:orig], o.referenceError(t, vars, string(out))
	}
	return dst, nil
}

// syntax returns the syntax of the references o expands to.
func (o ExpandOptions) syntax() uri.Syntax {
	if o.IRI {
		return uri.RFC3987
	}
	return uri.RFC3986
}

// referenceError returns the NotReference error for res, the expansion of
// t with vars, which is not a reference in o's syntax. It expands t again,
// part by part, to find the part the error is in. It runs on the error
// path only.
func (o ExpandOptions) referenceError(t *Template, vars Values, res string) *ExpandError {
	_, err := o.syntax().ParseReference(res)
	pe, _ := err.(*uri.ParseError)
	e := &ExpandError{Kind: NotReference, Err: err}
	if pe == nil {
		return e // not reached: res is not a reference
	}
	var b []byte
	for i := range t.parts {
		p := &t.parts[i]
		e.Offset = int(p.off)
		if p.expr < 0 {
			b = appendEncoded(b, t.lit(i), true, o.IRI, 0)
		} else {
			b, _ = o.appendExpr(b, t, p.expr, vars) // it succeeded before
		}
		if len(b) > pe.Offset {
			break
		}
	}
	return e
}

// maxResult is the longest expansion: [uri.MaxLength], a variable so that
// tests can lower it.
var maxResult = uri.MaxLength

// opInfo is a column of the table of RFC 6570 Appendix A.
type opInfo struct {
	first, sep byte // 0 for none
	named      bool
	ifemp      bool // append "=" to the name of an empty value
	reserved   bool // allow U+R, else U
}

// opInfoOf returns the column of the table of RFC 6570 Appendix A for op,
// and false for an operator that table does not have (op-reserve, §2.2).
func opInfoOf(op Operator) (opInfo, bool) {
	switch op {
	case 0: // §3.2.2
		return opInfo{sep: ','}, true
	case '+': // §3.2.3
		return opInfo{sep: ',', reserved: true}, true
	case '#': // §3.2.4
		return opInfo{first: '#', sep: ',', reserved: true}, true
	case '.': // §3.2.5
		return opInfo{first: '.', sep: '.'}, true
	case '/': // §3.2.6
		return opInfo{first: '/', sep: '/'}, true
	case ';': // §3.2.7
		return opInfo{first: ';', sep: ';', named: true}, true
	case '?': // §3.2.8
		return opInfo{first: '?', sep: '&', named: true, ifemp: true}, true
	case '&': // §3.2.9
		return opInfo{first: '&', sep: '&', named: true, ifemp: true}, true
	}
	return opInfo{}, false
}

// appendExpr appends the expansion of the expression ei of t (RFC 6570
// Appendix A).
func (o ExpandOptions) appendExpr(dst []byte, t *Template, ei int32, vars Values) ([]byte, error) {
	e := &t.exprs[ei]
	info, ok := opInfoOf(e.op)
	if !ok {
		return dst, &ExpandError{Offset: int(e.off), Name: t.name(e.vars), Kind: ReservedOperator}
	}
	first := true
	for j := e.vars; j < e.vars+e.nvars; j++ {
		vs := t.varspec(j)
		v := vars[vs.Name]
		if !v.Defined() {
			continue // §3.2.1: undefined variables are ignored
		}
		if vs.Prefix > 0 && v.kind != KindString {
			return dst, &ExpandError{Offset: int(e.off), Name: vs.Name, Kind: PrefixOnComposite}
		}
		sep := info.sep
		if first {
			sep, first = info.first, false
		}
		if sep != 0 {
			dst = append(dst, sep)
		}
		switch {
		case v.kind == KindString:
			dst = o.appendString(dst, info, vs, v.s)
		case !vs.Explode:
			dst = o.appendComposite(dst, info, vs.Name, v)
		case v.kind == KindList: // explode (§2.4.2)
			dst = o.appendExplodedList(dst, info, vs.Name, v.list)
		default: // an exploded associative array (§2.4.2)
			dst = o.appendExplodedPairs(dst, info, v.pairs)
		}
	}
	return dst, nil
}

// appendString appends the expansion of the string s of the varspec vs
// (RFC 6570 Appendix A), after the separator.
func (o ExpandOptions) appendString(dst []byte, info opInfo, vs Varspec, s string) []byte {
	if info.named {
		dst = appendName(dst, vs.Name, s == "", info.ifemp)
		if s == "" {
			return dst
		}
	}
	return appendEncoded(dst, s, info.reserved, o.IRI, vs.Prefix)
}

// appendComposite appends the expansion of a list or associative array
// without the explode modifier (RFC 6570 §3.2.1): its items, or keys and
// values, joined by ",".
func (o ExpandOptions) appendComposite(dst []byte, info opInfo, name string, v Value) []byte {
	if info.named {
		dst = append(dst, name...)
		dst = append(dst, '=') // a defined composite value has members
	}
	if v.kind == KindList {
		for i, item := range v.list {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendEncoded(dst, item, info.reserved, o.IRI, 0)
		}
		return dst
	}
	for i, p := range v.pairs {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendEncoded(dst, p.Key, info.reserved, o.IRI, 0)
		dst = append(dst, ',')
		dst = appendEncoded(dst, p.Value, info.reserved, o.IRI, 0)
	}
	return dst
}

// appendExplodedList appends the expansion of an exploded list (RFC 6570
// §2.4.2): its items joined by the separator, each named in named
// expressions.
func (o ExpandOptions) appendExplodedList(dst []byte, info opInfo, name string, list []string) []byte {
	for i, item := range list {
		if i > 0 {
			dst = append(dst, info.sep)
		}
		if info.named {
			dst = appendName(dst, name, item == "", info.ifemp)
			if item == "" {
				continue
			}
		}
		dst = appendEncoded(dst, item, info.reserved, o.IRI, 0)
	}
	return dst
}

// appendExplodedPairs appends the expansion of an exploded associative
// array (RFC 6570 §2.4.2): its pairs "key=value" joined by the separator.
func (o ExpandOptions) appendExplodedPairs(dst []byte, info opInfo, pairs []Pair) []byte {
	for i, p := range pairs {
		if i > 0 {
			dst = append(dst, info.sep)
		}
		dst = appendEncoded(dst, p.Key, info.reserved, o.IRI, 0)
		if info.named && p.Value == "" {
			if info.ifemp {
				dst = append(dst, '=')
			}
			continue
		}
		dst = append(dst, '=')
		dst = appendEncoded(dst, p.Value, info.reserved, o.IRI, 0)
	}
	return dst
}

// appendName appends a varname (RFC 6570 Appendix A: as a literal; a
// varname is ASCII that a URI allows) and, unless the value is empty, "=";
// for an empty value, "=" only with ifemp.
func appendName(dst []byte, name string, empty, ifemp bool) []byte {
	dst = append(dst, name...)
	if !empty || ifemp {
		dst = append(dst, '=')
	}
	return dst
}

// The characters RFC 6570 §1.5 lets an expansion copy: unreserved (allow
// U) and unreserved / reserved (allow U+R), RFC 3986 §2.2, §2.3.
var (
	unreserved           = octets.Unreserved
	unreservedOrReserved = octets.Unreserved.Union(octets.Reserved)
)

// appendEncoded appends s to dst with every character outside the allowed
// set percent-encoded as the octets of its UTF-8 form (RFC 6570 §1.6,
// §3.1, Appendix A). With reserved (allow U+R), reserved characters and
// pct-encoded triplets are copied; a "%" that starts no triplet is
// encoded as "%25". With iri, ucschar characters are copied (RFC 3987
// §2.2). A byte that is not part of a UTF-8 sequence is encoded alone.
//
// With max > 0, only the first max characters of s are appended (§2.4.1):
// characters, not octets, and with reserved a run of triplets that encodes
// one UTF-8 character counts as one, so that none is split (Appendix A).
func appendEncoded(dst []byte, s string, reserved, iri bool, max int) []byte {
	allowed := &unreserved
	if reserved {
		allowed = &unreservedOrReserved
	}
	for i, n := 0, 0; i < len(s) && (max == 0 || n < max); n++ {
		c := s[i]
		switch {
		case c < utf8.RuneSelf && allowed.Has(c):
			dst = append(dst, c)
			i++
		case c == '%' && reserved && isTriplet(s, i):
			k := tripletRun(s, i)
			dst = append(dst, s[i:i+k]...)
			i += k
		case c < utf8.RuneSelf:
			dst = appendPct(dst, c)
			i++
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if iri && size > 1 && iriChar(r) {
				dst = append(dst, s[i:i+size]...)
			} else {
				for _, b := range []byte(s[i : i+size]) {
					dst = appendPct(dst, b)
				}
			}
			i += size
		}
	}
	return dst
}

// appendPct appends the pct-encoded triplet of b (RFC 3986 §2.1, in upper
// case).
func appendPct(dst []byte, b byte) []byte {
	return append(dst, '%', octets.UpperHex[b>>4], octets.UpperHex[b&15])
}

// isTriplet reports whether s[i:] starts with a pct-encoded triplet (RFC
// 3986 §2.1).
func isTriplet(s string, i int) bool {
	return i+2 < len(s) && s[i] == '%' && octets.IsHex(s[i+1]) && octets.IsHex(s[i+2])
}

// tripletRun returns the length of the triplets at s[i:], which starts with
// one, that make one character: the triplets of the octets of one UTF-8
// sequence (RFC 6570 Appendix A), else the first triplet alone (3).
func tripletRun(s string, i int) int {
	var buf [utf8.UTFMax]byte
	buf[0] = octets.Unhex(s[i+1])<<4 | octets.Unhex(s[i+2])
	n := 1
	for n < utf8.UTFMax && !utf8.FullRune(buf[:n]) && isTriplet(s, i+3*n) {
		buf[n] = octets.Unhex(s[i+3*n+1])<<4 | octets.Unhex(s[i+3*n+2])
		n++
	}
	if _, size := utf8.DecodeRune(buf[:n]); size == n {
		return 3 * n
	}
	return 3 // not UTF-8: each triplet is one character
}

// iriChar reports whether r stands for itself in an IRI (RFC 3987 §2.2,
// §4.1): a ucschar that is no bidirectional formatting character (those
// are ucschar, so an IRI expansion percent-encodes them explicitly).
func iriChar(r rune) bool { return octets.IRIChar(r, false) }
