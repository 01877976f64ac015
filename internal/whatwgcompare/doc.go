// Package whatwgcompare holds only tests: a benchmark of
// github.com/specuri/specuri/uri/whatwg against github.com/nlnwa/whatwg-url
// and net/url on the realistic links of testdata/bench, and the pass
// counts of each WHATWG parser on web-platform-tests' urltestdata.json.
package whatwgcompare
