// Package template implements URI Templates (RFC 6570): [Parse] reads a
// template of any level (Level 4 included, RFC 6570 §1.2), and
// [Template.Expand] substitutes variable values into it by the algorithm
// of RFC 6570 §3, literally; [ExpandOptions] Check makes a result that is
// no URI reference (RFC 3986 §4.1) an error, and IRI gives an IRI
// reference (RFC 3987 §2.2).
//
// The syntax (RFC 6570 §2) is decided by a parser generated from
// grammar/rfc6570.peg; this package maps its parse tree to a [Template]
// and never re-reads the syntax by hand. Parse errors are
// [*uri.ParseError] values with Want "URI-Template".
//
// Matching is the reverse use RFC 6570 §1.4 describes: [Template.Matcher]
// refuses a template where a URI splits two ways between its parts
// ([*AmbiguousError], with a shortest such URI) and [Matcher.Match]
// returns the values a URI was expanded from, each decoded once, with its
// raw text; [MatchOptions] selects what is refused (unknown query pairs,
// encoded "/" and dot-segments, URIs with two readings) and how "?" and
// "#" are read (and with FormQuery "+" in a query as a space). Match
// accepts only what expansion writes: the values it returns expand to the
// URI again. A [Set] routes a URI to the one of its templates that
// matches it, refuses templates that overlap, and by default refuses
// values in a path position that hold an encoded "/" or a dot-segment
// ([SetOptions] AllowTraversal). Matching takes time linear in the URI.
//
// Values (RFC 6570 §2.3, §2.4) are strings, lists and associative arrays
// ([String], [List], [Assoc]); a variable missing from [Values] is
// undefined, which is not the same as empty (RFC 6570 §3.2.1). Values
// read from JSON keep the order of object keys.
//
// Limits: a template is at most [uri.MaxLength] bytes (RFC 6570 sets no
// limit); every expression has at least three bytes ("{" varname "}") and
// every further variable two ("," varname), so a template has at most
// len(s)/3 expressions and len(s)/2 variables; a prefix modifier is below
// 10000 (RFC 6570 §2.4.1). An expansion is at most [uri.MaxLength] bytes.
// Parsing takes time linear in the template and memory of at most 20
// bytes a byte where no expression is longer than 4 KiB (the template
// keeps its parts as offsets into its text, and the parser reads it in
// chunks that end before a "{"), and expansion time linear in the
// template and the values it uses.
package template
