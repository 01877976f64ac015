package rfc9110

import (
	"strings"
	"testing"
)

// TestEveryABNFRuleHasAPEGRule checks the naming chain for the rules of
// RFC 9110 §4, RFC 9112 §3.2 and RFC 6455 §3.
func TestEveryABNFRuleHasAPEGRule(t *testing.T) {
	for _, name := range []string{
		"http-URI", "https-URI", "absolute-path", "uri-host",
		"request-target", "origin-form", "absolute-form", "authority-form", "asterisk-form",
		"ws-URI", "wss-URI",
		"URI", "URI-reference", "absolute-URI", "authority", "host", "port", "path-abempty", "query",
	} {
		t.Run(name, func(t *testing.T) {
			r, ok := Lookup(name)
			if !ok {
				t.Fatalf("Lookup(%q): no such rule", name)
			}
			if got := r.String(); got != name {
				t.Errorf("Lookup(%q).String() = %q", name, got)
			}
			if got, want := r.PEGName(), strings.ReplaceAll(name, "-", "_"); got != want {
				t.Errorf("Lookup(%q).PEGName() = %q, want %q", name, got, want)
			}
			if r.Section() == "" {
				t.Errorf("Lookup(%q).Section() is empty", name)
			}
		})
	}
}

// TestRules matches the rules against whole inputs: the examples of the
// RFCs, and inputs at the edge of each rule.
func TestRules(t *testing.T) {
	tests := []struct {
		rule  string
		input string
		want  bool
	}{
		// RFC 9110 §4.2.1, §4.2.3 (its examples), §4.2.2.
		{"http-URI", "http://www.example.com/", true},
		{"http-URI", "http://example.com:80/~smith/home.html", true},
		{"http-URI", "http://EXAMPLE.com/%7Esmith/home.html", true},
		{"http-URI", "http://EXAMPLE.com:/%7esmith/home.html", true},
		{"http-URI", "HTTP://example.com", true}, // "http" is case-insensitive (RFC 5234 §2.3)
		{"http-URI", "http://example.com?", true},
		{"http-URI", "http:///x", true}, // empty host: syntax allows it, §4.2.1 rejects it semantically
		{"http-URI", "http://u:p@h/", true},
		{"http-URI", "http://h/#f", false}, // no fragment in http-URI
		{"http-URI", "http:/x", false},
		{"http-URI", "https://h/", false},
		{"http-URI", "http", false},
		{"https-URI", "https://www.example.com/", true},
		{"https-URI", "https://[::1]:8443/a?b", true},
		{"https-URI", "http://h/", false},
		// RFC 9112 §3.2.1 to §3.2.4 (their examples).
		{"origin-form", "/where?q=now", true},
		{"origin-form", "/", true},
		{"origin-form", "//x", true}, // 1*( "/" segment ): segments may be empty
		{"origin-form", "/a b", false},
		{"origin-form", "", false},
		{"origin-form", "?q", false},
		{"absolute-form", "http://www.example.org/pub/WWW/TheProject.html", true},
		{"absolute-form", "http://h/#f", false}, // absolute-URI has no fragment
		{"authority-form", "www.example.com:80", true},
		{"authority-form", "[::1]:443", true},
		{"authority-form", "example.com:", true}, // port = *DIGIT
		{"authority-form", "example.com", false},
		{"authority-form", "u@example.com:80", false},
		{"asterisk-form", "*", true},
		{"asterisk-form", "**", false},
		{"request-target", "/where?q=now", true},
		{"request-target", "http://www.example.org/pub/WWW/TheProject.html", true},
		{"request-target", "www.example.com:80", true},
		{"request-target", "1.2.3.4:80", true},
		{"request-target", "a_b:80", true},
		{"request-target", "*", true},
		{"request-target", "*:80", true}, // "*" is a reg-name
		{"request-target", "", false},
		{"request-target", "/a#f", false},
		{"request-target", "a b", false},
		// RFC 6455 §3.
		{"ws-URI", "ws://example.com/chat", true},
		{"ws-URI", "WS://example.com:80?x", true},
		{"ws-URI", "ws://example.com", true},
		{"ws-URI", "ws://u@example.com/", false}, // host, not authority: no userinfo
		{"ws-URI", "ws://example.com/#f", false}, // §3: no fragment
		{"ws-URI", "wss://example.com/", false},
		{"wss-URI", "wss://example.com:443/chat", true},
		{"wss-URI", "wss://[fe80::1]/", true},
		{"wss-URI", "wss:/x", false},
	}
	p := NewParser()
	for _, tt := range tests {
		t.Run(tt.rule+"/"+tt.input, func(t *testing.T) {
			r, ok := Lookup(tt.rule)
			if !ok {
				t.Fatalf("no rule %q", tt.rule)
			}
			if got := p.Match(r, tt.input); got != tt.want {
				t.Errorf("Match(%s, %q) = %v, want %v", tt.rule, tt.input, got, tt.want)
			}
		})
	}
}

// TestRequestTargetForm checks which form the parse tree of
// request-target holds.
func TestRequestTargetForm(t *testing.T) {
	tests := []struct{ input, want string }{
		{"/where?q=now", "origin-form"},
		{"http://h/", "absolute-form"},
		{"www.example.com:80", "absolute-form"}, // also an authority-form; ordered choice takes the first
		{"1.2.3.4:80", "authority-form"},
		{"*", "asterisk-form"},
	}
	p := NewParser()
	rt, _ := Lookup("request-target")
	for _, tt := range tests {
		t.Run(tt.input, func(t *testing.T) {
			if !p.Match(rt, tt.input) {
				t.Fatalf("Match(request-target, %q) = false", tt.input)
			}
			var got string
			for c := range p.Tokens().Children(p.Tokens().Len() - 1) {
				got = Rule(p.Tokens().At(c).Rule).String()
			}
			if got != tt.want {
				t.Errorf("form of %q = %q, want %q", tt.input, got, tt.want)
			}
		})
	}
}
