// Module hostcompare measures uri.URI.ASCIIHostname against net/url's
// Hostname converted by golang.org/x/net/idna's Lookup profile, side by
// side. It is a module of its own so that the library's go.mod does not
// name x/net; `make compare-hosts` runs it.
module github.com/specuri/specuri/internal/hostcompare

go 1.26.0

replace github.com/specuri/specuri => ../..

require (
	github.com/specuri/specuri v0.0.0-00010101000000-000000000000
	golang.org/x/net v0.62.0
)

require golang.org/x/text v0.43.0 // indirect
