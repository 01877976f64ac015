// Package hostcompare holds only tests: a benchmark of the host a resolver
// is given, uri.URI.ASCIIHostname against net/url's URL.Hostname converted
// by golang.org/x/net/idna's Lookup profile, on the same parsed links in
// one run, reported as the ratio of their times.
package hostcompare
