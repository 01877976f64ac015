# The single entry point for building and checking specuri.
# CI runs `make test`.

GO          ?= go
# Build tools, pinned with their dependencies in internal/tools/tools.mod
# (tool block) and tools.sum. They are not in go.mod: they require Go 1.26,
# and go.mod's go line is the minimum Go version of the library's users.
TOOL        := $(GO) tool -modfile=internal/tools/tools.mod
# How long `make fuzz` runs each fuzz target.
FUZZTIME    ?= 1m
# How many times `make bench` runs each benchmark.
BENCHCOUNT  ?= 6
# V=1 makes `make audit` (and so `make test`) print every grammar's table.
V           ?=

.PHONY: all generate check-generated vet lint audit test check fuzz bench bench-idna bench-whatwg bench-cli compare-templates compare-data compare-norm compare-uts39 compare-hosts compare-psl compare-fetch

all: test

# Regenerate every parser in gen/ from its grammar in grammar/, with the
# pointlander/peg version pinned in go.mod (see tools.go). Each package's
# go:generate line names its grammar in the table of internal/grammar
# (Sets), which lists its files. Then regenerate every Unicode table from
# the data in grammar/unicode/ (and uri/fetch's address table from IANA's
# registries in grammar/iana/) with internal/ucdgen, run by internal/ucd's
# go:generate line; its table (outputs in main.go) lists the files. Then
# the tables that packages would otherwise build when loaded: Punycode's
# reciprocals (internal/idna/punycode/genreciprocals.go), and uri's byte
# classes, the tables of its engines and the sets its packages share
# (uri/internal/octets: unreserved, reserved, ucschar, iprivate), which
# uri/gentables.go asks the generated parsers for.
GENERATED   := ./gen/... ./internal/ucd/... ./internal/idna/punycode/ ./uri/
generate:
	$(GO) generate $(GENERATED)

# Fail if a checked-in generated parser or table is not what its grammar
# or data produces.
check-generated:
	PEGEN_CHECK=1 UCDGEN_CHECK=1 GENTABLES_CHECK=1 $(GO) generate $(GENERATED)

# TICK prints a line every 30 s while the command after it runs, so that
# a step that says nothing until it ends (vet, staticcheck on empty
# caches) leaves no minute of CI output silent.
TICK = ( while sleep 30; do echo "  ... $@ still running"; done ) & tick=$$!; trap 'kill $$tick' EXIT;

# The second vet builds for a 32-bit platform, where int cannot hold every
# length a 64-bit one can.
vet:
	@echo '$(GO) vet ./... && GOARCH=386 $(GO) vet ./...'
	@$(TICK) $(GO) vet ./... && GOARCH=386 $(GO) vet ./...

# Generated files are skipped by staticcheck itself. Every function that
# is not a test nor generated (gen/; the generated tables of internal/ucd
# and internal/norm hold no function) keeps cyclomatic complexity 15 or
# less: a state machine is one function per state.
lint:
	@echo '$(TOOL) staticcheck ./...'
	@$(TICK) $(TOOL) staticcheck ./...
	$(TOOL) gocyclo -over 15 -ignore '_test' uri internal cmd grammar

# Compare each grammar with the ABNF it transcribes, rule by rule; fails on
# a missing or unexplained rule. The grammars and their files are listed
# once, in the table of internal/grammar (Sets); the audited ones are those
# marked Audit. One line per grammar that passes,
# the whole table of one that fails; V=1 shows every table.
audit:
	$(GO) run ./cmd/uri audit $(if $(filter 1,$(V)),,--summary)

# Tests that measure time or allocations skip themselves under the race
# detector, which changes both, and the exhaustive and grammar-agreement
# tests (every code point, thousands of derived strings) exercise no
# concurrency, only volume, which the race detector makes five to ten
# times slower. Their names match NORACE: `make test` runs every other
# test with the race detector, then these once without it, in the
# packages that have them (found by name, so a new one needs no edit
# here). internal/testsummary prints a line per package as it ends, a
# progress line after 30 s of silence, failed tests' output, and a
# closing line "N packages (N cached), N tests, N failed, time" followed
# by "N passed, N failed".
NORACE      := Linear|Allocs|LimitBeforeWork|Agree|Exhaustive
NORACE_PKGS := $(sort $(dir $(shell grep -rlE --include='*_test.go' '^func (Test|Fuzz)[A-Za-z0-9_]*($(NORACE))' cmd uri internal gen | grep -vE '^internal/([a-z0-9]*compare|tools)/')))
SUMMARY     := $(GO) run ./internal/testsummary

