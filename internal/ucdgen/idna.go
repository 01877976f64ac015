package main

import (
	"bytes"
	"fmt"
	"strings"
)

// idnaStatuses are the Status values of IdnaMappingTable.txt (UTS #46 §5,
// Table 1 as of Unicode 16.0, where the STD3 statuses became part of the
// validity criteria), in the order of internal/ucd's IDNAStatus constants.
var idnaStatuses = []string{"valid", "ignored", "mapped", "deviation", "disallowed"}

// The bits of a value of internal/ucd's idnaTrie: the status above
// idnaStatusShift, the number of the mapping in idnaMappings below it.
const (
	idnaStatusShift = 13
	idnaMappingMask = 1<<idnaStatusShift - 1
)

// genIDNA makes internal/ucd/idna_tables.go from IdnaMappingTable.txt
// (UTS #46 §5): a trie of each code point's status and mapping, and the
// mappings as one string table. Every code point must be listed exactly
// once, as the file's last line says ("Total code points: 1114112").
func genIDNA(in []*ucdFile) ([]byte, error) {
	f := in[0]
	vals := make([]uint16, maxRune+1)
	seen := make([]bool, maxRune+1)
	maps := newStringTable()
	for _, r := range f.records {
		v, err := idnaValue(f, r, maps)
		if err != nil {
			return nil, err
		}
		for c := r.lo; c <= r.hi; c++ {
			if seen[c] {
				return nil, fmt.Errorf("%s:%d: U+%04X listed twice", f.name, r.line, c)
			}
			seen[c] = true
			vals[c] = v
		}
	}
	for c, ok := range seen {
		if !ok {
			return nil, fmt.Errorf("%s: U+%04X has no line", f.name, c)
		}
	}
	if len(maps.strs) > idnaMappingMask+1 {
		return nil, fmt.Errorf("%s: %d mappings, more than %d bits number", f.name, len(maps.strs), idnaStatusShift)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "// The bits of a value of idnaTrie.\nconst (\n")
	fmt.Fprintf(&b, "idnaStatusShift = %d // the IDNAStatus is the value >> idnaStatusShift\n", idnaStatusShift)
	fmt.Fprintf(&b, "idnaMappingMask = 1<<idnaStatusShift - 1 // the number of the mapping in idnaMappings\n)\n\n")
	doc := "idnaTrie holds the IDNA Mapping Table of UTS #46 §5 (IdnaMappingTable.txt):\n" +
		"each code point's status and the number of its mapping (0, the empty\n" +
		"string, for valid, ignored and disallowed code points and for the\n" +
		"mappings to nothing)."
	if err := emitTrie(&b, "idnaTrie", "", "uint16", doc, vals); err != nil {
		return nil, err
	}
	maps.emit(&b, "idnaMappings", "idnaMappingOffsets",
		"idnaMappings holds the mapping strings of IdnaMappingTable.txt's mapped\nand deviation code points, in UTF-8.")
	return b.Bytes(), nil
}

// idnaValue is the trie value of the line r of IdnaMappingTable.txt:
// "code points ; status [; mapping [; IDNA2008 status]]".
func idnaValue(f *ucdFile, r record, maps *stringTable) (uint16, error) {
	status, err := f.field(r, 0)
	if err != nil {
		return 0, err
	}
	st := -1
	for i, s := range idnaStatuses {
		if s == status {
			st = i
		}
	}
	if st < 0 {
		return 0, fmt.Errorf("%s:%d: unknown status %q", f.name, r.line, status)
	}
	mapping := ""
	if len(r.fields) > 1 {
		mapping = r.fields[1]
	}
	hasMapping := status == "mapped" || status == "deviation"
	if !hasMapping && mapping != "" {
		return 0, fmt.Errorf("%s:%d: status %s with a mapping", f.name, r.line, status)
	}
	if status == "mapped" && mapping == "" {
		return 0, fmt.Errorf("%s:%d: mapped to nothing", f.name, r.line)
	}
	cps, err := parseCodePoints(mapping)
	if err != nil {
		return 0, fmt.Errorf("%s:%d: %w", f.name, r.line, err)
	}
	var s strings.Builder
	for _, c := range cps {
		s.WriteRune(c)
	}
	return uint16(st)<<idnaStatusShift | uint16(maps.add(s.String())), nil
}
