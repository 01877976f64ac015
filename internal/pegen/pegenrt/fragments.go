package pegenrt

// This file is the code that pegen writes differently for each grammar,
// as models: each declaration compiles and is tested here with
// placeholders (a rule ruleX, a memoized rule ruleM, a class table
// classRun, ...: shape.go declares those that are not models
// themselves), and pegen (fragment in internal/pegen) copies it and
// replaces the placeholders with the grammar's own identifiers and
// literals on its syntax tree. What a grammar has several of (a case of
// call per rule, a memo per memoized rule, a table per class and a key
// per member) is one element here, which pegen repeats; what a grammar
// may lack (the memos, the span slots) pegen drops.
//
// Two kinds of models:
//   - declarations pegen copies whole: the grammar type, the class
//     tables, call, reset and a memoized rule's method (ruleM). Their
//     text, doc comments included, is that of the generated file.
//   - statements pegen puts into a rule: a function whose body is those
//     statements, then, if they are followed by the rule's own code, a
//     return standing for it, which pegen leaves out. Its parameters are
//     the state the statements use: the rules' shared variables (buffer,
//     position, keep) for those written before methodsPass turns them
//     into fields, the grammar for those written after.

// The grammar type is copied whole (methodsPass): the comments on its
// fields are those of the generated file. A grammar without memoized
// rules has no memoM and no memoUsed, one without span slots no spanMode,
// overwrote and spans; the others have a memoM per memoized rule. It has
// no doc comment, as the generated type has none.

type grammar struct {
	Buffer string
	// keep is an array, not a slice: indexed by a rule constant in each
	// rule, it needs no bounds check.
	keep *[nRules]bool

	max                  token32
	position, tokenIndex uint32
	// explain turns the guards of guardPass off, for the parse that
	// explains a failure; skipped says that one skipped a rule, and
	// skipEnd is the furthest offset where the scan of a guard that
	// skipped a rule stopped (see Failure in api.go); used says that
	// reset ran, and so that a parse may have left a state to reset.
	explain, skipped, used bool
	skipEnd                uint32
	memoM                  [memoSize]memoEntry
	// memoUsed: a memo holds an answer, for reset to empty.
	memoUsed bool
	// spanMode, spans and overwrote: see spansPass in internal/pegen.
	spanMode, overwrote bool
	spans               spans32
	tokens32
}

// The tables of classTablesPass are copied whole (printTables), with the
// model table classRun, a placeholder of the other models too, once for
// each class: its name, members and keys those of the class. A member
// that is not printable ASCII, or is a quote or a backslash, is written
// in hexadecimal.

// Character classes as lookup tables, written by pegen (see
// internal/pegen): each holds the bytes of one class, the members
// quoted above it. They are constant data: importing the package runs
// no code.
var (
	// "/abcdefghijklmnopqrstuvwxyz"
	classRun = [256]bool{'/': true, 'a': true, 'b': true, 'c': true, 'd': true, 'e': true, 'f': true, 'g': true, 'h': true, 'i': true, 'j': true, 'k': true, 'l': true, 'm': true, 'n': true, 'o': true, 'p': true, 'q': true, 'r': true, 's': true, 't': true, 'u': true, 'v': true, 'w': true, 'x': true, 'y': true, 'z': true}
)

// call matches rule r at the position. A switch, not a table of method
// values as peg keeps, so that a grammar needs no set-up and can live on
// the stack.
func (p *grammar) call(r pegRule) bool {
	switch r {
	case ruleX:
		return p.ruleX()
	}
	return false
}

// reset makes the parser ready to match p.Buffer from its start. A zero
// grammar, as a parser on the stack is, is ready as it is: every parse
// starts with a reset, so one that never ran reset never ran a parse.
func (p *grammar) reset() {
	if !p.used {
		p.used = true
		return
	}
	p.max = token32{}
	p.position, p.tokenIndex = 0, 0
	p.skipped, p.skipEnd = false, 0
	if p.memoUsed { // most inputs use no memoized rule: they leave the memos empty
		p.memoM = [memoSize]memoEntry{}
		p.memoUsed = false
	}
}

