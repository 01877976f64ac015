package template

import (
	"errors"
	"fmt"
	"slices"

	"github.com/specuri/specuri/uri"
)

// SetOptions are the options of a [Set].
type SetOptions struct {
	// Match are the options of the matcher of every template.
	Match MatchOptions
	// Ordered lets templates overlap: [Set.Match] returns the first
	// template, in the order they were added, that matches the URI. By
	// default [Set.Add] refuses a template that matches a URI an earlier
	// one matches.
	Ordered bool
	// AllowTraversal lets a value in a path position hold what
	// [MatchOptions] NoTraversal refuses: an encoded "/" or "\", or a
	// dot-segment (RFC 3986 §3.3). By default a Set refuses them there,
	// with a [*NoMatchError] that wraps [ErrTraversal], as a resource
	// router must: "file:///{+path}" would match
	// "file:///..%2F..%2Fetc%2Fpasswd" with path = "../../etc/passwd". A
	// value is in a path position unless its expression is a form-style
	// query or a fragment ("?", "&", "#", RFC 6570 §3.2.4, §3.2.8, §3.2.9)
	// or stands after a literal "?" or "#". With Match.NoTraversal values
	// are refused everywhere.
	AllowTraversal bool
}

// Set is a set of templates that routes a URI to the one template that
// matches it (RFC 6570 §1.4), as a server does with the resource templates
// it offers. By default no two templates of a Set match one URI: [Set.Add]
// refuses a template that overlaps one added before with an
// [*OverlapError] that holds a URI both match, as Go's http.ServeMux
// refuses conflicting patterns. With [SetOptions] Ordered the
// order of Add is the precedence instead.
//
// Add must not be called concurrently with other methods; once built, a
// Set is safe for concurrent use by Match.
type Set struct {
	opts    SetOptions
	entries []setEntry
	heads   trieNode // the entries by the literal their template begins with
}

type setEntry struct {
	m    *Matcher
	st   *automaton
	tail string // the literal the template ends with, or ""
}

// NewSet returns an empty set with the options opts.
func NewSet(opts SetOptions) *Set { return &Set{opts: opts} }

// Add adds t to the set. The error is that of [Template.Matcher] with
// the set's [MatchOptions], or unless [SetOptions] Ordered an
// [*OverlapError] when t matches a URI that a template added before
// matches. Every URI a template matches begins with the literal the
// template begins with and ends with the one it ends with, so t is
// compared only with the templates whose first literal begins t's or
// begins with it and whose last literal ends t's or ends with it: a Set
// of templates under distinct prefixes (schemes, hosts, first segments)
// builds in time near-linear in their number. Deciding the overlap of two
// templates takes time polynomial in the sizes of their automata, bounded
// by the limits of the exact check of [AmbiguousError]; past them the
// template is refused as possibly overlapping.
func (s *Set) Add(t *Template) error {
	opts := s.opts.Match
	opts.pathTraversal = !s.opts.AllowTraversal
	m, err := t.Matcher(opts)
	if err != nil {
		return err
	}
	st := m.nfa
	if st == nil {
		st = m.automaton()
	}
	head, tail := m.ends()
	if !s.opts.Ordered {
		// Only templates whose first literals begin one another, and
		// whose last literals end one another, can match one URI.
		cands := s.heads.candidates(head, nil)
		slices.Sort(cands)
		for _, i := range cands {
			if o := s.entries[i]; mayOverlap(tail, o.tail) {
				if err := s.overlaps(m, st, o); err != nil {
					return err
				}
			}
		}
	}
	s.heads.add(head, len(s.entries))
	s.entries = append(s.entries, setEntry{m, st, tail})
	return nil
}

// overlaps returns an [*OverlapError] if m, with the automaton st, matches
// a URI that o matches.
func (s *Set) overlaps(m *Matcher, st *automaton, o setEntry) error {
	e := &OverlapError{Template: m.t.String(), Other: o.m.t.String()}
	first, tried, found, ok := overlap(st, o.st, func(w string) bool {
		r1, err1 := m.Match(w)
		r2, err2 := o.m.Match(w)
		if err1 != nil || err2 != nil {
			return false
		}
		e.Witness, e.Readings = w, [2]Values{r1.Values(), r2.Values()}
		return true
	})
	switch {
	case found:
		return e
	case !ok:
		e.limit = true
		return e
	case tried:
		e.candidate, e.unsure = first, true
		return e
	}
	return nil
}

// Templates returns the templates of the set in the order they were
// added.
func (s *Set) Templates() []*Template {
	ts := make([]*Template, len(s.entries))
	for i, e := range s.entries {
		ts[i] = e.m.t
	}
	return ts
}

// Match matches u against the templates of the set (RFC 6570 §1.4) and
// returns the one that matches it with its values. With [SetOptions]
// Ordered it is the first, in the order of [Set.Add]; otherwise no other
// template matches u (the automata of the templates do not overlap; a URI
// that two of them match all the same, through the spellings of pair
// names they compare decoded, is refused with a [*NoMatchError] that
// wraps [ErrAmbiguousURI]). When no template matches, the error is that
// of the template that matched u furthest, with that template in its
// Template field, or a [*NoMatchError] for an empty set. Unless
// [SetOptions] AllowTraversal, a value in a path position that holds an
// encoded "/" or a dot-segment is refused (an error that wraps
// [ErrTraversal]). It takes time linear in len(u) for each template.
func (s *Set) Match(u string) (*Template, *Result, error) {
	var (
		found   *Template
		res     *Result
		best    error
		far     = -1
		closest int
	)
	for i, e := range s.entries {
		r, err := e.m.Match(u)
		if err == nil {
			if found != nil {
				return nil, nil, &NoMatchError{Reason: fmt.Sprintf("the URI matches both %s and %s", uri.RedactInput(found.String()), uri.RedactInput(e.m.t.String())), err: ErrAmbiguousURI}
			}
			found, res = e.m.t, r
			if s.opts.Ordered {
				break
			}
			continue
		}
		var ne *NoMatchError
		if !errors.As(err, &ne) {
			return nil, nil, err // a limit
		}
		if at := max(ne.Offset, ne.reach); at > far {
			far, best, closest = at, err, i
		}
	}
	switch {
	case found != nil:
		return found, res, nil
	case best != nil:
		var ne *NoMatchError
		if errors.As(best, &ne) {
			ne.Template = s.entries[closest].m.t.String()
		}
		return nil, nil, best
	}
	return nil, nil, &NoMatchError{Reason: "the set has no template"}
}
