// Module uts39compare measures internal/uts39's skeletons against
// github.com/mtibben/confusables, side by side. It is a module of its own
// so that the library's go.mod does not name it; `make compare-uts39`
// runs it.
module github.com/specuri/specuri/internal/uts39compare

go 1.26.0

replace github.com/specuri/specuri => ../..

require (
	github.com/google/go-cmp v0.7.0
	github.com/mtibben/confusables v0.0.0-20210201002637-9d1b0723b659
	github.com/specuri/specuri v0.0.0-00010101000000-000000000000
)

require golang.org/x/text v0.44.0 // indirect
