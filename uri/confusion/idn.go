package confusion

import (
	"strings"

	"github.com/specuri/specuri/internal/norm"
	"github.com/specuri/specuri/internal/uts39"
	"github.com/specuri/specuri/uri/idna"
)

// An IDN is how a browser reads an internationalized host: the name it
// contacts (the URL Standard's host parsing, "domain to ASCII", UTS #46)
// and the name it shows (UTS #39). It is read for the special schemes of
// the URL Standard (http, https, ws, wss, ftp, file), whose hosts are
// domains.
type IDN struct {
	// Input is the host given to domain to ASCII: the host of the
	// WHATWG reading, or, when that parser fails, of the reference
	// reading, percent-decoded.
	Input string
	// ASCII is the result of domain to ASCII, the host a browser contacts;
	// empty when Err is not nil.
	ASCII string
	// Err is domain to ASCII's error: a browser refuses the URL; or
	// [ErrHostTooLong] for a host longer than [MaxHost], which is not
	// read.
	Err error
	// UnicodeErr is domain to Unicode's error on ASCII, when domain to
	// ASCII succeeded: an ASCII name is lower-cased by domain to ASCII
	// without UTS #46 (URL Standard, domain to ASCII, step 1), so a browser
	// contacts "xn--a.com" although its "xn--" label decodes to no valid
	// U-label; it shows such a name as it is, in punycode.
	UnicodeErr error
	// Labels are the labels of ASCII, each with its Unicode form.
	Labels []Label
	// Display is the host a browser shows (Chromium's IDN display
	// policy, reduced to the rules of UTS #39 checked here): each
	// label's Unicode form, or its A-label when the label is mixed-script
	// (§5.2), confusable (§4), has mixed numbers (§5.3) or unlikely
	// combining marks (§5.4).
	Display string
	// Punycode reports that Display keeps the A-label of some label
	// that has a Unicode form.
	Punycode bool
	// RegistrableDomain is the registrable domain of ASCII (URL Standard,
	// from the Public Suffix List: package publicsuffix), whose owner the
	// name belongs to; "" when it has none (a public suffix).
	RegistrableDomain string
	// Spells is another registrable domain that the labels left of
	// RegistrableDomain spell, "paypal.com" of "paypal.com.evil.net":
	// a reader who sees it there may take the name for that domain's
	// ([WarnDeceptiveSubdomain]); "" when they spell none.
	Spells string
}

// A Label is one label of an IDN (RFC 5890 §2.3.2.1) and what UTS #39
// says of it.
type Label struct {
	// ASCII is the label as contacted: an A-label ("xn--pple-43d") or an
	// ASCII label; Unicode is its U-label ("аpple"), from domain to
	// Unicode, or the ASCII label itself.
	ASCII, Unicode string
	// Level is the label's restriction level (UTS #39 §5.2): "ASCII-Only",
	// "Single Script", "Highly Restrictive", "Moderately Restrictive or
	// less" (below Highly Restrictive: mixed-script) or "Unrestricted" (a
	// character outside the General Security Profile, §3.1).
	Level string
	// MixedScript reports a level below Highly Restrictive.
	MixedScript bool
	// LatinSpelling is the all-Latin label the U-label is confusable
	// with (UTS #39 §4: equal skeletons), "" when there is none.
	LatinSpelling string
	// SameSkeletonAs is the index of another label of the name with the
	// same skeleton and another spelling (UTS #39 §4), or -1.
	SameSkeletonAs int
	// MixedNumbers reports decimal digits of more than one decimal
	// number system, as in "1२3" (UTS #39 §5.3).
	MixedNumbers bool
	// UnlikelyMarks describes an unlikely sequence of combining marks
	// (UTS #39 §5.4): a repeated nonspacing mark, more than 4 in a row,
	// or one hidden by its base character, as in "i\u0307nfo" (what
	// UTS #46 makes of "İnfo"); "" when there is none.
	UnlikelyMarks string
}

// IsIDN reports whether the label has a Unicode form other than its
// ASCII one: an A-label (RFC 5890 §2.3.2.1).
func (l Label) IsIDN() bool { return l.Unicode != l.ASCII }

