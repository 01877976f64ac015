package audit

import (
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/internal/grammar"
)

// TestMatcherUTF8 checks that sets of code points match UTF-8 input, one
// character at a time, exactly at the bounds of RFC 3987 §2.2's ranges, and
// that invalid UTF-8 matches nothing.
func TestMatcherUTF8(t *testing.T) {
	g := mustABNF(t, `ucschar  = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD
iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
word     = 1*( ucschar / %x61-7A )
latin1   = %x80-FF
two      = %xE9.41
any      = %x0-10FFFF
`)
	tests := []struct {
		rule, in string
		want     bool
	}{
		{"ucschar", "\u009f", false}, {"ucschar", "\u00a0", true}, {"ucschar", "\ud7ff", true},
		{"ucschar", "\ue000", false}, {"ucschar", "\uf8ff", false}, {"ucschar", "\uf900", true},
		{"ucschar", "\ufdcf", true}, {"ucschar", "\ufdd0", false}, {"ucschar", "\ufdef", false},
		{"ucschar", "\ufdf0", true}, {"ucschar", "\uffef", true}, {"ucschar", "\ufff0", false},
		{"ucschar", "\U0000ffff", false}, {"ucschar", "\U00010000", true}, {"ucschar", "\U0001fffd", true},
		{"ucschar", "\U0001fffe", false},
		{"iprivate", "\ue000", true}, {"iprivate", "\uf8ff", true}, {"iprivate", "\uf900", false},
		{"iprivate", "\U000effff", false}, {"iprivate", "\U000f0000", true}, {"iprivate", "\U000ffffd", true},
		{"iprivate", "\U000ffffe", false}, {"iprivate", "\U00100000", true}, {"iprivate", "\U0010fffd", true},
		{"iprivate", "\U0010fffe", false},
		// One character, not its bytes.
		{"ucschar", "\u00a0\u00a0", false}, {"ucschar", "\xc2", false}, {"ucschar", "a", false},
		{"word", "a\u00e9b\U00010000", true}, {"word", "a\u00e9b\U0001fffe", false},
		// Invalid UTF-8: a lone continuation byte, a truncated sequence, a
		// surrogate's encoding, an overlong form, a byte that is never UTF-8.
		{"word", "a\x80", false}, {"word", "\xe2\x82", false}, {"word", "\xed\x9f\xbf", true},
		{"word", "\xed\xa0\x80", false}, {"word", "\xc1\x81", false}, {"word", "\xe0\x82\xa0", false},
		{"word", "\xff", false}, {"any", "\xff", false}, {"any", "\x00", true}, {"any", "\U0010ffff", true},
		// %x80-FF is U+0080 to U+00FF, two bytes each in UTF-8.
		{"latin1", "\u00e9", true}, {"latin1", "\xe9", false}, {"latin1", "\u0100", false},
		{"two", "\u00e9A", true}, {"two", "\u00e9a", false}, {"two", "\xe9A", false},
	}
	m := NewMatcher(g)
	want, got := map[string]bool{}, map[string]bool{}
	for _, tt := range tests {
		ok, err := m.Match(tt.rule, tt.in)
		if err != nil {
			t.Fatalf("Match(%s, %q): %v", tt.rule, tt.in, err)
		}
		key := tt.rule + " " + strconv.Quote(tt.in)
		want[key], got[key] = tt.want, ok
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Match mismatch (-want +got):\n%s", diff)
	}
	spans, ok, err := m.Derive("word", "a\u00e9\U00010000")
	if err != nil || !ok {
		t.Fatalf("Derive: %v %v", ok, err)
	}
	wantSpans := []Span{{"word", 0, 7}, {"ucschar", 1, 3}, {"ucschar", 3, 7}}
	if diff := cmp.Diff(wantSpans, spans); diff != "" {
		t.Errorf("Derive spans (byte offsets) mismatch (-want +got):\n%s", diff)
	}
}

