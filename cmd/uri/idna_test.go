package main

import (
	"strings"
	"testing"
)

func TestIDNACommand(t *testing.T) {
	runCLITests(t, []cliTest{
		{"ascii", "", []string{"idna", "ascii", "BÜCHER.de", "納豆.example.org", "WWW.Example.ORG"},
			cliResult{Stdout: "xn--bcher-kva.de\nxn--99zt52a.example.org\nwww.example.org\n"}},
		{"unicode", "", []string{"idna", "unicode", "xn--bcher-kva.de", "XN--99ZT52A.example.org"},
			cliResult{Stdout: "bücher.de\n納豆.example.org\n"}},
		{"stdin", "\uFEFFBÜCHER.de\r\n\nxn--bcher-kva.de\n", []string{"idna", "ascii"},
			cliResult{Stdout: "xn--bcher-kva.de\nxn--bcher-kva.de\n"}},
		{"flags after", "", []string{"idna", "unicode", "xn--bcher-kva.de", "--strict"},
			cliResult{Stdout: "bücher.de\n"}},
		{"invalid", "", []string{"idna", "ascii", "xn--a-ä.pt", "ok.de", "\u00AD"},
			cliResult{Stdout: "error: P4: an \"xn--\" label is not the Punycode of a non-ASCII label (label 0 \"xn--a-ä\" at offset 0)\nok.de\nerror: domain-to-ASCII: the name is empty after processing\n", Status: exitInvalid}},
		{"unicode with errors", "", []string{"idna", "unicode", "a..b"},
			cliResult{Stdout: "error: X4_2: an empty label (label 1 \"\" at offset 2)\n", Status: exitInvalid}},
		{"strict", "", []string{"idna", "ascii", "--strict", "a_b.com", "ab.com"},
			cliResult{Stdout: "error: U1: an ASCII code point other than a-z, 0-9 and \"-\" (UseSTD3ASCIIRules) (label 0 \"a_b\" at offset 0)\nab.com\n", Status: exitInvalid}},
		{"browser is lenient on ASCII", "", []string{"idna", "ascii", "a_b.com"}, cliResult{Stdout: "a_b.com\n"}},
		{"json", "", []string{"idna", "unicode", "--json", "xn--bcher-kva.de", "xn--ab-j1t"},
			cliResult{Stdout: `{"input":"xn--bcher-kva.de","ascii":"xn--bcher-kva.de","unicode":"bücher.de","valid":true,"errors":[],"asciiErrors":[],"unicodeErrors":[]}
{"input":"xn--ab-j1t","ascii":"xn--ab-j1t","unicode":"a` + "\u200c" + `b","valid":false,"errors":[{"code":"C1","message":"U+200C ZERO WIDTH NON-JOINER out of its CONTEXTJ context (label 0 \"a\\u200cb\" at offset 0)"}],"asciiErrors":[],"unicodeErrors":[{"code":"C1","message":"U+200C ZERO WIDTH NON-JOINER out of its CONTEXTJ context (label 0 \"a\\u200cb\" at offset 0)"}]}
`, Status: exitInvalid}},
		{"json ascii failure", "", []string{"idna", "ascii", "--json", "a\u200cb"},
			cliResult{Stdout: `{"input":"a` + "\u200c" + `b","ascii":null,"unicode":"a` + "\u200c" + `b","valid":false,"errors":[{"code":"C1","message":"U+200C ZERO WIDTH NON-JOINER out of its CONTEXTJ context (label 0 \"a\\u200cb\" at offset 0)"}],"asciiErrors":[{"code":"C1","message":"U+200C ZERO WIDTH NON-JOINER out of its CONTEXTJ context (label 0 \"a\\u200cb\" at offset 0)"}],"unicodeErrors":[{"code":"C1","message":"U+200C ZERO WIDTH NON-JOINER out of its CONTEXTJ context (label 0 \"a\\u200cb\" at offset 0)"}]}
`, Status: exitInvalid}},
		{"json invalid UTF-8", "", []string{"idna", "ascii", "--json", "\xff"},
			cliResult{Stdout: `{"input":"\ufffd","inputQuoted":"\"\\xff\"","ascii":null,"unicode":"` + "\ufffd" + `","valid":false,"errors":[{"code":"UTF8","message":"invalid UTF-8 (label 0 \"\" at offset 0)"},{"code":"V7","message":"a code point is not valid in a domain name (IDNA Mapping Table) (label 0 \"` + "\ufffd" + `\" at offset 0)"}],"asciiErrors":[{"code":"UTF8","message":"invalid UTF-8 (label 0 \"\" at offset 0)"},{"code":"V7","message":"a code point is not valid in a domain name (IDNA Mapping Table) (label 0 \"` + "\ufffd" + `\" at offset 0)"}],"unicodeErrors":[{"code":"UTF8","message":"invalid UTF-8 (label 0 \"\" at offset 0)"},{"code":"V7","message":"a code point is not valid in a domain name (IDNA Mapping Table) (label 0 \"` + "\ufffd" + `\" at offset 0)"}]}
`, Status: exitInvalid}},
		// domain to Unicode lets an ASCII control through (no STD3 rules):
		// it is quoted, never written raw to a terminal.
		{"unicode control character", "", []string{"idna", "unicode", "a\x07b", "a\u0085b", "ok"},
			cliResult{Stdout: "\"a\\ab\"\nerror: V7: a code point is not valid in a domain name (IDNA Mapping Table) (label 0 \"a\\u0085b\" at offset 0)\nok\n", Status: exitInvalid}},
		{"no operation", "", []string{"idna"},
			cliResult{Stderr: "uri idna: want ascii or unicode before the names (see 'uri idna --help')\n", Status: exitUsage}},
		{"bad operation", "", []string{"idna", "punycode", "x"},
			cliResult{Stderr: "uri idna: want ascii or unicode before the names (see 'uri idna --help')\n", Status: exitUsage}},
	})
}

