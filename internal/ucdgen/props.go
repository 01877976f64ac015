package main

import (
	"bytes"
	"fmt"
	"strconv"
)

// bidiClasses are the Bidi_Class values in the order of internal/ucd's
// BidiClass constants, each as its short name (the data lines' spelling)
// and its long name (the @missing lines' spelling), UAX #44 §5.7.4 and
// UAX #9 Table 4. checkLongNames checks each pair against the section
// headers of DerivedBidiClass.txt, and values fails on a name not here.
var bidiClasses = []struct{ short, long string }{
	{"L", "Left_To_Right"}, {"R", "Right_To_Left"}, {"AL", "Arabic_Letter"},
	{"EN", "European_Number"}, {"ES", "European_Separator"}, {"ET", "European_Terminator"},
	{"AN", "Arabic_Number"}, {"CS", "Common_Separator"}, {"NSM", "Nonspacing_Mark"},
	{"BN", "Boundary_Neutral"}, {"B", "Paragraph_Separator"}, {"S", "Segment_Separator"},
	{"WS", "White_Space"}, {"ON", "Other_Neutral"}, {"LRE", "Left_To_Right_Embedding"},
	{"LRO", "Left_To_Right_Override"}, {"RLE", "Right_To_Left_Embedding"},
	{"RLO", "Right_To_Left_Override"}, {"PDF", "Pop_Directional_Format"},
	{"LRI", "Left_To_Right_Isolate"}, {"RLI", "Right_To_Left_Isolate"},
	{"FSI", "First_Strong_Isolate"}, {"PDI", "Pop_Directional_Isolate"},
}

// joiningTypes are the Joining_Type values in the order of internal/ucd's
// JoiningType constants (short and long names, UAX #44 §5.7.4).
var joiningTypes = []struct{ short, long string }{
	{"U", "Non_Joining"}, {"C", "Join_Causing"}, {"D", "Dual_Joining"},
	{"L", "Left_Joining"}, {"R", "Right_Joining"}, {"T", "Transparent"},
}

// The bits of a value of internal/ucd's props trie.
const (
	propBidiBits = 5      // bits 0-4: the BidiClass; bits 5-7: the JoiningType
	propMark     = 1 << 8 // bit 8: General_Category Mn, Mc or Me
)

// enumValue returns the function that maps a short or long name of names
// to its position.
func enumValue(names []struct{ short, long string }) func(string) (uint16, bool) {
	return func(s string) (uint16, bool) {
		for i, n := range names {
			if s == n.short || s == n.long {
				return uint16(i), true
			}
		}
		return 0, false
	}
}

// checkLongNames checks the long names of names against the file's
// section headers ("# Bidi_Class=Arabic_Letter" above the lines of AL),
// which the @missing lines use.
func checkLongNames(f *ucdFile, names []struct{ short, long string }) error {
	for _, r := range f.records {
		if r.section == "" || len(r.fields) == 0 {
			continue
		}
		v, ok := enumValue(names)(r.fields[0])
		if !ok || names[v].long != r.section {
			return fmt.Errorf("%s:%d: value %q in the section of %q, which the generator's table does not pair", f.name, r.line, r.fields[0], r.section)
		}
	}
	return nil
}

// cccValue maps a Canonical_Combining_Class field (a number, or
// Not_Reordered in the @missing line) to its value, UAX #44 §5.7.4.
func cccValue(s string) (uint16, bool) {
	if s == "Not_Reordered" {
		return 0, true
	}
	v, err := strconv.ParseUint(s, 10, 8)
	return uint16(v), err == nil
}

// isMarkCategory reports whether a General_Category is Mn, Mc or Me.
func isMarkCategory(gc string) bool {
	return gc == "Mn" || gc == "Mc" || gc == "Me"
}

// genProps makes internal/ucd/tables.go from DerivedBidiClass.txt,
// DerivedJoiningType.txt and UnicodeData.txt. The
// Canonical_Combining_Class is internal/norm's (genNorm).
func genProps(in []*ucdFile) ([]byte, error) {
	if err := checkLongNames(in[0], bidiClasses); err != nil {
		return nil, err
	}
	if err := checkLongNames(in[1], joiningTypes); err != nil {
		return nil, err
	}
	bidi, err := in[0].values(0, "", enumValue(bidiClasses))
	if err != nil {
		return nil, err
	}
	joining, err := in[1].values(0, "", enumValue(joiningTypes))
	if err != nil {
		return nil, err
	}
	props := make([]uint16, maxRune+1)
	for c := range props {
		props[c] = bidi[c] | joining[c]<<propBidiBits
	}
	for _, r := range in[2].records {
		gc, err := in[2].field(r, 1)
		if err != nil {
			return nil, err
		}
		if isMarkCategory(gc) {
			for c := r.lo; c <= r.hi; c++ {
				props[c] |= propMark
			}
		}
	}
	var b bytes.Buffer
	writeEnum(&b, "BidiClass", "Bidi", bidiClasses)
	writeEnum(&b, "JoiningType", "Joining", joiningTypes)
	fmt.Fprintf(&b, "// The bits of a value of propsTrie.\nconst (\n")
	fmt.Fprintf(&b, "propBidiMask = 1<<%d - 1 // the BidiClass\n", propBidiBits)
	fmt.Fprintf(&b, "propJoiningShift = %d // the JoiningType, 3 bits\n", propBidiBits)
	fmt.Fprintf(&b, "propMark = %#x // General_Category Mn, Mc or Me\n)\n\n", propMark)
	if err := emitTrie(&b, "propsTrie", "", "uint16",
		"propsTrie holds the Bidi_Class (DerivedBidiClass.txt), Joining_Type\n(DerivedJoiningType.txt) and whether the General_Category is a mark\n(UnicodeData.txt) of each code point.", props); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// writeEnum writes the constants of an enumerated property, named prefix
// and the short name, in the order of names.
func writeEnum(b *bytes.Buffer, typ, prefix string, names []struct{ short, long string }) {
	fmt.Fprintf(b, "// The values of %s, in the order of the generator's table.\nconst (\n", typ)
	for i, n := range names {
		if i == 0 {
			fmt.Fprintf(b, "%s%s %s = iota // %s\n", prefix, n.short, typ, n.long)
			continue
		}
		fmt.Fprintf(b, "%s%s // %s\n", prefix, n.short, n.long)
	}
	b.WriteString(")\n\n")
	fmt.Fprintf(b, "// num%s is the number of values of %s.\nconst num%s = %d\n\n", typ, typ, typ, len(names))
}
