package grammar

import (
	"io/fs"
	"slices"

	embedded "github.com/specuri/specuri/grammar"
)

// A Set is one grammar of specuri's grammar set: a parser package generated
// in gen/ and the files it is made of, in the grammar package's embedded
// files ([grammar.Files], the directory grammar/ of the repository).
//
// [grammar.Files]: https://pkg.go.dev/github.com/specuri/specuri/grammar#Files
type Set struct {
	// Name is the package's directory in gen/ and the grammar's name, as
	// `uri audit NAME` and `go run ./internal/pegen NAME` take it.
	Name string

	// PEG lists the PEG files, the grammar's own first: its first rule is
	// the start rule, and a rule of an earlier file overrides the rule of
	// the same name of a later file (see [ComposePEG]).
	PEG []string

	// ABNF lists the ABNF files (RFC 5234) that PEG transcribes, in the
	// order of [ComposeABNF]; none for a grammar with no ABNF source.
	ABNF []string

	// Spec names the specification the grammar transcribes, as api.go's
	// documentation cites it ("RFC 3986 Appendix A").
	Spec string

	// Memo lists the rules whose generated parser remembers their answers
	// within a parse.
	Memo []string

	// Spans lists the rules whose spans the generated parser's MatchSpans
	// records in fixed slots, in slot order, instead of tokens: the rules
	// package uri maps to components (RFC 3986 §3), then the helpers of
	// userinfo and port: where an input stops right after them, a failed
	// match's error names them (as userinfo and port), not the authority
	// around them (Failure); then the rules a grammar adds to RFC 3986's
	// (IPv6addrz), so that a slot plays the same part in every grammar
	// (package uri maps the slots of all with one table, spanInfos). A
	// rule that two listed rules can both match on one path comes first
	// (IPv4address, which an IPv6address may end with, before
	// IPv6address), so a caller that reads the slots in order sees the
	// enclosing rule last. At most 32, none memoized (see spansPass in
	// internal/pegen).
	Spans []string

	// Inline is the budget of pegen's inlinePass: the largest rule
	// method, in syntax-tree nodes once the rules it calls are written
	// out in it, that the generated parser writes out in its callers; 0
	// for DefaultInline, NoInline for none. A budget trades speed for
	// code size, and a program that only parses with package uri links
	// the RFC 3986, 6874 and 3987 parsers whole, in at most 450 KB more
	// than the same program on net/url (TestCoreLinksOnlyRFC3986 in uri):
	// the budget goes to RFC 3986's parser, which uri.Parse runs (to its
	// methods of span mode: SpanMethods), and the parsers of the syntaxes
	// a caller opts into write nothing out.
	Inline int

	// SpanMethods is whether each rule of a grammar with Spans gets a
	// method of its own for span mode (MatchSpans), in which the tests of
	// the mode are constants, beside the method of Match, which records
	// tokens (see modesPass in internal/pegen). Inline then budgets the
	// span-mode methods, and the methods of Match write nothing out, so
	// that the code the second copy costs goes to the parse that
	// uri.Parse runs.
	SpanMethods bool

	// API is whether the generated package gets api.go, the exported API
	// that package uri uses; the others have a hand-written parser.go.
	API bool

	// Audit is whether `uri audit` with no grammar named, and so `make
	// audit`, compares the grammar with its ABNF.
	Audit bool
}

// The budgets of Set.Inline: DefaultInline that of a Set whose Inline is
// 0, NoInline none.
const (
	DefaultInline = 300
	NoInline      = -1
)

