package rfc9110

//go:generate go run ../../internal/pegen rfc9110
