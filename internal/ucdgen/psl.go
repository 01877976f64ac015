package main

import (
	"bytes"
	"cmp"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/specuri/specuri/internal/idna"
)

// The commit of github.com/publicsuffix/list and its date that
// grammar/psl/public_suffix_list.dat was taken at (see its README): the
// generated publicsuffix.ListVersion.
const (
	pslCommit = "e8c9a2b2b2856b6449999dd0ec0d118f364ed0cd"
	pslDate   = "2026-08-19"
)

// pslList is the Public Suffix List as copied into grammar/psl/, beside
// its license (MPL 2.0) and a README of provenance.
var pslList = &source{"psl", "the Public Suffix List of " + pslDate + " (commit " + pslCommit + ")", readRaw}

// A pslRule is one rule of the list (https://publicsuffix.org/list/,
// "Definitions"): its labels from the right, in A-labels and lower case,
// without the "*" of a wildcard rule or the "!" of an exception rule.
type pslRule struct {
	labels []string
	wild   bool // "*.labels"
	except bool // "!labels"
	icann  bool // in the ICANN section
	line   int
}

// parsePSL reads the rules of the list file f. Each line is read up to
// its first white space; "//" starts a comment line; the ICANN section
// lies between "// ===BEGIN ICANN DOMAINS===" and "// ===END ICANN
// DOMAINS===". A rule's labels are converted with the URL Standard's
// domain to ASCII (idna.ToASCII), so that the table holds one form of
// every rule: the form every host is looked up in.
func parsePSL(f *ucdFile) ([]pslRule, error) {
	var rules []pslRule
	icann := false
	for n, line := range strings.Split(string(f.raw), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "// ===BEGIN ICANN DOMAINS==="):
			icann = true
		case strings.HasPrefix(line, "// ===END ICANN DOMAINS==="):
			icann = false
		}
		if line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		r, err := parsePSLRule(strings.Fields(line)[0])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", f.name, n+1, err)
		}
		r.icann, r.line = icann, n+1
		rules = append(rules, r)
	}
	return rules, nil
}

// parsePSLRule reads one rule: an optional "!" or "*.", then a domain
// whose labels are letters, digits and "-" once in A-labels.
func parsePSLRule(text string) (pslRule, error) {
	var r pslRule
	switch {
	case strings.HasPrefix(text, "!"):
		r.except, text = true, text[1:]
	case strings.HasPrefix(text, "*."):
		r.wild, text = true, text[2:]
	}
	ascii, err := idna.ToASCII(text)
	if err != nil {
		return r, fmt.Errorf("rule %q: %w", text, err)
	}
	labels := strings.Split(ascii, ".")
	slices.Reverse(labels)
	for _, l := range labels {
		if l == "" || strings.Trim(l, "abcdefghijklmnopqrstuvwxyz0123456789-") != "" {
			return r, fmt.Errorf("rule %q: label %q is not letters, digits and hyphens", text, l)
		}
	}
	r.labels = labels
	return r, nil
}

// A pslNode is one node of the trie of rules: a label under its parent.
type pslNode struct {
	label    string
	children map[string]*pslNode
	rule     bool // a normal rule ends here
	wild     bool // "*." and this node's name is a rule
	except   bool // "!" and this node's name is a rule
	icann    bool // the section of the rules of this node
	hasRules bool // the node carries a rule, so icann is set
	index    int  // its number in breadth-first order
	kids     []*pslNode
	disp     []int // an indexed node's displacement of each bucket (pslPlace)
}

// addPSLRule adds r to the trie under root. Every rule of one node must
// be in one section, so that one bit says it; no rule is listed twice.
func addPSLRule(root *pslNode, r pslRule) error {
	n := root
	for _, l := range r.labels {
		c := n.children[l]
		if c == nil {
			c = &pslNode{label: l, children: map[string]*pslNode{}}
			n.children[l] = c
		}
		n = c
	}
	if n.hasRules && n.icann != r.icann {
		return fmt.Errorf("line %d: a rule of %s is in the other section", r.line, strings.Join(r.labels, "<"))
	}
	n.hasRules, n.icann = true, r.icann
	flag := &n.rule
	switch {
	case r.wild:
		flag = &n.wild
	case r.except:
		flag = &n.except
	}
	if *flag {
		return fmt.Errorf("line %d: a rule listed twice", r.line)
	}
	*flag = true
	return nil
}