// Confusable reports whether the label is confusable with an all-Latin
// spelling or with another label of the name (UTS #39 §4).
func (l Label) Confusable() bool { return l.LatinSpelling != "" || l.SameSkeletonAs >= 0 }

// distrusted reports whether a browser shows the label as its A-label:
// it is an A-label that is mixed-script (UTS #39 §5.2), confusable (§4),
// has mixed numbers (§5.3) or unlikely marks (§5.4).
func (l Label) distrusted() bool {
	return l.IsIDN() && (l.MixedScript || l.Confusable() || l.MixedNumbers || l.UnlikelyMarks != "")
}

// readIDN reads host with domain to ASCII and domain to Unicode and
// judges its labels with UTS #39.
func readIDN(host string) *IDN {
	n := &IDN{Input: host}
	if len(host) > MaxHost {
		n.Err = ErrHostTooLong // before the work
		return n
	}
	ascii, err := idna.ToASCII(host)
	if err != nil {
		n.Err = err
		return n
	}
	uni, err := idna.ToUnicode(ascii)
	if err != nil {
		n.UnicodeErr = err
		uni = ascii
	}
	n.judge(ascii, uni)
	n.Punycode = n.Punycode || n.UnicodeErr != nil
	n.site()
	return n
}

// judge sets the labels and the display of the name ascii, whose Unicode
// form is uni.
func (n *IDN) judge(ascii, uni string) {
	n.ASCII = ascii
	al, ul := strings.Split(ascii, "."), strings.Split(uni, ".")
	if len(al) != len(ul) {
		ul = al
	}
	n.Labels = judgeLabels(al, ul)
	display := make([]string, len(n.Labels))
	for i, l := range n.Labels {
		display[i] = l.Unicode
		if l.distrusted() {
			display[i], n.Punycode = l.ASCII, true
		}
	}
	n.Display = strings.Join(display, ".")
}

// judgeLabels returns the labels with their restriction levels and
// confusables (UTS #39 §4, §5.2). A label's Latin spelling is looked for
// only for U-labels: an ASCII label is its own spelling; and labels are
// compared by skeleton only in a name that has a U-label.
func judgeLabels(ascii, uni []string) []Label {
	labels := make([]Label, len(ascii))
	idn := false
	for i := range ascii {
		l := Label{ASCII: ascii[i], Unicode: uni[i], SameSkeletonAs: -1}
		lv := uts39.RestrictionLevel(l.Unicode)
		l.Level, l.MixedScript = lv.String(), lv > uts39.HighlyRestrictive
		if l.IsIDN() {
			idn = true
			l.LatinSpelling, _ = uts39.LatinConfusable(l.Unicode)
			l.MixedNumbers = uts39.MixedNumbers(l.Unicode)
			if m := uts39.UnlikelyMarks(l.Unicode); m != uts39.MarksNone {
				l.UnlikelyMarks = m.String()
			}
		}
		labels[i] = l
	}
	if idn {
		sameSkeletons(labels)
	}
	return labels
}

// sameSkeletons sets the SameSkeletonAs of each label whose skeleton
// (UTS #39 §4) is that of another label spelled otherwise (another NFD),
// through a map from skeletons: linear in the number of labels.
func sameSkeletons(labels []Label) {
	// For each skeleton, the first label having it and the first one
	// spelled otherwise, or -1.
	type pair struct{ a, b int }
	bySkeleton := map[string]pair{}
	nfd, sks := make([]string, len(labels)), make([]string, len(labels))
	for i, l := range labels {
		nfd[i], sks[i] = norm.NFD(l.Unicode), uts39.Skeleton(l.Unicode)
		p, ok := bySkeleton[sks[i]]
		switch {
		case !ok:
			bySkeleton[sks[i]] = pair{i, -1}
		case p.b < 0 && nfd[p.a] != nfd[i]:
			bySkeleton[sks[i]] = pair{p.a, i}
		}
	}
	for i := range labels {
		if p := bySkeleton[sks[i]]; p.b >= 0 {
			labels[i].SameSkeletonAs = p.b
			if nfd[i] != nfd[p.a] {
				labels[i].SameSkeletonAs = p.a
			}
		}
	}
}
