package norm

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
)

// The reference implementation: UAX #15 normalization written as The
// Unicode Standard §3.11 defines it, step by step and without regard to
// speed, from the data files read by the test itself (not the generated
// tables). The fuzz target compares the package with it.

// refData is the data the reference reads: UnicodeData.txt's canonical
// combining classes and canonical decomposition mappings, and the
// Full_Composition_Exclusion code points of DerivedNormalizationProps.txt.
type refData struct {
	ccc       map[rune]int
	decomp    map[rune][]rune
	composite map[[2]rune]rune // the primary composites, D114
}

var (
	refOnce sync.Once
	ref     refData
	refErr  error
)

// loadRef reads the reference's data once.
func loadRef(t testing.TB) *refData {
	t.Helper()
	refOnce.Do(func() { refErr = ref.load() })
	if refErr != nil {
		t.Fatal(refErr)
	}
	return &ref
}

func (d *refData) load() error {
	dir := filepath.Join("..", "..", "grammar", "unicode", Version, "ucd")
	d.ccc, d.decomp, d.composite = map[rune]int{}, map[rune][]rune{}, map[[2]rune]rune{}
	err := eachLine(filepath.Join(dir, "UnicodeData.txt"), func(f []string) error {
		c, err := strconv.ParseUint(f[0], 16, 32)
		if err != nil {
			return err
		}
		if d.ccc[rune(c)], err = strconv.Atoi(f[3]); err != nil {
			return err
		}
		if f[5] == "" || strings.HasPrefix(f[5], "<") {
			return nil
		}
		for _, x := range strings.Fields(f[5]) {
			v, err := strconv.ParseUint(x, 16, 32)
			if err != nil {
				return err
			}
			d.decomp[rune(c)] = append(d.decomp[rune(c)], rune(v))
		}
		return nil
	})
	if err != nil {
		return err
	}
	excluded := map[rune]bool{}
	err = eachLine(filepath.Join(dir, "DerivedNormalizationProps.txt"), func(f []string) error {
		if len(f) != 2 || strings.TrimSpace(f[1]) != "Full_Composition_Exclusion" {
			return nil
		}
		lo, hi, _ := strings.Cut(strings.TrimSpace(f[0]), "..")
		if hi == "" {
			hi = lo
		}
		a, err1 := strconv.ParseUint(lo, 16, 32)
		b, err2 := strconv.ParseUint(hi, 16, 32)
		if err1 != nil || err2 != nil {
			return strconv.ErrSyntax
		}
		for c := rune(a); c <= rune(b); c++ {
			excluded[c] = true
		}
		return nil
	})
	for c, m := range d.decomp {
		if len(m) == 2 && !excluded[c] {
			d.composite[[2]rune{m[0], m[1]}] = c
		}
	}
	return err
}

// eachLine calls fn with the ";"-separated fields of each data line of a
// UCD file.
func eachLine(path string, fn func([]string) error) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if strings.TrimSpace(line) == "" {
			continue
		}
		if err := fn(strings.Split(line, ";")); err != nil {
			return err
		}
	}
	return sc.Err()
}

// refNormalize normalizes s as the package documents: each maximal run of
// well-formed UTF-8 normalized alone, ill-formed bytes kept between them.
func (d *refData) refNormalize(s string, compose bool) string {
	var out, run strings.Builder
	flush := func() {
		out.WriteString(d.refForm(run.String(), compose))
		run.Reset()
	}
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			flush()
			out.WriteByte(s[i])
		} else {
			run.WriteString(s[i : i+size])
		}
		i += size
	}
	flush()
	return out.String()
}

// refForm is NFD (D68 then D109) or NFC (then D117) of well-formed s.
func (d *refData) refForm(s string, compose bool) string {
	var rs []rune
	for _, r := range s {
		rs = d.refDecompose(rs, r)
	}
	d.refOrder(rs)
	if compose {
		rs = d.refCompose(rs)
	}
	return string(rs)
}

// refDecompose appends the full canonical decomposition of r (D68; §3.12
// for Hangul syllables).
func (d *refData) refDecompose(rs []rune, r rune) []rune {
	if r >= sBase && r < sBase+sCount {
		i := r - sBase
		rs = append(rs, lBase+i/nCount, vBase+i%nCount/tCount)
		if i%tCount != 0 {
			rs = append(rs, tBase+i%tCount)
		}
		return rs
	}
	m, ok := d.decomp[r]
	if !ok {
		return append(rs, r)
	}
	for _, x := range m {
		rs = d.refDecompose(rs, x)
	}
	return rs
}

// refOrder is the Canonical Ordering Algorithm (D109): exchange each
// reorderable pair (D108: ccc(A) > ccc(B) > 0) until there is none.
func (d *refData) refOrder(rs []rune) {
	for changed := true; changed; {
		changed = false
		for i := 0; i+1 < len(rs); i++ {
			a, b := d.ccc[rs[i]], d.ccc[rs[i+1]]
			if a > b && b > 0 {
				rs[i], rs[i+1] = rs[i+1], rs[i]
				changed = true
			}
		}
	}
}

// refCompose is the Canonical Composition Algorithm (D117): for each
// code point C after the first, if the last starter L before it is not
// blocked from it (D115) and L, C have a primary composite (D114; §3.12
// for Hangul), L becomes the composite and C is removed.
func (d *refData) refCompose(rs []rune) []rune {
	for i := 1; i < len(rs); i++ {
		l := i - 1
		for l >= 0 && d.ccc[rs[l]] != 0 {
			l--
		}
		if l < 0 {
			continue
		}
		blocked := false
		for b := l + 1; b < i; b++ {
			if d.ccc[rs[b]] == 0 || d.ccc[rs[b]] >= d.ccc[rs[i]] {
				blocked = true
			}
		}
		if blocked {
			continue
		}
		if c, ok := d.refComposite(rs[l], rs[i]); ok {
			rs[l] = c
			rs = append(rs[:i], rs[i+1:]...)
			i--
		}
	}
	return rs
}

// refComposite returns the primary composite of l and c.
func (d *refData) refComposite(l, c rune) (rune, bool) {
	if l >= lBase && l < lBase+lCount && c >= vBase && c < vBase+vCount {
		return sBase + ((l-lBase)*vCount+c-vBase)*tCount, true
	}
	if l >= sBase && l < sBase+sCount && (l-sBase)%tCount == 0 && c > tBase && c < tBase+tCount {
		return l + c - tBase, true
	}
	x, ok := d.composite[[2]rune{l, c}]
	return x, ok
}

// TestReference checks the reference itself on NormalizationTest.txt, so
// that the fuzz target compares with something known to be right.
func TestReference(t *testing.T) {
	d := loadRef(t)
	parts, order, _ := readConformance(t)
	for _, part := range order {
		t.Run(part, func(t *testing.T) {
			for _, c := range parts[part] {
				if got := d.refNormalize(c.c[0], true); got != c.c[1] {
					t.Errorf("line %d: refNFC(%+q) = %+q, want %+q", c.line, c.c[0], got, c.c[1])
				}
				if got := d.refNormalize(c.c[0], false); got != c.c[2] {
					t.Errorf("line %d: refNFD(%+q) = %+q, want %+q", c.line, c.c[0], got, c.c[2])
				}
			}
		})
	}
}
