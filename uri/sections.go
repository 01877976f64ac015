package uri

import (
	"github.com/specuri/specuri/gen/rfc3986"
	"github.com/specuri/specuri/gen/rfc3987"
	"github.com/specuri/specuri/gen/rfc6068"
	"github.com/specuri/specuri/gen/rfc6570"
	"github.com/specuri/specuri/gen/rfc6874"
	"github.com/specuri/specuri/gen/rfc8089"
	"github.com/specuri/specuri/gen/rfc8141"
	"github.com/specuri/specuri/gen/rfc9110"
)

// sectionOf cites the section of the specification that defines the rule
// of that ABNF name, as the grammar files say it ("#section:" lines, the
// generated Rule.Section): a rule of RFC 3986 first, then one that RFC
// 6874, RFC 3987, RFC 6068, RFC 6570 (URI Templates), RFC 8089 (file URIs), RFC 8141 (URNs) or the HTTP grammars
// (RFC 9110, RFC 9112, RFC 6455) add. A name none of them defines is cited
// as RFC 3986 Appendix A.
func sectionOf(rule string) string {
	for _, section := range sectionLookups {
		if s := section(rule); s != "" {
			return s
		}
	}
	return "RFC 3986 Appendix A"
}

// sectionLookups look a rule name up in each generated grammar, in the
// order of sectionOf.
var sectionLookups = [...]func(string) string{
	section(rfc3986.Lookup), section(rfc6874.Lookup), section(rfc3987.Lookup), section(rfc6068.Lookup),
	section(rfc6570.Lookup), section(rfc8089.Lookup), section(rfc8141.Lookup), section(rfc9110.Lookup),
}

// section returns a function that looks a rule name up with lookup and
// returns its section, or "" if the grammar has no such rule.
func section[R interface{ Section() string }](lookup func(string) (R, bool)) func(string) string {
	return func(name string) string {
		if r, ok := lookup(name); ok {
			return r.Section()
		}
		return ""
	}
}
