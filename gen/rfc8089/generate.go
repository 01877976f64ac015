package rfc8089

//go:generate go run ../../internal/pegen rfc8089
