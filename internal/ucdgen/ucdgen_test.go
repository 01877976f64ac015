package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/lineartest"
)

func TestReadUCD(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	derived := write("Derived.txt", "# header\n# @missing: 0000..10FFFF; Other\n\n0041..005A ; Upper # comment\n00DF ; Lower\n")
	f, err := readUCD(derived, "Derived.txt")
	if err != nil {
		t.Fatal(err)
	}
	type rec struct {
		Lo, Hi rune
		Fields []string
	}
	conv := func(rs []record) []rec {
		var out []rec
		for _, r := range rs {
			out = append(out, rec{r.lo, r.hi, r.fields})
		}
		return out
	}
	if diff := cmp.Diff([]rec{{0x41, 0x5A, []string{"Upper"}}, {0xDF, 0xDF, []string{"Lower"}}}, conv(f.records)); diff != "" {
		t.Errorf("readUCD(Derived.txt) records mismatch (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]rec{{0, maxRune, []string{"Other"}}}, conv(f.missing)); diff != "" {
		t.Errorf("readUCD(Derived.txt) missing mismatch (-want +got):\n%s", diff)
	}
	ud := write("UnicodeData.txt", "0023;NUMBER SIGN;Po;0;ET;;;;;N;;;;;\n3400;<CJK Ideograph Extension A, First>;Lo;0;L;;;;;N;;;;;\n4DBF;<CJK Ideograph Extension A, Last>;Lo;0;L;;;;;N;;;;;\n")
	f, err = readUCD(ud, "UnicodeData.txt")
	if err != nil {
		t.Fatal(err)
	}
	got := conv(f.records)
	if len(got) != 2 || got[0].Fields[0] != "NUMBER SIGN" || got[1].Lo != 0x3400 || got[1].Hi != 0x4DBF {
		t.Errorf("readUCD(UnicodeData.txt) = %v, want U+0023 and the range 3400..4DBF", got)
	}
	for name, text := range map[string]string{
		"bad1.txt":            "12 ; x\n",
		"bad2.txt":            "0042..0041 ; x\n",
		"bad3.txt":            "110000 ; x\n",
		"bad4UnicodeData.txt": "3400;<X, First>;Lo\n",
	} {
		if _, err := readUCD(write(name, text), name); err == nil {
			t.Errorf("readUCD(%q) = nil error, want one", text)
		}
	}
}

// TestTrie checks that every value of a built trie reads back, looked up
// as internal/ucd's Trie does.
func TestTrie(t *testing.T) {
	vals := make([]uint16, maxRune+1)
	for c := range vals {
		switch {
		case c < 0x300:
			vals[c] = uint16(c % 7)
		case c >= 0x10000 && c < 0x10100:
			vals[c] = uint16(c>>4) & 0xFF
		case c == maxRune:
			vals[c] = 9
		}
	}
	tr, err := buildTrie(vals)
	if err != nil {
		t.Fatal(err)
	}
	for c := range vals {
		m := int(tr.top[c>>12])<<6 | c>>6&63
		if got := tr.leaf[int(tr.mid[m])<<6|c&63]; got != vals[c] {
			t.Fatalf("lookup(U+%04X) = %d, want %d", c, got, vals[c])
		}
	}
	if len(tr.leaf) > 40*leafSize {
		t.Errorf("%d leaf entries: identical blocks are not shared", len(tr.leaf))
	}
}

func TestStringTable(t *testing.T) {
	st := newStringTable()
	a, b, a2 := st.add("ab"), st.add("é"), st.add("ab")
	if a != 1 || b != 2 || a2 != 1 {
		t.Errorf("add = %d, %d, %d, want 1, 2, 1", a, b, a2)
	}
	var buf bytes.Buffer
	st.emit(&buf, "data", "offsets", "data is a test.")
	want := "// data is a test.\nconst data = \"\" +\n\"ab\\u00e9\"\n\n" +
		"// offsets[i]:offsets[i+1] is string i of data.\nvar offsets = [...]uint16{\n0, 0, 2, 4,\n}\n\n"
	if diff := cmp.Diff(want, buf.String()); diff != "" {
		t.Errorf("emit mismatch (-want +got):\n%s", diff)
	}
}

func TestParseCodePoints(t *testing.T) {
	got, err := parseCodePoints("0041 0301  1D15E")
	if diff := cmp.Diff([]rune{0x41, 0x301, 0x1D15E}, got); diff != "" || err != nil {
		t.Errorf("parseCodePoints mismatch (-want +got):\n%s (err %v)", diff, err)
	}
	if _, err := parseCodePoints("0041 x"); err == nil {
		t.Errorf("parseCodePoints(%q) = nil error, want one", "0041 x")
	}
}

// TestGenerate runs the generator twice on the repository's data: the
// outputs are identical (nothing depends on map order or the clock) and
// equal to the files checked in (as `make check-generated` checks).
func TestGenerate(t *testing.T) {
	if testing.Short() || lineartest.RaceEnabled {
		t.Skip("generates every table twice; make check-generated checks the files too")
	}
	root, err := findRoot()
	if err != nil {
		t.Fatal(err)
	}
	first, err := generate(root)
	if err != nil {
		t.Fatal(err)
	}
	second, err := generate(root)
	if err != nil {
		t.Fatal(err)
	}
	if len(first) != len(outputs) || len(second) != len(outputs) {
		t.Fatalf("generate made %d and %d files, want %d", len(first), len(second), len(outputs))
	}
	for i, f := range first {
		if !bytes.Equal(f.data, second[i].data) {
			t.Errorf("%s differs between two runs", f.path)
		}
		if !bytes.HasPrefix(f.data, []byte(outputs[i].header())) {
			t.Errorf("%s does not begin with the generated-code header", f.path)
		}
		disk, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f.path)))
		if err != nil || !bytes.Equal(disk, f.data) {
			t.Errorf("%s is stale: run `make generate`", f.path)
		}
	}
}

