package publicsuffix

// CookieJarList is the generated list as net/http/cookiejar wants one
// (its Options.PublicSuffixList, the interface PublicSuffixList), without
// this package importing net/http: its PublicSuffix returns the public
// suffix of a domain alone, and String the list's version, as
// golang.org/x/net/publicsuffix.List does. A jar then refuses a cookie
// whose Domain attribute is a public suffix (RFC 6265 §5.3 step 5) and
// keys cookies by EffectiveTLDPlusOne.
var CookieJarList = cookieJarList{}

type cookieJarList struct{}

// PublicSuffix returns the public suffix of domain (see [PublicSuffix]).
func (cookieJarList) PublicSuffix(domain string) string {
	ps, _ := PublicSuffix(domain)
	return ps
}

// String returns the package's path and ListVersion.
func (cookieJarList) String() string {
	return "github.com/specuri/specuri/uri/publicsuffix " + ListVersion
}
