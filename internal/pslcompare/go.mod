// Module pslcompare compares uri/publicsuffix with
// golang.org/x/net/publicsuffix and github.com/weppos/publicsuffix-go on
// the same hosts, side by side. It is a module of its own so that the
// library's go.mod names neither; `make compare-psl` runs it.
module github.com/specuri/specuri/internal/pslcompare

go 1.26.0

replace github.com/specuri/specuri => ../..

require (
	github.com/specuri/specuri v0.0.0-00010101000000-000000000000
	github.com/weppos/publicsuffix-go v0.50.3
	golang.org/x/net v0.62.0
)

require golang.org/x/text v0.43.0 // indirect
