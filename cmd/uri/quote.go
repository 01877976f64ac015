package main

import (
	"errors"
	"strconv"
)

// unquote reads a Go double-quoted string literal, the form strconv.Quote
// prints, so that inputs with any byte (\x00, \n, \xff) fit on one line.
func unquote(s string) (string, error) {
	if len(s) < 2 || s[0] != '"' {
		return "", errors.New(`must start with '"'`)
	}
	return strconv.Unquote(s)
}