func TestSectionHeader(t *testing.T) {
	tests := []struct {
		line string
		want string
		ok   bool
	}{
		{"# Bidi_Class=Arabic_Letter", "Arabic_Letter", true},
		{"# Canonical_Combining_Class=CCC10", "CCC10", true},
		{"# Derived Property: Full_Composition_Exclusion", "", false},
		{"#  All code points not listed have the value L.", "", false},
		{"# a=b c", "", false},
		{"0041 ; L", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.line, func(t *testing.T) {
			got, ok := sectionHeader(tt.line)
			if got != tt.want || ok != tt.ok {
				t.Errorf("sectionHeader(%q) = %q, %v, want %q, %v", tt.line, got, ok, tt.want, tt.ok)
			}
		})
	}
}

// TestReadRegistry checks the CSV forms of IANA's special-purpose address
// registries: footnote marks, two blocks in a cell, a line break inside
// quotes, a terminated row; and that a row it does not understand fails.
func TestReadRegistry(t *testing.T) {
	const header = "Address Block,Name,RFC,Allocation Date,Termination Date,Source,Destination,Forwardable,Globally Reachable,Reserved-by-Protocol\n"
	f := &ucdFile{name: "r.csv", raw: []byte(header +
		"192.0.0.0/24 [2],IETF,\"[RFC6890], Section 2.1\",2010-01,N/A,False,False,False,False,False\n" +
		"\"192.0.0.170/32, 192.0.0.171/32\",NAT64,\"[RFC8880][RFC7050], Section 2.2\",2013-02,N/A,False,False,False,False,True\n" +
		"255.255.255.255/32,Limited Broadcast,\"[RFC8190]\n        [RFC919], Section 7\",1984-10,N/A,False,True,False,False [1],True\n" +
		"192.88.99.0/24,Deprecated,[RFC7526],2001-06,2015-03,,,,,\n")}
	blocks, err := readRegistry(f, false)
	if err != nil {
		t.Fatal(err)
	}
	type blk struct{ Block, Name, RFC, Global string }
	var got []blk
	for _, b := range blocks {
		got = append(got, blk{b.text, b.name, b.rfc, b.global})
	}
	want := []blk{
		{"192.0.0.0/24", "IETF", "RFC 6890, Section 2.1", "False"},
		{"192.0.0.170/32", "NAT64", "RFC 8880, RFC 7050, Section 2.2", "False"},
		{"192.0.0.171/32", "NAT64", "RFC 8880, RFC 7050, Section 2.2", "False"},
		{"255.255.255.255/32", "Limited Broadcast", "RFC 8190, RFC 919, Section 7", "False"},
		{"192.88.99.0/24", "Deprecated", "RFC 7526", ""},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("readRegistry mismatch (-want +got):\n%s", diff)
	}
	for _, bad := range []string{
		"10.0.0.0/8,P,[RFC1918],1996-02,N/A,True,True,True,Maybe,False\n",
		"10.0.0.1/8,P,[RFC1918],1996-02,N/A,True,True,True,False,False\n",
		"::/8,P,[RFC1918],1996-02,N/A,True,True,True,False,False\n",
		"10.0.0.0/8,P,[RFC1918],1996-02,N/A,,,,,\n",
		"10.0.0.0/8,P\n",
	} {
		if _, err := readRegistry(&ucdFile{name: "bad.csv", raw: []byte(header + bad)}, false); err == nil {
			t.Errorf("readRegistry(%q) = nil error, want one", bad)
		}
	}
	pieces, err := cutRegistry(blocks, 32)
	if err != nil || len(pieces) == 0 || pieces[0].start != (u128{}) || pieces[0].row != -1 {
		t.Errorf("cutRegistry = %v, %v; want pieces from address 0", pieces, err)
	}
}
