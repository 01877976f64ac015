package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/specuri/specuri/gen/rfc3986"
	"github.com/specuri/specuri/gen/rfc3987"
	"github.com/specuri/specuri/gen/rfc6874"
	"github.com/specuri/specuri/internal/pegen/pegenrt"
	"github.com/specuri/specuri/uri"
)

var explainCmd = &command{
	name:    "explain",
	summary: "show the tree of grammar rules a URI reference matched",
	help:    explainHelp,
	input:   input{quoted: true},
	setup:   explainSetup,
}

const explainHelp = `
Usage: uri explain [--rule RULE] [--syntax SYNTAX] [--quoted] [URI...]

Match each URI argument, or each line of standard input when there are no
arguments, against the rule RULE of the grammar of SYNTAX and print the
tree of grammar rules it matched: one line per rule application, indented
under the rule that used it, with the rule's ABNF name (RFC 3986 Appendix
A; RFC 3987 §2.2 for IRIs), its byte span [begin,end) and the text it
matched. Rules that matched the empty string are shown too. Rules that are
not in the ABNF (the grammar's helper rules, such as query-part for "?"
query) appear under their own names.

--syntax chooses the generated parser: rfc3986 (the default), rfc6874
(RFC 3986 with IPv6 zone identifiers, RFC 6874 §2) or rfc3987 (IRIs).
RULE is URI-reference (the default), URI, absolute-URI or relative-ref,
or their RFC 3987 names (IRI-reference, IRI, absolute-IRI,
irelative-ref), in any syntax.

For an invalid input, it prints the tree of a prefix of the input that
matches RULE, and then the error, with a caret under the byte where
matching stopped. The prefix is found by matching RULE against prefixes,
longest first, from the byte where matching stopped down. To stay linear
in the length of the input, the search matches at most 32 times the
input's length in bytes, plus 1 MiB: within that budget the
prefix shown is the longest up to that byte, and the output says "longest
prefix"; past it, the search tries only prefixes that end where the kind
of byte changes (a letter after a digit, a delimiter after a letter, ...),
longest first, and the output says "prefix" and up to which byte longer
prefixes were not all tried.

Inputs are shown quoted, as Go string literals, with a password shown as
xxxxx (RFC 3986 §7.5) in the input and in every rule's text: the bytes
that uri.RedactInput masks, a userinfo the grammar does not accept and
what browsers read as a password included; the byte spans stay those of
the input.

Exit status: 0 when every input is valid, 1 when some input is invalid,
2 on a usage error.

Examples:

	uri explain 'http://user@[::1]:8080/a?q#f'
	uri explain --rule relative-ref '//h?'
	uri explain --syntax rfc6874 'http://[fe80::1%25en0]/'
`

// iriRules maps the entry rules of RFC 3986 to those of RFC 3987 (§2.2)
// and back, so that --rule takes either name in every syntax.
var iriRules = map[string]string{
	"URI-reference": "IRI-reference", "IRI-reference": "URI-reference",
	"URI": "IRI", "IRI": "URI",
	"absolute-URI": "absolute-IRI", "absolute-IRI": "absolute-URI",
	"relative-ref": "irelative-ref", "irelative-ref": "relative-ref",
}

func explainSetup(fs *flag.FlagSet, p *pipeline) func([]string) int {
	name := fs.String("rule", "URI-reference", "the rule to match: URI-reference, URI, absolute-URI or relative-ref (or the RFC 3987 names)")
	syntaxName := fs.String("syntax", "rfc3986", "the grammar: rfc3986, rfc6874 (zone identifiers) or rfc3987 (IRIs)")
	return func(args []string) int {
		x := newExplainer(p.env, *name, *syntaxName)
		if x == nil {
			return exitUsage
		}
		out := blocks{w: p.stdout}
		return p.each(args, func(s string) error {
			w := bufio.NewWriter(out.next())
			defer w.Flush()
			if !x.explain(w, s) {
				p.fail()
			}
			return nil
		})
	}
}

// An explainer matches inputs against one rule of one syntax and writes
// the trees of rules they matched.
type explainer struct {
	p      *ruleParser
	r      uint8 // the rule, of p
	syntax uri.Syntax
	parse  func(uri.Syntax, string) (uri.URI, error) // the rule, of package uri
}

