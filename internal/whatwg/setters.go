package whatwg

import (
	"strconv"
	"strings"
)

// The setters of the URL Standard's URL class ("URL class": the href,
// protocol, username, password, host, hostname, port, pathname, search and
// hash setters). Each returns a new Record and leaves its argument as it
// is; where the standard's setter returns early or the basic URL parser
// returns failure, the Record is returned unchanged. The parser given a
// URL and a state override writes the component it sets after the href
// of the components before it (load), and the components after it are
// copied (appendRest).

// overrideFailure is the kind of a failure only a state override has (the
// standard names no validation error for it).
const overrideFailure = "state-override"

// A Setter names a setter of the URL class.
type Setter uint8

// The setters, in the order of the URL class's IDL.
const (
	SetHref Setter = iota
	SetProtocol
	SetUsername
	SetPassword
	SetHost
	SetHostname
	SetPort
	SetPathname
	SetSearch
	SetHash
)

var setterNames = [...]string{"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"}

// String returns the attribute's name ("href", "protocol", ...).
func (s Setter) String() string {
	if int(s) < len(setterNames) {
		return setterNames[s]
	}
	return "Setter(" + strconv.Itoa(int(s)) + ")"
}

// SetterNamed returns the setter of the attribute name, and false for a
// name that is none.
func SetterNamed(name string) (Setter, bool) {
	for i, n := range setterNames {
		if n == name {
			return Setter(i), true
		}
	}
	return 0, false
}

// Set runs the setter s of the URL class on u with value. Only the href
// setter fails (the standard throws a TypeError): with the parse's
// *Error. A value longer than MaxHref, or a result that would be, leaves
// u as it is.
func Set(u Record, s Setter, value string) (Record, error) {
	if s == SetHref {
		// The href setter: the basic URL parser on value, no base.
		return ParseURL(value, nil, nil)
	}
	if len(value) > MaxHref {
		return u, nil
	}
	var r Record
	var ok bool
	switch s {
	case SetProtocol:
		r, ok = setProtocol(&u, value)
	case SetUsername, SetPassword:
		r, ok = setUserinfo(&u, s == SetPassword, value)
	case SetHost, SetHostname:
		r, ok = setHost(&u, s, value)
	case SetPort:
		r, ok = setPort(&u, value)
	case SetPathname:
		r, ok = setPathname(&u, value)
	case SetSearch:
		r, ok = setSearch(&u, value)
	case SetHash:
		r, ok = setHash(&u, value)
	}
	if !ok {
		return u, nil
	}
	return r, nil
}

// newSetter returns a parser for a setter of u with value: its buffer
// holds the href and the value percent-encoded.
func newSetter(u *Record, value string) *parser {
	p := &parser{ownBuffer: true, url: *u, queryStart: -1, fragStart: -1}
	p.out = make([]byte, 0, len(u.Href)+hrefBound(value)+16)
	return p
}

// runOverride runs the basic URL parser on input given p.url and the
// state override st, p.out holding the href of the components before the
// one st sets (load). It reports whether the parser did not return
// failure.
func (p *parser) runOverride(input string, st state) bool {
	p.src.initOverride(input)
	p.in = p.src.s
	p.override = st
	// The host states read up to the end of the authority's text.
	p.authEnd = len(p.in)
	stop := p.stopSet()
	for i := 0; i < len(p.in); i++ {
		if stop[p.in[i]] != 0 {
			p.authEnd = i
			break
		}
	}
	for st != done {
		st = p.step(st)
	}
	return p.err == nil
}

// hasDotPath reports a URL without host whose path begins with "//": its
// href has "/." before the path (URL Standard, "URL serializing", step 3).
func hasDotPath(u *Record) bool {
	return u.Kind == NoHost && !u.OpaquePath && u.PathStart == u.SchemeEnd+3
}

