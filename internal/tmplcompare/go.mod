// Module tmplcompare measures package uri/template against the other Go
// URI Template packages, side by side: their pass counts on the
// uritemplate-test suite, their matching behaviours and their expansion
// speed. It is a module of its own so that the library's go.mod names none
// of them; `make compare-templates` runs it.
module github.com/specuri/specuri/internal/tmplcompare

go 1.24

replace github.com/specuri/specuri => ../..
