// Package normcompare holds only tests: a benchmark of specuri's
// internal/norm against golang.org/x/text/unicode/norm on the same inputs
// in one run, reported as the ratio of their times, and a test that
// reports where the two disagree (x/text follows an older Unicode
// version than internal/norm's).
package normcompare
