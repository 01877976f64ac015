// The build tools of specuri's Makefile, pinned with their dependencies so
// that tools.sum records them. They are kept out of go.mod because they
// require Go 1.26, which would become the minimum Go version of every user
// of the library. Run them as the Makefile does:
//
//	go tool -modfile=internal/tools/tools.mod staticcheck ./...

module github.com/specuri/specuri

go 1.26.0

tool (
	github.com/fzipp/gocyclo/cmd/gocyclo
	golang.org/x/perf/cmd/benchstat
	honnef.co/go/tools/cmd/staticcheck
)

require (
	github.com/BurntSushi/toml v1.4.1-0.20240526193622-a339e1f7089c // indirect
	github.com/aclements/go-moremath v0.0.0-20210112150236-f10218a38794 // indirect
	github.com/fzipp/gocyclo v0.6.0 // indirect
	golang.org/x/exp/typeparams v0.0.0-20231108232855-2478ac86f678 // indirect
	golang.org/x/mod v0.41.0 // indirect
	golang.org/x/perf v0.0.0-20260908200009-22c9c6c9d4da // indirect
	golang.org/x/sync v0.23.0 // indirect
	golang.org/x/tools v0.51.0 // indirect
	honnef.co/go/tools v0.8.2 // indirect
)
