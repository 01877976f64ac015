// Module whatwgcompare measures package uri/whatwg against the other Go
// WHATWG URL parser, github.com/nlnwa/whatwg-url, and net/url, side by
// side. It is a module of its own so that the library's go.mod names none
// of them; `make bench-whatwg` runs it.
module github.com/specuri/specuri/internal/whatwgcompare

go 1.24

replace github.com/specuri/specuri => ../..

require (
	github.com/nlnwa/whatwg-url v0.6.2
	github.com/specuri/specuri v0.0.0-00010101000000-000000000000
)

require (
	github.com/bits-and-blooms/bitset v1.20.0 // indirect
	golang.org/x/net v0.34.0 // indirect
	golang.org/x/text v0.21.0 // indirect
)
