package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTemplateExpand(t *testing.T) {
	dir := t.TempDir()
	vars := filepath.Join(dir, "vars.json")
	// RFC 6570 §3.2 variables, with an object whose order is kept.
	const varsJSON = `{"var": "value", "hello": "Hello World!", "list": ["red", "green", "blue"],
		"keys": {"semi": ";", "dot": ".", "comma": ","}, "word": "drücken", "n": 6, "undef": null}`
	if err := os.WriteFile(vars, []byte(varsJSON), 0o600); err != nil {
		t.Fatal(err)
	}
	runCLITests(t, []cliTest{
		{"RFC 6570 examples", "", []string{"template", "expand", "--vars", vars, "{var}", "{hello}", "{+hello}", "{list*}", "{?keys*}", "X{.undef}", "{n}"},
			cliResult{Stdout: "value\nHello%20World%21\nHello%20World!\nred,green,blue\n?semi=%3B&dot=.&comma=%2C\nX\n6\n", Status: exitOK}},
		{"no variables", "", []string{"template", "expand", "/a{/b}{?c}"},
			cliResult{Stdout: "/a\n", Stderr: "uri template expand: warning: none of the template's variables is defined; give them with --var NAME=VALUE or --vars FILE\n", Status: exitOK}},
		{"variables from standard input", `{"id": "42"}`, []string{"template", "expand", "--vars", "-", "/users/{id}"},
			cliResult{Stdout: "/users/42\n", Status: exitOK}},
		{"templates from standard input", "{var}\n\n/x{/var}\r\n", []string{"template", "expand", "--vars", vars},
			cliResult{Stdout: "value\n/x/value\n", Status: exitOK}},
		{"UTF-8 octets or an IRI", "", []string{"template", "expand", "--vars", vars, "{word}", "{word}", "--iri"},
			cliResult{Stdout: "drücken\ndrücken\n", Status: exitOK}},
		{"percent-encoded without --iri", "", []string{"template", "expand", "--vars", vars, "{word}"},
			cliResult{Stdout: "dr%C3%BCcken\n", Status: exitOK}},
		{"json", "", []string{"template", "expand", "--json", "--vars", vars, "{var}", "{var:0}"},
			cliResult{Stdout: `{"template":"{var}","expansion":"value","error":null}` + "\n" +
				`{"template":"{var:0}","expansion":null,"error":{"offset":4,"rule":"variable-list","message":"uri: invalid URI-Template: byte 0x3a at offset 4 cannot follow variable-list (RFC 6570 §2.3); a prefix modifier is \":\" and a max-length of 1 to 9999"}}` + "\n",
				Status: exitInvalid}},
		{"invalid template", "", []string{"template", "expand", "{var", "ok"},
			cliResult{Stdout: "error: uri: invalid URI-Template: unexpected end of input at offset 4 after variable-list (RFC 6570 §2.3)\nok\n",
				Stderr: "*", Status: exitInvalid}},
		{"prefix on a list", "", []string{"template", "expand", "--vars", vars, "{list:1}"},
			cliResult{Stdout: "error: template: expression at offset 0: prefix modifier on variable \"list\", whose value is a list or associative array (RFC 6570 §2.4.1)\n",
				Stderr: "*", Status: exitInvalid}},
		{"vars not an object", "", []string{"template", "expand", "--vars", "-", "{x}"},
			cliResult{Stderr: "*", Status: exitUsage}},
		{"vars and templates on standard input", `{}`, []string{"template", "expand", "--vars", "-"},
			cliResult{Stderr: "*", Status: exitUsage}},
		{"expanded literally", `{"f": "a#b?c", "p": "@evil.com/"}`, []string{"template", "expand", "--vars", "-", "{#f}", "http://example.com{+p}"},
			cliResult{Stdout: "#a#b?c\nhttp://example.com@evil.com/\n", Status: exitOK}},
		{"checked", `{"f": "a#b?c"}`, []string{"template", "expand", "--check", "--vars", "-", "x{#f}", "{f}"},
			cliResult{Stdout: "error: template: the expansion of the part at offset 1 makes the result no reference (RFC 3986 §4.1; ExpandOptions Check, RFC 6570 §3): uri: invalid URI-reference: byte 0x23 at offset 3 cannot follow fragment (RFC 3986 §3.5)\na%23b%3Fc\n",
				Stderr: "uri template expand: cannot expand template \"x{#f}\"\n  error: template: the expansion of the part at offset 1 makes the result no reference (RFC 3986 §4.1; ExpandOptions Check, RFC 6570 §3): uri: invalid URI-reference: byte 0x23 at offset 3 cannot follow fragment (RFC 3986 §3.5)\n    \"x{#f}\"\n      ^\n",
				Status: exitInvalid}},
		{"expansion error drawn at its expression", `{"list": ["a"]}`, []string{"template", "expand", "--vars", "-", "http://u:pw@h/x{list:1}"},
			cliResult{Stdout: "error: template: expression at offset 15: prefix modifier on variable \"list\", whose value is a list or associative array (RFC 6570 §2.4.1)\n",
				Stderr: "uri template expand: cannot expand template \"http://u:xxxxx@h/x{list:1}\"\n  error: template: expression at offset 15: prefix modifier on variable \"list\", whose value is a list or associative array (RFC 6570 §2.4.1)\n    \"http://u:xxxxx@h/x{list:1}\"\n                       ^\n",
				Status: exitInvalid}},
		{"missing vars file", "", []string{"template", "expand", "--vars", filepath.Join(dir, "none.json"), "{x}"},
			cliResult{Stderr: "uri template expand: --vars: no such file or directory\n", Status: exitUsage}},
	})
}

