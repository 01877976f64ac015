// Package uts39 implements the parts of UTS #39 (Unicode Security
// Mechanisms) that tell whether a domain label can be mistaken for
// another: the skeleton of §4 (confusable detection), the augmented and
// resolved script sets of §5.1 (mixed-script detection) and the
// restriction levels of §5.2, up to "Highly Restrictive", the level
// Chromium uses for IDN display; mixed-number detection (§5.3) and the
// unlikely sequences of combining marks of §5.4. Its data, generated
// from Unicode's files of the version of internal/ucd, is in
// internal/ucd.
//
// Every function takes any string: invalid UTF-8 is read as U+FFFD, one
// per bad byte, as a range loop does. Time and memory are linear in the
// input.
package uts39

import (
	"strings"
	"unicode/utf8"

	"github.com/specuri/specuri/internal/ascii"
	"github.com/specuri/specuri/internal/norm"
	"github.com/specuri/specuri/internal/ucd"
)

// The scripts UTS #39 §5.1 adds to Script_Extensions for the writing
// systems that mix scripts: Han with Bopomofo (Hanb), Japanese (Jpan) and
// Korean (Kore). They take the bits after those of internal/ucd.
const (
	Hanb = ucd.NumScripts + iota
	Jpan
	Kore
)

// all is the set of every script, the augmented script set of Common and
// Inherited characters (UTS #39 §5.1).
var all = func() ucd.ScriptSet {
	var s ucd.ScriptSet
	for i := 0; i < Kore+1; i++ {
		s = s.With(i)
	}
	return s
}()

// AugmentedScriptSet returns the augmented script set of r (UTS #39 §5.1):
// its Script_Extensions, with Hanb, Jpan and Kore added where it holds
// Han, with Jpan where it holds Hiragana or Katakana, Kore where it holds
// Hangul and Hanb where it holds Bopomofo; a set holding Common or
// Inherited is the set of all scripts.
func AugmentedScriptSet(r rune) ucd.ScriptSet {
	s := ucd.ScriptExtensions(r)
	if s.Has(int(ucd.ScriptCommon)) || s.Has(int(ucd.ScriptInherited)) {
		return all
	}
	if s.Has(int(ucd.ScriptHan)) {
		s = s.With(Hanb).With(Jpan).With(Kore)
	}
	if s.Has(int(ucd.ScriptHiragana)) || s.Has(int(ucd.ScriptKatakana)) {
		s = s.With(Jpan)
	}
	if s.Has(int(ucd.ScriptHangul)) {
		s = s.With(Kore)
	}
	if s.Has(int(ucd.ScriptBopomofo)) {
		s = s.With(Hanb)
	}
	return s
}

// ResolvedScriptSet returns the resolved script set of s (UTS #39 §5.1):
// the intersection of the augmented script sets of its characters; the
// set of all scripts for a string of Common and Inherited characters
// only, or an empty one.
func ResolvedScriptSet(s string) ucd.ScriptSet {
	return resolvedWithout(s, -1)
}

// resolvedWithout is the resolved script set of the characters of s whose
// augmented script set does not hold script x (all of them for x < 0).
func resolvedWithout(s string, x int) ucd.ScriptSet {
	set := all
	for _, r := range s {
		a := AugmentedScriptSet(r)
		if x >= 0 && a.Has(x) {
			continue
		}
		set = set.And(a)
	}
	return set
}

// IsSingleScript reports whether s is single-script (UTS #39 §5.1): its
// resolved script set is not empty.
func IsSingleScript(s string) bool { return !ResolvedScriptSet(s).IsEmpty() }

// A Level is a restriction level (UTS #39 §5.2), from the most restrictive
// to the least.
type Level uint8

// The restriction levels of UTS #39 §5.2. The levels below Highly
// Restrictive are told apart by the Recommended scripts of UAX #31, which
// this package does not have: they are one value, [BelowHighlyRestrictive].
const (
	// ASCIIOnly: every character is in the ASCII range (at most U+007E).
	ASCIIOnly Level = iota + 1
	// SingleScript: the string is single-script (§5.1).
	SingleScript
	// HighlyRestrictive: the string is covered by Latin and one of Jpan
	// (Han, Hiragana, Katakana), Hanb (Han, Bopomofo) or Kore (Han, Hangul).
	HighlyRestrictive
	// BelowHighlyRestrictive: Moderately or Minimally Restrictive.
	BelowHighlyRestrictive
	// Unrestricted: a character is outside the identifier profile, the
	// General Security Profile of §3.1 (Identifier_Status=Allowed).
	Unrestricted
)