// bfs numbers the nodes under root breadth first, each node's children in
// byte order of their labels or, for a node with pslIndexMin children or
// more, in the places pslPlace gives them, and returns them in that
// order: then the children of every node are consecutive, and the
// children of the inner nodes (those with children) come in the order of
// their parents.
func bfs(root *pslNode) ([]*pslNode, error) {
	var order []*pslNode
	queue := []*pslNode{root}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		keys := mapKeys(n.children)
		slices.Sort(keys)
		if len(keys) >= pslIndexMin {
			var err error
			if n.disp, keys, err = pslPlace(keys); err != nil {
				return nil, fmt.Errorf("the children of %q: %w", n.label, err)
			}
		}
		for _, l := range keys {
			c := n.children[l]
			c.index = len(order)
			order = append(order, c)
			n.kids = append(n.kids, c)
			queue = append(queue, c)
		}
	}
	return order, nil
}

// pslPlace places the labels keys, the children of one node, with a
// minimal perfect hash (hash, displace and compress): each label's bucket
// among nb (pslBucket) has a displacement, found here (pslDisplace), that
// gives the n labels n distinct slots. It returns the
// displacement of each bucket and the labels in the order of their slots.
func pslPlace(keys []string) ([]int, []string, error) {
	n := len(keys)
	if n > 1<<15 {
		return nil, nil, fmt.Errorf("%d labels, more than a displacement's offset reaches", n)
	}
	nb := pslBuckets(n)
	buckets := make([][]string, nb)
	for _, k := range keys {
		b := pslBucket(k, nb)
		buckets[b] = append(buckets[b], k)
	}
	// The fullest buckets first, while most slots are free.
	byFill := make([]int, nb)
	for i := range byFill {
		byFill[i] = i
	}
	slices.SortStableFunc(byFill, func(a, b int) int { return cmp.Compare(len(buckets[b]), len(buckets[a])) })
	disp := make([]int, nb)
	placed := make([]string, n)
	taken := make([]bool, n)
	for _, b := range byFill {
		d := pslDisplace(buckets[b], taken)
		if d < 0 {
			return nil, nil, fmt.Errorf("no displacement places bucket %d", b)
		}
		disp[b] = d
		for _, k := range buckets[b] {
			ob := pslOffsetBits(n)
			s := (pslSlot(k, d>>ob, n) + d&(1<<ob-1)) % n
			placed[s], taken[s] = k, true
		}
	}
	return disp, placed, nil
}

// pslDisplace returns the least displacement that puts the labels of one
// bucket in slots not taken and distinct, or -1. A displacement is a
// multiplier m (its bits from pslOffsetBits(n) on) and an offset below
// the number n of slots (the bits below): the slot of a label is its slot
// with m (pslSlot) plus the offset, less n if it is n or more.
func pslDisplace(bucket []string, taken []bool) int {
	n := len(taken)
	ob := pslOffsetBits(n)
	base := make([]int, len(bucket))
	for m := 0; m < 1<<(16-ob); m++ {
		for i, k := range bucket {
			base[i] = pslSlot(k, m, n)
		}
		if pslRepeats(base) {
			continue
		}
	offsets:
		for off := 0; off < n; off++ {
			for _, b := range base {
				if taken[(b+off)%n] {
					continue offsets
				}
			}
			return m<<ob | off
		}
	}
	return -1
}

// pslOffsetBits is the number of low bits of a displacement of a group
// of n children that hold its offset: enough for n-1.
func pslOffsetBits(n int) int { return bits.Len(uint(n - 1)) }

func pslRepeats(s []int) bool {
	for i := range s {
		if slices.Contains(s[i+1:], s[i]) {
			return true
		}
	}
	return false
}

// pslSlot is the slot among n of label with the multiplier m: m times
// pslHashMul added to the hash, its high half xored into its low half,
// the whole multiplied by pslHashMul and its high 32 bits scaled to n.
// The package's slot is the same function.
func pslSlot(label string, m, n int) int {
	x := pslHash(label) + uint64(m)*pslHashMul
	x = (x ^ x>>32) * pslHashMul
	return int(x >> 32 * uint64(n) >> 32)
}

func mapKeys(m map[string]*pslNode) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	return keys
}

