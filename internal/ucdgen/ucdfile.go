package main

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// maxRune is the largest code point, U+10FFFF.
const maxRune = 0x10FFFF

// A record is one data line of a UCD file: a code point or range and the
// fields after it (UAX #44 §4.2: fields separated by ";", comments after
// "#").
type record struct {
	lo, hi rune     // the code points, lo..hi (lo == hi for one)
	fields []string // the fields after the first, spaces trimmed
	line   int      // the line number, for messages
	// section is the value of the last "# Property=Value" comment line
	// above the record ("" if none), the long name of the value the
	// records of a derived file's section have.
	section string
}

// A ucdFile is the parsed text of one UCD data file.
type ucdFile struct {
	name    string   // its path under its source's directory
	raw     []byte   // its bytes, for a file read by readRaw (records is then empty)
	records []record // its data lines, in file order
	// missing holds its "# @missing:" lines (UAX #44 §4.2.10), in file
	// order: the default values of the code points no data line lists, a
	// later line taking precedence over an earlier one for its range.
	missing []record
}

// readRaw reads the file at path as bytes, for a format that an output's
// gen function parses itself.
func readRaw(path, name string) (*ucdFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return &ucdFile{name: name, raw: data}, nil
}

// readUCD reads the UCD file at path. In PropertyValueAliases.txt, whose
// lines name no code point, a record's lo and hi are -1 and its fields
// are every field of the line. In UnicodeData.txt, which has no
// comments, a pair of lines whose names end in ", First>" and ", Last>"
// is one record over the range (UAX #44 §4.2.3), its name that of the
// First line.
func readUCD(path, name string) (*ucdFile, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	rd := &ucdReader{f: &ucdFile{name: name}, unicodeData: strings.HasSuffix(name, "UnicodeData.txt"), parse: recordParser(name)}
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 0, 1<<16), 1<<20)
	for sc.Scan() {
		rd.n++
		if err := rd.line(sc.Text()); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, rd.n, err)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if rd.first != nil {
		return nil, fmt.Errorf("%s:%d: a First line without its Last line", name, rd.first.line)
	}
	return rd.f, nil
}

// A ucdReader is the state of readUCD between lines.
type ucdReader struct {
	f           *ucdFile
	unicodeData bool                              // the file is UnicodeData.txt
	parse       func(string, int) (record, error) // its data line parser
	n           int                               // the line number
	first       *record                           // a First line waiting for its Last line
	section     string                            // the last section header's value
}

// line reads one line of the file.
func (rd *ucdReader) line(line string) error {
	if v, ok := sectionHeader(line); ok && !rd.unicodeData {
		rd.section = v
		return nil
	}
	if rest, ok := strings.CutPrefix(line, "# @missing:"); ok {
		r, err := parseRecord(rest, rd.n)
		if err != nil {
			return err
		}
		rd.f.missing = append(rd.f.missing, r)
		return nil
	}
	if !rd.unicodeData {
		line, _, _ = strings.Cut(line, "#")
	}
	if strings.TrimSpace(line) == "" {
		return nil
	}
	r, err := rd.parse(line, rd.n)
	if err != nil {
		return err
	}
	r.section = rd.section
	if rd.unicodeData && len(r.fields) > 0 {
		return rd.unicodeDataRecord(r)
	}
	rd.f.records = append(rd.f.records, r)
	return nil
}

// unicodeDataRecord adds a record of UnicodeData.txt, joining a
// "<..., First>" line and its "<..., Last>" line into one range.
func (rd *ucdReader) unicodeDataRecord(r record) error {
	switch {
	case strings.HasSuffix(r.fields[0], ", First>"):
		rd.first = &r
		return nil
	case strings.HasSuffix(r.fields[0], ", Last>"):
		if rd.first == nil {
			return fmt.Errorf("a Last line without its First line")
		}
		r.lo, r.fields = rd.first.lo, rd.first.fields
		rd.first = nil
	}
	rd.f.records = append(rd.f.records, r)
	return nil
}

// sectionHeader returns Value if line is a comment "# Property=Value",
// the header of a section of a derived property file (UAX #44 §5.13).
func sectionHeader(line string) (string, bool) {
	rest, ok := strings.CutPrefix(line, "# ")
	if !ok {
		return "", false
	}
	prop, val, ok := strings.Cut(rest, "=")
	if !ok || !isName(prop) || !isName(val) {
		return "", false
	}
	return val, true
}

