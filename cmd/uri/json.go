package main

import (
	"bytes"
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

// appendJSONString appends s as a JSON string the way encoding/json writes
// it without HTML escaping: '"', '\\' and control characters escaped
// (\b, \f, \n, \r, \t by name), each byte of invalid UTF-8 as \ufffd, and
// U+2028 and U+2029 escaped for JavaScript.
func appendJSONString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if jsonPlain[c] {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
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
	return append(b, '"')
}
