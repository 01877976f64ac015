// Module datacompare measures package uri/dataurl against another Go data:
// URL package side by side: their decoding speed on the same URLs. It is
// a module of its own so that the library's go.mod names no peer; `make
// compare-data` runs it.
module github.com/specuri/specuri/internal/datacompare

go 1.24

replace github.com/specuri/specuri => ../..

require github.com/specuri/specuri v0.0.0-00010101000000-000000000000

require github.com/vincent-petithory/dataurl v1.0.0
