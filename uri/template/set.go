package template

import (
	"errors"
	"fmt"

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
}

// Set is a set of templates that routes a URI to the one template that
// matches it (RFC 6570 §1.4), as a server does with the resource templates
// it offers. By default no two templates of a Set match one URI: [Set.Add]
// refuses a template that overlaps one added before with an
// [*OverlapError] that holds a shortest URI both match, as Go's
// http.ServeMux refuses conflicting patterns. With [SetOptions] Ordered the
// order of Add is the precedence instead.
//
// Add must not be called concurrently with other methods; once built, a
// Set is safe for concurrent use by Match.
type Set struct {
	opts    SetOptions
	entries []setEntry
}

type setEntry struct {
	m  *Matcher
	st []nstate
}

// NewSet returns an empty set with the options opts.
func NewSet(opts SetOptions) *Set { return &Set{opts: opts} }

// Add adds t to the set. The error is that of [Template.Matcher] with
// the set's [MatchOptions], or unless [SetOptions] Ordered an
// [*OverlapError] when t matches a URI that a template added before
// matches. Deciding overlap takes time polynomial in the sizes of the two
// templates' automata, bounded by the limit of the exact check of
// [AmbiguousError]; past it the template is refused.
func (s *Set) Add(t *Template) error {
	m, err := t.Matcher(s.opts.Match)
	if err != nil {
		return err
	}
	st := m.nfa
	if st == nil {
		st = m.automaton()
	}
	if !s.opts.Ordered {
		for _, o := range s.entries {
			if err := s.overlaps(m, st, o); err != nil {
				return err
			}
		}
	}
	s.entries = append(s.entries, setEntry{m, st})
	return nil
}

// overlaps returns an [*OverlapError] if m, with the automaton st, matches
// a URI that o matches.
func (s *Set) overlaps(m *Matcher, st []nstate, o setEntry) error {
	path, decided := overlap(st, o.st)
	if decided && path == nil {
		return nil
	}
	e := &OverlapError{Template: m.t.String(), Other: o.m.t.String()}
	if !decided {
		e.limit = true
		return e
	}
	b := make([]byte, 0, len(path))
	for _, n := range path[1:] {
		b = append(b, n.b)
	}
	e.Witness = string(b)
	r1, err1 := m.Match(e.Witness)
	r2, err2 := o.m.Match(e.Witness)
	if err1 == nil && err2 == nil {
		e.Readings = [2]Values{r1.Values(), r2.Values()}
	}
	return e
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
// of the template that matched u furthest, or a [*NoMatchError] for an
// empty set. It takes time linear in len(u) for each template.
func (s *Set) Match(u string) (*Template, *Result, error) {
	var (
		found *Template
		res   *Result
		best  error
		far   = -1
	)
	for _, e := range s.entries {
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
		if ne.Offset > far {
			far, best = ne.Offset, err
		}
	}
	switch {
	case found != nil:
		return found, res, nil
	case best != nil:
		return nil, nil, best
	}
	return nil, nil, &NoMatchError{Reason: "the set has no template"}
}
