// Package uts39compare holds only tests: a benchmark of the UTS #39
// skeleton of specuri's internal/uts39 against
// github.com/mtibben/confusables on the same domain labels in one run,
// reported as the ratio of their times, and a test that reports where
// the two disagree (that package follows an older Unicode version and
// does not remove what NFD reorders).
package uts39compare
