package main

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"net/netip"
	"regexp"
	"slices"
	"strings"
)

// ianaHeader is the header line both special-purpose address registries
// start with; genRegistry fails on a file with another.
var ianaHeader = []string{"Address Block", "Name", "RFC", "Allocation Date", "Termination Date",
	"Source", "Destination", "Forwardable", "Globally Reachable", "Reserved-by-Protocol"}

// The columns of ianaHeader genRegistry reads.
const (
	colBlock       = 0
	colName        = 1
	colRFC         = 2
	colTermination = 4
	colGlobal      = 8
)

// footnote matches a footnote mark at the end of a cell ("False [1]").
var footnote = regexp.MustCompile(` *\[[0-9]+\]$`)

// ianaBlock is one address block of a registry row (a row whose Address
// Block cell names two blocks gives two).
type ianaBlock struct {
	prefix netip.Prefix
	text   string // the block as the registry writes it
	name   string // the Name column
	rfc    string // the RFC column, one line
	global string // the Globally Reachable column, footnote mark removed
	note   string // the Globally Reachable column as written, for the comment
}

// readRegistry parses one special-purpose address registry (CSV, RFC
// 4180, with a header line): footnote marks after a block or a flag are
// dropped, a cell of two blocks gives two blocks, line breaks inside a
// quoted cell are folded, and a terminated row (its flags empty) is kept
// with an empty Globally Reachable value.
func readRegistry(f *ucdFile, want6 bool) ([]ianaBlock, error) {
	r := csv.NewReader(bytes.NewReader(f.raw))
	r.FieldsPerRecord = len(ianaHeader)
	recs, err := r.ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", f.name, err)
	}
	if len(recs) < 2 || !slices.Equal(recs[0], ianaHeader) {
		return nil, fmt.Errorf("%s: not a special-purpose address registry (header %q)", f.name, recs[0])
	}
	var out []ianaBlock
	for i, rec := range recs[1:] {
		line := i + 2
		global := footnote.ReplaceAllString(rec[colGlobal], "")
		switch {
		case global == "True", global == "False", global == "N/A":
		case global == "" && rec[colTermination] != "N/A":
		default:
			return nil, fmt.Errorf("%s: record %d: Globally Reachable %q", f.name, line, rec[colGlobal])
		}
		for _, s := range strings.Split(footnote.ReplaceAllString(rec[colBlock], ""), ",") {
			s = strings.TrimSpace(s)
			p, err := netip.ParsePrefix(s)
			if err != nil || p != p.Masked() || p.Addr().Is6() != want6 {
				return nil, fmt.Errorf("%s: record %d: address block %q", f.name, line, rec[colBlock])
			}
			out = append(out, ianaBlock{p, s, oneLine(rec[colName]), rfcText(rec[colRFC]), global, oneLine(rec[colGlobal])})
		}
	}
	return out, nil
}

// oneLine folds the white space of a cell, line breaks included, into
// single spaces.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// rfcText returns the RFC column in prose: "[RFC1122], Section 3.2.1.3"
// is "RFC 1122, Section 3.2.1.3", "[RFC8880][RFC7050]" is "RFC 8880, RFC
// 7050".
func rfcText(s string) string {
	s = strings.ReplaceAll(oneLine(s), "] [", "][")
	s = strings.ReplaceAll(s, "][", ", ")
	s = strings.NewReplacer("[", "", "]", "").Replace(s)
	return regexp.MustCompile(`RFC([0-9])`).ReplaceAllString(s, "RFC $1")
}

// u128 is an address as a 128-bit number (an IPv4 address in its low 32
// bits).
type u128 struct{ hi, lo uint64 }

func addrU128(a netip.Addr) u128 {
	b := a.As16()
	if a.Is4() {
		b4 := a.As4()
		return u128{0, uint64(b4[0])<<24 | uint64(b4[1])<<16 | uint64(b4[2])<<8 | uint64(b4[3])}
	}
	var v u128
	for i := 0; i < 8; i++ {
		v.hi = v.hi<<8 | uint64(b[i])
		v.lo = v.lo<<8 | uint64(b[8+i])
	}
	return v
}

func (v u128) less(w u128) bool { return v.hi < w.hi || v.hi == w.hi && v.lo < w.lo }

// last returns the last address of p.
func last(p netip.Prefix) u128 {
	v := addrU128(p.Addr())
	host := p.Addr().BitLen() - p.Bits()
	switch {
	case host >= 64:
		v.lo = ^uint64(0)
		v.hi |= 1<<(host-64) - 1
	default:
		v.lo |= 1<<host - 1
	}
	if p.Addr().Is4() {
		v.lo &= 0xFFFFFFFF
	}
	return v
}

// contains reports whether p holds the address v of its family.
func contains(p netip.Prefix, v u128) bool {
	first := addrU128(p.Addr())
	return !v.less(first) && !last(p).less(v)
}

// piece is a run of addresses whose most specific block is row (-1 for
// none), from start to the next piece's start.
type piece struct {
	start u128
	row   int
}

