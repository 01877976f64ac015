package template

import (
	"strings"
	"unicode/utf8"

	"github.com/specuri/specuri/uri/internal/octets"
)

// written checks that the URI is what expansion writes (RFC 6570 §3) from
// the values Match read from it: the text sp[i] of each expression is the
// expansion of the expression with those values, byte for byte, but for
// what Match reads alike on purpose (see [Matcher.Match]): the order of
// the pairs of a set of named pairs, the pairs IgnoreUnknownQuery skips,
// the pct-encoded triplets that reserved and fragment expansion pass
// through from a value (§3.2.3), and in an IRI the triplets of a
// character its expansion writes as itself (§1.6). It takes time linear
// in the URI.
func (mt *matching) written(sp [][2]int) error {
	vs := mt.r.Values()
	o := ExpandOptions{IRI: mt.m.opts.IRI}
	var buf []byte
	for i := range mt.m.parts {
		mp := &mt.m.parts[i]
		if mp.isLit() {
			continue
		}
		buf = buf[:0]
		for e := mp.expr; e < mp.expr+mp.nexpr; e++ {
			var err error
			if buf, err = o.appendExpr(buf, mt.m.t, e, vs); err != nil {
				return mt.fail(sp[i][0], mp, nil, "the values read do not expand: "+err.Error(), nil)
			}
		}
		text := mt.uri[sp[i][0]:sp[i][1]]
		if at, ok := mt.same(mp, string(buf), text); !ok {
			return mt.fail(sp[i][0]+at, mp, nil, "expansion writes the values read here otherwise (RFC 6570 §3.2.1), so no values expand to this text", nil)
		}
	}
	return nil
}

// same reports whether text, of the part mp in the URI, is exp, its
// expansion, as written reads them, and else the offset in text where
// they differ.
func (mt *matching) same(mp *mpart, exp, text string) (int, bool) {
	iri := mt.m.opts.IRI
	if mp.named() {
		return mt.samePairs(mp, exp, text)
	}
	if mp.reserved() || iri {
		exp, text = canon(exp, mp.reserved(), iri), canon(text, mp.reserved(), iri)
	}
	if exp == text {
		return 0, true
	}
	n := 0
	for n < len(exp) && n < len(text) && exp[n] == text[n] {
		n++
	}
	if !mp.reserved() && !iri {
		return n, false
	}
	return 0, false // the offsets of the canonical texts are not the URI's
}

// samePairs reports whether text, of the set of named pairs mp, has the
// pairs of exp, its expansion, in any order, after the same lead, and
// else the offset in text of the first pair that exp lacks. Where
// IgnoreUnknownQuery skips pairs of text, its lead may be "?" where exp
// begins with "&" (named checked the lead).
func (mt *matching) samePairs(mp *mpart, exp, text string) (int, bool) {
	ignore := mp.query() && mt.m.opts.IgnoreUnknownQuery && mp.explode() < 0
	if text == "" || exp == "" && !ignore {
		return 0, exp == text
	}
	if exp != "" && exp[0] != text[0] && !ignore {
		return 0, false
	}
	mt.plus = mp.query() && mt.m.opts.FormQuery
	defer func() { mt.plus = false }()
	sep := string(rune(mp.sep))
	want := pairCounts(exp, sep, mt.m.opts.IRI)
	at := 1
	for rest, more := text[1:], true; more; {
		var pair string
		pair, rest, more = strings.Cut(rest, sep)
		if c, skip := mt.canonPair(mp, pair, ignore); !skip {
			if want[c] == 0 {
				return at, false
			}
			want[c]--
		}
		at += len(pair) + 1
	}
	for _, n := range want {
		if n > 0 {
			return len(text), false
		}
	}
	return 0, true
}

// pairCounts returns how many times each pair of the expansion exp of a
// set of named pairs, after its lead, stands in it.
func pairCounts(exp, sep string, iri bool) map[string]int {
	want := map[string]int{}
	if exp != "" {
		for _, pair := range strings.Split(exp[1:], sep) {
			want[canon(pair, false, iri)]++
		}
	}
	return want
}

// canonPair returns a pair of the URI in a set of named pairs as
// samePairs compares it with the expansion's, or skip for a pair that
// IgnoreUnknownQuery skips (ignore).
func (mt *matching) canonPair(mp *mpart, pair string, ignore bool) (c string, skip bool) {
	if ignore {
		key, _, _ := strings.Cut(pair, "=")
		if _, known := mt.m.occs(mp, mt.decode(key)); !known {
			return "", true
		}
	}
	if mt.plus {
		pair = strings.ReplaceAll(pair, "+", "%20") // as expansion writes a space
	}
	return canon(pair, false, mt.m.opts.IRI), false
}

// reservedSet holds unreserved and reserved (RFC 3986 §2.2, §2.3), the
// bytes reserved expansion writes as themselves (RFC 6570 §3.2.3).
var reservedSet = unreservedOrReserved

// canon returns s with the pct-encoded triplets that expansion may write
// another way read alike: with reserved, as reserved and fragment
// expansion pass a value's triplets through (RFC 6570 §3.2.3), a triplet
// of an unreserved or reserved byte is that byte and other triplets are
// in upper case; with iri, a run of triplets that encodes characters an
// IRI expansion writes as themselves (RFC 6570 §1.6, RFC 3987 §2.2) is
// those characters.
func canon(s string, reserved, iri bool) string {
	if !strings.Contains(s, "%") {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		if !isTriplet(s, i) {
			b = append(b, s[i])
			i++
			continue
		}
		// The run of triplets from i, decoded.
		j := i
		var dec []byte
		for ; isTriplet(s, j); j += 3 {
			dec = append(dec, octets.Unhex(s[j+1])<<4|octets.Unhex(s[j+2]))
		}
		for k := 0; k < len(dec); {
			r, size := utf8.DecodeRune(dec[k:])
			if iri && size >= 2 && iriChar(r) {
				b = append(b, dec[k:k+size]...)
				k += size
				continue
			}
			t := s[i+3*k : i+3*k+3]
			switch {
			case reserved && reservedSet.Has(dec[k]):
				b = append(b, dec[k])
			case reserved:
				b = append(b, '%', upperHex(t[1]), upperHex(t[2]))
			default:
				b = append(b, t...)
			}
			k++
		}
		i = j
	}
	return string(b)
}

// upperHex returns the hexadecimal digit c in upper case.
func upperHex(c byte) byte {
	if 'a' <= c && c <= 'f' {
		return c - 'a' + 'A'
	}
	return c
}
