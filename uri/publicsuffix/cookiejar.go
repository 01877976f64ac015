package publicsuffix

// A CookieJarPublicSuffixList is net/http/cookiejar's PublicSuffixList
// interface (its Options.PublicSuffixList), declared here so that the
// package does not import net/http: PublicSuffix returns the public suffix
// of a domain alone, and String describes the list, as
// golang.org/x/net/publicsuffix.List does. A jar then refuses a cookie
// whose Domain attribute is a public suffix (RFC 6265 §5.3 step 5) and
// keys cookies by EffectiveTLDPlusOne.
type CookieJarPublicSuffixList interface {
	PublicSuffix(domain string) string
	String() string
}

// CookieJarList is the generated list (Default) as net/http/cookiejar
// wants one: Default().CookieJarList().
var CookieJarList = Default().CookieJarList()

// CookieJarList returns l as net/http/cookiejar wants a list (see
// [CookieJarPublicSuffixList]), so that a jar can use a list read with
// [Parse] or the ICANN section alone ([List.ICANN]):
//
//	jar, err := cookiejar.New(&cookiejar.Options{PublicSuffixList: l.CookieJarList()})
func (l *List) CookieJarList() CookieJarPublicSuffixList { return cookieJarList{l} }

type cookieJarList struct{ l *List }

// PublicSuffix returns the public suffix of domain in the list (see
// [List.PublicSuffix]).
func (c cookieJarList) PublicSuffix(domain string) string {
	ps, _ := c.l.PublicSuffix(domain)
	return ps
}

// String returns the package's path and the list's String.
func (c cookieJarList) String() string {
	return "github.com/specuri/specuri/uri/publicsuffix: " + c.l.String()
}