// cutRegistry cuts an address space at every block's first address and
// after every block's last one, and names each piece's most specific
// block (the longest prefix containing it; blocks of one registry never
// partly overlap), merging neighbours with the same one. The result
// starts at address 0.
func cutRegistry(blocks []ianaBlock, bitLen int) ([]piece, error) {
	var out []piece
	for _, s := range boundaries(blocks, bitLen) {
		row, err := mostSpecific(blocks, s)
		if err != nil {
			return nil, err
		}
		if len(out) > 0 && out[len(out)-1].row == row {
			continue
		}
		out = append(out, piece{s, row})
	}
	return out, nil
}

// boundaries returns, sorted and once each, address 0, the first address
// of every block and the address after its last one (if any).
func boundaries(blocks []ianaBlock, bitLen int) []u128 {
	top := u128{^uint64(0), ^uint64(0)}
	if bitLen == 32 {
		top = u128{0, 0xFFFFFFFF}
	}
	starts := []u128{{}}
	for _, b := range blocks {
		starts = append(starts, addrU128(b.prefix.Addr()))
		if next := last(b.prefix); next != top {
			if next.lo++; next.lo == 0 {
				next.hi++
			}
			starts = append(starts, next)
		}
	}
	slices.SortFunc(starts, func(a, b u128) int {
		switch {
		case a.less(b):
			return -1
		case b.less(a):
			return 1
		}
		return 0
	})
	return slices.Compact(starts)
}

// mostSpecific returns the index of the longest block containing the
// address v, or -1.
func mostSpecific(blocks []ianaBlock, v u128) (int, error) {
	row := -1
	for i, b := range blocks {
		if !contains(b.prefix, v) {
			continue
		}
		if row >= 0 && blocks[row].prefix.Bits() == b.prefix.Bits() {
			return 0, fmt.Errorf("blocks %v and %v are the same", b.prefix, blocks[row].prefix)
		}
		if row < 0 || blocks[row].prefix.Bits() < b.prefix.Bits() {
			row = i
		}
	}
	return row, nil
}

// genRegistry makes uri/fetch/registry_tables.go from the IPv4 and IPv6
// special-purpose address registries, in[0] and in[1]: for each family,
// the list of its blocks in file order (registry4, registry6: a row of
// package fetch, whose AddrError names the block, its name and its RFC)
// and the address space cut into pieces, sorted, each naming the most
// specific block containing it (pieces4, pieces6), for a binary search.
func genRegistry(in []*ucdFile) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// RegistryDate is the date of the snapshot of IANA's IPv4 and IPv6\n")
	b.WriteString("// Special-Purpose Address Registries (RFC 6890) that the default policy\n")
	b.WriteString("// is generated from.\n")
	fmt.Fprintf(&b, "const RegistryDate = %q\n\n", ianaDate)
	for i, fam := range []struct {
		suffix string
		bits   int
	}{{"4", 32}, {"6", 128}} {
		blocks, err := readRegistry(in[i], fam.bits == 128)
		if err != nil {
			return nil, err
		}
		pieces, err := cutRegistry(blocks, fam.bits)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", in[i].name, err)
		}
		if len(blocks) > 250 {
			return nil, errors.New(in[i].name + ": more blocks than a piece's uint8 row can name")
		}
		fmt.Fprintf(&b, "// registry%s holds the blocks of IANA's IPv%s Special-Purpose Address\n", fam.suffix, fam.suffix)
		fmt.Fprintf(&b, "// Registry in its order (a row naming two blocks gives two). global is\n")
		fmt.Fprintf(&b, "// whether its Globally Reachable column is True.\n")
		fmt.Fprintf(&b, "var registry%s = [...]row{\n", fam.suffix)
		for _, bl := range blocks {
			fmt.Fprintf(&b, "\t{%t, AddrError{Rule: RuleRegistry, Block: %q, Name: %q, RFC: %q}}, // Globally Reachable: %s\n",
				bl.global == "True", bl.text, bl.name, bl.rfc, orElse(bl.note, "(terminated)"))
		}
		b.WriteString("}\n\n")
		fmt.Fprintf(&b, "// pieces%s cuts the IPv%s address space where a block of registry%s\n", fam.suffix, fam.suffix, fam.suffix)
		fmt.Fprintf(&b, "// starts or ends: each piece runs from its start to the next one's and\n")
		fmt.Fprintf(&b, "// names the most specific block containing it (noRow for none).\n")
		fmt.Fprintf(&b, "var pieces%s = [...]piece%s{\n", fam.suffix, fam.suffix)
		for _, p := range pieces {
			row := "noRow"
			comment := ""
			if p.row >= 0 {
				row = fmt.Sprint(p.row)
				comment = " // " + blocks[p.row].text
			}
			if fam.bits == 32 {
				fmt.Fprintf(&b, "\t{%#08x, %s},%s\n", p.start.lo, row, comment)
			} else {
				fmt.Fprintf(&b, "\t{%#016x, %#016x, %s},%s\n", p.start.hi, p.start.lo, row, comment)
			}
		}
		b.WriteString("}\n\n")
	}
	return b.Bytes(), nil
}

// orElse returns s, or alt when s is empty.
func orElse(s, alt string) string {
	if s == "" {
		return alt
	}
	return s
}
