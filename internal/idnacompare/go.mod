// Module idnacompare measures package uri/idna against golang.org/x/net/idna
// (its Lookup profile), side by side. It is a module of its own so that
// the library's go.mod names neither; `make bench-idna` runs it.
module github.com/specuri/specuri/internal/idnacompare

go 1.26.0

replace github.com/specuri/specuri => ../..

require (
	github.com/specuri/specuri v0.0.0-00010101000000-000000000000
	golang.org/x/net v0.62.0
)

require golang.org/x/text v0.43.0 // indirect
