package main

import (
	"bytes"
	"fmt"
	"strconv"
)

// The tables of the detections of UTS #39 §5.3 and §5.4, from
// UnicodeData.txt: each code point's decimal digit system (§5.3,
// Mixed-Number Detection: the digits of a string are of one system when
// they have one zero) and whether its General_Category is Mn or Me (§5.4,
// Optional Detection: sequences of nonspacing marks). The algorithms are
// written by hand in internal/uts39.

// The bits of a value of internal/ucd's detect trie: bits 0-7 hold the
// number of the code point's decimal digit system plus one (0 for a code
// point that is not a decimal digit), an index of decimalZeros.
const (
	detectZeroMask = 1<<8 - 1
	detectMn       = 1 << 8 // General_Category=Nonspacing_Mark
	detectMe       = 1 << 9 // General_Category=Enclosing_Mark
)

// genUTS39Detect makes internal/ucd/uts39_detect_tables.go from
// UnicodeData.txt: a code point has Numeric_Type=Decimal when its field
// 6 (Numeric_Value as a decimal digit) is not empty (UAX #44 §5.7.5), and
// the zero of its system is the code point less that value.
func genUTS39Detect(in []*ucdFile) ([]byte, error) {
	f := in[0]
	vals := make([]uint16, maxRune+1)
	ds := &digitSystems{number: map[rune]uint16{}}
	for _, r := range f.records {
		v, err := ds.value(f, r)
		if err != nil {
			return nil, err
		}
		for c := r.lo; c <= r.hi; c++ {
			vals[c] = v
		}
	}
	zeros := ds.zeros
	var b bytes.Buffer
	fmt.Fprintf(&b, "// The bits of a value of detectTrie.\nconst (\n")
	fmt.Fprintf(&b, "detectZeroMask = %#x // the number of the decimal digit system, plus one\n", detectZeroMask)
	fmt.Fprintf(&b, "detectMn = %#x // General_Category=Nonspacing_Mark\n", detectMn)
	fmt.Fprintf(&b, "detectMe = %#x // General_Category=Enclosing_Mark\n)\n\n", detectMe)
	b.WriteString("// decimalZeros[n-1] is the zero of decimal digit system n: the\n// Numeric_Type=Decimal code point of value 0, in code point order.\n")
	b.WriteString("var decimalZeros = [...]rune{\n")
	for i, z := range zeros {
		fmt.Fprintf(&b, "%#05x,", z)
		if i%8 == 7 || i == len(zeros)-1 {
			b.WriteByte('\n')
		} else {
			b.WriteByte(' ')
		}
	}
	b.WriteString("}\n\n")
	if err := emitTrie(&b, "detectTrie", "", "uint16",
		"detectTrie holds, for each code point, the number of its decimal digit\nsystem (UnicodeData.txt field 6, UTS #39 §5.3) and whether its\nGeneral_Category is Mn or Me (field 2, UTS #39 §5.4).", vals); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// digitSystems numbers the decimal digit systems of UnicodeData.txt in
// the order of their first digit.
type digitSystems struct {
	zeros  []rune          // the zero of each system, by number less one
	number map[rune]uint16 // a zero → its system's number
}

// value returns the detect trie's value of the code points of record r
// of UnicodeData.txt: its mark category bit and its system's number.
func (ds *digitSystems) value(f *ucdFile, r record) (uint16, error) {
	gc, err := f.field(r, 1)
	if err != nil {
		return 0, err
	}
	digit, err := f.field(r, 5)
	if err != nil {
		return 0, err
	}
	var v uint16
	switch gc {
	case "Mn":
		v = detectMn
	case "Me":
		v = detectMe
	}
	if digit == "" {
		return v, nil
	}
	if gc != "Nd" || r.lo != r.hi {
		return 0, fmt.Errorf("%s:%d: a decimal digit value on %s code points U+%04X..U+%04X", f.name, r.line, gc, r.lo, r.hi)
	}
	d, err := strconv.Atoi(digit)
	if err != nil || d < 0 || d > 9 {
		return 0, fmt.Errorf("%s:%d: decimal digit value %q", f.name, r.line, digit)
	}
	zero := r.lo - rune(d)
	n, ok := ds.number[zero]
	if !ok {
		if len(ds.zeros) == detectZeroMask {
			return 0, fmt.Errorf("more than %d decimal digit systems", detectZeroMask)
		}
		ds.zeros = append(ds.zeros, zero)
		n = uint16(len(ds.zeros))
		ds.number[zero] = n
	}
	return v | n, nil
}
