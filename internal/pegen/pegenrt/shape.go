package pegenrt

// The declarations of this file stand for those a generated parser has of
// its own, with the shape the runtime of grammar.go and the models of
// fragments.go need: pegen copies none of them. A generated grammar has
// one pegRule constant, one rul3s name and one method per rule; the
// placeholders below stand for the identifiers and literals that pegen
// writes in place of them in a model (fragment in internal/pegen).

// A pegRule is a rule of the grammar.
type pegRule uint8

// The rules of the models: ruleX any rule, ruleS a run rule (see runRule
// in internal/pegen), ruleP a percent-encoding rule, ruleM a memoized rule.
const (
	ruleUnknown pegRule = iota
	ruleX
	ruleS
	ruleP
	ruleM
)

// rul3s names the rules, by pegRule.
var rul3s = [...]string{"Unknown", "X", "S", "P", "M"}

// Placeholders for literals: nRules is the number of rules (the length of
// the filter keep), slotK a rule's slot (of the 32 of Spans),
// memoSize the number of positions a memo remembers (memoSize in
// internal/pegen: its value is pegen's), fuseByte the byte before each
// run of a fused loop, stopByte the byte that ends the run of a stop
// guard.
const (
	nRules   = len(rul3s)
	slotK    = 1
	memoSize = 8
	fuseByte = '/'
	stopByte = '@'
)

// classHex stands for a table of classTablesPass (see classRun in
// fragments.go): the hexadecimal digits of a percent-encoding.
var classHex = [256]bool{
	'0': true, '1': true, '2': true, '3': true, '4': true, '5': true, '6': true, '7': true, '8': true,
	'9': true, 'A': true, 'B': true, 'C': true, 'D': true, 'E': true, 'F': true, 'a': true, 'b': true,
	'c': true, 'd': true, 'e': true, 'f': true,
}

// testRule is what the rule methods below match, set by the tests; with
// none, they fail.
var testRule func(p *grammar, r pegRule) bool

// ruleX is the method of rule ruleX.
func (p *grammar) ruleX() bool { return testRule != nil && testRule(p, ruleX) }

// ruleMTry is the method of the memoized rule ruleM, which memoPass
// renames.
func (p *grammar) ruleMTry() bool { return testRule != nil && testRule(p, ruleM) }

// token32, tokens32 and spans32 are the runtime's Node, Tree and Spans
// (parser.go) under the names the models use; a generated file declares
// them as aliases of package pegenrt's (treePass, spansPass).
type (
	token32  = Node
	tokens32 = Tree
	spans32  = Spans
)

// parseError is what parse returns when the rule does not match.
type parseError struct {
	max token32
}
