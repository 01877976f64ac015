package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// The UTS #39 tables of internal/ucd: each code point's Script_Extensions
// (UAX #24, from Scripts.txt and ScriptExtensions.txt, joined by the
// Script aliases of PropertyValueAliases.txt), the confusables mapping
// (UTS #39 §4, confusables.txt) and Identifier_Status=Allowed (UTS #39
// §3.1, IdentifierStatus.txt). The algorithms that use them (augmented and
// resolved script sets, restriction levels, skeletons) are written by hand
// in internal/uts39.

// maxScripts is the number of scripts a set of internal/ucd can hold,
// less the three that UTS #39 §5.1 adds (Hanb, Jpan, Kore).
const maxScripts = 3*64 - 3

// uts39Data is what the UTS #39 tables are made of.
type uts39Data struct {
	scripts []string          // long names, sorted; the index is the script's ID
	short   map[string]string // long name -> short name, for the scripts that have one
	sets    [][3]uint64       // distinct Script_Extensions sets, in order of first use
	ranges  []uts39Range      // code point ranges with one set, sorted, Unknown left out
	conf    []uts39Confusable // confusables.txt, sorted by code point
	allowed [][2]rune         // Identifier_Status=Allowed ranges, sorted and merged
}

type uts39Range struct {
	lo, hi rune
	set    int
}

type uts39Confusable struct {
	r         rune
	prototype string
}

// ucdLine is one data line of a UCD-format file: its fields, trimmed, with
// the comment removed.
type ucdLine struct {
	fields []string
	line   int
}

// readUCD reads the data lines of a UCD-format file (UAX #44 §4.2).
func readUCD(path string) ([]ucdLine, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []ucdLine
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		t, _, _ := strings.Cut(sc.Text(), "#")
		if strings.TrimSpace(t) == "" {
			continue
		}
		f := strings.Split(t, ";")
		for i := range f {
			f[i] = strings.TrimSpace(f[i])
		}
		out = append(out, ucdLine{f, n})
	}
	return out, sc.Err()
}

// parseRange parses "0041" or "0041..005A".
func parseRange(s string) (lo, hi rune, err error) {
	a, b, ok := strings.Cut(s, "..")
	if !ok {
		b = a
	}
	x, err := strconv.ParseUint(a, 16, 32)
	if err != nil {
		return 0, 0, err
	}
	y, err := strconv.ParseUint(b, 16, 32)
	if err != nil || y < x || y > 0x10FFFF {
		return 0, 0, fmt.Errorf("bad range %q", s)
	}
	return rune(x), rune(y), nil
}

// loadUTS39 reads the UTS #39 data of the Unicode version in dir.
func loadUTS39(dir string) (*uts39Data, error) {
	d := &uts39Data{short: map[string]string{}}
	scriptOf, err := d.loadScripts(dir)
	if err != nil {
		return nil, err
	}
	if err := d.loadExtensions(dir, scriptOf); err != nil {
		return nil, err
	}
	if err := d.loadConfusables(filepath.Join(dir, "security", "confusables.txt")); err != nil {
		return nil, err
	}
	return d, d.loadAllowed(filepath.Join(dir, "security", "IdentifierStatus.txt"))
}

// loadScripts reads Scripts.txt and the sc aliases; it returns each listed
// code point's Script as a script ID.
func (d *uts39Data) loadScripts(dir string) (map[rune]int, error) {
	lines, err := readUCD(filepath.Join(dir, "ucd", "Scripts.txt"))
	if err != nil {
		return nil, err
	}
	names := map[string]bool{"Unknown": true}
	for _, l := range lines {
		if len(l.fields) < 2 {
			return nil, fmt.Errorf("line %d of Scripts.txt: want 2 fields", l.line)
		}
		names[l.fields[1]] = true
	}
	for n := range names {
		d.scripts = append(d.scripts, n)
	}
	slices.Sort(d.scripts)
	if len(d.scripts) > maxScripts {
		return nil, fmt.Errorf("%d scripts, more than the %d a set holds", len(d.scripts), maxScripts)
	}
	aliases, err := readUCD(filepath.Join(dir, "ucd", "PropertyValueAliases.txt"))
	if err != nil {
		return nil, err
	}
	for _, l := range aliases {
		if len(l.fields) >= 3 && l.fields[0] == "sc" {
			d.short[l.fields[2]] = l.fields[1]
		}
	}
	scriptOf := map[rune]int{}
	for _, l := range lines {
		lo, hi, err := parseRange(l.fields[0])
		if err != nil {
			return nil, fmt.Errorf("line %d of Scripts.txt: %v", l.line, err)
		}
		id, _ := slices.BinarySearch(d.scripts, l.fields[1])
		for r := lo; r <= hi; r++ {
			scriptOf[r] = id
		}
	}
	return scriptOf, nil
}

