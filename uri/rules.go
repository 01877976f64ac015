package uri

import (
	"fmt"

	"github.com/specuri/specuri/gen/rfc3986"
)

// What a rule of grammar/rfc3986.peg means for the mapping from tokens to
// components (RFC 3986 §3).
type role uint8

const (
	roleNone      role = iota
	roleComponent      // the token's span is a component
	roleHostKind       // the token decides the host's kind
	rolePath           // the token is the path
)

// ruleInfo is what build needs to know of a rule, in one table so that a
// token costs one lookup.
type ruleInfo struct {
	role      role
	component uint8
	hostKind  HostKind
	pathKind  PathKind
}

var (
	infos [rfc3986.NumRules]ruleInfo
	// keptRules are the rules whose tokens pooled parsers record: those
	// build maps, and the entry rules.
	keptRules []rfc3986.Rule

	ruleURI          = mustRule("URI")
	ruleURIReference = mustRule("URI-reference")
	ruleAbsoluteURI  = mustRule("absolute-URI")
	ruleRelativeRef  = mustRule("relative-ref")
	rulePctEncoded   = mustRule("pct-encoded")
)

func mustRule(name string) rfc3986.Rule {
	r, ok := rfc3986.Lookup(name)
	if !ok {
		panic(fmt.Sprintf("uri: grammar has no rule %q", name))
	}
	return r
}

func init() {
	for name, c := range map[string]uint8{
		// The optional components have their own non-empty helper rules
		// around them (query_part, userinfo_at, ...) in the grammar, so a
		// token for the inner rule exists exactly when the component is
		// defined, even when it is empty.
		"scheme":    cScheme,
		"authority": cAuthority,
		"userinfo":  cUserinfo,
		"host":      cHost,
		"port":      cPort,
		"query":     cQuery,
		"fragment":  cFragment,
	} {
		infos[mustRule(name)] = ruleInfo{role: roleComponent, component: c}
	}
	// host = IP-literal / IPv4address / reg-name. An IPv4address inside an
	// IPv6address (ls32) comes before the IPv6address token, which then
	// overrides it, so the last of these before the host token wins.
	for name, k := range map[string]HostKind{
		"IPv6address": IPv6,
		"IPvFuture":   IPvFuture,
		"IPv4address": IPv4,
		"reg-name":    RegName,
	} {
		infos[mustRule(name)] = ruleInfo{role: roleHostKind, hostKind: k}
	}
	for name, k := range map[string]PathKind{
		"path-abempty":  PathAbempty,
		"path-absolute": PathAbsolute,
		"path-noscheme": PathNoscheme,
		"path-rootless": PathRootless,
		"path-empty":    PathEmpty,
	} {
		infos[mustRule(name)] = ruleInfo{role: rolePath, pathKind: k}
	}
	keptRules = []rfc3986.Rule{ruleURI, ruleURIReference, ruleAbsoluteURI, ruleRelativeRef}
	for r := range infos {
		if infos[r].role != roleNone {
			keptRules = append(keptRules, rfc3986.Rule(r))
		}
	}
}
