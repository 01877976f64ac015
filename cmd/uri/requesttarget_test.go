package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/specuri/specuri/internal/lineartest"
	"github.com/specuri/specuri/uri/httptarget"
)

func TestRequestTargetCommand(t *testing.T) {
	_, errSpace := httptarget.Parse("GET", "/a b")
	_, errConnect := httptarget.Parse("CONNECT", "*")
	_, errPassword := httptarget.Parse("GET", "http://u:p w@h/")
	_, errUserinfo := httptarget.Parse("GET", "http://u:secret@h/")
	_, errEmptyHost := httptarget.Parse("GET", "http:///x")
	_, errNoPort := httptarget.Parse("CONNECT", "h:")
	_, errNoHost := httptarget.Parse("CONNECT", ":80")
	_, errBadPort := httptarget.Parse("CONNECT", "h:99999")
	_, errConnectPassword := httptarget.Parse("CONNECT", "u:s3cret@h:80")
	runCLITests(t, []cliTest{
		{"origin-form", "", []string{"request-target", "GET", "/where?q=now"},
			cliResult{Stdout: `origin-form path="/where" query="q=now"` + "\n"}},
		{"absolute-form", "", []string{"request-target", "GET", "http://www.example.org:8001/pub/WWW/TheProject.html"},
			cliResult{Stdout: `absolute-form scheme="http" host="www.example.org" port="8001" path="/pub/WWW/TheProject.html"` + "\n"}},
		// R1: RFC 9110 §4.2.4 makes userinfo in an http URI an error; a
		// userinfo of another scheme is shown, its password masked.
		{"absolute-form http userinfo refused", "", []string{"request-target", "GET", "http://u:secret@h/"},
			cliResult{Stdout: "error: target: " + errUserinfo.Error() + "\n", Stderr: "*", Status: exitInvalid}},
		{"absolute-form userinfo masked", "", []string{"request-target", "GET", "ftp://u:secret@h/"},
			cliResult{Stdout: `absolute-form scheme="ftp" userinfo="u:xxxxx" host="h" path="/"` + "\n"}},
		{"R1 empty host", "", []string{"request-target", "GET", "http:///x"},
			cliResult{Stdout: "error: target: " + errEmptyHost.Error() + "\n", Stderr: "*", Status: exitInvalid}},
		{"R1 CONNECT ports", "", []string{"request-target", "CONNECT", "h:", ":80", "h:99999", "h:0443"},
			cliResult{Stdout: "error: target: " + errNoPort.Error() + "\n" + "error: target: " + errNoHost.Error() + "\n" +
				"error: target: " + errBadPort.Error() + "\n" + `authority-form host="h" port="0443"` + "\n", Stderr: "*", Status: exitInvalid}},
		// C1: no byte of a password, drawn or not.
		{"C1 path password", "", []string{"request-target", "GET", "http:///u:s3cret@h/"},
			cliResult{Stdout: "error: target: " + errEmptyHost.Error() + "\n", Stderr: "uri request-target: invalid target \"http:///u:xxxxx@h/\"\n" +
				"  error: " + errEmptyHost.Error() + "\n    \"http:///u:xxxxx@h/\"\n            ^\n", Status: exitInvalid}},
		{"C1 CONNECT password", "", []string{"request-target", "CONNECT", "u:s3cret@h:80"},
			cliResult{Stdout: "error: target: " + errConnectPassword.Error() + "\n", Stderr: "uri request-target: invalid target \"u:xxxxx@h:80\"\n" +
				"  error: " + errConnectPassword.Error() + "\n    \"u:xxxxx@h:80\"\n       ^\n", Status: exitInvalid}},
		// R2: method = token.
		{"R2 method with a space", "", []string{"request-target", "GE T", "/x"}, cliResult{Stderr: "*", Status: exitUsage}},
		{"R2 empty method", "", []string{"request-target", "", "/x"}, cliResult{Stderr: "*", Status: exitUsage}},
		// C1: a URI given where METHOD goes has its password masked.
		{"C1 METHOD password", "", []string{"request-target", "http://u:s3cret@h/", "/x"},
			cliResult{Stderr: "uri request-target: METHOD \"http://u:xxxxx@h/\" is not a token (RFC 9110 §9.1): letters, digits and !#$%&'*+-.^_`|~ (see 'uri request-target --help')\n", Status: exitUsage}},
		{"authority-form", "", []string{"request-target", "CONNECT", "www.example.com:80"},
			cliResult{Stdout: `authority-form host="www.example.com" port="80"` + "\n"}},
		{"asterisk-form", "", []string{"request-target", "OPTIONS", "*"}, cliResult{Stdout: "asterisk-form\n"}},
		{"several and stdin", "/a\n\n/b?\r\n", []string{"request-target", "GET", "/x", "-"},
			cliResult{Stdout: `origin-form path="/x"` + "\n" + `origin-form path="/a"` + "\n" + `origin-form path="/b" query=""` + "\n"}},
		{"quoted", `"/a%20b"` + "\n", []string{"request-target", "--quoted", "GET"},
			cliResult{Stdout: `origin-form path="/a%20b"` + "\n"}},
		{"invalid", "", []string{"request-target", "GET", "/a b", "/c"},
			cliResult{Stdout: "error: target: " + errSpace.Error() + "\n" + `origin-form path="/c"` + "\n", Stderr: "*", Status: exitInvalid}},
		{"invalid password masked", "", []string{"request-target", "GET", "http://u:p w@h/"},
			cliResult{Stdout: "error: target: " + errPassword.Error() + "\n", Stderr: "*", Status: exitInvalid}},
		{"json", "", []string{"request-target", "--json", "CONNECT", "www.example.com:80"},
			cliResult{Stdout: `{"method":"CONNECT","target":"www.example.com:80","valid":true,"form":"authority-form","scheme":null,"userinfo":null,"host":"www.example.com","port":"80","path":null,"query":null,"error":null}` + "\n"}},
		{"json invalid", "", []string{"request-target", "--json", "CONNECT", "*"},
			cliResult{Stdout: `{"method":"CONNECT","target":"*","valid":false,"form":null,"scheme":null,"userinfo":null,"host":null,"port":null,"path":null,"query":null,"error":{"offset":1,"rule":"uri-host","message":"` + jsonText(errConnect.Error()) + `"}}` + "\n", Status: exitInvalid}},
		{"no method", "", []string{"request-target"}, cliResult{Stderr: "*", Status: exitUsage}},
	})
}