// loadExtensions reads ScriptExtensions.txt and makes the ranges: a code
// point it lists has the scripts it lists, any other its Script (UAX #24
// §2: "All code points not explicitly listed for Script_Extensions have as
// their value the corresponding Script property value").
func (d *uts39Data) loadExtensions(dir string, scriptOf map[rune]int) error {
	lines, err := readUCD(filepath.Join(dir, "ucd", "ScriptExtensions.txt"))
	if err != nil {
		return err
	}
	byShort := map[string]int{}
	for id, long := range d.scripts {
		if s, ok := d.short[long]; ok {
			byShort[s] = id
		}
	}
	ext, err := extensionSets(lines, byShort)
	if err != nil {
		return err
	}
	setIndex := map[[3]uint64]int{}
	unknown, _ := slices.BinarySearch(d.scripts, "Unknown")
	for r := rune(0); r <= 0x10FFFF; r++ {
		set, ok := ext[r]
		if !ok {
			id, ok := scriptOf[r]
			if !ok || id == unknown {
				continue
			}
			set[id/64] |= 1 << (id % 64)
		}
		i, ok := setIndex[set]
		if !ok {
			i = len(d.sets)
			setIndex[set] = i
			d.sets = append(d.sets, set)
		}
		if n := len(d.ranges); n > 0 && d.ranges[n-1].hi == r-1 && d.ranges[n-1].set == i {
			d.ranges[n-1].hi = r
			continue
		}
		d.ranges = append(d.ranges, uts39Range{r, r, i})
	}
	return nil
}

// extensionSets returns the Script_Extensions of each code point that
// ScriptExtensions.txt lists, as a set of script IDs.
func extensionSets(lines []ucdLine, byShort map[string]int) (map[rune][3]uint64, error) {
	ext := map[rune][3]uint64{}
	for _, l := range lines {
		lo, hi, err := parseRange(l.fields[0])
		if err != nil || len(l.fields) < 2 {
			return nil, fmt.Errorf("ScriptExtensions.txt:%d: bad line", l.line)
		}
		var set [3]uint64
		for _, s := range strings.Fields(l.fields[1]) {
			id, ok := byShort[s]
			if !ok {
				return nil, fmt.Errorf("ScriptExtensions.txt:%d: script %q has no alias in PropertyValueAliases.txt", l.line, s)
			}
			set[id/64] |= 1 << (id % 64)
		}
		for r := lo; r <= hi; r++ {
			ext[r] = set
		}
	}
	return ext, nil
}

// loadConfusables reads confusables.txt: source ; prototype ; MA (UTS #39 §4).
func (d *uts39Data) loadConfusables(path string) error {
	lines, err := readUCD(path)
	if err != nil {
		return err
	}
	for _, l := range lines {
		if len(l.fields) < 3 {
			return fmt.Errorf("confusables.txt:%d: want 3 fields", l.line)
		}
		src, _, err := parseRange(l.fields[0])
		if err != nil {
			return fmt.Errorf("confusables.txt:%d: %v", l.line, err)
		}
		var proto []rune
		for _, h := range strings.Fields(l.fields[1]) {
			r, _, err := parseRange(h)
			if err != nil {
				return fmt.Errorf("confusables.txt:%d: %v", l.line, err)
			}
			proto = append(proto, r)
		}
		d.conf = append(d.conf, uts39Confusable{src, string(proto)})
	}
	slices.SortFunc(d.conf, func(a, b uts39Confusable) int { return int(a.r - b.r) })
	for i := 1; i < len(d.conf); i++ {
		if d.conf[i].r == d.conf[i-1].r {
			return fmt.Errorf("confusables.txt: U+%04X mapped twice", d.conf[i].r)
		}
	}
	return nil
}