func TestTemplateMatchSet(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	routes := write("routes", "users://{id}/profile\r\n\nusers://{id}/posts{/post}\nfile:///{+path}\n")
	overlap := write("overlap", "/users/{id}\n/users/me\n")
	ambiguous := write("ambiguous", "/x\n{a}{b}\n")
	files := write("files", "file:///{+path}\n")
	runCLITests(t, []cliTest{
		{"routes", "", []string{"template", "match", "--set", routes, "users://42/profile", "users://42/posts/7", "file:///a/b", "users://42"},
			cliResult{Stdout: `{"template":"users://{id}/profile","vars":{"id":"42"}}` + "\n" +
				`{"template":"users://{id}/posts{/post}","vars":{"id":"42","post":"7"}}` + "\n" +
				`{"template":"file:///{+path}","vars":{"path":"a/b"}}` + "\n" +
				`{"error":"template: no match, closest \"users://{id}/profile\": at offset 10 (template offset 12): the URI ends where the template has a literal"}` + "\n",
				Status: exitInvalid}},
		{"json", "", []string{"template", "match", "--json", "--set", routes, "users://42/profile"},
			cliResult{Stdout: `{"template":"users://{id}/profile","uri":"users://42/profile","vars":{"id":"42"},"raw":{"id":"42"},"error":null}` + "\n", Status: exitOK}},
		{"overlap", "", []string{"template", "match", "--set", overlap, "/users/42"},
			cliResult{Stdout: `{"error":"template: \"/users/me\" overlaps \"/users/{id}\", added before: both match \"/users/me\""}` + "\n",
				Stderr: "uri template match: --set line 2: template: \"/users/me\" overlaps \"/users/{id}\", added before: both match \"/users/me\"\n",
				Status: exitInvalid}},
		{"ambiguous", "", []string{"template", "match", "--set", ambiguous},
			cliResult{Stderr: "*", Status: exitInvalid}},
		{"traversal refused", "", []string{"template", "match", "--set", files, "file:///..%2F..%2Fetc%2Fpasswd"},
			cliResult{Stdout: `{"error":"template: no match, closest \"file:///{+path}\": at offset 8 (template offset 8), variable \"path\": {+path}: the value has an encoded \"/\" or \"\\\""}` + "\n", Status: exitInvalid}},
		{"traversal allowed", "", []string{"template", "match", "--allow-traversal", "--set", files, "file:///..%2F..%2Fetc%2Fpasswd"},
			cliResult{Stdout: `{"template":"file:///{+path}","vars":{"path":"../../etc/passwd"}}` + "\n", Status: exitOK}},
		{"missing file", "", []string{"template", "match", "--set", filepath.Join(dir, "none")},
			cliResult{Stderr: "uri template match: --set: no such file or directory\n", Status: exitUsage}},
	})
}

