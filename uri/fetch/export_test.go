package fetch

// WPTBadPorts is wptBadPorts, for the tests of package fetch_test.
var WPTBadPorts = wptBadPorts