// newExplainer returns the explainer of the rule and syntax that the
// --rule and --syntax values name, or prints the usage error and returns
// nil.
func newExplainer(e *env, name, syntaxName string) *explainer {
	parse, ok := rules[name]
	if !ok {
		fmt.Fprintf(e.stderr, "uri explain: unknown --rule %s (want URI-reference, URI, absolute-URI or relative-ref)\n", strconv.QuoteToASCII(uri.RedactInput(name)))
		return nil
	}
	syntax, ok := syntaxNamed(e, "explain", syntaxName)
	if !ok {
		return nil
	}
	g := grammars[syntaxName]() // grammars has the keys of syntaxes
	r, ok := g.table.Lookup(name)
	if !ok {
		r, ok = g.table.Lookup(iriRules[name])
	}
	if !ok {
		fmt.Fprintf(e.stderr, "uri explain: no rule %s in %s\n", name, syntax)
		return nil
	}
	return &explainer{p: g, r: r, syntax: syntax, parse: parse}
}

// explain writes s and the tree of rules it matched, or for an invalid s
// what explainInvalid writes, and reports whether s matched. A password
// is masked in s and in every rule's text.
func (x *explainer) explain(w io.Writer, s string) bool {
	// The span RedactInput masks, found once for the input and its rules.
	var pw span
	if b, e, ok := uri.RedactSpan(s); ok {
		pw = span{b, e}
	}
	fmt.Fprintf(w, "%s\n", strconv.Quote(masked(s, 0, len(s), pw)))
	if x.p.match(x.r, s) {
		printRuleTree(w, s, x.p, 1, pw)
		return true
	}
	x.explainInvalid(w, s, pw)
	return false
}

// explainInvalid writes, for an s that does not match, the prefix of s
// that longestPrefix finds and its tree, and then the error of package
// uri's parser, with a caret under the failing byte.
func (x *explainer) explainInvalid(w io.Writer, s string, pw span) {
	far := x.p.furthest().End
	k, exact := longestPrefix(x.p, x.r, s, far)
	name := x.p.table.Name(x.r)
	printPrefixFound(w, name, k, exact, min(far, len(s)))
	if k >= 0 {
		// The last match of longestPrefix was that of s[:k]: p holds its
		// tokens.
		printRuleTree(w, s, x.p, 2, pw)
	}
	_, perr := x.parse(x.syntax, s)
	if perr == nil {
		// The generated parser decides validity for package uri too.
		perr = fmt.Errorf("not a %s (%s)", name, x.syntax)
	}
	printError(w, s, perr)
}

// printPrefixFound writes the line that says what longestPrefix found: the
// prefix s[:k] matching rule name (none when k < 0), the longest (exact)
// or not, the search having stopped short of byte bound.
func printPrefixFound(w io.Writer, name string, k int, exact bool, bound int) {
	switch {
	case k >= 0 && exact:
		fmt.Fprintf(w, "  longest prefix matching %s: bytes [0,%d)\n", name, k)
	case k >= 0:
		fmt.Fprintf(w, "  prefix matching %s: bytes [0,%d) (longer prefixes up to byte %d not all tried: the search is bounded)\n", name, k, bound)
	case exact:
		fmt.Fprintf(w, "  no prefix matches %s\n", name)
	default:
		fmt.Fprintf(w, "  no prefix matching %s found (the search is bounded)\n", name)
	}
}

// prefixBudget is how many bytes, per byte of input, the exhaustive
// prefix search of longestPrefix may match, on top of minPrefixBudget.
const (
	prefixBudget    = 32
	minPrefixBudget = 1 << 20
	// maxBoundaryTries bounds the second phase of the search.
	maxBoundaryTries = 32
)

// longestPrefix finds a prefix s[:k] that rule r matches, given the
// offset far where matching s stopped, and reports whether it is the
// longest one up to far (exact), or, with k < 0, whether no prefix
// matches. It matches prefixes longest first while the budget allows
// (linear in len(s)), then at most maxBoundaryTries prefixes that end
// where the class of byte changes. When k >= 0, its last match is that of
// s[:k], whose tokens p then holds.
func longestPrefix(p *ruleParser, r uint8, s string, far int) (k int, exact bool) {
	budget := minPrefixBudget + prefixBudget*len(s)
	k = min(far, len(s)-1)
	for ; k >= 0 && budget >= k+1; k-- {
		budget -= k + 1
		if p.match(r, s[:k]) {
			return k, true
		}
	}
	if k < 0 {
		return -1, true
	}
	for tries := 0; k >= 0 && tries < maxBoundaryTries; k-- {
		if k > 0 && byteClass(s[k-1]) == byteClass(s[k]) {
			continue
		}
		tries++
		if p.match(r, s[:k]) {
			return k, false
		}
	}
	return -1, false
}

