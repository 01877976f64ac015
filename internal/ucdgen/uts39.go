package main

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
)

// The UTS #39 tables of internal/ucd: each code point's Script_Extensions
// (UAX #24, from Scripts.txt and ScriptExtensions.txt, joined by the
// Script aliases of PropertyValueAliases.txt) and Identifier_Status
// (UTS #39 §3.1, IdentifierStatus.txt) in one trie, and the confusables
// mapping (UTS #39 §4, confusables.txt) in another. The algorithms that
// use them (augmented and resolved script sets, restriction levels,
// skeletons) are written by hand in internal/uts39.

// maxScripts is the number of scripts a ScriptSet of internal/ucd holds,
// less the three that UTS #39 §5.1 adds (Hanb, Jpan, Kore).
const maxScripts = 3*64 - 3

// scriptAllowed is the bit of the script trie's values that says
// Identifier_Status=Allowed; the bits above it are an index of scriptSets.
const scriptAllowed = 1

// genUTS39 makes internal/ucd/uts39_tables.go from Scripts.txt,
// ScriptExtensions.txt, PropertyValueAliases.txt, confusables.txt and
// IdentifierStatus.txt.
func genUTS39(in []*ucdFile) ([]byte, error) {
	scripts, short, err := scriptNames(in[0], in[2])
	if err != nil {
		return nil, err
	}
	sets, err := scriptExtensions(in[0], in[1], scripts, short)
	if err != nil {
		return nil, err
	}
	vals, setList := indexSets(sets)
	allowed, err := in[4].values(0, "", func(s string) (uint16, bool) {
		return map[string]uint16{"Allowed": scriptAllowed, "Restricted": 0}[s], s == "Allowed" || s == "Restricted"
	})
	if err != nil {
		return nil, err
	}
	for c := range vals {
		vals[c] = vals[c]<<1 | allowed[c]
	}
	var b bytes.Buffer
	writeScripts(&b, scripts, short, setList)
	if err := emitTrie(&b, "scriptTrie", "", "uint16", "scriptTrie holds, for each code point, the index in scriptSets of its\nScript_Extensions times two, plus one if its Identifier_Status is Allowed.", vals); err != nil {
		return nil, err
	}
	if err := confusables(&b, in[3]); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// scriptNames returns the long names of the scripts of Scripts.txt
// (Unknown included), sorted, and their short names from the sc lines of
// PropertyValueAliases.txt.
func scriptNames(scriptsTxt, aliases *ucdFile) ([]string, map[string]string, error) {
	seen := map[string]bool{"Unknown": true}
	for _, r := range scriptsTxt.records {
		s, err := scriptsTxt.field(r, 0)
		if err != nil {
			return nil, nil, err
		}
		seen[s] = true
	}
	var scripts []string
	for s := range seen {
		scripts = append(scripts, s)
	}
	slices.Sort(scripts)
	if len(scripts) > maxScripts {
		return nil, nil, fmt.Errorf("%d scripts, more than the %d a ScriptSet holds", len(scripts), maxScripts)
	}
	short := map[string]string{}
	for _, r := range aliases.records {
		if len(r.fields) >= 3 && r.fields[0] == "sc" {
			short[r.fields[2]] = r.fields[1]
		}
	}
	return scripts, short, nil
}

// scriptExtensions returns each code point's Script_Extensions as a set
// of script numbers: those ScriptExtensions.txt lists, else its Script
// (UAX #24: "All code points not explicitly listed for Script_Extensions
// have as their value the corresponding Script property value").
func scriptExtensions(scriptsTxt, ext *ucdFile, scripts []string, short map[string]string) ([][3]uint64, error) {
	sc, err := scriptsTxt.values(0, "", func(s string) (uint16, bool) {
		i, ok := slices.BinarySearch(scripts, s)
		return uint16(i), ok
	})
	if err != nil {
		return nil, err
	}
	sets := make([][3]uint64, maxRune+1)
	for c, id := range sc {
		sets[c][id/64] |= 1 << (id % 64)
	}
	byShort := map[string]int{}
	for i, s := range scripts {
		if sh, ok := short[s]; ok {
			byShort[sh] = i
		}
	}
	for _, r := range ext.records {
		f, err := ext.field(r, 0)
		if err != nil {
			return nil, err
		}
		var set [3]uint64
		for _, s := range strings.Fields(f) {
			id, ok := byShort[s]
			if !ok {
				return nil, fmt.Errorf("%s:%d: script %q has no sc line in PropertyValueAliases.txt", ext.name, r.line, s)
			}
			set[id/64] |= 1 << (id % 64)
		}
		for c := r.lo; c <= r.hi; c++ {
			sets[c] = set
		}
	}
	return sets, nil
}

// indexSets numbers the distinct sets in code point order and returns
// each code point's number and the sets.
func indexSets(sets [][3]uint64) ([]uint16, [][3]uint64) {
	index := map[[3]uint64]uint16{}
	var list [][3]uint64
	vals := make([]uint16, len(sets))
	for c, s := range sets {
		n, ok := index[s]
		if !ok {
			n = uint16(len(list))
			index[s] = n
			list = append(list, s)
		}
		vals[c] = n
	}
	return vals, list
}

// goName returns the Go identifier of a script's long name.
func goName(long string) string { return "Script" + strings.ReplaceAll(long, "_", "") }

// writeScripts writes the Script constants, their names and the sets.
func writeScripts(b *bytes.Buffer, scripts []string, short map[string]string, sets [][3]uint64) {
	fmt.Fprintf(b, "// NumScripts is the number of Script property values (UAX #24), Unknown included.\nconst NumScripts = %d\n\n", len(scripts))
	fmt.Fprintf(b, "// The Script property values (UAX #24), in the order of their long names.\nconst (\n")
	for id, s := range scripts {
		fmt.Fprintf(b, "%s Script = %d\n", goName(s), id)
	}
	fmt.Fprintf(b, ")\n\n// scriptNames holds each script's long name and short name (\"\" when\n// PropertyValueAliases.txt has none).\nvar scriptNames = [NumScripts][2]string{\n")
	for _, s := range scripts {
		fmt.Fprintf(b, "{%q, %q},\n", s, short[s])
	}
	fmt.Fprintf(b, "}\n\n// scriptSets holds the distinct Script_Extensions values.\nvar scriptSets = [...]ScriptSet{\n")
	for _, s := range sets {
		fmt.Fprintf(b, "{%#x, %#x, %#x},\n", s[0], s[1], s[2])
	}
	b.WriteString("}\n\n")
}

// confusables writes the trie of confusables.txt: source ; prototype ; MA
// (UTS #39 §4), each code point's value the number of its prototype in
// the string table, 0 for none.
func confusables(b *bytes.Buffer, f *ucdFile) error {
	strs := newStringTable()
	vals := make([]uint16, maxRune+1)
	for _, r := range f.records {
		p, err := f.field(r, 0)
		if err != nil {
			return err
		}
		cps, err := parseCodePoints(p)
		if err != nil || r.lo != r.hi {
			return fmt.Errorf("%s:%d: bad mapping", f.name, r.line)
		}
		if vals[r.lo] != 0 {
			return fmt.Errorf("%s:%d: U+%04X mapped twice", f.name, r.line, r.lo)
		}
		n := strs.add(string(cps))
		if n > 0xFFFF {
			return fmt.Errorf("%s: more than 65535 prototypes", f.name)
		}
		vals[r.lo] = uint16(n)
	}
	strs.emit(b, "prototypes", "prototypeOffsets", "prototypes holds the prototypes of confusables.txt (UTS #39 §4).")
	return emitTrie(b, "confusableTrie", "", "uint16", "confusableTrie holds, for each code point, the number of its prototype\nin prototypes, or 0 if confusables.txt does not map it.", vals)
}
