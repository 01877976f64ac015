// Package fetchcompare holds only tests: the probe tables of
// code.dny.dev/ssrf and github.com/doyensec/safeurl (the addresses their
// own tests check) and the addresses of issue reports, each decided by
// uri/fetch's default policy and by both packages, with every difference
// explained; and a benchmark of fetch.CheckAddr beside ssrf's
// Guardian.SafeAddr in one run, reported as the ratio of their times.
package fetchcompare
