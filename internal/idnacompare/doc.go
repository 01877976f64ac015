// Package idnacompare holds the benchmarks that time package uri/idna
// against golang.org/x/net/idna's Lookup profile on the same names, in one
// run: the hosts of testdata/bench/realistic-abs.txt (ASCII names, most of
// them needing no change) and the valid Unicode names of Unicode's
// IdnaTestV2.txt. `make bench-idna` runs them and prints the ratios.
package idnacompare
