package main

import (
	"bytes"
	"fmt"
	"strconv"
)

// A stringTable is many strings stored as one string constant and the
// offsets of each: string i is data[offsets[i]:offsets[i+1]]. String 0 is
// always the empty string, so that a table value 0 can mean "none".
type stringTable struct {
	strs  []string
	index map[string]int // a string → its number, for add
	size  int
}

func newStringTable() *stringTable {
	return &stringTable{strs: []string{""}, index: map[string]int{"": 0}}
}

// add returns the number of s, adding it if it is new; strings are
// numbered in order of first addition.
func (t *stringTable) add(s string) int {
	if n, ok := t.index[s]; ok {
		return n
	}
	n := len(t.strs)
	t.strs = append(t.strs, s)
	t.index[s] = n
	t.size += len(s)
	return n
}

// emit writes the constant dataName and the array offsetsName (of
// uint16, or uint32 when the strings hold more than 65,535 bytes), with
// doc as the comment of the constant.
func (t *stringTable) emit(b *bytes.Buffer, dataName, offsetsName, doc string) {
	offsetType := "uint16"
	if t.size > 0xFFFF {
		offsetType = "uint32"
	}
	writeComment(b, doc)
	fmt.Fprintf(b, "const %s = \"\" +\n", dataName)
	line := ""
	flush := func(last bool) {
		b.WriteString(strconv.QuoteToASCII(line))
		if !last {
			b.WriteString(" +")
		}
		b.WriteByte('\n')
		line = ""
	}
	var offsets []int
	off := 0
	for i, s := range t.strs {
		offsets = append(offsets, off)
		off += len(s)
		line += s
		if len(line) >= 32 && i < len(t.strs)-1 {
			flush(false)
		}
	}
	offsets = append(offsets, off)
	flush(true)
	b.WriteString("\n")
	fmt.Fprintf(b, "// %s[i]:%s[i+1] is string i of %s.\n", offsetsName, offsetsName, dataName)
	fmt.Fprintf(b, "var %s = [...]%s{\n", offsetsName, offsetType)
	for i, v := range offsets {
		fmt.Fprintf(b, "%d,", v)
		if i%16 == 15 || i == len(offsets)-1 {
			b.WriteByte('\n')
		} else {
			b.WriteByte(' ')
		}
	}
	b.WriteString("}\n\n")
}
