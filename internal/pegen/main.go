// Command pegen regenerates a parser package in gen/ from a grammar in
// grammar/, reproducibly. It is run by the go:generate line of each
// generated package (and so by `make generate`), from that package's
// directory, with the package's name:
//
//	go run ../../internal/pegen rfc6874
//
// pegen looks the name up in the table of the grammar set
// (internal/grammar's Sets), which gives the grammar's PEG files (its own
// first: grammar/rfc6874.peg defines RFC 6874's IP-literal and takes the
// other rules of RFC 3986 from grammar/rfc3986.peg), its specification, the
// rules to memoize and whether the package gets api.go, the exported API
// (see apiTemplate), the same for every grammar. The files are read from
// the grammar package's embedded copy.
//
// A generated package imports package pegenrt (internal/pegen/pegenrt)
// for what is the same for every grammar: the token (Token, Node), the
// tree of tokens (Tree), the span slots (Spans), the table of what the
// grammar files say of each rule (Table) and the limits of a Parser and a
// Pool (MaxInput, MaxPooled). Package uri, uri/internal/scheme, cmd/uri
// and internal/spanstest read those types, one for every grammar. The
// package keeps what is its grammar's: its Rule constants and their
// Table, its class tables, its rules' methods, and a Parser whose methods
// run them. pegenrt's models of the code that differs by grammar are
// copied and filled in (runtime.go), as are the never-inlined span
// functions (pegenSpan, pegenSpanPercent), whose place in each package's
// code the generated rules' speed depends on: they come first in the
// parser's file (printRunFuncs).
//
// It works in these steps, all scripted and deterministic:
//
//  0. It reads the grammar files and joins them into one grammar with
//     internal/grammar (ReadPEG, ComposePEG), the functions `uri audit`
//     reads them with.
//  1. It derives the grammar that peg compiles, NAME.peg beside the output,
//     on the model (see deriveGrammar): every set of code points beyond
//     ASCII becomes the UTF-8 byte sequences of exactly those code points
//     (utf8Expr), and every use of a rule that starts with a literal is
//     guarded by a lookahead of its first character; it prints the result
//     (printGrammar), every character class as the fewest ASCII ranges,
//     widest first. The derived file is generated code.
//  2. It builds github.com/pointlander/peg at the version pinned in go.mod
//     (see tools.go) into a temporary directory and runs it on the derived
//     grammar with argv[0] set to "peg", because peg writes its whole
//     command line into the generated header and a temporary path would
//     differ on every run.
//  3. It parses peg's output with go/parser and runs the passes of
//     passes.go over its syntax tree, each of which states the shape of
//     peg v1.0.1's output it requires and fails, showing the node it found,
//     when the output differs: the generated-code marker moves above the
//     package clause; peg's dead runtime goes; character literals become
//     bytes; each character class becomes one lookup in a [256]bool table;
//     a loop over a class first consumes the class's run in a tight loop;
//     the rule closures become methods over the grammar's fields that read
//     the input string's bytes; and the rules of Set.Memo remember
//     their answers within a parse. The tree is printed with go/printer
//     and gofmt'd. passes.go is the one place to read how peg's output
//     becomes the shipped parser; testdata/golden pins pegen's output for
//     small grammars (go test -update rewrites it).
//  4. With Set.API it writes api.go from api.go.tmpl (the Rule type and
//     its Table, Lookup, Token as an alias of pegenrt's, the Parser's
//     methods, the Pool), and for a grammar
//     with span slots spans_test.go from spans_test.go.tmpl: the check
//     of internal/spanstest that span mode answers as Match does.
//
// With PEGEN_CHECK=1 in the environment it writes nothing and fails if any
// file on disk differs from what it would write.
package main

import (
	"bytes"
	"fmt"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/specuri/specuri/internal/grammar"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("pegen: ")
	if len(os.Args) != 2 {
		log.Fatal("usage: pegen NAME (a grammar of the table of internal/grammar, run from gen/NAME)")
	}
	set, ok := grammar.Lookup(os.Args[1])
	if !ok {
		log.Fatalf("no grammar %q in the table of internal/grammar", os.Args[1])
	}
	j, err := newJob(set)
	if err != nil {
		log.Fatal(err)
	}
	tmp, err := os.MkdirTemp("", "pegen")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(tmp)
	files, err := generate(j, tmp)
	if err == nil {
		err = writeFiles(files, os.Getenv("PEGEN_CHECK") == "1")
	}
	if err != nil {
		os.RemoveAll(tmp)
		log.Fatal(err)
	}
}