// isName reports whether s is a non-empty run of ASCII letters, digits
// and "_".
func isName(s string) bool {
	for _, c := range []byte(s) {
		if !(c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return s != ""
}

// recordParser returns the parser of the data lines of the file name:
// parseRecord, or parseAliases for PropertyValueAliases.txt.
func recordParser(name string) func(string, int) (record, error) {
	if strings.HasSuffix(name, "PropertyValueAliases.txt") {
		return parseAliases
	}
	return parseRecord
}

// parseAliases parses a line of PropertyValueAliases.txt, which names no
// code point: lo and hi are -1 and every field is a field of the record.
func parseAliases(line string, n int) (record, error) {
	r := record{lo: -1, hi: -1, line: n}
	for _, p := range strings.Split(line, ";") {
		r.fields = append(r.fields, strings.TrimSpace(p))
	}
	return r, nil
}

// parseRecord parses "XXXX..YYYY ; field ; field" (no comment).
func parseRecord(line string, n int) (record, error) {
	parts := strings.Split(line, ";")
	lo, hi, err := parseRange(strings.TrimSpace(parts[0]))
	if err != nil {
		return record{}, err
	}
	r := record{lo: lo, hi: hi, line: n}
	for _, p := range parts[1:] {
		r.fields = append(r.fields, strings.TrimSpace(p))
	}
	return r, nil
}

// parseRange parses "XXXX" or "XXXX..YYYY".
func parseRange(s string) (lo, hi rune, err error) {
	a, b, isRange := strings.Cut(s, "..")
	if lo, err = parseCodePoint(a); err != nil {
		return 0, 0, err
	}
	hi = lo
	if isRange {
		if hi, err = parseCodePoint(b); err != nil {
			return 0, 0, err
		}
	}
	if hi < lo {
		return 0, 0, fmt.Errorf("range %q ends before it starts", s)
	}
	return lo, hi, nil
}

// parseCodePoint parses a code point written in hexadecimal, 4 to 6 digits.
func parseCodePoint(s string) (rune, error) {
	if len(s) < 4 || len(s) > 6 {
		return 0, fmt.Errorf("code point %q: want 4 to 6 hexadecimal digits", s)
	}
	v, err := strconv.ParseUint(s, 16, 32)
	if err != nil || v > maxRune {
		return 0, fmt.Errorf("code point %q: not a code point", s)
	}
	return rune(v), nil
}

// parseCodePoints parses a space-separated sequence of code points, as in
// UnicodeData.txt's decomposition field.
func parseCodePoints(s string) ([]rune, error) {
	var rs []rune
	for _, f := range strings.Fields(s) {
		r, err := parseCodePoint(f)
		if err != nil {
			return nil, err
		}
		rs = append(rs, r)
	}
	return rs, nil
}

// field returns field i of r (0 is the first after the code points), or
// an error naming the file and line.
func (f *ucdFile) field(r record, i int) (string, error) {
	if i >= len(r.fields) {
		return "", fmt.Errorf("%s:%d: want at least %d fields after the code point", f.name, r.line, i+1)
	}
	return r.fields[i], nil
}

// values assigns a value to every code point from the file's property
// field i: first its @missing defaults (in file order), then its data
// lines, each through value, which maps a field's text to the number
// stored. With prop != "", only the lines whose field i-1 is prop count
// (files such as DerivedNormalizationProps.txt with several properties).
func (f *ucdFile) values(i int, prop string, value func(string) (uint16, bool)) ([]uint16, error) {
	vals := make([]uint16, maxRune+1)
	set := func(recs []record) error {
		for _, r := range recs {
			if prop != "" {
				p, err := f.field(r, i-1)
				if err != nil {
					return err
				}
				if p != prop {
					continue
				}
			}
			s, err := f.field(r, i)
			if err != nil {
				return err
			}
			v, ok := value(s)
			if !ok {
				return fmt.Errorf("%s:%d: unknown value %q", f.name, r.line, s)
			}
			for c := r.lo; c <= r.hi; c++ {
				vals[c] = v
			}
		}
		return nil
	}
	if err := set(f.missing); err != nil {
		return nil, err
	}
	if err := set(f.records); err != nil {
		return nil, err
	}
	return vals, nil
}
