// Package punycode implements Punycode (RFC 3492), the Bootstring encoding
// of Unicode code points as the basic (ASCII) code points of a host name
// label, with the parameter values of RFC 3492 §5 and the overflow
// handling of §6.4.
//
// Neither function deals with the "xn--" prefix or with letter case
// mapping: RFC 3492 §5 leaves them to the application (UTS #46 §4 step 4
// and §4.2 step 3 in package idna).
//
// Both directions are quadratic in the label's length in the worst case
// (RFC 3492 §6.2 inserts into the output, §6.3 scans the input once per
// distinct code point), so both refuse a label of more than MaxLength code
// points: Encode before any work, Decode before inserting more: no DNS label comes near it (RFC 1035 §2.3.4
// allows 63 octets).
package punycode

import (
	"errors"
	"math/bits"
	"unicode/utf8"

	"github.com/specuri/specuri/internal/ascii"
)

// MaxLength is the largest number of code points Encode accepts and Decode
// returns; a longer label is ErrTooLong, found before the quadratic work.
const MaxLength = 256

// The parameter values for Punycode, RFC 3492 §5.
const (
	base        = 36
	tmin        = 1
	tmax        = 26
	skew        = 38
	damp        = 700
	initialBias = 72
	initialN    = 0x80
	delimiter   = '-'
	maxInt      = 1<<32 - 1 // the largest value of the uint32 arithmetic
)

// The errors of Decode and Encode.
var (
	// ErrTooLong: the input is longer than MaxLength.
	ErrTooLong = errors.New("punycode: label longer than 256 code points")
	// ErrBadInput: a byte that is not a basic code point, or a digit
	// sequence that ends before its variable-length integer does
	// (RFC 3492 §6.2).
	ErrBadInput = errors.New("punycode: bad input")
	// ErrOverflow: a value does not fit in 32 bits (RFC 3492 §6.4).
	ErrOverflow = errors.New("punycode: overflow")
	// ErrNotCodePoint: a decoded value is a surrogate or above U+10FFFF.
	ErrNotCodePoint = errors.New("punycode: decoded value is not a Unicode scalar value")
)

// adapt is the bias adaptation function, RFC 3492 §6.1.
func adapt(delta, numPoints uint32, firstTime bool) uint32 {
	if firstTime {
		delta /= damp
	} else {
		delta /= 2
	}
	delta += div(delta, numPoints)
	k := uint32(0)
	for delta > ((base-tmin)*tmax)/2 {
		delta /= base - tmin
		k += base
	}
	return k + div((base-tmin+1)*delta, delta+skew)
}

// threshold is t for the digit position k, RFC 3492 §6.2 and §6.3
// ("if k <= bias {+ tmin} then t = tmin else if k >= bias + tmax then t =
// tmax else t = k - bias").
func threshold(k, bias uint32) uint32 {
	if k <= bias {
		return tmin
	}
	return min(k-bias, tmax) // k-bias >= tmin here
}

// digitValue is the value of a basic code point as a digit (RFC 3492 §5:
// A-Z and a-z are 0-25, 0-9 are 26-35), or base for any other byte.
func digitValue(c byte) uint32 {
	switch {
	case 'a' <= c && c <= 'z':
		return uint32(c - 'a')
	case 'A' <= c && c <= 'Z':
		return uint32(c - 'A')
	case '0' <= c && c <= '9':
		return uint32(c-'0') + 26
	}
	return base
}

// digits holds the lower-case basic code point of each digit value,
// RFC 3492 §5 (a-z are 0-25, 0-9 are 26-35), padded to 64 bytes so that
// digits[d&63] needs no bounds check.
const digits = "abcdefghijklmnopqrstuvwxyz0123456789" + "----------------------------"

// digitByte is the lower-case basic code point of digit d (below base),
// RFC 3492 §5.
func digitByte(d uint32) byte {
	return digits[d&63]
}

// Decode returns the code points that input, the Punycode of a label
// without its "xn--" prefix, encodes: RFC 3492 §6.2, with the overflow
// checks of §6.4. Every byte of input must be a basic code point
// (U+0000..U+007F); upper-case letters are digits of the same value as
// lower-case ones, and those copied before the last delimiter are kept as
// they are (RFC 3492 §5, mixed-case annotation is not applied).
func Decode(input string) ([]rune, error) {
	if !ascii.Is(input) {
		return nil, ErrBadInput
	}
	// "Let b = the number of input code points before the last delimiter,
	// or 0 if there is none, then copy the first b code points to the
	// output."
	b := 0
	for j := len(input) - 1; j >= 0; j-- {
		if input[j] == delimiter {
			b = j
			break
		}
	}
	if b > MaxLength {
		return nil, ErrTooLong
	}
	out := make([]rune, 0, min(len(input), MaxLength))
	for j := 0; j < b; j++ {
		out = append(out, rune(input[j]))
	}
	in := b
	if b > 0 {
		in = b + 1
	}
	return decodeDeltas(input[in:], out)
}

