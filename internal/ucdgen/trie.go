package main

import (
	"bytes"
	"fmt"
	"strings"
)

// The shape of the three-stage tries that internal/ucd's Trie reads: the
// code point's bits above 12 index the top stage, which gives a block of
// the middle stage; bits 6 to 11 index that block, which gives a block of
// the leaf stage; bits 0 to 5 index that block, which holds the value.
// Identical blocks are stored once.
const (
	leafBits  = 6
	leafSize  = 1 << leafBits
	midBits   = 6
	midSize   = 1 << midBits
	topLength = (maxRune + 1) >> (leafBits + midBits)
)

// A trie is the three stages of a table of a value per code point.
type trie struct {
	top, mid []uint16
	leaf     []uint16
}

// buildTrie builds the trie of vals, a value per code point (length
// maxRune+1), its blocks numbered in order of first use by increasing
// code point.
func buildTrie(vals []uint16) (trie, error) {
	if len(vals) != maxRune+1 {
		return trie{}, fmt.Errorf("buildTrie: %d values, want %d", len(vals), maxRune+1)
	}
	var t trie
	leafIndex := map[string]uint16{} // a leaf block's contents → its number
	midIndex := map[string]uint16{}
	for hi := 0; hi < topLength; hi++ {
		var mid [midSize]uint16
		for m := range mid {
			start := (hi<<midBits | m) << leafBits
			n, err := intern(leafIndex, vals[start:start+leafSize], &t.leaf, leafSize)
			if err != nil {
				return trie{}, err
			}
			mid[m] = n
		}
		n, err := intern(midIndex, mid[:], &t.mid, midSize)
		if err != nil {
			return trie{}, err
		}
		t.top = append(t.top, n)
	}
	return t, nil
}

// intern returns the number of block in stage, appending it to stage if
// index does not hold it yet.
func intern(index map[string]uint16, block []uint16, stage *[]uint16, size int) (uint16, error) {
	k := make([]byte, 0, 2*len(block))
	for _, v := range block {
		k = append(k, byte(v), byte(v>>8))
	}
	key := string(k)
	if n, ok := index[key]; ok {
		return n, nil
	}
	n := len(*stage) / size
	if n > 0xFFFF {
		return 0, fmt.Errorf("buildTrie: more than 65536 distinct blocks")
	}
	index[key] = uint16(n)
	*stage = append(*stage, block...)
	return uint16(n), nil
}

// emitTrie writes a package-level variable name of internal/ucd's type
// Trie[elem] (elem "uint8" or "uint16") holding vals, with doc as its
// comment. qual is "" inside package ucd and "ucd." elsewhere.
func emitTrie(b *bytes.Buffer, name, qual, elem, doc string, vals []uint16) error {
	max := uint16(0xFFFF)
	if elem == "uint8" {
		max = 0xFF
	}
	for c, v := range vals {
		if v > max {
			return fmt.Errorf("%s: U+%04X has value %d, more than %s holds", name, c, v, elem)
		}
	}
	t, err := buildTrie(vals)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	writeComment(b, doc)
	fmt.Fprintf(b, "// Its stages hold %d, %d and %d entries.\n", len(t.top), len(t.mid), len(t.leaf))
	fmt.Fprintf(b, "var %s = %sTrie[%s]{\n", name, qual, elem)
	writeNumbers(b, "Top", "[]uint16", t.top, 4)
	writeNumbers(b, "Mid", "[]uint16", t.mid, 4)
	digits := 4
	if elem == "uint8" {
		digits = 2
	}
	writeNumbers(b, "Leaf", "[]"+elem, t.leaf, digits)
	b.WriteString("}\n\n")
	return nil
}

// writeNumbers writes "field: typ{...}," with vals in hexadecimal, 16 a
// line.
func writeNumbers(b *bytes.Buffer, field, typ string, vals []uint16, digits int) {
	fmt.Fprintf(b, "%s: %s{\n", field, typ)
	for i, v := range vals {
		fmt.Fprintf(b, "0x%0*x,", digits, v)
		if i%16 == 15 || i == len(vals)-1 {
			b.WriteByte('\n')
		} else {
			b.WriteByte(' ')
		}
	}
	b.WriteString("},\n")
}

// writeComment writes text as a // comment, a line per line.
func writeComment(b *bytes.Buffer, text string) {
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		if line == "" {
			b.WriteString("//\n")
			continue
		}
		b.WriteString("// " + line + "\n")
	}
}
