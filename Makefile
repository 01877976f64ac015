# The single entry point for building and checking specuri.
# CI runs `make test`.

GO          ?= go
# Tools come from the Go module proxy, pinned.
STATICCHECK := honnef.co/go/tools/cmd/staticcheck@v0.8.2
# How long `make fuzz` runs each fuzz target.
FUZZTIME    ?= 1m

.PHONY: all generate check-generated vet lint test fuzz

all: test

# Regenerate every parser in gen/ from its grammar in grammar/, with the
# pointlander/peg version pinned in go.mod (see tools.go).
generate:
	$(GO) generate ./gen/...

# Fail if a checked-in generated parser is not what its grammar produces.
check-generated:
	PEGEN_CHECK=1 $(GO) generate ./gen/...

vet:
	$(GO) vet ./...

# Generated files are skipped by staticcheck itself.
lint:
	$(GO) run $(STATICCHECK) ./...

test: check-generated vet lint
	$(GO) test -race ./...

# Run every fuzz target of every package for FUZZTIME each, one after another.
fuzz:
	@set -e; for pkg in $$($(GO) list ./...); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz' || true); do \
	    echo "== $$pkg $$f ($(FUZZTIME))"; \
	    $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg; \
	  done; \
	done
