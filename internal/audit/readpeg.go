package audit

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/specuri/specuri/gen/pegfile"
)

// ReadPEG reads a pointlander/peg grammar file (the subset of
// grammar/pegfile.peg) that transcribes an ABNF grammar (RFC 5234 §4), with
// the "#abnf:", "#peg:" and "#helper:" comment lines right above each rule.
// Rule and reference names are kept as written in the PEG file.
func ReadPEG(src string) (*Grammar, error) {
	ts, err := pegfile.Parse(src)
	if err != nil {
		return nil, err
	}
	toks := make([]tok, len(ts))
	for i, t := range ts {
		toks[i] = tok{t.Rule.String(), t.Begin, t.End}
	}
	g := new(Grammar)
	r := pegReader{src: src}
	lines := strings.Split(src, "\n")
	for _, root := range nest(toks) {
		for _, d := range root.kids {
			if d.rule != "definition" {
				continue
			}
			name := r.text(d.kid("name"))
			if g.Rule(name) != nil {
				return nil, fmt.Errorf("line %d: rule %s defined twice", lineOf(src, d.begin), name)
			}
			rl := &Rule{
				Name: name,
				Expr: r.expression(d.kid("expression")),
				Text: strings.TrimSpace(r.text(d)),
				Line: lineOf(src, d.begin),
			}
			comments(rl, lines)
			g.add(rl)
		}
	}
	if r.err != nil {
		return nil, r.err
	}
	return g, nil
}

// comments fills the ABNF, PEG and Helper lines of rl from the block of
// "#" lines right above it.
//
// A rule right below another rule, with no blank line between them, shares
// the "#helper:" lines of the first rule of the group unless it has a
// comment block of its own.
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
	for _, l := range lines[i+1 : end] {
		l = strings.TrimSpace(l)
		if shared && !strings.HasPrefix(l, "#helper:") {
			continue
		}
		l = strings.TrimSpace(l)
		for _, p := range []struct {
			prefix string
			to     *[]string
		}{{"#abnf:", &rl.ABNF}, {"#peg:", &rl.PEG}, {"#helper:", &rl.Helper}} {
			if rest, ok := strings.CutPrefix(l, p.prefix); ok {
				*p.to = append(*p.to, strings.TrimPrefix(rest, " "))
			}
		}
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
		q := k.kids[0]
		var b []byte
		for _, c := range q.kids {
			b = append(b, r.char(c))
		}
		return &Expr{Op: OpLit, Text: string(b), Fold: q.rule == "double_quoted"}
	case "class":
		e := &Expr{Op: OpSet}
		for _, rg := range k.kids {
			lo := r.char(rg.kids[0])
			hi := lo
			if len(rg.kids) > 1 {
				hi = r.char(rg.kids[1])
			}
			if hi < lo {
				r.fail(rg, "empty range %q", r.text(rg))
			}
			e.Set.Add(lo, hi)
		}
		return e
	case "dot":
		e := &Expr{Op: OpSet}
		e.Set.Add(0, 255)
		return e
	}
	r.fail(k, "unexpected %s", k.rule)
	return &Expr{Op: OpSeq}
}

// char decodes a character of a literal or class, with pointlander/peg's
// escapes.
func (r *pegReader) char(n *node) byte {
	t := r.text(n)
	if len(t) == 1 {
		return t[0]
	}
	if len(t) == 2 {
		if c, ok := map[byte]byte{'a': '\a', 'b': '\b', 'e': 0x1b, 'f': '\f', 'n': '\n',
			'r': '\r', 't': '\t', 'v': '\v'}[t[1]]; ok {
			return c
		}
		if t[1] < '0' || t[1] > '7' {
			return t[1]
		}
	}
	base, digits := 8, t[1:]
	if strings.HasPrefix(digits, "0x") {
		base, digits = 16, digits[2:]
	}
	v, err := strconv.ParseUint(digits, base, 8)
	if err != nil {
		r.fail(n, "escape %s: %v (only single bytes are supported)", t, err)
	}
	return byte(v)
}
