package grammar

import (
	"errors"
	"strings"
)

// A GrammarFile is the grammar read from one file (an RFC 5234 §4
// rulelist, or its PEG transcription) and the file's name, for reports.
type GrammarFile struct {
	Name    string
	Grammar *Grammar
}

// ComposeABNF returns the ABNF grammar (RFC 5234 §4) given as several
// files, such as RFC 6874 §2 on top of RFC 3986 Appendix A, or RFC 3987
// §2.2 on top of RFC 3986: the union of their rules, where a rule of an
// earlier file overrides the rule of the same name (RFC 5234 §2.1: names
// are case-insensitive) of a later file. The rules are in this order: the
// first file's, then each later file's rules that no earlier file defines.
// Every rule's File is the name of the file it comes from; its Line is in
// that file. The grammars of files are not modified.
func ComposeABNF(files ...GrammarFile) (*Grammar, error) {
	if len(files) == 0 {
		return nil, errors.New("no ABNF file")
	}
	return union(files, func(n string) string { return strings.ToLower(n) }), nil
}

// ComposePEG returns the PEG grammar given as several files that transcribe
// an ABNF grammar composed as by [ComposeABNF] (such as RFC 6874 §2 or RFC
// 3987 §2.2 on top of RFC 3986), the way the code generator composes them
// for pointlander/peg:
//
//   - The rules are the union of the files' rules; a rule of an earlier file
//     overrides the rule of the same name (case-sensitive) of a later file.
//     Each rule keeps the comment lines above it in its own file ("#abnf:",
//     "#peg:", "#helper:"), its File and its Line in that file.
//   - The order is the first file's rules, then each later file's rules that
//     no earlier file defines. The package clause and parser type are the
//     first file's.
//   - Then every rule that is not reachable from the first rule of the first
//     file is dropped, since pointlander/peg generates only the rules
//     reachable from its first rule; the dropped rules are listed in
//     Dropped, in the same order.
//
// The grammars of files are not modified.
func ComposePEG(files ...GrammarFile) (*Grammar, error) {
	if len(files) == 0 {
		return nil, errors.New("no PEG file")
	}
	if len(files[0].Grammar.Rules) == 0 {
		return nil, errors.New(files[0].Name + ": no rules, so no start rule")
	}
	all := union(files, func(n string) string { return n })
	first := files[0].Grammar
	byName := map[string]*Rule{}
	for _, r := range all.Rules {
		byName[r.Name] = r
	}
	reached := map[*Rule]bool{}
	var visit func(*Expr)
	visit = func(e *Expr) {
		for _, name := range e.Refs() {
			if r := byName[name]; r != nil && !reached[r] {
				reached[r] = true
				visit(r.Expr)
			}
		}
	}
	start := all.Rules[0]
	reached[start] = true
	visit(start.Expr)
	g := &Grammar{Package: first.Package, Type: first.Type, Fields: first.Fields}
	for _, r := range all.Rules {
		if reached[r] {
			g.Add(r)
		} else {
			g.Dropped = append(g.Dropped, r)
		}
	}
	return g, nil
}

// union returns the rules of files, those of earlier files first and
// overriding those of later ones whose key is the same, each rule a copy
// with its File set.
func union(files []GrammarFile, key func(string) string) *Grammar {
	g := new(Grammar)
	seen := map[string]bool{}
	for _, f := range files {
		for _, r := range f.Grammar.Rules {
			k := key(r.Name)
			if seen[k] {
				continue
			}
			seen[k] = true
			c := *r
			c.File = f.Name
			g.Add(&c)
		}
	}
	return g
}