// sets is the table of the grammar set, in the order `uri audit` reports
// them. It is the one list of which files make which grammar.
var sets = []Set{
	{
		Name: "rfc3986",
		PEG:  []string{"rfc3986.peg"},
		ABNF: []string{"rfc3986.abnf"},
		Spec: "RFC 3986 Appendix A",
		Memo: []string{"h16"},
		Spans: []string{
			"scheme", "authority", "userinfo", "host", "port", "query", "fragment",
			"IPv4address", "IPv6address", "IPvFuture", "reg-name",
			"path-abempty", "path-absolute", "path-noscheme", "path-rootless", "path-empty",
			"userinfo-at", "port-part",
		},
		// Written out up to 800 nodes, the rules of a reference's path
		// through the grammar are most of the code of its entry rules
		// (see inlinePass in internal/pegen).
		Inline:      800,
		SpanMethods: true,
		API:         true, Audit: true,
	},
	{
		// The ABNF of ABNF, which the audit itself reads.
		Name:  "abnf",
		PEG:   []string{"abnf.peg"},
		ABNF:  []string{"abnf.abnf"},
		Spec:  "RFC 5234 §4",
		Audit: true,
	},
	{
		Name: "rfc6874",
		PEG:  []string{"rfc6874.peg", "rfc3986.peg"},
		ABNF: []string{"rfc6874.abnf", "rfc3986.abnf"},
		Spec: "RFC 6874 §2 and RFC 3986 Appendix A",
		Memo: []string{"h16"},
		Spans: []string{
			"scheme", "authority", "userinfo", "host", "port", "query", "fragment",
			"IPv4address", "IPv6address", "IPvFuture", "reg-name",
			"path-abempty", "path-absolute", "path-noscheme", "path-rootless", "path-empty",
			"userinfo-at", "port-part",
			"IPv6addrz", // after RFC 3986's slots (see Spans)
		},
		Inline: NoInline, // a syntax a caller opts into (see Inline)
		API:    true, Audit: true,
	},
	{
		// RFC 3987 §2.2 restates the rules it takes from RFC 3986, so its
		// ABNF is one file.
		Name: "rfc3987",
		PEG:  []string{"rfc3987.peg", "rfc3986.peg"},
		ABNF: []string{"rfc3987.abnf"},
		Spec: "RFC 3987 §2.2",
		Memo: []string{"h16"},
		Spans: []string{
			"scheme", "iauthority", "iuserinfo", "ihost", "port", "iquery", "ifragment",
			"IPv4address", "IPv6address", "IPvFuture", "ireg-name",
			"ipath-abempty", "ipath-absolute", "ipath-noscheme", "ipath-rootless", "ipath-empty",
			"iuserinfo-at", "port-part",
		},
		Inline: NoInline, // a syntax a caller opts into (see Inline)
		API:    true, Audit: true,
	},
	{
		Name: "rfc6068",
		PEG:  []string{"rfc6068.peg"},
		ABNF: []string{"rfc6068.abnf"},
		Spec: "RFC 6068 §2",
		API:  true, Audit: true,
	},
	{
		// RFC 6570 §1.5 restates the rules it imports, so the grammar is
		// self-contained.
		Name: "rfc6570",
		PEG:  []string{"rfc6570.peg"},
		ABNF: []string{"rfc6570.abnf"},
		Spec: "RFC 6570 §2",
		API:  true, Audit: true,
	},
	{
		// RFC 8089 imports host from RFC 3986 as RFC 6874 updates it.
		Name: "rfc8089",
		PEG:  []string{"rfc8089.peg", "rfc6874.peg", "rfc3986.peg"},
		ABNF: []string{"rfc8089.abnf", "rfc6874.abnf", "rfc3986.abnf"},
		Spec: "RFC 8089 §2, RFC 6874 §2 and RFC 3986 Appendix A",
		Memo: []string{"h16"},
		API:  true, Audit: true,
	},
	{
		Name: "rfc8141",
		PEG:  []string{"rfc8141.peg", "rfc3986.peg"},
		ABNF: []string{"rfc8141.abnf", "rfc3986.abnf"},
		Spec: "RFC 8141 §2 and RFC 3986 Appendix A",
		Memo: []string{"h16"},
		API:  true, Audit: true,
	},
	{
		// HTTP's URIs and request targets and the WebSocket URIs, which
		// all build on RFC 3986: one parser for the three RFCs.
		Name: "rfc9110",
		PEG:  []string{"rfc9110.peg", "rfc9112.peg", "rfc6455.peg", "rfc3986.peg"},
		ABNF: []string{"rfc9110.abnf", "rfc9112.abnf", "rfc6455.abnf", "rfc3986.abnf"},
		Spec: "RFC 9110 §4, RFC 9112 §3.2, RFC 6455 §3 and RFC 3986 Appendix A",
		Memo: []string{"h16"},
		API:  true, Audit: true,
	},
	{
		// "data" URLs: RFC 2397 §3 with the media type of RFC 2045 §5.1
		// and the characters of RFC 2396 §2, one self-contained grammar.
		Name: "rfc2397",
		PEG:  []string{"rfc2397.peg"},
		ABNF: []string{"rfc2397.abnf"},
		Spec: "RFC 2397 §3, RFC 2045 §5.1 and RFC 2396 §2",
		API:  true, Audit: true,
	},
	{
		// The subset of pointlander/peg's syntax that ReadPEG reads; it
		// follows peg.peg and has no ABNF.
		Name: "pegfile",
		PEG:  []string{"pegfile.peg"},
		Spec: "pointlander/peg v1.0.1's peg.peg",
	},
}