test: check-generated vet lint audit
	@$(GO) build -o /dev/null ./internal/testsummary
	{ $(GO) test -race -skip '$(NORACE)' -json ./... || echo "FAIL: go test -race exited with status $$?"; \
	  $(GO) test -run '$(NORACE)' -json $(addprefix ./,$(NORACE_PKGS)) || echo "FAIL: go test exited with status $$?"; } | $(SUMMARY)

# The inner loop: vet and the unit tests without the race detector or
# the long ones (-short), in well under 2 minutes once built.
check:
	$(GO) vet ./...
	{ $(GO) test -short -json ./... || echo "FAIL: go test exited with status $$?"; } | $(SUMMARY)

# Run every fuzz target of every package for FUZZTIME each, one after another.
fuzz:
	@set -e; for pkg in $$($(GO) list ./...); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
	    echo "== $$pkg $$f ($(FUZZTIME))"; \
	    $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) -timeout 0 $$pkg; \
	  done; \
	done

# Compare ParseReference with net/url.Parse on testdata/bench/corpus.txt in
# one run. The first table is the ratio of their times per entry and its
# geometric mean (BenchmarkVersus alternates the two and keeps the fastest
# batch of each, so machine noise hits both). The next ones give, per set,
# the geometric mean over its inputs of the same ratio, each input timed
# alone and alternating, fastest of 8 rounds a run: ParseReference against
# net/url.Parse on the realistic links of testdata/bench (absolute,
# relative, and invalid references derived from them), against the
# hand-written reference parser internal/refparse on the realistic links,
# per byte on long queries, paths and percent-encoded runs (4 and 64 KB),
# and ResolveReference against net/url's on the examples of RFC 3986 §5.4.
# Then B/op and allocs/op side by side (-col /impl), then validation and
# parallel runs. bench-whatwg runs before all this, bench-idna after.
bench: bench-whatwg
	@mkdir -p bin
	$(GO) test -run '^$$' -bench '^BenchmarkVersus$$' -count $(BENCHCOUNT) ./uri/ > bin/bench-versus.txt
	$(TOOL) benchstat -filter '.unit:(ratio OR specuri-ns/op OR net-url-ns/op)' bin/bench-versus.txt
	$(GO) test -run '^$$' -bench '^(BenchmarkVersusRealistic|BenchmarkVersusRefparse)$$' -benchtime 8x -count $(BENCHCOUNT) ./uri/ > bin/bench-sets.txt
	$(TOOL) benchstat -filter '.name:VersusRealistic AND .unit:(ratio OR specuri-ns/op OR net-url-ns/op)' bin/bench-sets.txt
	$(TOOL) benchstat -filter '.name:VersusRefparse AND .unit:(ratio OR specuri-ns/op OR refparse-ns/op)' bin/bench-sets.txt
	$(GO) test -run '^$$' -bench '^BenchmarkVersusLong$$' -benchtime 8x -count $(BENCHCOUNT) ./uri/ > bin/bench-long.txt
	$(TOOL) benchstat -filter '.unit:(ratio OR specuri-ns/op OR net-url-ns/op)' bin/bench-long.txt
	$(GO) test -run '^$$' -bench '^BenchmarkResolveVersus$$' -benchtime 400x -count $(BENCHCOUNT) ./uri/ > bin/bench-resolve.txt
	$(TOOL) benchstat -filter '.unit:(ratio OR specuri-ns/op OR net-url-ns/op)' bin/bench-resolve.txt
	$(GO) test -run '^$$' -bench '^BenchmarkParse$$' -benchmem -benchtime 200ms -count $(BENCHCOUNT) ./uri/ > bin/bench-parse.txt
	$(TOOL) benchstat -col /impl -filter '.unit:(B/op OR allocs/op)' bin/bench-parse.txt
	$(GO) test -run '^$$' -bench '^(BenchmarkValid|BenchmarkParseParallel|BenchmarkLinear)$$' -benchmem -benchtime 200ms -count 1 ./uri/
	$(MAKE) bench-idna

