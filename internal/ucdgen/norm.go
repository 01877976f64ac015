package main

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
)

// The values of a Quick_Check property in internal/norm's normTrie (UAX
// #15 §9), and the bits of a normTrie value.
const (
	qcYes   = 0
	qcMaybe = 1
	qcNo    = 2

	normCCCMask  = 0xFF    // bits 0-7: Canonical_Combining_Class
	normNFCShift = 8       // bits 8-9: NFC_Quick_Check
	normNFDNo    = 1 << 10 // bit 10: NFD_Quick_Check = No
)

// The Hangul syllables, The Unicode Standard §3.12: decomposed and
// composed by algorithm, never listed in UnicodeData.txt.
const (
	hangulSBase  = 0xAC00
	hangulSCount = 11172
)

// qcValue maps a Quick_Check field (Y/N/M, or the long names of the
// @missing lines) to its value.
func qcValue(s string) (uint16, bool) {
	switch s {
	case "Y", "Yes":
		return qcYes, true
	case "M", "Maybe":
		return qcMaybe, true
	case "N", "No":
		return qcNo, true
	}
	return 0, false
}

// normData is what genNorm reads.
type normData struct {
	ccc      []uint16
	nfcQC    []uint16
	nfdQC    []uint16
	decomp   map[rune][]rune // canonical Decomposition_Mapping, one level
	excluded map[rune]bool   // Full_Composition_Exclusion
}

// genNorm makes internal/norm/tables.go from UnicodeData.txt,
// DerivedCombiningClass.txt, DerivedNormalizationProps.txt and
// CompositionExclusions.txt: the data of UAX #15 normalization.
func genNorm(in []*ucdFile) ([]byte, error) {
	d, err := readNormData(in)
	if err != nil {
		return nil, err
	}
	full := map[rune][]rune{}
	for c := range d.decomp {
		full[c] = fullDecomposition(d.decomp, c)
	}
	if err := checkNormData(d, full); err != nil {
		return nil, err
	}
	props := make([]uint16, maxRune+1)
	strs := newStringTable()
	decompIndex := make([]uint16, maxRune+1)
	for c := range props {
		props[c] = d.ccc[c] | d.nfcQC[c]<<normNFCShift
		if d.nfdQC[c] == qcNo {
			props[c] |= normNFDNo
		}
		if f, ok := full[rune(c)]; ok {
			decompIndex[c] = uint16(strs.add(string(f)))
		}
	}
	var b bytes.Buffer
	b.WriteString("import \"github.com/specuri/specuri/internal/ucd\"\n\n")
	fmt.Fprintf(&b, "// The bits of a value of normTrie.\nconst (\n")
	fmt.Fprintf(&b, "cccMask = %#x // Canonical_Combining_Class\n", normCCCMask)
	fmt.Fprintf(&b, "nfcShift = %d // NFC_Quick_Check, 2 bits: qcYes, qcMaybe or qcNo\n", normNFCShift)
	fmt.Fprintf(&b, "nfdNo = %#x // NFD_Quick_Check is No\n)\n\n", normNFDNo)
	fmt.Fprintf(&b, "// The values of a Quick_Check property, UAX #15 §9.\nconst (\nqcYes = %d\nqcMaybe = %d\nqcNo = %d\n)\n\n", qcYes, qcMaybe, qcNo)
	if err := emitTrie(&b, "normTrie", "ucd.", "uint16",
		"normTrie holds the Canonical_Combining_Class (DerivedCombiningClass.txt),\nNFC_Quick_Check and NFD_Quick_Check (DerivedNormalizationProps.txt) of\neach code point.", props); err != nil {
		return nil, err
	}
	if err := emitTrie(&b, "decompTrie", "ucd.", "uint16",
		"decompTrie holds, for each code point with a canonical decomposition\n(UnicodeData.txt field 5 without a <tag>), the number of its full\ncanonical decomposition in decompData (The Unicode Standard §3.7, D68:\nthe mapping applied recursively), and 0 for the others. The Hangul\nsyllables are decomposed by algorithm (§3.12) and are not in it.", decompIndex); err != nil {
		return nil, err
	}
	strs.emit(&b, "decompData", "decompOffsets",
		"decompData holds the full canonical decompositions, in UTF-8.")
	emitCompositions(&b, d)
	emitFirstChecks(&b, d)
	return b.Bytes(), nil
}

// readNormData reads the inputs of genNorm.
func readNormData(in []*ucdFile) (*normData, error) {
	ud, derivedCCC, props, exclusions := in[0], in[1], in[2], in[3]
	d := &normData{decomp: map[rune][]rune{}, excluded: map[rune]bool{}}
	var err error
	if d.ccc, err = derivedCCC.values(0, "", cccValue); err != nil {
		return nil, err
	}
	if d.nfcQC, err = props.values(1, "NFC_QC", qcValue); err != nil {
		return nil, err
	}
	if d.nfdQC, err = props.values(1, "NFD_QC", qcValue); err != nil {
		return nil, err
	}
	if err := readDecompositions(ud, d.decomp); err != nil {
		return nil, err
	}
	if err := readExclusions(props, exclusions, d.excluded); err != nil {
		return nil, err
	}
	return d, nil
}

// readDecompositions reads the canonical Decomposition_Mapping of
// UnicodeData.txt (field 5 without a <tag>) into m.
func readDecompositions(ud *ucdFile, m map[rune][]rune) error {
	for _, r := range ud.records {
		f, err := ud.field(r, 4)
		if err != nil {
			return err
		}
		if f == "" || strings.HasPrefix(f, "<") {
			continue // none, or a compatibility mapping
		}
		if r.lo != r.hi {
			return fmt.Errorf("%s:%d: a range with a decomposition", ud.name, r.line)
		}
		if m[r.lo], err = parseCodePoints(f); err != nil {
			return fmt.Errorf("%s:%d: %w", ud.name, r.line, err)
		}
	}
	return nil
}