// TestFoldUnicode checks double-quoted PEG literals beyond ASCII: like
// pointlander/peg, a character matches its lower and its upper case.
func TestFoldUnicode(t *testing.T) {
	g := &grammar.Grammar{}
	g.Add(&grammar.Rule{Name: "e", Expr: &grammar.Expr{Op: grammar.OpLit, Text: "\u00e9x", Fold: true}})
	g.Add(&grammar.Rule{Name: "k", Expr: &grammar.Expr{Op: grammar.OpLit, Text: "k", Fold: true}})
	m := NewMatcher(g)
	for _, tt := range []struct {
		rule, in string
		want     bool
	}{
		{"e", "\u00e9x", true}, {"e", "\u00c9X", true}, {"e", "ex", false}, {"e", "\xc3x", false},
		{"k", "k", true}, {"k", "K", true}, {"k", "\u212a", false},
	} {
		if ok, err := m.Match(tt.rule, tt.in); ok != tt.want || err != nil {
			t.Errorf("Match(%s, %q) = %v, %v; want %v", tt.rule, tt.in, ok, err, tt.want)
		}
	}
	c := &canonizer{g: g, classes: map[string]*grammar.CharSet{}}
	if got, want := c.canon(g.Rule("e").Expr).String(), `[\0xC9\0xE9] [Xx]`; got != want {
		t.Errorf("canon = %s, want %s", got, want)
	}
}

// TestGeneratorUTF8 checks that strings derived from sets beyond one byte
// are valid UTF-8 and in the language.
func TestGeneratorUTF8(t *testing.T) {
	g := mustABNF(t, readTestdata(t, "ext.abnf")+"scheme = \"s\"\nnum = \"1\"\npct = \"%41\"\nALPHA = %x41-5A\n")
	gen := NewGenerator(g, rand.New(rand.NewPCG(7, 8)))
	m := NewMatcher(g)
	wide := 0
	for i := 0; i < 300; i++ {
		s := gen.Generate("iword")
		if len(s) > MaxMatch {
			continue
		}
		if !utf8.ValidString(s) {
			t.Fatalf("Generate(iword) = %q, not UTF-8", s)
		}
		if ok, err := m.Match("iword", s); !ok || err != nil {
			t.Errorf("Generate(iword) = %q, not in the language (%v)", s, err)
		}
		if utf8.RuneCountInString(s) < len(s) {
			wide++
		}
	}
	if wide < 100 {
		t.Errorf("only %d of 300 derived strings have a character beyond ASCII", wide)
	}
}