# Compare uri/idna's ToASCII (the URL Standard's domain to ASCII) with
# golang.org/x/net/idna's Lookup profile in one run, on the hosts of
# testdata/bench/realistic-abs.txt (ASCII) and on the valid Unicode names of
# IdnaTestV2.txt: the ratio of their times (rounds of the whole set,
# alternating, the fastest of each kept), then B/op and allocs/op side by
# side. x/net is a dependency of internal/idnacompare, a module of its
# own, never of the library.
bench-idna:
	@mkdir -p bin
	cd internal/idnacompare && $(GO) test -run '^$$' -bench '^BenchmarkToASCIIVersus$$' -benchtime 100x -count $(BENCHCOUNT) . > ../../bin/bench-idna.txt
	$(TOOL) benchstat -filter '.unit:(ratio OR specuri-ns/name OR x-net-ns/name)' bin/bench-idna.txt
	cd internal/idnacompare && $(GO) test -run '^$$' -bench '^BenchmarkToASCII$$' -benchtime 200ms -count $(BENCHCOUNT) . > ../../bin/bench-idna-allocs.txt
	$(TOOL) benchstat -col /impl -filter '.unit:(B/op OR allocs/op)' bin/bench-idna-allocs.txt

# whatwg.Parse (uri/whatwg, the WHATWG URL Standard) against net/url.Parse
# and nlnwa/whatwg-url on testdata/bench/realistic-abs.txt in one run: per
# peer, the geometric mean over the inputs of the ratio of their times
# (each input timed alone, alternating, fastest of 8 rounds), then each
# parser's ns/op, B/op and allocs/op, and each WHATWG parser's pass count
# on urltestdata.json. nlnwa/whatwg-url is a dependency of
# internal/whatwgcompare, a module of its own, never of the library.
bench-whatwg:
	@mkdir -p bin
	cd internal/whatwgcompare && $(GO) test -run '^$$' -bench '^BenchmarkVersus$$' -benchtime 8x -count $(BENCHCOUNT) . > ../../bin/bench-whatwg.txt
	$(TOOL) benchstat -filter '.unit:(ratio OR whatwg-ns/op OR other-ns/op)' bin/bench-whatwg.txt
	cd internal/whatwgcompare && $(GO) test -run '^$$' -bench '^BenchmarkParse$$' -benchmem -benchtime 200ms -count $(BENCHCOUNT) . > ../../bin/bench-whatwg-parse.txt
	$(TOOL) benchstat -col /impl bin/bench-whatwg-parse.txt
	cd internal/whatwgcompare && $(GO) test -count 1 -run 'URLTestData' -v . | grep ' of '

# The CPU (user+sys) of `uri parse --json` and `uri whatwg --json`, each
# against a net/url and encoding/json program doing the same, on 300,000
# links, alternating the two, with their ratio.
bench-cli:
	URI_CPU_BENCH=1 $(GO) test -run '^(TestParseJSONCPU|TestWhatwgJSONCPU)$$' -count 1 -v ./cmd/uri/

# Run the uritemplate-test suite, the matching behaviours and an expansion
# benchmark over uri/template and the other Go URI Template packages, side
# by side. They are dependencies of internal/tmplcompare, a module of its
# own, never of the library.
compare-templates:
	@mkdir -p bin
	cd internal/tmplcompare && $(GO) test -count 1 -run 'Suite|Match' -v .
	cd internal/tmplcompare && $(GO) test -run '^$$' -bench '^BenchmarkExpandVersus$$' -count $(BENCHCOUNT) . > ../../bin/bench-templates.txt
	$(TOOL) benchstat -filter '.unit:(ratio OR specuri-ns/expansion OR other-ns/expansion)' bin/bench-templates.txt

# Read and decode the same data: URLs with uri/dataurl and
# github.com/vincent-petithory/dataurl side by side in one run. The peer is a
# dependency of internal/datacompare, a module of its own, never of the
# library.
compare-data:
	cd internal/datacompare && $(GO) test -count 1 -run 'Same' . && $(GO) test -run '^$$' -bench '^BenchmarkDecodeVersus$$' -count $(BENCHCOUNT) .

# Compare internal/norm with golang.org/x/text/unicode/norm on the same
# inputs in one run (NFC, NFD and IsNFC on ASCII, already-NFC and
# to-be-composed text): the ratio of their times, below 1 when internal/norm
# is faster, from the fastest of alternating rounds. x/text is a dependency
# of internal/normcompare, a module of its own, never of the library.
compare-norm:
	@mkdir -p bin
	cd internal/normcompare && $(GO) test -count 1 -run Agreement .
	cd internal/normcompare && $(GO) test -run '^$$' -bench 'Versus$$' -benchtime 300x -count $(BENCHCOUNT) . > ../../bin/bench-norm.txt
	$(TOOL) benchstat -filter '.unit:(ratio OR specuri-ns/op OR x-text-ns/op)' bin/bench-norm.txt

