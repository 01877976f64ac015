// Module tmplcompare measures package uri/template against the other Go
// URI Template packages, side by side: their pass counts on the
// uritemplate-test suite, their matching behaviours and their expansion
// speed. It is a module of its own so that the library's go.mod names none
// of them; `make compare-templates` runs it.
module github.com/specuri/specuri/internal/tmplcompare

go 1.24

replace github.com/specuri/specuri => ../..

require (
	github.com/jtacoma/uritemplates v1.0.0
	github.com/specuri/specuri v0.0.0-00010101000000-000000000000
	github.com/std-uritemplate/std-uritemplate/go/v2 v2.0.3
	github.com/yosida95/uritemplate/v3 v3.0.2
)