func TestTemplateMatch(t *testing.T) {
	runCLITests(t, []cliTest{
		{"MCP resource template", "", []string{"template", "match", "users://{id}/profile", "users://42/profile", "users://42/x"},
			cliResult{Stdout: `{"id":"42"}` + "\n" + `{"error":"template: no match at offset 10 (template offset 12): the URI has \"x\" at offset 11, where the template's literal goes on"}` + "\n", Status: exitInvalid}},
		{"lists and pairs in URI order", "", []string{"template", "match", "/s{/q}{?keys*}", "/s/a,b?z=1&y=2"},
			cliResult{Stdout: `{"q":["a","b"],"keys":{"z":"1","y":"2"}}` + "\n", Status: exitOK}},
		{"query in any order", "", []string{"template", "match", "/s{?a,b}", "/s?b=2&a=1", "/s?a=1"},
			cliResult{Stdout: `{"a":"1","b":"2"}` + "\n" + `{"a":"1","b":null}` + "\n", Status: exitOK}},
		{"unknown query pair", "", []string{"template", "match", "/s{?a}", "/s?a=1&z=9"},
			cliResult{Stdout: `{"error":"template: no match at offset 7 (template offset 2): {?a}: a pair whose name is none of the variables"}` + "\n", Status: exitInvalid}},
		{"form query", "", []string{"template", "match", "--form-query", "/search{?q}", "/search?q=a+b"},
			cliResult{Stdout: `{"q":"a b"}` + "\n", Status: exitOK}},
		{"unknown query pair ignored", "", []string{"template", "match", "--ignore-unknown-query", "/s{?a}", "/s?a=1&z=9"},
			cliResult{Stdout: `{"a":"1"}` + "\n", Status: exitOK}},
		{"repeated variable", "", []string{"template", "match", "/x/{v}/{v}", "/x/1/2", "/x/1/1"},
			cliResult{Stdout: `{"error":"template: no match at offset 5 (template offset 7), variable \"v\": {v}: the variable occurs with another value earlier in the URI (RFC 6570 §3.2.1)"}` + "\n" + `{"v":"1"}` + "\n", Status: exitInvalid}},
		{"traversal decoded", "", []string{"template", "match", "file:///{path}", "file:///..%2F..%2Fetc%2Fpasswd"},
			cliResult{Stdout: `{"path":"../../etc/passwd"}` + "\n", Status: exitOK}},
		{"traversal refused", "", []string{"template", "match", "--no-traversal", "file:///{path}", "file:///..%2F..%2Fetc%2Fpasswd", "file:///a%20b"},
			cliResult{Stdout: `{"error":"template: no match at offset 8 (template offset 8), variable \"path\": {path}: the value has an encoded \"/\" or \"\\\""}` + "\n" + `{"path":"a b"}` + "\n", Status: exitInvalid}},
		{"ambiguous template", "", []string{"template", "match", "{a}{b}", "xy", "z"},
			cliResult{Stdout: strings.Repeat(`{"error":"template: ambiguous for matching at offset 3: the URI \"A\" splits two ways: {a} may end where {b} begins, or go on (a = \"A\", or b = \"A\")"}`+"\n", 2),
				Stderr: "*", Status: exitInvalid}},
		{"json with raw values", "", []string{"template", "match", "--json", "/p/{a}{?b}", "/p/x%20y?b=%2F"},
			cliResult{Stdout: `{"uri":"/p/x%20y?b=%2F","vars":{"a":"x y","b":"/"},"raw":{"a":"x%20y","b":"%2F"},"error":null}` + "\n", Status: exitOK}},
		{"json no match", "", []string{"template", "match", "--json", "/p/{a}", "/q"},
			cliResult{Stdout: `{"uri":"/q","vars":null,"raw":null,"error":{"offset":0,"rule":"","message":"template: no match at offset 0 (template offset 0): the URI has \"q\" at offset 1, where the template's literal goes on"}}` + "\n", Status: exitInvalid}},
		{"URIs from standard input", "/p/1\n/p/2\n", []string{"template", "match", "/p/{a}"},
			cliResult{Stdout: `{"a":"1"}` + "\n" + `{"a":"2"}` + "\n", Status: exitOK}},
		{"password masked", "", []string{"template", "match", "http://{user}:{pw}@h/{p}", "http://u:s3cret@h/s3cret%2Cx"},
			cliResult{Stdout: `{"user":"u","pw":"xxxxx","p":"xxxxx,x"}` + "\n", Status: exitOK}},
		{"password masked, list", "", []string{"template", "match", "http://{user}:{pw}@h/", "http://u:a,b@h/"},
			cliResult{Stdout: `{"user":"u","pw":"xxxxx"}` + "\n", Status: exitOK}},
		{"password as written with --json", "", []string{"template", "match", "--json", "http://{user}:{pw}@h/", "http://u:s3cret@h/"},
			cliResult{Stdout: `{"uri":"http://u:s3cret@h/","vars":{"user":"u","pw":"s3cret"},"raw":{"user":"u","pw":"s3cret"},"error":null}` + "\n", Status: exitOK}},
		{"ambiguous template, no URI", "", []string{"template", "match", "{a}{b}"},
			cliResult{Stderr: "*", Status: exitInvalid}},
		{"invalid template, no URI", "", []string{"template", "match", "{a"},
			cliResult{Stderr: "*", Status: exitInvalid}},
		{"ambiguous template drawn", "", []string{"template", "match", "/{a}{b}", "/x"},
			cliResult{Stdout: `{"error":"template: ambiguous for matching at offset 4: the URI \"/A\" splits two ways: {a} may end where {b} begins, or go on (a = \"A\", or b = \"A\")"}` + "\n",
				Stderr: "uri template match: cannot match with template \"/{a}{b}\"\n  error: template: ambiguous for matching at offset 4: the URI \"/A\" splits two ways: {a} may end where {b} begins, or go on (a = \"A\", or b = \"A\")\n    \"/{a}{b}\"\n         ^\n",
				Status: exitInvalid}},
		{"per URI", "", []string{"template", "match", "--per-uri", "{+a}/x{+b}", "1/x2", "1/x2/x3"},
			cliResult{Stdout: `{"a":"1","b":"2"}` + "\n" + `{"error":"template: no match at offset 0 (template offset 0): the URI splits two ways between the parts of the template"}` + "\n", Status: exitInvalid}},
		{"RFC 3986 delimiters", "", []string{"template", "match", "--delimiters", "/r/{+path}{?ref}", "/r/a/b?ref=x"},
			cliResult{Stdout: `{"path":"a/b","ref":"x"}` + "\n", Status: exitOK}},
		{"no template", "", []string{"template", "match"},
			cliResult{Stderr: "*", Status: exitUsage}},
	})
}