// TestAuditCodePointDrift moves each bound of the ranges of the fixture's
// ucschar and iprivate (RFC 3987 §2.2) by one, in the PEG or in the ABNF,
// and checks that the audit reports that rule, and only it. (\0xD800,
// one past \0xD7FF, is a surrogate: TestReadCodePointErrors.)
func TestAuditCodePointDrift(t *testing.T) {
	tests := []struct {
		file, old, new, rule string
	}{
		{"ext.peg", `[\0xA0-`, `[\0xA1-`, "ucschar"},
		{"ext.peg", `[\0xA0-`, `[\0x9F-`, "ucschar"},
		{"ext.peg", `\0xD7FF\0xF900`, `\0xD7FE\0xF900`, "ucschar"},
		{"ext.peg", `\0xF900-\0xFDCF`, `\0xF8FF-\0xFDCF`, "ucschar"},
		{"ext.peg", `\0xFDF0-\0xFFEF`, `\0xFDF0-\0xFFF0`, "ucschar"},
		{"ext.peg", `[\0x10000-`, `[\0xFFFF-`, "ucschar"},
		{"ext.peg", `[\0x10000-`, `[\0x10001-`, "ucschar"},
		{"ext.peg", `\0x1FFFD\0x20000`, `\0x1FFFE\0x20000`, "ucschar"},
		{"ext.peg", `\0x1FFFD\0x20000`, `\0x1FFFC\0x20000`, "ucschar"},
		{"ext.peg", `[\0xE1000-\0xEFFFD]`, `[\0xE1000-\0xEFFFF]`, "ucschar"},
		{"ext.peg", `[\0x100000-\0x10FFFD]`, `[\0x100000-\0x10FFFE]`, "iprivate"},
		{"ext.peg", `[\0xF0000-\0xFFFFD]`, `[\0xEFFFF-\0xFFFFD]`, "iprivate"},
		{"ext.peg", `[\0xE000-\0xF8FF]`, `[\0xE000-\0xF900]`, "iprivate"},
		{"ext.abnf", "%x10000-1FFFD", "%x10000-1FFFE", "ucschar"},
		{"ext.abnf", "%xA0-D7FF", "%xA0-D7FE", "ucschar"},
		{"ext.abnf", "%xE000-F8FF", "%xDFFF-F8FF", "iprivate"},
	}
	for _, tt := range tests {
		t.Run(tt.file+" "+tt.old+" to "+tt.new, func(t *testing.T) {
			rep := composed(t, func(src map[string]*string) {
				s := src[tt.file]
				if n := strings.Count(*s, tt.old); n != 1 {
					t.Fatalf("%q occurs %d times in %s, want 1", tt.old, n, tt.file)
				}
				r := strings.NewReplacer(tt.old, tt.new)
				if tt.file == "ext.abnf" {
					// Keep the #abnf: quote in step with the ABNF, so
					// that only the set differs.
					q := src["ext.peg"]
					*q = r.Replace(*q)
				}
				*s = r.Replace(*s)
			})
			if rep.OK {
				t.Errorf("Audit passed after the change: %s", rep.Summary)
			}
			var bad []string
			for _, r := range rep.Rules {
				if r.Verdict == Missing || r.Verdict == Unexplained {
					bad = append(bad, r.Rule+" "+string(r.Verdict)+": "+r.Reason)
				}
			}
			want := []string{tt.rule + " unexplained: the PEG rule differs from the ABNF"}
			if diff := cmp.Diff(want, bad); diff != "" {
				t.Errorf("failing rules mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

// TestAuditCodePointForms checks forms of the same set that the audit
// accepts: one class, classes in another order, several alternatives.
func TestAuditCodePointForms(t *testing.T) {
	const old = "ucschar <- [\\0xA0-\\0xD7FF\\0xF900-\\0xFDCF\\0xFDF0-\\0xFFEF]\n" +
		"         / [\\0x10000-\\0x1FFFD\\0x20000-\\0x2FFFD\\0x30000-\\0x3FFFD]\n" +
		"         / [\\0xE1000-\\0xEFFFD]\n"
	for _, form := range []string{
		`[\0xE1000-\0xEFFFD\0x30000-\0x3FFFD\0x20000-\0x2FFFD\0x10000-\0x1FFFD\0xFDF0-\0xFFEF\0xF900-\0xFDCF\0xA0-\0xD7FF]`,
		`[\0xa0-\0xd7ff] / [\0xf900-\0xfdcf] / [\0xfdf0-\0xffef] / [\0x10000-\0x1fffd] / [\0x20000-\0x2fffd] / [\0x30000-\0x3fffd] / [\0xe1000-\0xefffd]`,
		`[\0xA0-\0xD7FF\0xF900-\0xFDCF\0xFDF0-\0xFFEF\0x10000-\0x1FFFD\0x20000-\0x2FFFD\0x30000-\0x3FFFD\0xE1000-\0xE1FFF] / [\0xE2000-\0xEFFFD]`,
	} {
		rep := composed(t, func(src map[string]*string) {
			*src["ext.peg"] = strings.Replace(*src["ext.peg"], old, "ucschar <- "+form+"\n", 1)
		})
		for _, r := range rep.Rules {
			if r.Rule == "ucschar" && r.Verdict != Same && r.Verdict != Equivalent {
				t.Errorf("ucschar <- %s: %s (%s / %s)", form, r.Verdict, r.ABNF, r.PEG)
			}
		}
	}
}
