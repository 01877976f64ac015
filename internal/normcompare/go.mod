// Module normcompare measures internal/norm against
// golang.org/x/text/unicode/norm, side by side. It is a module of its own
// so that the library's go.mod does not name x/text; `make compare-norm`
// runs it.
module github.com/specuri/specuri/internal/normcompare

go 1.26.0

replace github.com/specuri/specuri => ../..

require (
	github.com/specuri/specuri v0.0.0-00010101000000-000000000000
	golang.org/x/text v0.44.0
)