// byteClass groups bytes for longestPrefix: letters, digits, each
// delimiter of RFC 3986 §2.2 on its own, other unreserved bytes (§2.3),
// and the rest.
func byteClass(b byte) int {
	switch {
	case 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z':
		return 256
	case '0' <= b && b <= '9':
		return 257
	case b == '-' || b == '.' || b == '_' || b == '~':
		return 258
	case strings.IndexByte(":/?#[]@!$&'()*+,;=%", b) >= 0:
		return int(b)
	}
	return 259
}

// A ruleParser is the generated parser of one syntax (gen/rfc3986,
// gen/rfc6874 or gen/rfc3987) with what explain reads of it, in package
// pegenrt's types, the same for every grammar: its rules (table), the
// tokens of its last match (tokens), and how far a failed match got.
type ruleParser struct {
	table    *pegenrt.Table
	tokens   *pegenrt.Tree
	match    func(r uint8, s string) bool
	furthest func() pegenrt.Token
}

// grammars maps --syntax values to the generated parsers.
var grammars = map[string]func() *ruleParser{
	"rfc3986": func() *ruleParser {
		p := rfc3986.NewParser()
		return &ruleParser{rfc3986.Rules(), p.Tokens(), func(r uint8, s string) bool { return p.Match(rfc3986.Rule(r), s) }, p.Furthest}
	},
	"rfc6874": func() *ruleParser {
		p := rfc6874.NewParser()
		return &ruleParser{rfc6874.Rules(), p.Tokens(), func(r uint8, s string) bool { return p.Match(rfc6874.Rule(r), s) }, p.Furthest}
	},
	"rfc3987": func() *ruleParser {
		p := rfc3987.NewParser()
		return &ruleParser{rfc3987.Rules(), p.Tokens(), func(r uint8, s string) bool { return p.Match(rfc3987.Rule(r), s) }, p.Furthest}
	},
}

// span is a byte range [begin, end) of an input.
type span struct{ begin, end int }

// masked returns s[begin:end] with the part in pw replaced by "xxxxx"
// (RFC 3986 §7.5).
func masked(s string, begin, end int, pw span) string {
	lo, hi := max(begin, pw.begin), min(end, pw.end)
	if lo >= hi {
		return s[begin:end]
	}
	return s[begin:lo] + "xxxxx" + s[hi:end]
}

// printRuleTree writes the tree of the tokens of p's last successful
// match of s in pre-order, one line per token indented by its depth,
// without recursion. The generated parsers record the tree exactly:
// tokens come children before parents, the last is the rule matched, and
// the descendants of token i are the tokens from first(i) to i-1. So the
// children of token i are i-1, the token just before its first
// descendant, and so on down to first(i): last to first, the order in
// which a stack of tokens to print wants them. Each token is pushed once.
func printRuleTree(w io.Writer, s string, p *ruleParser, depth int, pw span) {
	t := p.tokens
	if t.Len() == 0 {
		return
	}
	type frame struct{ i, depth int }
	todo := []frame{{t.Len() - 1, depth}}
	var line []byte
	for len(todo) > 0 {
		f := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		tk := t.At(f.i)
		line = line[:0]
		for range f.depth {
			line = append(line, "  "...)
		}
		line = append(line, p.table.Name(tk.Rule)...)
		line = append(line, " ["...)
		line = strconv.AppendInt(line, int64(tk.Begin), 10)
		line = append(line, ',')
		line = strconv.AppendInt(line, int64(tk.End), 10)
		line = append(line, ") "...)
		line = strconv.AppendQuote(line, masked(s, tk.Begin, tk.End, pw))
		line = append(line, '\n')
		w.Write(line)
		for c, first := f.i-1, t.First(f.i); c >= first; c = t.First(c) - 1 {
			todo = append(todo, frame{c, f.depth + 1})
		}
	}
}
