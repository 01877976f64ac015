package rfc8141

//go:generate go run ../../internal/pegen rfc8141
