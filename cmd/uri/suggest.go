package main

import "strings"

// suggest returns the candidate closest to s when it is close enough to be
// a likely typo (at most two edits, fewer than s has bytes, case ignored),
// or "".
func suggest(s string, candidates []string) string {
	best, bestD := "", 3
	s = strings.ToLower(s)
	for _, c := range candidates {
		if d := editDistance(s, strings.ToLower(c), bestD); d < bestD && d < len(s) {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance returns the optimal string alignment distance between a and
// b (insertions, deletions, substitutions and transpositions of adjacent
// bytes), or limit when it is at least limit. Inputs longer than 64 bytes
// are never close: the cost stays bounded whatever the user typed.
func editDistance(a, b string, limit int) int {
	if len(a) > 64 || len(b) > 64 {
		return limit
	}
	if d := len(a) - len(b); d >= limit || -d >= limit {
		return limit
	}
	var rows [3][65]int
	prev2, prev, cur := &rows[0], &rows[1], &rows[2]
	for j := 0; j <= len(b); j++ {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d = min(d, prev2[j-2]+1)
			}
			cur[j] = d
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return min(prev[len(b)], limit)
}