// newJob returns the job of the grammar set, its files read from the
// grammar package's embedded copy.
func newJob(set grammar.Set) (job, error) {
	j := job{out: set.Name + ".peg.go", memo: set.Memo, pkg: set.Name, spans: pegNames(set.Spans), inline: set.Inline, spanMethods: set.SpanMethods}
	if j.inline == 0 {
		j.inline = grammar.DefaultInline
	}
	if set.API {
		j.spec = set.Spec
	}
	srcs, err := grammar.Sources(set.PEG)
	if err != nil {
		return job{}, err
	}
	for _, src := range srcs {
		j.names = append(j.names, src.Name)
		j.srcs = append(j.srcs, []byte(src.Text))
	}
	return j, nil
}

// pegNames returns the PEG names of ABNF rule names: "-" is written "_".
func pegNames(names []string) []string {
	var out []string
	for _, n := range names {
		out = append(out, strings.ReplaceAll(n, "-", "_"))
	}
	return out
}

// A job is one run of pegen: the grammar files, their contents, and what
// to generate.
type job struct {
	out   string   // the parser to write, NAME.peg.go
	names []string // the grammar files, the grammar's own first
	srcs  [][]byte // their contents
	memo  []string // rules to memoize (Set.Memo)
	spans []string // rules with span slots, PEG names (Set.Spans)
	spec  string   // the specification, for api.go (Set.Spec if Set.API); "" for none
	pkg   string   // the package name, for api.go
	// inline is inlinePass's budget (Set.Inline, DefaultInline for 0).
	inline int
	// spanMethods: a method per rule for span mode (Set.SpanMethods).
	spanMethods bool
}

// A file is one generated file.
type file struct {
	path string
	data []byte
}

// generate runs steps 0 to 3 of the package comment for j, in the scratch
// directory tmp, and returns the files to write: the derived grammar, the
// parser and, with a specification, api.go, and spans_test.go for a
// grammar with span slots.
func generate(j job, tmp string) ([]file, error) {
	g, err := read(j)
	if err != nil {
		return nil, err
	}
	derived, err := deriveFrom(j, g)
	if err != nil {
		return nil, err
	}
	derivedPath := strings.TrimSuffix(j.out, ".go")
	code, err := runPeg(tmp, j.out, derivedPath, derived)
	if err != nil {
		return nil, err
	}
	var tracked []string
	if len(j.spans) > 0 {
		tracked = trackedRules(g)
	}
	if code, err = edit(code, j.memo, percentRules(g), stopGuards(g), runRules(g, percentRules(g)), j.spans, tracked, j.inline, j.spanMethods); err != nil {
		return nil, err
	}
	files := []file{{derivedPath, derived}, {j.out, code}}
	if j.spec == "" {
		return files, nil
	}
	d := apiData{Package: j.pkg, Grammar: strings.Join(j.names, " and "), Spec: j.spec, Rules: ruleMeta(g), Spans: j.spans, SpanDepths: spanDepths(g, j.spans), SpanMethods: j.spanMethods && len(j.spans) > 0}
	a, err := api(d)
	if err != nil {
		return nil, err
	}
	files = append(files, file{"api.go", a})
	if len(j.spans) == 0 {
		return files, nil
	}
	t, err := spansTest(d)
	if err != nil {
		return nil, err
	}
	return append(files, file{"spans_test.go", t}), nil
}

// runPeg builds peg in tmp, unless it is there, and runs it there on the
// derived grammar under its relative path, so that nothing on disk
// changes in check mode and peg's header names no temporary path (step 2).
// It returns peg's output.
func runPeg(tmp, out, derivedPath string, derived []byte) ([]byte, error) {
	bin := filepath.Join(tmp, "peg")
	if _, err := os.Stat(bin); err != nil {
		build := exec.Command("go", "build", "-o", bin, "github.com/pointlander/peg")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			return nil, fmt.Errorf("building peg: %v", err)
		}
	}
	if err := os.MkdirAll(filepath.Dir(filepath.Join(tmp, derivedPath)), 0o755); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(tmp, derivedPath), derived, 0o644); err != nil {
		return nil, err
	}
	peg := &exec.Cmd{
		Path:   bin,
		Args:   []string{"peg", "-strict", "-output", out, derivedPath},
		Dir:    tmp,
		Stdout: os.Stderr,
		Stderr: os.Stderr,
	}
	if err := peg.Run(); err != nil {
		return nil, fmt.Errorf("running peg: %v", err)
	}
	return os.ReadFile(filepath.Join(tmp, out))
}

// writeFiles writes files or, in check mode, fails if any file on disk
// differs from what it would write.
func writeFiles(files []file, check bool) error {
	stale := false
	for _, f := range files {
		if !check {
			if err := os.WriteFile(f.path, f.data, 0o644); err != nil {
				return err
			}
			continue
		}
		if old, err := os.ReadFile(f.path); err != nil || !bytes.Equal(old, f.data) {
			log.Printf("%s is stale", f.path)
			stale = true
		}
	}
	if stale {
		return fmt.Errorf("generated files are stale: run `make generate` and commit the result")
	}
	return nil
}
