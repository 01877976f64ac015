package rfc6570

//go:generate go run ../../internal/pegen rfc6570
