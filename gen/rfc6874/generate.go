package rfc6874

//go:generate go run ../../internal/pegen rfc6874