// decodeDeltas is the main loop of RFC 3492 §6.2, after the basic code
// points have been copied to out.
func decodeDeltas(input string, out []rune) ([]rune, error) {
	n, i, bias := uint32(initialN), uint32(0), uint32(initialBias)
	for p := 0; p < len(input); {
		oldi, w := i, uint32(1)
		for k := uint32(base); ; k += base {
			if p >= len(input) {
				return nil, ErrBadInput
			}
			digit := digitValue(input[p])
			p++
			if digit >= base {
				return nil, ErrBadInput
			}
			// RFC 3492 §6.4: "fail on overflow" of i + digit * w and of
			// w * (base - t), both computed in 64 bits.
			if sum := uint64(i) + uint64(digit)*uint64(w); sum > maxInt {
				return nil, ErrOverflow
			} else {
				i = uint32(sum)
			}
			t := threshold(k, bias)
			if digit < t {
				break
			}
			if prod := uint64(w) * uint64(base-t); prod > maxInt {
				return nil, ErrOverflow
			} else {
				w = uint32(prod)
			}
		}
		if len(out) == MaxLength {
			return nil, ErrTooLong
		}
		count := uint32(len(out)) + 1
		bias = adapt(i-oldi, count, oldi == 0)
		if i/count > maxInt-n {
			return nil, ErrOverflow
		}
		n += i / count
		i %= count
		if n > utf8.MaxRune || (0xD800 <= n && n <= 0xDFFF) {
			return nil, ErrNotCodePoint
		}
		out = append(out, 0)
		copy(out[i+1:], out[i:])
		out[i] = rune(n)
		i++
	}
	return out, nil
}

// Encode appends to dst the Punycode of the code points of input, RFC 3492
// §6.3 with the overflow checks of §6.4, in lower case, without the "xn--"
// prefix. input must be valid UTF-8 of Unicode scalar values.
func Encode(dst []byte, input string) ([]byte, error) {
	if len(input) > 4*MaxLength {
		return dst, ErrTooLong
	}
	var buf [32]rune
	cps := buf[:0]
	for _, r := range input {
		if len(cps) == MaxLength {
			return dst, ErrTooLong
		}
		cps = append(cps, r)
	}
	return EncodeRunes(dst, cps)
}

// EncodeRunes is Encode of the code points cps, for a caller that has
// them decoded already: it appends to dst the Punycode of cps (Unicode
// scalar values), or returns the error Encode returns for the UTF-8 of
// cps (ErrTooLong or ErrOverflow).
func EncodeRunes(dst []byte, cps []rune) ([]byte, error) {
	if len(cps) > MaxLength {
		return dst, ErrTooLong
	}
	// "Copy them [the basic code points] to the output in order, followed
	// by a delimiter if b > 0."
	b := uint32(0)
	for _, r := range cps {
		if r < initialN {
			dst = append(dst, byte(r))
			b++
		}
	}
	if b > 0 {
		dst = append(dst, delimiter)
	}
	return encodeDeltas(dst, cps, b)
}

// encodeDeltas is the main loop of RFC 3492 §6.3, after the basic code
// points and the delimiter; b is their number. The pass over the input for
// one code point n also finds the next one, "the minimum {non-basic} code
// point >= n in the input" of the following round.
func encodeDeltas(dst []byte, cps []rune, b uint32) ([]byte, error) {
	n, delta, bias := uint32(initialN), uint32(0), uint32(initialBias)
	m := uint32(maxInt)
	for _, r := range cps {
		if uint32(r) >= n && uint32(r) < m {
			m = uint32(r)
		}
	}
	for h := b; h < uint32(len(cps)); {
		// RFC 3492 §6.4: delta + (m - n) * (h + 1) must not overflow;
		// computed in 64 bits.
		sum := uint64(delta) + uint64(m-n)*uint64(h+1)
		if sum > maxInt {
			return dst, ErrOverflow
		}
		delta = uint32(sum)
		n = m
		m = maxInt
		for _, r := range cps {
			c := uint32(r)
			switch {
			case c < n:
				delta++
				if delta == 0 {
					return dst, ErrOverflow
				}
			case c == n:
				dst = appendInteger(dst, delta, bias)
				bias = adapt(delta, h+1, h == b)
				delta = 0
				h++
			case c < m:
				m = c
			}
		}
		delta++
		n++
	}
	return dst, nil
}

// appendInteger appends q as a generalized variable-length integer,
// RFC 3492 §3.3 and the inner loop of §6.3.
func appendInteger(dst []byte, q, bias uint32) []byte {
	for k := uint32(base); ; k += base {
		t := threshold(k, bias)
		if q < t {
			return append(dst, digitByte(q))
		}
		var quo, rem uint32
		// The digits below bias+tmin and above bias+tmax (most of them)
		// divide by a constant, which needs no table.
		switch t {
		case tmin:
			quo, rem = (q-tmin)/(base-tmin), (q-tmin)%(base-tmin)
		case tmax:
			quo, rem = (q-tmax)/(base-tmax), (q-tmax)%(base-tmax)
		default:
			quo, rem = divMod(q-t, base-t)
		}
		dst = append(dst, digitByte(t+rem))
		q = quo
	}
}

// maxDivisor bounds the divisors that div and divMod take from a table:
// base-t of appendInteger (10 to 35), numPoints of adapt (at most
// MaxLength+1) and delta+skew at the end of adapt (at most
// ((base-tmin)*tmax)/2 + skew).
const maxDivisor = 512

// reciprocals[d] is ⌈2^64/d⌉, for d from 1 to maxDivisor-1.
var reciprocals = func() (r [maxDivisor]uint64) {
	for d := uint64(2); d < maxDivisor; d++ {
		r[d] = (1<<64-1)/d + 1
	}
	return r
}()

// divMod returns x/d and x%d, by a multiplication when d < maxDivisor: for
// x < 2^32, ⌊x·⌈2^64/d⌉ / 2^64⌋ is ⌊x/d⌋ (the error is below x·d/2^64,
// less than 1/d).
func divMod(x, d uint32) (quo, rem uint32) {
	quo = div(x, d)
	return quo, x - quo*d
}

// div returns x/d, as divMod.
func div(x, d uint32) uint32 {
	if d < 2 || d >= maxDivisor {
		return x / d
	}
	hi, _ := bits.Mul64(uint64(x), reciprocals[d])
	return uint32(hi)
}
