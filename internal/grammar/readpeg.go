package grammar

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/specuri/specuri/gen/pegfile"
)

// ReadPEG reads a pointlander/peg grammar file (the subset of
// grammar/pegfile.peg) that transcribes an ABNF grammar (RFC 5234 §4), with
// the "#abnf:", "#peg:", "#helper:" and "#section:" comment lines right
// above each rule, and the file's package and parser type names.
// Rule and reference names are kept as written in the PEG file.
//
// Groups may nest at most [MaxNesting] deep.
func ReadPEG(src string) (*Grammar, error) {
	roots, err := parseTree(src, checkPEGNesting, pegfile.Parse, func(t pegfile.Token) tok {
		return tok{t.Rule.String(), t.Begin, t.End, t.First}
	})
	if err != nil {
		return nil, err
	}
	g := new(Grammar)
	r := pegReader{src: src}
	lines := strings.Split(src, "\n")
	for _, root := range roots {
		r.header(g, root)
		for _, d := range root.kids {
			if d.rule != "definition" {
				continue
			}
			name := r.text(d.kid("name"))
			if _, dup := g.index[name]; dup { // PEG names are case-sensitive
				return nil, fmt.Errorf("line %d: rule %s defined twice", lineOf(src, d.begin), name)
			}
			rl := &Rule{
				Name: name,
				Expr: r.expression(d.kid("expression")),
				Text: strings.TrimSpace(r.text(d)),
				Line: lineOf(src, d.begin),
			}
			comments(rl, lines)
			g.Add(rl)
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	return g, nil
}

// comments fills the ABNF, PEG, Helper and Section fields of rl from the
// block of "#" lines right above it.
//
// A rule right below another rule, with no blank line between them, shares
// the "#helper:" and "#section:" lines of the first rule of the group
// unless it has a comment block of its own.
func comments(rl *Rule, lines []string) {
	isComment := func(i int) bool { return strings.HasPrefix(strings.TrimSpace(lines[i]), "#") }
	end := rl.Line - 1 // index of the rule's first line
	shared := false
	if end > 0 && !isComment(end-1) {
		for end > 0 && strings.TrimSpace(lines[end-1]) != "" && !isComment(end-1) {
			end--
		}
		shared = true
	}
	i := end - 1
	for i >= 0 && isComment(i) {
		i--
	}
	var section []string
	for _, l := range lines[i+1 : end] {
		l = strings.TrimSpace(l)
		if shared && !strings.HasPrefix(l, "#helper:") && !strings.HasPrefix(l, "#section:") {
			continue
		}
		for _, p := range []struct {
			prefix string
			to     *[]string
		}{{"#abnf:", &rl.ABNF}, {"#peg:", &rl.PEG}, {"#helper:", &rl.Helper}, {"#section:", &section}} {
			if rest, ok := strings.CutPrefix(l, p.prefix); ok {
				*p.to = append(*p.to, strings.TrimPrefix(rest, " "))
			}
		}
	}
	rl.Section = strings.Join(section, " ")
}

// header reads the package clause and the parser type of the file.
func (r *pegReader) header(g *Grammar, file *node) {
	var names []string
	for _, k := range file.kids {
		switch k.rule {
		case "name":
			names = append(names, r.text(k))
		case "action":
			t := r.text(k) // "{" Fields "}" and the spacing after it
			g.Fields = t[1:strings.IndexByte(t, '}')]
		}
	}
	if len(names) == 2 {
		g.Package, g.Type = names[0], names[1]
	}
}

type pegReader struct {
	src string
	err error
}

func (r *pegReader) text(n *node) string { return r.src[n.begin:n.end] }

func (r *pegReader) fail(n *node, format string, args ...any) {
	if r.err == nil {
		r.err = fmt.Errorf("line %d: %s", lineOf(r.src, n.begin), fmt.Sprintf(format, args...))
	}
}

func (r *pegReader) expression(n *node) *Expr {
	var es []*Expr
	for _, k := range n.kids {
		if k.rule == "sequence" {
			es = append(es, r.sequence(k))
		}
	}
	return alt(true, es...)
}

func (r *pegReader) sequence(n *node) *Expr {
	var es []*Expr
	for _, k := range n.kids {
		es = append(es, r.prefix(k))
	}
	return seq(es...)
}

func (r *pegReader) prefix(n *node) *Expr {
	e := r.suffix(n.kid("suffix"))
	switch n.kids[0].rule {
	case "and":
		return &Expr{Op: OpLook, Subs: []*Expr{e}}
	case "not":
		return &Expr{Op: OpLook, Not: true, Subs: []*Expr{e}}
	}
	return e
}

func (r *pegReader) suffix(n *node) *Expr {
	e := r.primary(n.kid("primary"))
	if len(n.kids) < 2 {
		return e
	}
	switch n.kids[1].rule {
	case "question":
		return rep(0, 1, e)
	case "star":
		return rep(0, Inf, e)
	}
	return rep(1, Inf, e)
}

func (r *pegReader) primary(n *node) *Expr {
	k := n.kids[0]
	switch k.rule {
	case "rule_ref":
		return &Expr{Op: OpRef, Name: r.text(k)}
	case "group":
		return r.expression(k.kid("expression"))
	case "literal":
		return r.literal(k)
	case "class":
		return r.class(k)
	case "dot":
		// Any character: the code points a class can name.
		return &Expr{Op: OpSet, Set: CharSet{}.With(0, MaxCodePoint)}
	}
	r.fail(k, "unexpected %s", k.rule)
	return &Expr{Op: OpSeq}
}

// literal reads a single- or double-quoted literal.
func (r *pegReader) literal(k *node) *Expr {
	q := k.kids[0]
	var b strings.Builder
	for _, c := range q.kids {
		v, raw := r.char(c)
		if raw {
			b.WriteByte(byte(v))
		} else {
			b.WriteRune(v)
		}
	}
	if !utf8.ValidString(b.String()) {
		r.fail(k, "literal %s is not valid UTF-8", r.text(k))
	}
	return &Expr{Op: OpLit, Text: b.String(), Fold: q.rule == "double_quoted"}
}

// class reads a character class.
func (r *pegReader) class(k *node) *Expr {
	var cs CharSet
	for _, rg := range k.kids {
		lo, raw := r.char(rg.kids[0])
		hi, rawHi := lo, raw
		if len(rg.kids) > 1 {
			hi, rawHi = r.char(rg.kids[1])
		}
		if raw && lo >= utf8.RuneSelf || rawHi && hi >= utf8.RuneSelf {
			r.fail(rg, "non-ASCII byte in class: write the character as an escape such as \\0xA0")
		}
		if hi < lo {
			r.fail(rg, "empty range %q", r.text(rg))
		}
		cs = cs.With(lo, hi)
	}
	return &Expr{Op: OpSet, Set: cs}
}

// char decodes a character of a literal or class with pointlander/peg's
// escapes: a C escape, \0x and hex digits for any Unicode code point (RFC
// 3987 §2.2 ranges such as [\0x10000-\0x1FFFD]), or an octal number. raw is
// true for an unescaped byte of the file, which may be part of a UTF-8
// sequence.
func (r *pegReader) char(n *node) (c rune, raw bool) {
	t := r.text(n)
	if len(t) == 1 {
		return rune(t[0]), true
	}
	if len(t) == 2 {
		if c, ok := map[byte]rune{'a': '\a', 'b': '\b', 'e': 0x1b, 'f': '\f', 'n': '\n',
			'r': '\r', 't': '\t', 'v': '\v'}[t[1]]; ok {
			return c, false
		}
		if t[1] < '0' || t[1] > '7' {
			return rune(t[1]), false
		}
	}
	if len(t) > 3 && (t[1:3] == "0x" || t[1:3] == "0X") {
		digits := t[3:]
		v, err := strconv.ParseUint(digits, 16, 32)
		switch {
		case err != nil || v > MaxCodePoint:
			r.fail(n, "escape %s is not a Unicode code point (at most \\0x10FFFF)", t)
		case 0xD800 <= v && v <= 0xDFFF:
			// pointlander/peg turns it into U+FFFD.
			r.fail(n, "escape %s is a surrogate, not a character", t)
		}
		return rune(v), false
	}
	v, err := strconv.ParseUint(t[1:], 8, 32)
	if err != nil || v > 0o177 {
		// pointlander/peg v1.0.1 reads octal escapes as int8: \200 and
		// above become \177.
		r.fail(n, "octal escape %s above \\177 (pointlander/peg reads it as \\177): use \\0x", t)
	}
	return rune(v), false
}
