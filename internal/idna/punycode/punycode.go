// Package punycode implements Punycode (RFC 3492), the Bootstring encoding
// of Unicode code points as the basic (ASCII) code points of a host name
// label, with the parameter values of RFC 3492 §5 and the overflow
// handling of §6.4.
//
// Neither function deals with the "xn--" prefix or with letter case
// mapping: RFC 3492 §5 leaves them to the application (UTS #46 §4 step 4
// and §4.2 step 3 in package idna).
//
// RFC 3492's algorithms are quadratic in the label's length in the worst
// case (§6.2 inserts into the output, §6.3 scans the input once per
// distinct code point). They run as written for a label of at most
// DirectLength code points, which no DNS label comes near (RFC 1035
// §2.3.4 allows 63 octets); a longer one, which RFC 3492 and UTS #46 allow
// too, takes the same steps with a Fenwick tree over the label's
// positions, which counts the code points below n before a position
// (§6.3) and finds where each insertion ends (§6.2) in time logarithmic in
// the length: time O(n log n) and memory linear in the label, and no
// limit on its length.
package punycode

import (
	"cmp"
	"errors"
	"math/bits"
	"slices"
	"unicode/utf8"

	"github.com/specuri/specuri/internal/ascii"
)

// DirectLength is the longest label, in code points, that Encode and
// Decode convert with RFC 3492's quadratic steps as written, which are the
// fastest for short labels and allocate least.
const DirectLength = 256

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
	// The output has at most one code point per byte of input.
	out := make([]rune, 0, len(input))
	for j := 0; j < b; j++ {
		out = append(out, rune(input[j]))
	}
	in := b
	if b > 0 {
		in = b + 1
	}
	if len(input) <= DirectLength {
		return decodeDeltas(input[in:], out)
	}
	return decodeDeltasLong(input[in:], out)
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

// decodeDeltas is decodeDeltas for a label of any length: the steps of
// RFC 3492 §6.2, which depend on the output's length only, record each
// insertion (n at index i); then, from the last insertion to the first,
// each code point goes to the free position whose rank among the free
// positions is its index (a later insertion before it has moved it right
// once), and the basic code points fill the positions left, in order.
func decodeDeltasLong(input string, out []rune) ([]rune, error) {
	type insertion struct {
		n rune
		i int32
	}
	var ins []insertion
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
		count := uint32(len(out)+len(ins)) + 1
		bias = adapt(i-oldi, count, oldi == 0)
		if i/count > maxInt-n {
			return nil, ErrOverflow
		}
		n += i / count
		i %= count
		if n > utf8.MaxRune || (0xD800 <= n && n <= 0xDFFF) {
			return nil, ErrNotCodePoint
		}
		ins = append(ins, insertion{rune(n), int32(i)})
		i++
	}
	res := make([]rune, len(out)+len(ins))
	free := newFenwick(len(res), 1)
	used := make([]bool, len(res))
	for k := len(ins) - 1; k >= 0; k-- {
		pos := free.find(int(ins[k].i))
		res[pos], used[pos] = ins[k].n, true
		free.add(pos, -1)
	}
	j := 0
	for pos := range res {
		if !used[pos] {
			res[pos] = out[j]
			j++
		}
	}
	return res, nil
}

// Encode appends to dst the Punycode of the code points of input, RFC 3492
// §6.3 with the overflow checks of §6.4, in lower case, without the "xn--"
// prefix. input must be valid UTF-8 of Unicode scalar values.
func Encode(dst []byte, input string) ([]byte, error) {
	var buf [32]rune
	cps := buf[:0]
	if len(input) > len(buf) {
		if n := utf8.RuneCountInString(input); n > len(buf) {
			cps = make([]rune, 0, n)
		}
	}
	for _, r := range input {
		cps = append(cps, r)
	}
	return EncodeRunes(dst, cps)
}

