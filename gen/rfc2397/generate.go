package rfc2397

//go:generate go run ../../internal/pegen rfc2397