// Sets returns the table of the grammar set, in the order `uri audit`
// reports them. Each call returns a new copy.
func Sets() []Set {
	out := make([]Set, len(sets))
	for i, s := range sets {
		out[i] = s.clone()
	}
	return out
}

// Lookup returns the grammar of the set named name.
func Lookup(name string) (Set, bool) {
	for _, s := range sets {
		if s.Name == name {
			return s.clone(), true
		}
	}
	return Set{}, false
}

func (s Set) clone() Set {
	s.PEG, s.ABNF, s.Memo = slices.Clone(s.PEG), slices.Clone(s.ABNF), slices.Clone(s.Memo)
	return s
}

// Path returns the path in the repository of the grammar file name
// ("grammar/rfc3986.peg"), as reports and Rule.File name it.
func Path(name string) string { return "grammar/" + name }

// ReadPEG reads the PEG files of s and composes them with [ComposePEG]; a
// grammar of one file is returned as [ReadPEG] reads it. Each rule's File
// is the [Path] of its file. The code generator and `uri audit` compose
// through this one function, so they cannot differ.
func (s Set) ReadPEG() (*Grammar, error) {
	return readSet(s.PEG, ReadPEG, ComposePEG)
}

// ReadABNF reads the ABNF files of s and composes them with [ComposeABNF];
// a grammar of one file is returned as [ReadABNF] reads it.
func (s Set) ReadABNF() (*Grammar, error) {
	return readSet(s.ABNF, ReadABNF, ComposeABNF)
}

// A Source is a grammar file to read: its name, for reports and Rule.File,
// and its contents.
type Source struct {
	Name string
	Text string
}

// Sources reads the files names from [grammar.Files], each named by its
// [Path].
//
// [grammar.Files]: https://pkg.go.dev/github.com/specuri/specuri/grammar#Files
func Sources(names []string) ([]Source, error) {
	out := make([]Source, len(names))
	for i, n := range names {
		b, err := fs.ReadFile(embedded.Files, n)
		if err != nil {
			return nil, err
		}
		out[i] = Source{Path(n), string(b)}
	}
	return out, nil
}

// Read reads files with read and, when there are several, composes them
// with compose ([ComposePEG] or [ComposeABNF]); one file is returned as
// read reads it. An error names the file it comes from.
func Read(files []Source, read func(string) (*Grammar, error), compose func(...GrammarFile) (*Grammar, error)) (*Grammar, error) {
	gs := make([]GrammarFile, 0, len(files))
	for _, f := range files {
		g, err := read(f.Text)
		if err != nil {
			return nil, &FileError{f.Name, err}
		}
		gs = append(gs, GrammarFile{Name: f.Name, Grammar: g})
	}
	if len(gs) == 1 {
		return gs[0].Grammar, nil
	}
	return compose(gs...)
}

// A FileError is an error in reading one grammar file.
type FileError struct {
	File string
	Err  error
}

// Error implements error.
func (e *FileError) Error() string { return e.File + ": " + e.Err.Error() }

// Unwrap returns e.Err.
func (e *FileError) Unwrap() error { return e.Err }

func readSet(names []string, read func(string) (*Grammar, error), compose func(...GrammarFile) (*Grammar, error)) (*Grammar, error) {
	files, err := Sources(names)
	if err != nil {
		return nil, err
	}
	return Read(files, read, compose)
}
