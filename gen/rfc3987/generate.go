package rfc3987

//go:generate go run ../../internal/pegen rfc3987