// The 5-bit symbols of the packed label text, in the order of the bytes
// they stand for, so that comparing two labels' symbols one by one as
// numbers compares the labels in byte order: pslEnd ends a label; "-" is
// pslHyphen; a digit is pslDigit followed by pslLetter plus its value;
// a letter is pslLetter plus its place in the alphabet.
const (
	pslEnd    = 0
	pslHyphen = 1
	pslDigit  = 2
	pslLetter = 3
)

// pslSymbols returns the symbols of label, without pslEnd.
func pslSymbols(label string) []byte {
	var s []byte
	for i := 0; i < len(label); i++ {
		switch c := label[i]; {
		case c == '-':
			s = append(s, pslHyphen)
		case '0' <= c && c <= '9':
			s = append(s, pslDigit, pslLetter+c-'0')
		default:
			s = append(s, pslLetter+c-'a')
		}
	}
	return s
}

// packLabels lays out the distinct labels of nodes as symbols, each
// label ending with pslEnd, a label that ends another sharing its
// symbols ("com" is the end of "telecom"), and returns the symbols and
// the offset of each label.
func packLabels(nodes []*pslNode) ([]byte, map[string]int) {
	set := map[string]bool{}
	for _, n := range nodes {
		set[n.label] = true
	}
	// In the order of the reversed labels, a label that ends another is
	// followed by one it ends.
	labels := make([]string, 0, len(set))
	for l := range set {
		labels = append(labels, l)
	}
	slices.SortFunc(labels, func(a, b string) int { return cmp.Compare(reverse(a), reverse(b)) })
	owner := make([]int, len(labels))
	for i := len(labels) - 1; i >= 0; i-- {
		owner[i] = i
		if i+1 < len(labels) && strings.HasSuffix(labels[i+1], labels[i]) {
			owner[i] = owner[i+1]
		}
	}
	var syms []byte
	offset := map[string]int{}
	for i, l := range labels {
		if owner[i] == i {
			offset[l] = len(syms)
			syms = append(append(syms, pslSymbols(l)...), pslEnd)
		}
	}
	for i, l := range labels {
		o := labels[owner[i]]
		offset[l] = offset[o] + len(pslSymbols(o[:len(o)-len(l)]))
	}
	return syms, offset
}

func reverse(s string) string {
	b := []byte(s)
	slices.Reverse(b)
	return string(b)
}

// pack5 packs symbols of 5 bits, symbol i at bits 5i to 5i+4 of the
// little-endian bit string, with eight bytes of padding so that a reader
// may load eight bytes at any symbol.
func pack5(syms []byte) []byte {
	out := make([]byte, (len(syms)*5+7)/8+8)
	for i, s := range syms {
		bit := 5 * i
		v := uint16(s) << (bit & 7)
		out[bit>>3] |= byte(v)
		out[bit>>3+1] |= byte(v >> 8)
	}
	return out
}

// genPSL makes uri/publicsuffix/table.go from public_suffix_list.dat: the
// trie of rules (see the comments it writes).
func genPSL(in []*ucdFile) ([]byte, error) {
	rules, err := parsePSL(in[0])
	if err != nil {
		return nil, err
	}
	root := &pslNode{children: map[string]*pslNode{}}
	for _, r := range rules {
		if err := addPSLRule(root, r); err != nil {
			return nil, fmt.Errorf("%s: %w", in[0].name, err)
		}
	}
	nodes, err := bfs(root)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", in[0].name, err)
	}
	for _, n := range nodes {
		// The table knows an exception rule as a leaf without other rules.
		if n.except && (n.rule || n.wild || len(n.kids) > 0) {
			return nil, fmt.Errorf("%s: the exception rule %q has other rules or rules below it", in[0].name, n.label)
		}
	}
	syms, offset := packLabels(nodes)
	if len(syms) > 0xFFFF || len(nodes) > 0x7FFF {
		return nil, fmt.Errorf("%s: %d symbols and %d nodes, more than the table's 16-bit numbers hold", in[0].name, len(syms), len(nodes))
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "// The tables of this file are a form of the Public Suffix List, under the\n")
	fmt.Fprintf(&b, "// Mozilla Public License 2.0 (grammar/psl/LICENSE).\n\n")
	fmt.Fprintf(&b, "// ListVersion is the commit of github.com/publicsuffix/list and its date\n")
	fmt.Fprintf(&b, "// whose public_suffix_list.dat the package's table is generated from.\n")
	fmt.Fprintf(&b, "const ListVersion = %q\n\n", pslCommit+" ("+pslDate+")")
	fmt.Fprintf(&b, "// The list has %d rules: %d nodes in the trie.\n", len(rules), len(nodes))
	longest := 0
	for _, n := range nodes {
		longest = max(longest, len(n.label))
	}
	fmt.Fprintf(&b, "const (\n\tnodeCount = %d\n\trootChildren = %d // the top-level labels, nodes 0 to rootChildren-1\n", len(nodes), len(root.kids))
	fmt.Fprintf(&b, "\tmaxLabel = %d // the length of the longest label of a rule\n)\n\n", longest)
	emitPSLText(&b, syms)
	emitPSLNodes(&b, nodes, offset)
	if err := emitPSLIndex(&b, root, nodes); err != nil {
		return nil, fmt.Errorf("%s: %w", in[0].name, err)
	}
	return b.Bytes(), nil
}

