// Module fetchcompare runs the probe tables of two Go SSRF packages,
// code.dny.dev/ssrf and github.com/doyensec/safeurl, against uri/fetch's
// address policy, and times fetch.CheckAddr beside ssrf's check. It is a
// module of its own so that the library's go.mod names neither; `make
// compare-fetch` runs it.
module github.com/specuri/specuri/internal/fetchcompare

go 1.26.0

replace github.com/specuri/specuri => ../..

require (
	code.dny.dev/ssrf v0.3.0
	github.com/doyensec/safeurl v0.2.2
	github.com/google/go-cmp v0.7.0
	github.com/specuri/specuri v0.0.0-00010101000000-000000000000
)