# Compare the host a resolver is given, uri.URI.ASCIIHostname, with net/url's
# Hostname converted by golang.org/x/net/idna's Lookup profile, on the
# realistic links and on international ones, in one run: the ratio of their
# times, below 1 when specuri is faster. x/net is a dependency of
# internal/hostcompare, a module of its own, never of the library.
compare-hosts:
	@mkdir -p bin
	cd internal/hostcompare && $(GO) test -count 1 -run Agreement -v .
	cd internal/hostcompare && $(GO) test -run '^$$' -bench 'Versus$$' -benchtime 2000x -count $(BENCHCOUNT) . > ../../bin/bench-hosts.txt
	$(TOOL) benchstat -filter '.unit:(ratio OR specuri-ns/host OR x-net-ns/host)' bin/bench-hosts.txt

# Compare internal/uts39's skeletons (UTS #39 §4) with
# github.com/mtibben/confusables on the same domain labels in one run: the
# ratio of their times, below 1 when internal/uts39 is faster, from the
# fastest of alternating rounds. That package is a dependency of
# internal/uts39compare, a module of its own, never of the library.
compare-uts39:
	@mkdir -p bin
	cd internal/uts39compare && $(GO) test -count 1 -run Agreement -v .
	cd internal/uts39compare && $(GO) test -run '^$$' -bench 'Versus$$' -benchtime 300x -count $(BENCHCOUNT) . > ../../bin/bench-uts39.txt
	$(TOOL) benchstat -filter '.unit:(ratio OR specuri-ns/op OR other-ns/op)' bin/bench-uts39.txt

# Run the probe tables of code.dny.dev/ssrf and github.com/doyensec/safeurl
# (and the addresses of issue reports) through uri/fetch's address policy
# and both packages, every difference explained in the table, then time
# fetch.CheckAddr beside ssrf's Guardian.SafeAddr in one run: the ratio of
# their times, below 1 when fetch is faster. Both packages are
# dependencies of internal/fetchcompare, a module of its own, never of
# the library. Then fetch.NewRequest beside http.NewRequestWithContext on
# the realistic links that CheckURL allows: the cost of its one more
# parse and of the check, as a ratio.
compare-fetch:
	@mkdir -p bin
	cd internal/fetchcompare && $(GO) test -count 1 -run 'Probes' .
	cd internal/fetchcompare && $(GO) test -run '^$$' -bench 'Versus$$' -benchtime 2000x -count $(BENCHCOUNT) . > ../../bin/bench-fetch.txt
	$(TOOL) benchstat -filter '.unit:(ratio OR specuri-ns/addr OR ssrf-ns/addr)' bin/bench-fetch.txt
	$(GO) test -run '^$$' -bench '^BenchmarkVersusNewRequest$$' -benchtime 8x -count $(BENCHCOUNT) ./uri/fetch > bin/bench-newrequest.txt
	$(TOOL) benchstat -filter '.unit:(ratio OR fetch-ns/op OR net-http-ns/op)' bin/bench-newrequest.txt

# Compare uri/publicsuffix with golang.org/x/net/publicsuffix and
# github.com/weppos/publicsuffix-go on the same hosts in one run: the list's
# own tests, the URL Standard's examples and the hosts of the realistic
# links, every difference printed with its reason (a difference without
# one fails); then EffectiveTLDPlusOne on the realistic hosts and Parse of
# the whole list (weppos; x/net cannot read a list), each the ratio of
# their times, below 1 when specuri is faster, from the fastest of
# alternating rounds, then B/op and allocs/op side by side. The peers are
# dependencies of internal/pslcompare, a module of its own, never of the
# library.
compare-psl:
	@mkdir -p bin
	cd internal/pslcompare && $(GO) test -count 1 -run Agreement -v . | grep -v '^=== RUN'
	cd internal/pslcompare && $(GO) test -run '^$$' -bench 'Versus$$' -benchtime 30x -count $(BENCHCOUNT) . > ../../bin/bench-psl.txt
	$(TOOL) benchstat -filter '.unit:(ratio OR specuri-ns/host OR other-ns/host OR specuri-ns/list OR other-ns/list)' bin/bench-psl.txt
	cd internal/pslcompare && $(GO) test -run '^$$' -bench '^BenchmarkEffectiveTLDPlusOne$$' -benchmem -benchtime 200ms -count $(BENCHCOUNT) . > ../../bin/bench-psl-allocs.txt
	$(TOOL) benchstat -col /impl -filter '.unit:(B/op OR allocs/op)' bin/bench-psl-allocs.txt