// pslIndexMin is the fewest children a node has for its children to be
// indexed: put in buckets by a hash of their labels.
const pslIndexMin = 64

// pslBuckets is the number of buckets of a group of n children, each
// bucket one displacement in the table: about four children a bucket (with
// five, pslDisplace finds no displacement for some buckets of com's
// children), which keeps the table within 64 KB.
func pslBuckets(n int) int { return max(1, n/4) }

// pslHashMul is the multiplier of pslHash (2^64 divided by the golden
// ratio, odd).
const pslHashMul = 0x9E3779B97F4A7C15

// pslHash is the hash of a label's symbols (pslSymbols and pslEnd), 11
// symbols a 55-bit word, symbol i of a word at bits 5i to 5i+4: each word
// in turn is xored in and the whole multiplied by pslHashMul. The
// package's query.hash is the same function.
func pslHash(label string) uint64 {
	syms := append(pslSymbols(label), pslEnd)
	h := uint64(0)
	for i := 0; i < len(syms); i += 11 {
		w := uint64(0)
		for j, s := range syms[i:min(i+11, len(syms))] {
			w |= uint64(s) << (5 * j)
		}
		h = (h ^ w) * pslHashMul
	}
	return h
}

// pslBucket is the bucket of label among nb: the high 32 bits of its
// hash scaled to nb.
func pslBucket(label string, nb int) int {
	return int((pslHash(label) >> 32) * uint64(nb) >> 32)
}

// emitPSLIndex writes the displacements of the buckets of the children
// of the root and of every node with pslIndexMin children or more, and
// the number of each such group by its first child: two groups of
// pslIndexMin children or more cannot start in one run of pslIndexMin
// nodes, so that the run numbers it.
func emitPSLIndex(b *bytes.Buffer, root *pslNode, nodes []*pslNode) error {
	var bases, disp []int
	groupOf := make([]int, len(nodes)/pslIndexMin+1)
	taken := make([]bool, len(groupOf))
	for _, n := range append([]*pslNode{root}, nodes...) {
		if len(n.kids) < pslIndexMin {
			continue
		}
		run := n.kids[0].index / pslIndexMin
		if taken[run] || len(bases) > 0xFF {
			return fmt.Errorf("the indexed group of %q cannot be numbered by its first child", n.label)
		}
		groupOf[run], taken[run] = len(bases), true
		bases = append(bases, len(disp))
		disp = append(disp, n.disp...)
	}
	bases = append(bases, len(disp))
	fmt.Fprintf(b, "// indexMin is the fewest children a node has for its children to be\n"+
		"// placed by a perfect hash of their labels.\nconst indexMin = %d\n\n", pslIndexMin)
	emitInts(b, "groupOf", "uint8", "groupOf[lo/indexMin] is g for the g-th node (the root first) that has\n"+
		"indexMin children or more, its first child being node lo: no other\n"+
		"such group starts in the same run of indexMin nodes.", groupOf)
	emitInts(b, "groupBase", "uint16", "The nb buckets of indexed group g are groupDisp[groupBase[g]:groupBase[g+1]].", bases)
	emitInts(b, "groupDisp", "uint16", "groupDisp holds the displacement d of each bucket of each indexed group\n"+
		"(a multiplier and an offset, see place): the child of indexed group g\n"+
		"whose label is in bucket k (the high 32 bits of query.hash times nb,\n"+
		"shifted right 32) is the one place finds.", disp)
	return nil
}