// load sets p to the state of a parse of u that has written the href of
// u up to offset cut (a component boundary), without the "/." that finish
// writes again when the path still needs it.
func (p *parser) load(u *Record, cut int) {
	dot := 0
	if hasDotPath(u) && cut >= int(u.PathStart) {
		dot = 2
		p.out = append(p.out, u.Href[:u.SchemeEnd+1]...)
		p.out = append(p.out, u.Href[u.PathStart:cut]...)
	} else {
		p.out = append(p.out, u.Href[:cut]...)
	}
	p.setScheme(int(u.SchemeEnd))
	p.userEnd, p.hostStart, p.hostEnd = int(u.UserEnd), int(u.HostStart), int(u.HostEnd)
	p.pathStart = int(u.PathStart) - dot
	p.queryStart, p.fragStart = -1, -1
	if u.HasQuery() && int(u.QueryStart) < cut {
		p.queryStart = int(u.QueryStart) - dot
	}
	p.kind, p.opaque = u.Kind, u.OpaquePath
}

// The components of a URL, in the order of its href, for appendRest.
const (
	cUser = iota
	cHost
	cPort
	cPath
	cQuery
	cFragment
)

// appendRest appends u.Href[from:to], where the component first begins
// (cUser at the end of the scheme), and sets the offsets of that
// component and those after it up to to, less the "/." before a path
// beginning with "//" in a URL without host, which finish writes again
// when it is needed.
func (p *parser) appendRest(u *Record, first int, from, to int) {
	delta := len(p.out) - from
	dotAt := -1
	if hasDotPath(u) && from <= int(u.SchemeEnd)+1 {
		dotAt = int(u.SchemeEnd) + 1
	}
	shift := func(o uint32) int {
		if dotAt >= 0 && int(o) > dotAt {
			return int(o) + delta - 2
		}
		return int(o) + delta
	}
	set := func(c int, o uint32) bool { return c >= first && int(o) <= to }
	if dotAt >= 0 && dotAt+2 <= to {
		p.out = append(p.out, u.Href[from:dotAt]...)
		p.out = append(p.out, u.Href[dotAt+2:to]...)
	} else {
		p.out = append(p.out, u.Href[from:to]...)
	}
	if set(cUser, u.UserEnd) {
		p.userEnd = shift(u.UserEnd)
	}
	if set(cHost, u.HostEnd) {
		p.hostStart, p.hostEnd = shift(u.HostStart), shift(u.HostEnd)
	}
	if set(cPath, u.PathStart) {
		p.pathStart = shift(u.PathStart)
	}
	if u.HasQuery() && set(cQuery, u.QueryStart) {
		p.queryStart = shift(u.QueryStart)
	}
	if u.HasFragment() && set(cFragment, u.FragStart) {
		p.fragStart = shift(u.FragStart)
	}
}

// record is finish for a setter: the new Record, false if its href
// would be too long.
func (p *parser) record() (Record, bool) {
	var r Record
	err := p.finish(p.url.Href, &r)
	return r, err == nil
}

// setProtocol is the protocol setter: the basic URL parser on value and
// ":" given the URL and the scheme start state as state override.
func setProtocol(u *Record, value string) (Record, bool) {
	p := newSetter(u, value)
	p.kind, p.opaque = u.Kind, u.OpaquePath
	if !p.runOverride(value+":", sSchemeStartState) {
		return Record{}, false
	}
	return p.record()
}

// cannotHaveCredentials is the URL Standard's "cannot have a
// username/password/port": a null or empty host, or the scheme "file".
func cannotHaveCredentials(u *Record) bool {
	return u.Kind == NoHost || u.Kind == Empty || u.Scheme() == "file"
}