// loadAllowed reads IdentifierStatus.txt: the Allowed ranges (UTS #39 §3.1;
// every other code point is Restricted).
func (d *uts39Data) loadAllowed(path string) error {
	lines, err := readUCD(path)
	if err != nil {
		return err
	}
	for _, l := range lines {
		if len(l.fields) < 2 || l.fields[1] != "Allowed" {
			continue
		}
		lo, hi, err := parseRange(l.fields[0])
		if err != nil {
			return fmt.Errorf("IdentifierStatus.txt:%d: %v", l.line, err)
		}
		d.allowed = append(d.allowed, [2]rune{lo, hi})
	}
	slices.SortFunc(d.allowed, func(a, b [2]rune) int { return int(a[0] - b[0]) })
	merged := d.allowed[:0]
	for _, r := range d.allowed {
		if n := len(merged); n > 0 && merged[n-1][1]+1 >= r[0] {
			merged[n-1][1] = max(merged[n-1][1], r[1])
			continue
		}
		merged = append(merged, r)
	}
	d.allowed = merged
	return nil
}

// goName returns the Go identifier of a script's long name.
func goName(long string) string { return "Script" + strings.ReplaceAll(long, "_", "") }

// writeUTS39 writes the Go source of the UTS #39 tables.
func (d *uts39Data) writeUTS39(version string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by internal/ucdgen from Unicode %s ucd/Scripts.txt, ucd/ScriptExtensions.txt,\n", version)
	fmt.Fprintf(&b, "// ucd/PropertyValueAliases.txt, security/confusables.txt and security/IdentifierStatus.txt. DO NOT EDIT.\n\n")
	fmt.Fprintf(&b, "package ucd\n\n")
	fmt.Fprintf(&b, "// NumScripts is the number of Script property values (UAX #24), Unknown included.\nconst NumScripts = %d\n\n", len(d.scripts))
	fmt.Fprintf(&b, "// The Script property values (UAX #24), by long name.\nconst (\n")
	for id, s := range d.scripts {
		fmt.Fprintf(&b, "\t%s Script = %d\n", goName(s), id)
	}
	fmt.Fprintf(&b, ")\n\n")
	fmt.Fprintf(&b, "// scriptNames holds each script's long name and short name (PropertyValueAliases.txt).\nvar scriptNames = [NumScripts][2]string{\n")
	for _, s := range d.scripts {
		fmt.Fprintf(&b, "\t{%q, %q},\n", s, d.short[s])
	}
	fmt.Fprintf(&b, "}\n\n")
	fmt.Fprintf(&b, "// scriptSets holds the distinct Script_Extensions values, as bit sets of Script.\nvar scriptSets = [...]ScriptSet{\n")
	for _, s := range d.sets {
		fmt.Fprintf(&b, "\t{%#x, %#x, %#x},\n", s[0], s[1], s[2])
	}
	fmt.Fprintf(&b, "}\n\n")
	fmt.Fprintf(&b, "// scriptRanges maps code point ranges to an index of scriptSets; code points\n// in no range are Unknown.\nvar scriptRanges = [...]scriptRange{\n")
	for _, r := range d.ranges {
		fmt.Fprintf(&b, "\t{%#x, %#x, %d},\n", r.lo, r.hi, r.set)
	}
	fmt.Fprintf(&b, "}\n\n")
	var data strings.Builder
	fmt.Fprintf(&b, "// confusables maps a code point to its prototype, data[off:off+n] (UTS #39 §4).\nvar confusables = [...]confusable{\n")
	offsets := map[string]int{}
	for _, c := range d.conf {
		off, ok := offsets[c.prototype]
		if !ok {
			off = data.Len()
			offsets[c.prototype] = off
			data.WriteString(c.prototype)
		}
		fmt.Fprintf(&b, "\t{%#x, %d, %d},\n", c.r, off, len(c.prototype))
	}
	fmt.Fprintf(&b, "}\n\n")
	fmt.Fprintf(&b, "// prototypes holds the prototypes of confusables.\nconst prototypes = ")
	s := data.String()
	for len(s) > 0 {
		n := min(len(s), 64)
		for n < len(s) && s[n]&0xC0 == 0x80 {
			n++
		}
		fmt.Fprintf(&b, "%+q", s[:n])
		s = s[n:]
		if len(s) > 0 {
			b.WriteString(" +\n\t")
		}
	}
	fmt.Fprintf(&b, "\n\n// allowed holds the ranges of Identifier_Status=Allowed (UTS #39 §3.1).\nvar allowed = [...][2]rune{\n")
	for _, r := range d.allowed {
		fmt.Fprintf(&b, "\t{%#x, %#x},\n", r[0], r[1])
	}
	fmt.Fprintf(&b, "}\n")
	return b.Bytes()
}