// EncodeRunes is Encode of the code points cps, for a caller that has
// them decoded already: it appends to dst the Punycode of cps (Unicode
// scalar values), or returns the error Encode returns for the UTF-8 of
// cps (ErrOverflow). On error dst is returned as it was.
func EncodeRunes(dst []byte, cps []rune) ([]byte, error) {
	start := len(dst)
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
	var err error
	if len(cps) <= DirectLength {
		dst, err = encodeDeltas(dst, cps, b)
	} else {
		dst, err = encodeDeltasLong(dst, cps, b)
	}
	if err != nil {
		return dst[:start], err
	}
	return dst, nil
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

// encodeDeltasLong is encodeDeltas for a label of any length. The code
// points above the basic ones are taken in the order of RFC 3492 §6.3's
// rounds (by value, then position); a Fenwick tree marks the positions of
// the code points below n, so that the delta a round adds between two
// occurrences of n, one per such code point, is a difference of two prefix
// sums. RFC 3492 §6.4's checks are made on the sums, which only grow.
func encodeDeltasLong(dst []byte, cps []rune, b uint32) ([]byte, error) {
	nonBasic := 0
	for _, r := range cps {
		if r >= initialN {
			nonBasic++
		}
	}
	order := make([]int32, 0, nonBasic) // the positions of the non-basic code points
	below := newFenwick(len(cps), 0)
	for pos, r := range cps {
		if r < initialN {
			below.add(pos, 1)
		} else {
			order = append(order, int32(pos))
		}
	}
	slices.SortFunc(order, func(x, y int32) int {
		return cmp.Or(cmp.Compare(cps[x], cps[y]), cmp.Compare(x, y))
	})
	n, delta, bias, h := uint64(initialN), uint64(0), uint32(initialBias), b
	for j := 0; j < len(order); {
		m := uint64(cps[order[j]])
		delta += (m - n) * uint64(h+1)
		n = m
		prev := 0 // the scan's position: after the last occurrence of n
		k := j
		for ; k < len(order) && uint64(cps[order[k]]) == n; k++ {
			pos := int(order[k])
			delta += uint64(below.sum(pos) - below.sum(prev))
			if delta > maxInt {
				return dst, ErrOverflow
			}
			dst = appendInteger(dst, uint32(delta), bias)
			bias = adapt(uint32(delta), h+1, h == b)
			delta = 0
			h++
			prev = pos + 1
		}
		delta += uint64(below.sum(len(cps)) - below.sum(prev))
		for _, pos := range order[j:k] {
			below.add(int(pos), 1)
		}
		j = k
		delta++
		n++
	}
	return dst, nil
}

// fenwick is a Fenwick (binary indexed) tree of counts over the positions
// 0 to n-1.
type fenwick []int32

// newFenwick returns the tree of n positions, each counting v.
func newFenwick(n int, v int32) fenwick {
	f := make(fenwick, n+1)
	if v != 0 {
		for i := 1; i <= n; i++ {
			f[i] += v
			if j := i + i&-i; j <= n {
				f[j] += f[i]
			}
		}
	}
	return f
}

// add adds v to the count of position pos.
func (f fenwick) add(pos int, v int32) {
	for i := pos + 1; i < len(f); i += i & -i {
		f[i] += v
	}
}

// sum returns the sum of the counts of the positions below pos.
func (f fenwick) sum(pos int) int32 {
	s := int32(0)
	for i := pos; i > 0; i -= i & -i {
		s += f[i]
	}
	return s
}

// find returns the position whose count, a 0 or a 1, is the 1 of rank r
// (from 0): the lowest pos with sum(pos+1) = r+1.
func (f fenwick) find(r int) int {
	pos, rem := 0, int32(r)+1
	for step := 1 << (bits.Len(uint(len(f)-1)) - 1); step > 0; step >>= 1 {
		if next := pos + step; next < len(f) && f[next] < rem {
			pos = next
			rem -= f[next]
		}
	}
	return pos
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
// base-t of appendInteger (10 to 35), numPoints of adapt (DirectLength+1
// in a label of DirectLength code points; a longer label divides) and
// delta+skew at the end of adapt (at most ((base-tmin)*tmax)/2 + skew).
const maxDivisor = 512

// reciprocals (reciprocals.go) holds ⌈2^64/d⌉ for d from 2 to
// maxDivisor-1, generated by genreciprocals.go.
//
//go:generate go run genreciprocals.go

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