// emitPSLText writes labelText, the packed symbols.
func emitPSLText(b *bytes.Buffer, syms []byte) {
	writeComment(b, "labelText holds the labels of the nodes in symbols of 5 bits (symbol i\n"+
		"is bits 5i to 5i+4, little-endian), then eight bytes of padding: 0 ends a\n"+
		"label, 1 is \"-\", 2 is a digit whose value plus 3 is the next symbol, 3\n"+
		"to 28 are \"a\" to \"z\". Symbols compare as the bytes they stand for. A\n"+
		"label that ends another is stored once, as the end of the other.")
	packed := pack5(syms)
	b.WriteString("const labelText = \"\" +\n")
	for i := 0; i < len(packed); i += 64 {
		line := packed[i:min(i+64, len(packed))]
		b.WriteString(strconv.QuoteToASCII(string(line)))
		if i+64 < len(packed) {
			b.WriteString(" +")
		}
		b.WriteByte('\n')
	}
	b.WriteString("\n")
}

// emitPSLNodes writes the nodes, the start of each inner node's children
// and the bit sets of the nodes' properties.
func emitPSLNodes(b *bytes.Buffer, nodes []*pslNode, offset map[string]int) {
	words := (len(nodes) + 63) / 64
	bitmaps := map[string][]uint64{}
	names := []string{"ruleBits", "wildBits", "innerBits", "icannBits"}
	for _, name := range names {
		bitmaps[name] = make([]uint64, words)
	}
	var labels, starts, rank []int
	next := 0
	for _, n := range nodes {
		labels = append(labels, offset[n.label])
		set := func(name string, on bool) {
			if on {
				bitmaps[name][n.index/64] |= 1 << (n.index % 64)
			}
		}
		set("ruleBits", n.rule)
		set("wildBits", n.wild)
		set("icannBits", n.icann)
		set("innerBits", len(n.kids) > 0)
		if len(n.kids) > 0 {
			starts = append(starts, n.kids[0].index)
			next = n.kids[len(n.kids)-1].index + 1
		}
	}
	starts = append(starts, next)
	count := 0
	for _, w := range bitmaps["innerBits"] {
		rank = append(rank, count)
		count += bits.OnesCount64(w)
	}
	emitInts(b, "nodeLabel", "uint16", "nodeLabel[i] is the offset in symbols of node i's label in labelText.\n"+
		"Node i's children, if it has any (innerBits), are nodes\n"+
		"childStart[r] to childStart[r+1]-1, where r is the number of inner\n"+
		"nodes before it; each node's children are in byte order of their labels,\n"+
		"those of an indexed group (indexMin) in the slots of its perfect hash.", labels)
	emitInts(b, "childStart", "uint16", "childStart[r] is the first child of the inner node r (see nodeLabel).", starts)
	emitInts(b, "innerRank", "uint16", "innerRank[w] is the number of inner nodes before node 64w.", rank)
	docs := map[string]string{
		"ruleBits": "Bit i%64 of ruleBits[i/64] is set when node i's name is a normal rule.",
		"wildBits": "Bit i%64 of wildBits[i/64] is set when \"*.\" and node i's name is a wildcard rule.",
		"innerBits": "Bit i%64 of innerBits[i/64] is set when node i has children. A node\n" +
			"without children, normal rule or wildcard rule is an exception rule (\"!\").",
		"icannBits": "Bit i%64 of icannBits[i/64] is set when node i's rules are in the ICANN section.",
	}
	for _, name := range names {
		writeComment(b, docs[name])
		fmt.Fprintf(b, "var %s = [...]uint64{\n", name)
		for i, w := range bitmaps[name] {
			fmt.Fprintf(b, "%#x,", w)
			if i%4 == 3 || i == len(bitmaps[name])-1 {
				b.WriteByte('\n')
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteString("}\n\n")
	}
}

// emitInts writes the array name of type typ holding vs, with doc as its
// comment.
func emitInts(b *bytes.Buffer, name, typ, doc string, vs []int) {
	writeComment(b, doc)
	fmt.Fprintf(b, "var %s = [...]%s{\n", name, typ)
	for i, v := range vs {
		fmt.Fprintf(b, "%d,", v)
		if i%16 == 15 || i == len(vs)-1 {
			b.WriteByte('\n')
		} else {
			b.WriteByte(' ')
		}
	}
	b.WriteString("}\n\n")
}