// readExclusions reads Full_Composition_Exclusion from
// DerivedNormalizationProps.txt into excluded, and checks that every code
// point of CompositionExclusions.txt has it.
func readExclusions(props, exclusions *ucdFile, excluded map[rune]bool) error {
	for _, r := range props.records {
		if len(r.fields) == 1 && r.fields[0] == "Full_Composition_Exclusion" {
			for c := r.lo; c <= r.hi; c++ {
				excluded[c] = true
			}
		}
	}
	for _, r := range exclusions.records {
		for c := r.lo; c <= r.hi; c++ {
			if !excluded[c] {
				return fmt.Errorf("%s:%d: U+%04X is not Full_Composition_Exclusion in DerivedNormalizationProps.txt", exclusions.name, r.line, c)
			}
		}
	}
	return nil
}

// fullDecomposition applies the canonical mappings to c recursively.
func fullDecomposition(m map[rune][]rune, c rune) []rune {
	d, ok := m[c]
	if !ok {
		return []rune{c}
	}
	var out []rune
	for _, x := range d {
		out = append(out, fullDecomposition(m, x)...)
	}
	return out
}

// checkNormData fails unless the data has the properties internal/norm
// relies on:
//   - NFD_Quick_Check is No exactly for the code points with a canonical
//     decomposition (the Hangul syllables included);
//   - Full_Composition_Exclusion is exactly CompositionExclusions.txt's
//     code points, the singleton decompositions and the non-starter
//     decompositions (The Unicode Standard §3.11, D111-D113), checked by
//     the read of CompositionExclusions.txt and here;
//   - every second code point of a primary composite has NFC_Quick_Check
//     Maybe (so that norm tries composition only for those);
//   - every code point with NFC_Quick_Check Yes and combining class 0
//     decomposes to a sequence that begins with a code point with both
//     too, so that text before it is never changed by what follows.
func checkNormData(d *normData, full map[rune][]rune) error {
	for c := rune(0); c <= maxRune; c++ {
		if err := checkCodePoint(d, full, c); err != nil {
			return err
		}
	}
	for c, m := range d.decomp {
		derived := len(m) == 1 || d.ccc[c] != 0 || d.ccc[m[0]] != 0
		if derived && !d.excluded[c] {
			return fmt.Errorf("U+%04X: a singleton or non-starter decomposition not Full_Composition_Exclusion", c)
		}
		if !d.excluded[c] && d.nfcQC[m[1]] != qcMaybe {
			return fmt.Errorf("U+%04X: composes from U+%04X, whose NFC_QC is not Maybe", c, m[1])
		}
	}
	return nil
}

// checkCodePoint checks the properties of checkNormData that are about
// one code point c.
func checkCodePoint(d *normData, full map[rune][]rune, c rune) error {
	_, has := d.decomp[c]
	if c >= hangulSBase && c < hangulSBase+hangulSCount {
		has = true
	}
	if has != (d.nfdQC[c] == qcNo) {
		return fmt.Errorf("U+%04X: has a canonical decomposition %v, NFD_QC %d", c, has, d.nfdQC[c])
	}
	if f, ok := full[c]; ok && d.nfcQC[c] == qcYes && d.ccc[c] == 0 {
		if d.nfcQC[f[0]] != qcYes || d.ccc[f[0]] != 0 {
			return fmt.Errorf("U+%04X: NFC_QC Yes starter decomposing to U+%04X, not one", c, f[0])
		}
	}
	return nil
}

// emitFirstChecks writes the constants firstNFC and firstNFD: the
// smallest code point that is not a starter with quick-check value Yes
// for NFC and for NFD. Every code point below it is a stable boundary
// that the quick check passes without a table lookup.
func emitFirstChecks(b *bytes.Buffer, d *normData) {
	first := func(qc []uint16) rune {
		c := rune(0)
		for c <= maxRune && d.ccc[c] == 0 && qc[c] == qcYes {
			c++
		}
		return c
	}
	b.WriteString("\n// Every code point below firstNFC (firstNFD) is a starter whose\n")
	b.WriteString("// NFC_Quick_Check (NFD_Quick_Check) is Yes.\n")
	fmt.Fprintf(b, "const (\nfirstNFC = %#04x\nfirstNFD = %#04x\n)\n", first(d.nfcQC), first(d.nfdQC))
}

// emitCompositions writes compositions: the primary composites (The
// Unicode Standard §3.11, D114), each as first<<42 | second<<21 |
// composite, sorted.
func emitCompositions(b *bytes.Buffer, d *normData) {
	var pairs []uint64
	for c, m := range d.decomp {
		if !d.excluded[c] {
			pairs = append(pairs, uint64(m[0])<<42|uint64(m[1])<<21|uint64(c))
		}
	}
	slices.Sort(pairs)
	writeComment(b, "compositions holds the primary composites (The Unicode Standard §3.11,\nD114: the canonical decompositions of two code points that are not\nFull_Composition_Exclusion), each as first<<42 | second<<21 | composite,\nsorted. The Hangul syllables are composed by algorithm (§3.12).")
	b.WriteString("var compositions = [...]uint64{\n")
	for i, p := range pairs {
		fmt.Fprintf(b, "%#016x,", p)
		if i%4 == 3 || i == len(pairs)-1 {
			b.WriteByte('\n')
		} else {
			b.WriteByte(' ')
		}
	}
	b.WriteString("}\n")
}
