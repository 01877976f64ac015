package ucd

import "strconv"

// IDNAStatus is the Status of a code point in the IDNA Mapping Table,
// UTS #46 §5 (IdnaMappingTable.txt).
type IDNAStatus uint8

// The statuses of UTS #46 §5, Table 1 (since Unicode 16.0 the STD3
// statuses are not in the table: UseSTD3ASCIIRules is a validity criterion,
// UTS #46 §4.1 step 7).
const (
	IDNAValid      IDNAStatus = iota // valid: kept
	IDNAIgnored                      // ignored: removed by the Map step
	IDNAMapped                       // mapped: replaced by its mapping
	IDNADeviation                    // deviation: mapped only by Transitional_Processing
	IDNADisallowed                   // disallowed: an error wherever it remains
)

// IDNA returns the status of r in the IDNA Mapping Table (UTS #46 §5) and,
// for a mapped or deviation code point, its mapping (possibly empty: the
// deviations U+200C and U+200D map to nothing). A value that is not a code
// point is IDNADisallowed.
func IDNA(r rune) (IDNAStatus, string) {
	if uint32(r) > MaxRune {
		return IDNADisallowed, "" // not IDNAValid, which is Lookup's 0
	}
	v := idnaTrie.Lookup(r)
	st := IDNAStatus(v >> idnaStatusShift)
	if st != IDNAMapped && st != IDNADeviation {
		return st, ""
	}
	i := v & idnaMappingMask
	return st, idnaMappings[idnaMappingOffsets[i]:idnaMappingOffsets[i+1]]
}

// String returns the status as IdnaMappingTable.txt spells it.
func (s IDNAStatus) String() string {
	switch s {
	case IDNAValid:
		return "valid"
	case IDNAIgnored:
		return "ignored"
	case IDNAMapped:
		return "mapped"
	case IDNADeviation:
		return "deviation"
	case IDNADisallowed:
		return "disallowed"
	}
	return "IDNAStatus(" + strconv.Itoa(int(s)) + ")"
}
