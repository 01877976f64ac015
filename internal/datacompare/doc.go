// Package datacompare holds the side-by-side benchmark of package
// uri/dataurl and github.com/vincent-petithory/dataurl: both read and
// decode the same data: URLs in one run; the ratios are specuri's time
// over the peer's.
package datacompare
