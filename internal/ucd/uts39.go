package ucd

// A Script is a value of the Script property (UAX #24), numbered in the
// order of the long names.
type Script uint8

// Name returns the long name of s ("Latin"), or "" for no script.
func (s Script) Name() string {
	if int(s) < NumScripts {
		return scriptNames[s][0]
	}
	return ""
}

// Short returns the short name of s ("Latn"): its ISO 15924 code.
func (s Script) Short() string {
	if int(s) < NumScripts {
		return scriptNames[s][1]
	}
	return ""
}

// A ScriptSet is a set of scripts, one bit each. Bits from NumScripts up
// are free for the sets UTS #39 §5.1 adds.
type ScriptSet [3]uint64

// Has reports whether s holds script x (any int below 192).
func (s ScriptSet) Has(x int) bool { return x >= 0 && x < 192 && s[x/64]&(1<<(x%64)) != 0 }

// With returns s with script x added.
func (s ScriptSet) With(x int) ScriptSet {
	if x >= 0 && x < 192 {
		s[x/64] |= 1 << (x % 64)
	}
	return s
}

// And returns the intersection of s and t.
func (s ScriptSet) And(t ScriptSet) ScriptSet {
	return ScriptSet{s[0] & t[0], s[1] & t[1], s[2] & t[2]}
}

// IsEmpty reports whether s holds no script.
func (s ScriptSet) IsEmpty() bool { return s[0]|s[1]|s[2] == 0 }

// ScriptExtensions returns the Script_Extensions of r (UAX #24): the
// scripts ScriptExtensions.txt lists, or {Script(r)}; {Unknown} for a code
// point of no script.
func ScriptExtensions(r rune) ScriptSet {
	return scriptSets[scriptTrie.Lookup(r)>>1]
}

// Prototype returns the prototype of r in confusables.txt (UTS #39 §4),
// or false when r is not mapped (its prototype is itself).
func Prototype(r rune) (string, bool) {
	n := confusableTrie.Lookup(r)
	if n == 0 {
		return "", false
	}
	return prototypes[prototypeOffsets[n]:prototypeOffsets[n+1]], true
}

// IdentifierAllowed reports whether r has Identifier_Status=Allowed
// (UTS #39 §3.1, IdentifierStatus.txt).
func IdentifierAllowed(r rune) bool { return scriptTrie.Lookup(r)&1 != 0 }
