package publicsuffix

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/specuri/specuri/uri/idna"
)

// TestParseErrors: the line and cause of each rule Parse refuses.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, list string
		line       int
		idnaErr    bool
	}{
		{"empty label", "com\na..b\n", 2, false},
		{"leading dot", ".com\n", 1, false},
		{"star inside", "a.*.com\n", 1, false},
		{"two stars", "*.*.com\n", 1, false},
		{"bare exception", "// c\n!\n", 2, false},
		{"fails domain to ASCII", "a%b.com\nx\n", 1, true},
		{"bad punycode", "xn--abc-é.com\n", 1, true},
		{"long line", "com\n" + strings.Repeat("a", MaxRuleLength+1) + "\n", 2, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tt.list))
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("Parse error = %v, want a *ParseError", err)
			}
			var ie *idna.Error
			if diff := cmp.Diff([]any{tt.line, tt.idnaErr}, []any{pe.Line, errors.As(err, &ie)}); diff != "" {
				t.Errorf("Parse: %v: line, *idna.Error mismatch (-want +got):\n%s", err, diff)
			}
		})
	}
}

// TestParseLimitBeforeWork: a list longer than MaxListSize is refused
// after reading MaxListSize+1 bytes of it, whatever its length.
func TestParseLimitBeforeWork(t *testing.T) {
	r := &countingReader{}
	_, err := Parse(io.LimitReader(r, 1<<40))
	var pe *ParseError
	if !errors.As(err, &pe) || pe.Line != 0 {
		t.Fatalf("Parse error = %v, want a *ParseError for the size", err)
	}
	if r.n > MaxListSize+1+32<<10 {
		t.Errorf("Parse read %d bytes, want about MaxListSize", r.n)
	}
}

// countingReader gives lines "a.b" and counts the bytes read.
type countingReader struct{ n int }

func (r *countingReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = "a.b\n"[(r.n+i)%4]
	}
	r.n += len(p)
	return len(p), nil
}

// TestParseList: sections, comments, text after white space, duplicate
// rules and the three kinds of rule, in a small list.
func TestParseList(t *testing.T) {
	l, err := Parse(strings.NewReader("// header\n// ===BEGIN ICANN DOMAINS===\nuk\nco.uk\nco.uk\n*.ck extra words\n!www.ck\n\n" +
		"// ===END ICANN DOMAINS===\n// ===BEGIN PRIVATE DOMAINS===\n  Blogspot.CO.UK  \n公司.cn\n"))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := l.String(), "Public Suffix List of 6 rules"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	tests := []struct {
		host string
		want Result
	}{
		{"www.example.co.uk", Result{"www.example.co.uk", "co.uk", true, "example.co.uk"}},
		{"a.blogspot.co.uk", Result{"a.blogspot.co.uk", "blogspot.co.uk", false, "a.blogspot.co.uk"}},
		{"a.b.ck", Result{"a.b.ck", "b.ck", true, "a.b.ck"}},
		{"a.www.ck", Result{"a.www.ck", "ck", true, "www.ck"}},
		{"x.公司.cn", Result{"x.xn--55qx5d.cn", "xn--55qx5d.cn", false, "x.xn--55qx5d.cn"}},
		{"example.com", Result{"example.com", "com", false, "example.com"}},
	}
	for _, tt := range tests {
		t.Run(tt.host, func(t *testing.T) {
			got, err := l.Lookup(tt.host)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Lookup(%q) mismatch (-want +got):\n%s", tt.host, diff)
			}
		})
	}
}
