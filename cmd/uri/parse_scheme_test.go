package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestParseSchemeRules checks the scheme-rules section of uri parse and
// --scheme-rules, in the human and the JSON forms.
func TestParseSchemeRules(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		stdout string
		status int
	}{
		{"urn human", []string{"parse", "urn:example:a?+r#"}, `"urn:example:a?+r#"
  scheme    "urn"
  userinfo  (undefined)
  host      (undefined)
  port      (undefined)
  path      "example:a"  path-rootless
  query     "+r"
  fragment  ""
  scheme rules (urn)
    ok
    nid  "example"
    nss  "a"
    r    "r"
    q    (undefined)
    f    ""
`, exitOK},
		{"bad urn human, shown only", []string{"parse", "urn:-bad:x"}, `"urn:-bad:x"
  scheme    "urn"
  userinfo  (undefined)
  host      (undefined)
  port      (undefined)
  path      "-bad:x"  path-rootless
  query     (undefined)
  fragment  (undefined)
  scheme rules (urn)
    error: ` + badURNMessage + `
      "urn:-bad:x"
           ^
`, exitOK},
		{"bad urn human, --scheme-rules", []string{"parse", "--scheme-rules", "urn:-bad:x"}, `"urn:-bad:x"
  error: ` + badURNMessage + `
    "urn:-bad:x"
         ^
`, exitInvalid},
		{"urn json", []string{"parse", "--json", "URN:EX:a?=q"},
			`{"input":"URN:EX:a?=q","valid":true,"scheme":"URN","userinfo":null,"host":null,"hostKind":null,"port":null,"path":"EX:a","query":"=q","fragment":null,"error":null,` +
				`"schemeRules":{"scheme":"urn","error":null,"urn":{"nid":"EX","nss":"a","r":null,"q":"q","f":null}}}` + "\n", exitOK},
		{"bad urn json", []string{"parse", "--json", "urn:ex:"},
			`{"input":"urn:ex:","valid":true,"scheme":"urn","userinfo":null,"host":null,"hostKind":null,"port":null,"path":"ex:","query":null,"fragment":null,"error":null,` +
				`"schemeRules":{"scheme":"urn","error":{"offset":7,"rule":"assigned-name","message":"uri: invalid urn URI (namestring): unexpected end of input at offset 7 after assigned-name (RFC 8141 §2)"},"urn":null}}` + "\n", exitOK},
		{"bad urn json, --scheme-rules", []string{"parse", "--json", "--scheme-rules", "urn:ex:"},
			`{"input":"urn:ex:","valid":false,"scheme":"urn","userinfo":null,"host":null,"hostKind":null,"port":null,"path":"ex:","query":null,"fragment":null,` +
				`"error":{"offset":7,"rule":"assigned-name","message":"uri: invalid urn URI (namestring): unexpected end of input at offset 7 after assigned-name (RFC 8141 §2)"},` +
				`"schemeRules":{"scheme":"urn","error":{"offset":7,"rule":"assigned-name","message":"uri: invalid urn URI (namestring): unexpected end of input at offset 7 after assigned-name (RFC 8141 §2)"},"urn":null}}` + "\n", exitInvalid},
		{"mailto json", []string{"parse", "--json", "--scheme-rules", "mailto:a@b?x"},
			`{"input":"mailto:a@b?x","valid":false,"scheme":"mailto","userinfo":null,"host":null,"hostKind":null,"port":null,"path":"a@b","query":"x","fragment":null,` +
				`"error":{"offset":12,"rule":"hfname","message":"uri: invalid mailto URI (mailtoURI): unexpected end of input at offset 12 after hfname (RFC 6068 §2)"},` +
				`"mailto":{"to":null,"headers":null,"error":{"offset":12,"rule":"hfname","message":"uri: invalid mailtoURI: unexpected end of input at offset 12 after hfname (RFC 6068 §2)"}},` +
				`"schemeRules":{"scheme":"mailto","error":{"offset":12,"rule":"hfname","message":"uri: invalid mailto URI (mailtoURI): unexpected end of input at offset 12 after hfname (RFC 6068 §2)"}}}` + "\n", exitInvalid},
		{"no rules, --scheme-rules", []string{"parse", "--json", "--scheme-rules", "foo:-bad:x"},
			`{"input":"foo:-bad:x","valid":true,"scheme":"foo","userinfo":null,"host":null,"hostKind":null,"port":null,"path":"-bad:x","query":null,"fragment":null,"error":null}` + "\n", exitOK},
		{"data human", []string{"parse", "data:text/plain;charset=utf-8;base64,SGk=#x", "data:;base64,SGk"}, `"data:text/plain;charset=utf-8;base64,SGk=#x"
  scheme    "data"
  userinfo  (undefined)
  host      (undefined)
  port      (undefined)
  path      "text/plain;charset=utf-8;base64,SGk="  path-rootless
  query     (undefined)
  fragment  "x"
  scheme rules (data)
    ok
    media type "text/plain;charset=utf-8"
    param   "charset" = "utf-8"
    base64  true
    size    2 bytes decoded

"data:;base64,SGk"
  scheme    "data"
  userinfo  (undefined)
  host      (undefined)
  port      (undefined)
  path      ";base64,SGk"  path-rootless
  query     (undefined)
  fragment  (undefined)
  scheme rules (data)
    ok
    media type "text/plain;charset=US-ASCII"
    param   "charset" = "US-ASCII"
    base64  true
    size    (none: dataurl: an incomplete base64 quantum (RFC 2045 §6.8): invalid base64 data)
`, exitOK},
		{"data json", []string{"parse", "--json", "data:,A%20brief", "data:text,x"},
			`{"input":"data:,A%20brief","valid":true,"scheme":"data","userinfo":null,"host":null,"hostKind":null,"port":null,"path":",A%20brief","query":null,"fragment":null,"error":null,` +
				`"schemeRules":{"scheme":"data","error":null,"data":{"mediaType":"text/plain;charset=US-ASCII","type":"text/plain","params":[{"attribute":"charset","value":"US-ASCII"}],"base64":false,"size":7}}}` + "\n" +
				`{"input":"data:text,x","valid":true,"scheme":"data","userinfo":null,"host":null,"hostKind":null,"port":null,"path":"text,x","query":null,"fragment":null,"error":null,` +
				`"schemeRules":{"scheme":"data","error":{"offset":9,"rule":"type","message":"uri: invalid data URI (dataurl): byte 0x2c at offset 9 violates type (RFC 2045 §5.1); a media type is type \"/\" subtype, each a token, then \";attribute=value\" parameters; write a tspecial of a value percent-encoded"}}}` + "\n", exitOK},
		{"mailto human, --scheme-rules", []string{"parse", "--scheme-rules", "mailto:u:v@h?x"}, `"mailto:u:v@h?x"
  error: uri: invalid mailto URI (mailtoURI): byte 0x3a at offset 8 violates local-part (RFC 6068 §2)
    "mailto:u:v@h?x"
             ^
`, exitInvalid},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, _, status := runCmd(t, "", tt.args...)
			if diff := cmp.Diff(tt.stdout, out); diff != "" {
				t.Errorf("uri %q mismatch (-want +got):\n%s", tt.args, diff)
			}
			if status != tt.status {
				t.Errorf("uri %q: status %d, want %d", tt.args, status, tt.status)
			}
		})
	}
}