// String returns the level's name as UTS #39 §5.2 writes it.
func (l Level) String() string {
	switch l {
	case ASCIIOnly:
		return "ASCII-Only"
	case SingleScript:
		return "Single Script"
	case HighlyRestrictive:
		return "Highly Restrictive"
	case BelowHighlyRestrictive:
		return "Moderately Restrictive or less"
	case Unrestricted:
		return "Unrestricted"
	}
	return "invalid level"
}

// RestrictionLevel returns the restriction level of s by the algorithm of
// UTS #39 §5.2, with the General Security Profile of §3.1 as the
// identifier profile.
func RestrictionLevel(s string) Level {
	// Step 1: a character outside the identifier profile.
	ascii := true
	for _, r := range s {
		if !ucd.IdentifierAllowed(r) {
			return Unrestricted
		}
		ascii = ascii && r <= 0x7E
	}
	// Step 2: no character above U+007E.
	if ascii {
		return ASCIIOnly
	}
	// Step 3: a non-empty resolved script set.
	if IsSingleScript(s) {
		return SingleScript
	}
	// Steps 4 and 5: the resolved script set of the characters that are
	// not Latin holds Hanb, Jpan or Kore.
	if rs := resolvedWithout(s, int(ucd.ScriptLatin)); rs.Has(Hanb) || rs.Has(Jpan) || rs.Has(Kore) {
		return HighlyRestrictive
	}
	return BelowHighlyRestrictive
}

// Skeleton returns the skeleton of s (UTS #39 §4, internalSkeleton): NFD
// of s, each character replaced by its prototype in confusables.txt, and
// NFD again. Two strings are confusable when their skeletons are equal. A
// skeleton is for comparison only, not for display.
//
// Since Unicode 15.1, §4 also removes the Default_Ignorable_Code_Point
// characters after the first NFD. That property (DerivedCoreProperties.txt)
// is not among the data files of internal/ucd, so they are kept: in a
// U-label (domain to Unicode), where IdnaMappingTable.txt makes the other
// default ignorable characters ignored or disallowed, that leaves U+200C
// ZERO WIDTH NON-JOINER and U+200D ZERO WIDTH JOINER, which CheckJoiners
// (RFC 5892 Appendix A) allows only after a virama or in joining contexts.
func Skeleton(s string) string {
	d := norm.NFD(s)
	var b strings.Builder
	b.Grow(len(d))
	for i := 0; i < len(d); {
		r, n := utf8.DecodeRuneInString(d[i:])
		if p, ok := ucd.Prototype(r); ok {
			b.WriteString(p)
		} else if r == utf8.RuneError && n == 1 {
			b.WriteRune(r)
		} else {
			b.WriteString(d[i : i+n])
		}
		i += n
	}
	return norm.NFD(b.String())
}

// Confusable reports whether x and y are confusable (UTS #39 §4): their
// skeletons are equal. A string is confusable with itself.
func Confusable(x, y string) bool { return Skeleton(x) == Skeleton(y) }

// LatinConfusable reports whether the non-ASCII string s is confusable
// with another string whose resolved script set holds Latin (UTS #39 §4:
// a whole-script, mixed-script or single-script confusable of a Latin
// spelling), and returns that spelling: the skeleton of s, when it is a
// Latin string and its own skeleton. It returns false for an ASCII
// string, which is itself a Latin spelling, and for a string whose
// skeleton is its own NFD: no other string is then its Latin spelling.
//
// The prototypes of confusables.txt are not all their own skeletons
// (U+01C6 ǆ maps to "dž", whose caron maps to a breve), so a skeleton
// that is not its own skeleton is not offered as a spelling: the answer
// is then false even if some other Latin string has that skeleton.
func LatinConfusable(s string) (string, bool) {
	if ascii.Is(s) {
		return "", false
	}
	sk := Skeleton(s)
	if sk == norm.NFD(s) || !ResolvedScriptSet(sk).Has(int(ucd.ScriptLatin)) || Skeleton(sk) != sk {
		return "", false
	}
	return sk, true
}
