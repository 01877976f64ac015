// Package tmplcompare holds only tests: it runs the uritemplate-test suite,
// the matching behaviours of RFC 6570 §1.4 and an expansion benchmark over
// github.com/specuri/specuri/uri/template and the other Go URI Template
// packages, side by side.
package tmplcompare