const badURNMessage = `uri: invalid urn URI (namestring): byte 0x2d at offset 4 violates NID (RFC 8141 §2.1); a URN's NID is 2 to 32 letters, digits and "-", and neither starts nor ends with "-"`

// TestCompareURNCLI checks that uri compare uses URN-equivalence (RFC
// 8141 §3.1).
func TestCompareURNCLI(t *testing.T) {
	tests := []struct {
		a, b, want string
		status     int
	}{
		{"urn:example:a123", "URN:EXAMPLE:a123", "scheme-based\n", exitOK},
		{"urn:example:a123", "urn:example:a123?+r#f", "scheme-based\n", exitOK},
		{"urn:example:a-", "urn:example:a%2D", "different: NSS\n", exitDifferent},
		{"urn:example:a/../b", "urn:example:b", "different: NSS\n", exitDifferent},
	}
	for _, tt := range tests {
		t.Run(tt.a+" "+tt.b, func(t *testing.T) {
			out, _, status := runCmd(t, "", "compare", tt.a, tt.b)
			if diff := cmp.Diff(tt.want, out); diff != "" {
				t.Errorf("uri compare %q %q mismatch (-want +got):\n%s", tt.a, tt.b, diff)
			}
			if status != tt.status {
				t.Errorf("uri compare %q %q: status %d, want %d", tt.a, tt.b, status, tt.status)
			}
		})
	}
}

// TestParseSchemeSections: the scheme sections of file URIs (the path in
// each style, RFC 8089) and of http and ws URIs (the origin, RFC 6454).
func TestParseSchemeSections(t *testing.T) {
	runCLITests(t, []cliTest{
		{"file", "", []string{"parse", "--json", "file://localhost/C:/a%20b", "file://server/share/x"},
			cliResult{Stdout: `{"input":"file://localhost/C:/a%20b","valid":true,"scheme":"file","userinfo":null,"host":"localhost","hostKind":"reg-name","port":null,"path":"/C:/a%20b","query":null,"fragment":null,"error":null,"schemeRules":{"scheme":"file","error":null,"file":{"posix":"/C:/a b","windows":"C:\\a b"}}}` + "\n" +
				`{"input":"file://server/share/x","valid":true,"scheme":"file","userinfo":null,"host":"server","hostKind":"reg-name","port":null,"path":"/share/x","query":null,"fragment":null,"error":null,"schemeRules":{"scheme":"file","error":null,"file":{"posix":null,"windows":"\\\\server\\share\\x"}}}` + "\n"}},
		{"origin", "", []string{"parse", "--json", "WSS://Example.com:443/chat"},
			cliResult{Stdout: `{"input":"WSS://Example.com:443/chat","valid":true,"scheme":"WSS","userinfo":null,"host":"Example.com","hostKind":"reg-name","port":"443","path":"/chat","query":null,"fragment":null,"error":null,"schemeRules":{"scheme":"wss","error":null,"origin":"wss://example.com","registrableDomain":"example.com"}}` + "\n"}},
	})
}