func TestTemplateUsage(t *testing.T) {
	runCLITests(t, []cliTest{
		{"no subcommand", "", []string{"template"},
			cliResult{Stderr: "*", Status: exitUsage}},
		{"unknown subcommand", "", []string{"template", "expnd"},
			cliResult{Stderr: "*", Status: exitUsage}},
		{"bad flag", "", []string{"template", "expand", "--varz", "x"},
			cliResult{Stderr: "*", Status: exitUsage}},
	})
	got := runCLI("", "template", "--help")
	if got.Status != exitOK || !strings.Contains(got.Stdout, "uri template expand") || !strings.Contains(got.Stdout, "uri template match") {
		t.Errorf("uri template --help = %+v, want the usage of both subcommands", got)
	}
}

// TestTemplateNoPassword: an invalid template or URI is shown with its
// password masked, and match errors never hold the URI.
func TestTemplateNoPassword(t *testing.T) {
	for _, args := range [][]string{
		{"template", "expand", "http://u:secret@h/{x"},
		{"template", "match", "http://u:secret@h/{a}{b}", "http://u:secret@h/xy"},
		{"template", "match", "http://{user}@h/{p}", "http://u:secret@g/x"},
		{"template", "match", "--json", "http://{user}@h/{p}", "http://u:secret@g/x"},
	} {
		got := runCLI("", args...)
		out := got.Stderr
		if !strings.Contains(strings.Join(args, " "), "--json") {
			out += got.Stdout
		}
		if strings.Contains(out, "secret") {
			t.Errorf("uri %q shows the password:\n%s", args, out)
		}
	}
}