// TestIDNAErrorHidesPassword checks that an error line never shows the
// password of a pasted URL (RFC 3986 §7.5), in any case UTS #46 maps it to.
func TestIDNAErrorHidesPassword(t *testing.T) {
	runCLITests(t, []cliTest{
		{"ascii", "", []string{"idna", "ascii", "http://u:hunter2@x y/"},
			cliResult{Stdout: "error: forbidden-domain-code-point: a forbidden domain code point (label 0 \"http://u:xxxxx@x y/\" at offset 4)\n", Status: exitInvalid}},
		{"lower-cased", "", []string{"idna", "ascii", "--strict", "http://u:HUNTER2@x y/"},
			cliResult{Stdout: "error: U1: an ASCII code point other than a-z, 0-9 and \"-\" (UseSTD3ASCIIRules) (label 0 \"http://u:xxxxx@x y/\" at offset 0)\n", Status: exitInvalid}},
		{"cut in the label", "", []string{"idna", "ascii", "http://user:" + strings.Repeat("pw", 30) + "@x y/"},
			cliResult{Stdout: "error: forbidden-domain-code-point: a forbidden domain code point (label 0 \"http://user:xxxxx…\" at offset 4)\n", Status: exitInvalid}},
		// UTS #46 spells the password otherwise than the input: the
		// label is shown as the input spells it, the password masked.
		{"punycode", "", []string{"idna", "ascii", "http://u:s3cré@h/"},
			cliResult{Stdout: "error: forbidden-domain-code-point: a forbidden domain code point (label 0 \"http://u:xxxxx@h/\" at offset 8)\n", Status: exitInvalid}},
		{"mapped", "", []string{"idna", "ascii", "http://u:ｓ3cret@x y/"},
			cliResult{Stdout: "error: forbidden-domain-code-point: a forbidden domain code point (label 0 \"http://u:xxxxx@x y/\" at offset 4)\n", Status: exitInvalid}},
		{"split by a dot", "", []string{"idna", "ascii", "--strict", "http://u:pa.ss@x y/"},
			cliResult{Stdout: "error: U1: an ASCII code point other than a-z, 0-9 and \"-\" (UseSTD3ASCIIRules) (label 0 \"http://u:xxxxx\" at offset 0); U1: an ASCII code point other than a-z, 0-9 and \"-\" (UseSTD3ASCIIRules) (label 1 \"xxxxx@x y/\" at offset 12)\n", Status: exitInvalid}},
		{"escaped when quoted", "", []string{"idna", "ascii", `http://u:s3cr\t@h/`},
			cliResult{Stdout: "error: forbidden-domain-code-point: a forbidden domain code point (label 0 \"http://u:xxxxx@h/\" at offset 4)\n", Status: exitInvalid}},
		{"rest of the name", "", []string{"idna", "ascii", "a.http://u:s3cré@h/"},
			cliResult{Stdout: "error: forbidden-domain-code-point: a forbidden domain code point (label 1 \"http://u:xxxxx@h/\" at offset 10)\n", Status: exitInvalid}},
	})
}