// ruleM runs ruleMTry, or answers from memoM when it was tried at
// this position before, recording the same token.
func (p *grammar) ruleM() bool {
	begin := p.position
	m := &p.memoM[begin%memoSize]
	if m.at == begin+1 {
		if m.end == 0 {
			return false
		}
		p.position = m.end - 1
		p.add(ruleM, begin, p.tokenIndex)
		return true
	}
	ok := p.ruleMTry()
	*m = memoEntry{begin + 1, 0}
	if ok {
		m.end = p.position + 1
	}
	p.memoUsed = true
	return ok
}

// tightLoop is the run that classLoopsPass puts in place of the body of
// a loop over classRun, which then follows it: the longest run of the
// class's bytes from the position.
func tightLoop(buffer string, position uint32) uint32 {
	position = uint32(pegenSpan(&classRun, buffer, int(position)))
	return position
}

// tightPercentLoop is tightLoop for a loop whose next alternative is a
// percent-encoding rule P (ruleP, of digits classHex; see percentAlt in
// internal/pegen): when the run stops at a "%" and P's tokens are
// filtered out (keep), the run goes on through percent-encodings, as the
// loop's iterations would consume them, recording nothing. When P's
// tokens are recorded (no filter: the error path, uri explain) the loop
// records them as peg wrote it. It is one statement, a block, as it
// takes the place of the loop's body under the loop's label.
func tightPercentLoop(buffer string, position uint32, keep *[nRules]bool) uint32 {
	{
		position = uint32(pegenSpan(&classRun, buffer, int(position)))
		if int(position) < len(buffer) && buffer[position] == '%' && keep != nil && !keep[ruleP] {
			position = uint32(pegenSpanPercent(&classRun, &classHex, buffer, int(position)))
		}
	}
	return position
}

// fusedRun is the run that fusedLoopsPass puts before a loop
// (fuseByte S)* over a run rule S (ruleS): when S's tokens are filtered
// out and the byte at the position is fuseByte, the longest run of the
// bytes of S's class and fuseByte (classRun). The byte is tested first:
// where the loop matches nothing (mailto's path) that is all.
func fusedRun(buffer string, position uint32, keep *[nRules]bool) uint32 {
	if int(position) < len(buffer) && buffer[position] == fuseByte && keep != nil && !keep[ruleS] {
		position = uint32(pegenSpan(&classRun, buffer, int(position)))
	}
	return position
}

// fusedRunPercent is fusedRun for a run rule S <- (class / P)* with a
// percent-encoding rule P (ruleP, of digits classHex): the run also goes
// through percent-encodings, when P's tokens are filtered out too.
func fusedRunPercent(buffer string, position uint32, keep *[nRules]bool) uint32 {
	if int(position) < len(buffer) && buffer[position] == fuseByte && keep != nil && !keep[ruleS] && !keep[ruleP] {
		position = uint32(pegenSpanPercent(&classRun, &classHex, buffer, int(position)))
	}
	return position
}

// stopGuard is the test that guardPass puts first in a rule R <- A 'c',
// here ruleX: unless the parse explains a failure, R fails at once where
// the run of A's bytes (classRun) from the position does not end at c
// (stopByte), and the parse records that it skipped R and how far the
// run went.
func (p *grammar) stopGuard() bool {
	if !p.explain {
		if i := pegenSpan(&classRun, p.Buffer, int(p.position)); i >= len(p.Buffer) || p.Buffer[i] != stopByte {
			p.skipped, p.skipEnd = true, max(p.skipEnd, uint32(i))
			return false
		}
	}
	return p.ruleX()
}

// spanCall is what spansPass puts in place of p.add(ruleX, begin, first)
// in a rule with span slot slotK; the p.track call is there only for a
// rule that trackPass tracks. It is written out, not a method holding
// both, so that both branches are inlined in the rule.
func (p *grammar) spanCall(begin, first uint32) {
	if p.spanMode {
		p.addSpan(slotK, begin)
		p.track(ruleX, begin)
	} else {
		p.add(ruleX, begin, first)
	}
}
