package pegfile

//go:generate go run ../../internal/pegen pegfile
