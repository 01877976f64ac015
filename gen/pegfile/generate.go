package pegfile

//go:generate go run ../../internal/pegen -o pegfile.peg.go ../../grammar/pegfile.peg
