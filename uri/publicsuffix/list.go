package publicsuffix

import (
	"io"
	"strings"

	"github.com/specuri/specuri/uri/idna"
)

// mapRules is a parsed list's rules as rules: every name that is a rule,
// or the end of one ("uk" of "co.uk"), mapped to its flags (0 for a name
// that is only the end of a rule). A cursor is unused: the key is the
// name from the label to its end.
type mapRules map[string]flags

func (mapRules) root() uint32 { return 0 }

func (m mapRules) step(_ uint32, _, suffix string) (uint32, flags, bool) {
	f, ok := m[suffix]
	return 0, f, ok
}

// Parse reads a Public Suffix List in the format of public_suffix_list.dat
// (publicsuffix.org/list/, "Definitions"): one rule a line, read up to its
// first white space; "//" starts a comment; the rules between the comments
// "===BEGIN ICANN DOMAINS===" and "===END ICANN DOMAINS===" are the ICANN
// section, the others private. A rule is a name, "*." and a name (a
// wildcard rule) or "!" and a name (an exception rule); each is converted
// with domain to ASCII (idna.ToASCII), so that every spelling of a host
// finds it.
//
// It reads at most MaxListSize bytes and lines of at most MaxRuleLength;
// it fails with a *ParseError on a longer input or line and on a rule
// that is not a name (an empty label, a "*" elsewhere than first, a name
// that fails domain to ASCII). A rule listed twice counts once.
func Parse(r io.Reader) (*List, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxListSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxListSize {
		return nil, &ParseError{Msg: "the list is longer than MaxListSize"}
	}
	// One string for the whole list: the rules in A-labels already are
	// the map's keys as they are, without a copy each.
	text := string(data)
	l := &List{m: make(map[string]flags, strings.Count(text, "\n")*5/4)}
	icann := false
	for n := 1; text != ""; n++ {
		var line string
		line, text, _ = strings.Cut(text, "\n")
		if len(line) > MaxRuleLength {
			return nil, &ParseError{Line: n, Msg: "a line longer than MaxRuleLength"}
		}
		line = strings.TrimSpace(line)
		if c, ok := strings.CutPrefix(line, "//"); ok {
			icann = section(c, icann)
			continue
		}
		if line == "" {
			continue
		}
		if f := strings.IndexAny(line, " \t"); f >= 0 {
			line = line[:f]
		}
		if err := l.add(line, icann); err != nil {
			err.Line = n
			return nil, err
		}
	}
	return l, nil
}

// section returns whether the lines after the comment c are in the ICANN
// section, icann being whether those before it are.
func section(c string, icann bool) bool {
	c = strings.TrimSpace(c)
	switch {
	case strings.HasPrefix(c, "===BEGIN ICANN DOMAINS==="):
		return true
	case strings.HasPrefix(c, "===END ICANN DOMAINS==="):
		return false
	}
	return icann
}

// add adds the rule text of one line.
func (l *List) add(text string, icann bool) *ParseError {
	kind := fRule
	switch {
	case strings.HasPrefix(text, "!"):
		kind, text = fExcept, text[1:]
	case strings.HasPrefix(text, "*."):
		kind, text = fWild, text[2:]
	}
	name := text
	if !isLowerDomain(name) {
		var err error
		if name, err = idna.ToASCII(text); err != nil {
			return &ParseError{Msg: "the rule fails domain to ASCII", Err: err}
		}
	}
	if hasEmptyLabel(name) || strings.IndexByte(name, '*') >= 0 {
		return &ParseError{Msg: "the rule is not a name with a \"*.\" or \"!\" before it"}
	}
	f := kind
	if icann {
		f |= kind << 1
	}
	old := l.m[name]
	if old&kind == 0 {
		l.n++
	}
	l.m[name] = old | f
	// The ends of the name, so that a walk from the right reaches it.
	for i := strings.IndexByte(name, '.'); i >= 0; i = strings.IndexByte(name, '.') {
		name = name[i+1:]
		if _, ok := l.m[name]; ok {
			break
		}
		l.m[name] = 0
	}
	return nil
}

// isLowerDomain reports whether s is letters in lower case, digits, "-"
// and "." with no label starting "xn--": a name domain to ASCII leaves as
// it is.
func isLowerDomain(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '-' && c != '.' {
			return false
		}
	}
	return !strings.HasPrefix(s, "xn--") && !strings.Contains(s, ".xn--")
}
