package main

import (
	"bytes"
	"math/bits"
	"strconv"
	"unicode/utf8"
)

// jsonObject appends one JSON object to a buffer, key by key, writing
// strings exactly as encoding/json does with SetEscapeHTML(false). It is
// the fast path of the --json records written once per input; its output
// is checked against encoding/json's by the tests.
type jsonObject struct {
	b []byte
	n int
	// plain says that the strings given to part are substrings of one
	// that holds only jsonPlain bytes, which need no escaping.
	plain bool
}

// key writes the key of the next member. Keys are the names of the
// records' fields, which need no escaping.
func (o *jsonObject) key(k string) {
	if o.n == 0 {
		o.b = append(o.b, '{', '"')
	} else {
		o.b = append(o.b, ',', '"')
	}
	o.n++
	o.b = append(o.b, k...)
	o.b = append(o.b, '"', ':')
}

// str writes a string member.
func (o *jsonObject) str(k, v string) {
	o.key(k)
	o.b = appendJSONString(o.b, v)
}

// opt writes a string member, or null when !ok.
func (o *jsonObject) opt(k, v string, ok bool) {
	if !ok {
		o.null(k)
		return
	}
	o.str(k, v)
}

// orNull writes the value of a member whose key was just written: the
// string, or null when !ok.
func (o *jsonObject) orNull(v string, ok bool) {
	if !ok {
		o.b = append(o.b, "null"...)
		return
	}
	o.b = appendJSONString(o.b, v)
}

// part is orNull for v, a substring of the string plain is about.
func (o *jsonObject) part(v string, ok bool) {
	if !ok || !o.plain {
		o.orNull(v, ok)
		return
	}
	o.b = append(o.b, '"')
	o.b = append(o.b, v...)
	o.b = append(o.b, '"')
}

func (o *jsonObject) null(k string) {
	o.key(k)
	o.b = append(o.b, "null"...)
}

func (o *jsonObject) boolean(k string, v bool) {
	o.key(k)
	o.b = strconv.AppendBool(o.b, v)
}

// quotedIfInvalid writes the member k with s Go-quoted when s is not valid
// UTF-8 (see quotedIfInvalid); nothing otherwise.
func (o *jsonObject) quotedIfInvalid(k, s string) {
	if !utf8.ValidString(s) {
		o.str(k, strconv.Quote(s))
	}
}

// jsonErr writes an error member: null, or {"offset", "rule", "message"}.
func (o *jsonObject) jsonErr(k string, e *jsonError) {
	if e == nil {
		o.null(k)
		return
	}
	o.key(k)
	o.b = append(o.b, `{"offset":`...)
	o.b = strconv.AppendInt(o.b, int64(e.Offset), 10)
	o.b = append(o.b, `,"rule":`...)
	o.b = appendJSONString(o.b, e.Rule)
	o.b = append(o.b, `,"message":`...)
	o.b = appendJSONString(o.b, e.Message)
	if e.Input != "" {
		o.b = append(o.b, `,"input":`...)
		o.b = appendJSONString(o.b, e.Input)
	}
	o.b = append(o.b, '}')
}

// value writes v as newEncoder writes it (without HTML escaping).
func (o *jsonObject) value(k string, v any) error {
	var j bytes.Buffer
	if err := newEncoder(&j).Encode(v); err != nil {
		return err
	}
	o.key(k)
	o.b = append(o.b, bytes.TrimSuffix(j.Bytes(), []byte("\n"))...)
	return nil
}

// optPtr writes a string member, or null when v is nil.
func (o *jsonObject) optPtr(k string, v *string) {
	if v == nil {
		o.null(k)
		return
	}
	o.str(k, *v)
}

// close closes the object, for one inside another.
func (o *jsonObject) close() []byte {
	if o.n == 0 {
		o.b = append(o.b, '{')
	}
	return append(o.b, '}')
}

// end closes the object and the line.
func (o *jsonObject) end() []byte {
	return append(o.close(), '\n')
}

const hexDigits = "0123456789abcdef"

// jsonPlain holds the bytes that a JSON string holds as they are: ASCII
// from 0x20, but '"' and '\\'.
var jsonPlain = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// Masks of jsonPlainWord: a 1 in every byte, and in every byte's top bit.
const (
	ones8 = 0x0101010101010101
	high8 = 0x8080808080808080
)

// jsonPlainWord returns the index of the first of the 8 bytes of w (in
// little-endian order) that is not jsonPlain, or 8 when all are: a byte
// below 0x20, '"', '\\' or a byte from 0x80. Each term flags exactly the
// lowest byte it matches (bytes above it may be flagged by the borrow), so
// the lowest flag is exact.
func jsonPlainWord(w uint64) int {
	q, bs := w^(ones8*'"'), w^(ones8*'\\')
	m := ((w-ones8*0x20)&^w | (q-ones8)&^q | (bs-ones8)&^bs | w) & high8
	return bits.TrailingZeros64(m) >> 3
}

// jsonPlainPrefix returns the length of the longest prefix of s that is
// all jsonPlain bytes, reading 8 bytes at a time.
func jsonPlainPrefix(s string) int {
	if len(s) < 8 {
		i := 0
		for i < len(s) && jsonPlain[s[i]] {
			i++
		}
		return i
	}
	i := 0
	for ; len(s)-i > 8; i += 8 {
		if n := jsonPlainWord(load8(s[i : i+8])); n < 8 {
			return i + n
		}
	}
	// The last 8 bytes, some read already: those are plain, so the first
	// byte that is not is one after them.
	j := len(s) - 8
	return j + jsonPlainWord(load8(s[j:]))
}

// load8 returns the 8 bytes of t as a little-endian word.
func load8(t string) uint64 {
	_ = t[7]
	return uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
		uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56
}

// appendJSONString appends s as a JSON string the way encoding/json writes
// it without HTML escaping: '"', '\\' and control characters escaped
// (\b, \f, \n, \r, \t by name), each byte of invalid UTF-8 as \ufffd, and
// U+2028 and U+2029 escaped for JavaScript.
func appendJSONString(b []byte, s string) []byte {
	b, _ = appendJSONStringPlain(b, s)
	return b
}

// appendJSONStringPlain is appendJSONString that also reports whether s
// is all jsonPlain bytes, written as it is: then s is valid UTF-8 and so
// is every substring of it, which needs no escaping either.
func appendJSONStringPlain(b []byte, s string) ([]byte, bool) {
	b = append(b, '"')
	i := jsonPlainPrefix(s)
	if i == len(s) {
		return append(append(b, s...), '"'), true
	}
	start := 0
	for i < len(s) {
		c := s[i]
		if jsonPlain[c] {
			i += 1 + jsonPlainPrefix(s[i+1:])
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			b = appendJSONEscape(b, c)
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i++
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"'), false
}

// appendJSONEscape appends the escape of c, an ASCII byte that is not
// jsonPlain.
func appendJSONEscape(b []byte, c byte) []byte {
	switch c {
	case '"', '\\':
		return append(b, '\\', c)
	case '\b':
		return append(b, '\\', 'b')
	case '\f':
		return append(b, '\\', 'f')
	case '\n':
		return append(b, '\\', 'n')
	case '\r':
		return append(b, '\\', 'r')
	case '\t':
		return append(b, '\\', 't')
	}
	return append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
}