// setUserinfo is the username setter, or with password the password
// setter: unless the URL cannot have a username/password/port, "set the
// username" or "set the password" (URL Standard, "URL miscellaneous"):
// value, UTF-8 percent-encoded with the userinfo percent-encode set.
func setUserinfo(u *Record, password bool, value string) (Record, bool) {
	if cannotHaveCredentials(u) {
		return Record{}, false
	}
	p := newSetter(u, value)
	p.load(u, int(u.SchemeEnd)+3) // "scheme://"
	user, pass := u.Username(), u.Password()
	if password {
		p.out = append(p.out, user...)
		p.userEnd = len(p.out)
		if value != "" {
			p.out = append(p.out, ':')
			p.out = appendEncoded(p.out, value, &userinfoSet)
		}
	} else {
		p.out = appendEncoded(p.out, value, &userinfoSet)
		p.userEnd = len(p.out)
		if pass != "" {
			p.out = append(p.out, ':')
			p.out = append(p.out, pass...)
		}
	}
	// The URL serializer's "@" after non-empty credentials.
	if len(p.out) > int(u.SchemeEnd)+3 {
		p.out = append(p.out, '@')
	}
	p.appendRest(u, cHost, int(u.HostStart), len(u.Href))
	return p.record()
}

// setHost is the host setter (s SetHost) or the hostname setter: unless
// the URL has an opaque path, the basic URL parser on value given the URL
// and the host state or hostname state as state override. A port that
// fails after the host has been set leaves the host set and the port as
// it was (the parser modifies url as it goes).
func setHost(u *Record, s Setter, value string) (Record, bool) {
	if u.OpaquePath {
		return Record{}, false
	}
	p := newSetter(u, value)
	if u.Kind == NoHost {
		p.load(u, int(u.SchemeEnd)+1)
		p.out = append(p.out, '/', '/')
		p.userEnd, p.hostStart = len(p.out), len(p.out)
	} else {
		p.load(u, int(u.HostStart))
	}
	st := sHostState
	if s == SetHostname {
		st = sHostnameState
	}
	ok := p.runOverride(value, st)
	switch {
	case !p.hostSet:
		return Record{}, false
	case ok && p.portSet:
		p.appendRest(u, cPath, int(u.PathStart), len(u.Href))
	default:
		p.out = p.out[:p.hostEnd]
		p.appendRest(u, cPort, int(u.HostEnd), len(u.Href))
	}
	return p.record()
}

// setPort is the port setter: unless the URL cannot have a
// username/password/port, the port is null for the empty value, and
// otherwise the basic URL parser runs on value given the URL and the port
// state as state override.
func setPort(u *Record, value string) (Record, bool) {
	if cannotHaveCredentials(u) {
		return Record{}, false
	}
	p := newSetter(u, value)
	p.load(u, int(u.HostEnd))
	if value != "" && !p.runOverride(value, sPortState) {
		return Record{}, false
	}
	p.appendRest(u, cPath, int(u.PathStart), len(u.Href))
	return p.record()
}

// setPathname is the pathname setter: unless the URL has an opaque path,
// its path is emptied and the basic URL parser runs on value given the
// URL and the path start state as state override.
func setPathname(u *Record, value string) (Record, bool) {
	if u.OpaquePath {
		return Record{}, false
	}
	p := newSetter(u, value)
	p.load(u, int(u.PathStart))
	p.pathStart = len(p.out)
	p.runOverride(value, sPathStartState)
	p.appendRest(u, cQuery, int(u.QueryStart), len(u.Href))
	return p.record()
}

// setSearch is the search setter: the empty value makes the query null;
// otherwise the query is set to the empty string and the basic URL parser
// runs on value without a leading "?" given the URL and the query state as
// state override. (The standard's query object is [URL.SearchParams]'s
// reading of the result.)
func setSearch(u *Record, value string) (Record, bool) {
	p := newSetter(u, value)
	p.load(u, int(u.QueryStart))
	if value != "" {
		p.startQuery()
		p.runOverride(strings.TrimPrefix(value, "?"), sQueryState)
	}
	p.appendRest(u, cFragment, int(u.FragStart), len(u.Href))
	return p.record()
}

// setHash is the hash setter: the empty value makes the fragment null;
// otherwise the fragment is set to the empty string and the basic URL
// parser runs on value without a leading "#" given the URL and the
// fragment state as state override.
func setHash(u *Record, value string) (Record, bool) {
	p := newSetter(u, value)
	p.load(u, int(u.FragStart))
	if value != "" {
		p.startFragment()
		p.runOverride(strings.TrimPrefix(value, "#"), sFragmentState)
	}
	return p.record()
}
