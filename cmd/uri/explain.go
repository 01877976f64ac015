package main

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/specuri/specuri/gen/rfc3986"
	"github.com/specuri/specuri/uri"
)

func init() {
	register(&command{
		name:    "explain",
		summary: "show the tree of grammar rules a URI reference matched",
		run:     runExplain,
	})
}

const explainHelp = `
Usage: uri explain [--rule RULE] [--quoted] [URI...]

Match each URI argument, or each line of standard input when there are no
arguments, against the RFC 3986 rule RULE and print the tree of grammar
rules it matched: one line per rule application, indented under the rule
that used it, with the rule's ABNF name (RFC 3986 Appendix A), its byte
span [begin,end) and the text it matched. Rules that matched the empty
string are shown too. Rules that are not in the ABNF (the grammar's
helper rules, such as query-part for "?" query) appear under their own
names.

For an invalid input, it prints the tree for the longest prefix of the
input that matches RULE, if there is one, and then the error, with a caret
under the byte where matching stopped.

Inputs are shown quoted, as Go string literals, with a password in the
userinfo shown as xxxxx (RFC 3986 §7.5); the byte spans stay those of the
input.

Exit status: 0 when every input is valid, 1 when some input is invalid,
2 on a usage error.

Examples:

	uri explain 'http://user@[::1]:8080/a?q#f'
	uri explain --rule relative-ref '//h?'
`

func runExplain(e *env, args []string) int {
	fs := newFlags(e, "explain", explainHelp)
	name := fs.String("rule", "URI-reference", "the RFC 3986 rule to match: URI-reference, URI, absolute-URI or relative-ref")
	quoted := fs.Bool("quoted", false, "read each line of standard input as a Go double-quoted string literal")
	if st := parseFlags(e, fs, args); st >= 0 {
		return st
	}
	parse, ok := rules[*name]
	r, ok2 := rfc3986.Lookup(*name)
	if !ok || !ok2 {
		fmt.Fprintf(e.stderr, "uri explain: unknown --rule %q (want URI-reference, URI, absolute-URI or relative-ref)\n", *name)
		return exitUsage
	}
	p := rfc3986.NewParser()
	status := exitOK
	out := blocks{w: e.stdout}
	err := inputs(e, fs.Args(), *quoted, func(s string) error {
		w := out.next()
		fmt.Fprintf(w, "%s\n", strconv.Quote(uri.RedactInput(s)))
		if p.Match(r, s) {
			tree := ruleTree(p, s)
			printRuleTree(w, s, tree, 1, passwordOf(tree, s))
			return nil
		}
		status = exitInvalid
		// Try every shorter prefix, longest first; for a long input only
		// those up to where matching stopped, to stay linear.
		k := len(s) - 1
		if far := p.Furthest().End; len(s) > 1<<12 && far < k {
			k = far
		}
		for ; k >= 0; k-- {
			if p.Match(r, s[:k]) {
				break
			}
		}
		if k >= 0 {
			fmt.Fprintf(w, "  longest prefix matching %s: bytes [0,%d)\n", r, k)
			tree := ruleTree(p, s[:k])
			printRuleTree(w, s, tree, 2, passwordOf(tree, s))
		} else {
			fmt.Fprintf(w, "  no prefix matches %s\n", r)
		}
		_, perr := parse(uri.RFC3986, s)
		if perr == nil {
			// The generated parser decides validity for package uri too.
			perr = fmt.Errorf("not a %s (RFC 3986)", r)
		}
		printError(w, s, perr)
		return nil
	})
	if err != nil {
		fmt.Fprintf(e.stderr, "uri explain: %v\n", err)
		return exitUsage
	}
	return status
}

// A ruleNode is one application of a rule of RFC 3986 Appendix A, with
// the applications it used.
type ruleNode struct {
	tok  rfc3986.Token
	kids []*ruleNode
}

// ruleTree builds the tree of the tokens of p's last successful match of
// s. Tokens come children before parents, so a token's children are the
// unclaimed tokens before it that lie within its span. Only a token that
// matched the empty string at the start of the span is ambiguous: it may
// be a child, or an earlier sibling. It is a child when the rule, matched
// on its own text, applies the empty token's rule at its start.
func ruleTree(p *rfc3986.Parser, s string) []*ruleNode {
	toks := make([]rfc3986.Token, p.Len())
	for i := range toks {
		toks[i] = p.At(i)
	}
	sub := rfc3986.NewParser()
	var stack []*ruleNode
	for _, t := range toks {
		i := len(stack)
		for i > 0 {
			k := stack[i-1].tok
			if k.Begin < t.Begin || k.End > t.End {
				break
			}
			if k.Begin == k.End && k.Begin == t.Begin && !appliesAtStart(sub, t, k.Rule, s) {
				break
			}
			i--
		}
		n := &ruleNode{tok: t, kids: append([]*ruleNode(nil), stack[i:]...)}
		stack = append(stack[:i], n)
	}
	return stack
}

// appliesAtStart reports whether rule t.Rule, matched against its own text,
// applies rule r to the empty string at its start.
func appliesAtStart(sub *rfc3986.Parser, t rfc3986.Token, r rfc3986.Rule, s string) bool {
	if !sub.Match(t.Rule, s[t.Begin:t.End]) {
		return true // cannot tell: keep the tokens together
	}
	for i := 0; i < sub.Len()-1; i++ {
		if k := sub.At(i); k.Rule == r && k.Begin == 0 && k.End == 0 {
			return true
		}
	}
	return false
}

// span is a byte range [begin, end) of an input.
type span struct{ begin, end int }

// passwordOf returns where the password is in the userinfo of the tree, the
// bytes after its first ":" (RFC 3986 §3.2.1), or an empty span.
func passwordOf(nodes []*ruleNode, s string) span {
	for _, n := range nodes {
		if n.tok.Rule.String() == "userinfo" {
			if i := strings.IndexByte(s[n.tok.Begin:n.tok.End], ':'); i >= 0 {
				return span{n.tok.Begin + i + 1, n.tok.End}
			}
			return span{}
		}
		if pw := passwordOf(n.kids, s); pw.end > pw.begin {
			return pw
		}
	}
	return span{}
}

// masked returns s[begin:end] with the part in pw replaced by "xxxxx"
// (RFC 3986 §7.5).
func masked(s string, begin, end int, pw span) string {
	lo, hi := max(begin, pw.begin), min(end, pw.end)
	if lo >= hi {
		return s[begin:end]
	}
	return s[begin:lo] + "xxxxx" + s[hi:end]
}

func printRuleTree(w io.Writer, s string, nodes []*ruleNode, depth int, pw span) {
	for _, n := range nodes {
		t := n.tok
		fmt.Fprintf(w, "%s%s [%d,%d) %s\n", strings.Repeat("  ", depth), t.Rule, t.Begin, t.End, strconv.Quote(masked(s, t.Begin, t.End, pw)))
		printRuleTree(w, s, n.kids, depth+1, pw)
	}
}