// jsonText is s as the inside of a JSON string, as the command's encoder
// writes it.
func jsonText(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		panic(err)
	}
	out := bytes.TrimSpace(b.Bytes())
	return string(out[1 : len(out)-1])
}

// TestRequestTargetLinear is TestLinear for request-target: the long
// inputs of TestLinear and origin-forms, as arguments and as lines.
func TestRequestTargetLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("runs for seconds")
	}
	if lineartest.RaceEnabled {
		t.Skip("the race detector changes what costs time")
	}
	ins := append(longInputs[:len(longInputs):len(longInputs)], []struct {
		name string
		make func(n int) string
	}{
		{"origin-form", func(n int) string { return "/" + strings.Repeat("a/", n/2) }},
		{"origin-form then space", func(n int) string { return "/" + strings.Repeat("a", n) + " " }},
		{"authority-form", func(n int) string { return strings.Repeat("a", n) + ":80" }},
	}...)
	for _, c := range []struct {
		args []string
		line string
	}{
		{[]string{"request-target", "GET"}, ""},
		{[]string{"request-target", "--json", "CONNECT"}, ""},
		{[]string{"request-target", "OPTIONS"}, "%s"},
	} {
		for _, in := range ins {
			t.Run(strings.Join(c.args, " ")+"/"+in.name, func(t *testing.T) {
				checkCost(t, c.args, c.line, in.make)
			})
		}
	}
}
