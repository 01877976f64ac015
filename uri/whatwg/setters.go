package whatwg

import iw "github.com/specuri/specuri/internal/whatwg"

// The setters of the URL Standard's URL class ("URL class"): each With
// method returns u with one attribute set, as `url.hash = value` does in
// a browser, and leaves u as it is. Each runs the basic URL parser on the
// value with u as url and its state override (the host state for the
// host setter, the fragment state for the hash setter, ...). Where the
// standard's setter returns early or the parser returns failure, the URL
// is returned unchanged: the standard's setters other than href never
// throw. A value longer than [MaxHref], or a result whose href would be,
// also leaves u unchanged. On the zero URL every With method but
// [URL.WithHref] returns the zero URL.

// WithHref returns the URL value parses to, with no base (URL Standard,
// the href setter). On failure, where the setter throws a TypeError, it
// returns u and the parse's *[Error].
func (u URL) WithHref(value string) (URL, error) {
	r, err := iw.Set(u.u, iw.SetHref, value)
	if err != nil {
		return u, failure(err)
	}
	return URL{r}, nil
}

// WithProtocol returns u with the scheme value, up to its first ":" (URL
// Standard, the protocol setter: the scheme state given a state
// override). A special scheme does not become a non-special one nor the
// reverse; a URL with credentials or a port does not become a file URL,
// nor does a file URL with an empty host become another. A port that is
// the new scheme's default becomes null.
func (u URL) WithProtocol(value string) URL { return u.set(iw.SetProtocol, value) }

// WithUsername returns u with the username value, percent-encoded with the
// userinfo percent-encode set (URL Standard, the username setter; "set the
// username"). A URL without host, with an empty host or of the scheme
// file has none ("cannot have a username/password/port").
func (u URL) WithUsername(value string) URL { return u.set(iw.SetUsername, value) }

// WithPassword returns u with the password value, percent-encoded with the
// userinfo percent-encode set (URL Standard, the password setter; "set the
// password"), under the same condition as [URL.WithUsername].
func (u URL) WithPassword(value string) URL { return u.set(iw.SetPassword, value) }

// WithHost returns u with the host, and the port if value has one, that
// value parses to (URL Standard, the host setter: the host state given a
// state override). A URL with an opaque path has no host to set. When the
// host parses but the port that follows it does not, the host is set and
// the port is kept.
func (u URL) WithHost(value string) URL { return u.set(iw.SetHost, value) }

// WithHostname returns u with the host value parses to (URL Standard, the
// hostname setter: the hostname state given a state override); a value
// with a port leaves u unchanged.
func (u URL) WithHostname(value string) URL { return u.set(iw.SetHostname, value) }

// WithPort returns u with the port value begins with (URL Standard, the
// port setter: the port state given a state override): the empty value
// makes the port null, digits followed by anything else set the digits,
// and the scheme's default port is null. A URL that cannot have a
// username/password/port has none to set.
func (u URL) WithPort(value string) URL { return u.set(iw.SetPort, value) }

// WithPathname returns u with the path value parses to (URL Standard, the
// pathname setter: the path start state given a state override), where
// "?" and "#" are percent-encoded as part of the path. A URL with an
// opaque path has none to set.
func (u URL) WithPathname(value string) URL { return u.set(iw.SetPathname, value) }

// WithSearch returns u with the query value parses to, without a leading
// "?" (URL Standard, the search setter: the query state given a state
// override); the empty value makes the query null. [URL.SearchParams]
// reads the result as the standard's query object does.
func (u URL) WithSearch(value string) URL { return u.set(iw.SetSearch, value) }

// WithHash returns u with the fragment value parses to, without a leading
// "#" (URL Standard, the hash setter: the fragment state given a state
// override); the empty value makes the fragment null, which drops it.
func (u URL) WithHash(value string) URL { return u.set(iw.SetHash, value) }

// With runs the URL class's setter of the attribute name ("href",
// "protocol", "username", "password", "host", "hostname", "port",
// "pathname", "search" or "hash") with value: [URL.WithHref],
// [URL.WithProtocol], and so on. It returns [ErrSetter] for another name,
// and the href setter's error.
func (u URL) With(name, value string) (URL, error) {
	s, ok := iw.SetterNamed(name)
	if !ok {
		return u, ErrSetter
	}
	if s == iw.SetHref {
		return u.WithHref(value)
	}
	return u.set(s, value), nil
}

func (u URL) set(s iw.Setter, value string) URL {
	if u.IsZero() {
		return u
	}
	r, _ := iw.Set(u.u, s, value)
	return URL{r}
}
