// Package pslcompare holds only tests: uri/publicsuffix against
// golang.org/x/net/publicsuffix and github.com/weppos/publicsuffix-go on
// the same hosts (the list's own tests, the URL Standard's examples, the
// hosts of the realistic links), every difference explained, and a
// benchmark of EffectiveTLDPlusOne reported as the ratio of their times.
package pslcompare
