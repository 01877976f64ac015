package main

import (
	"bytes"
	"fmt"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// offeredByBash returns the flags the bash script offers after "--" for
// each command and subcommand, by key (see completed), running the script
// in bash; nil when there is no bash.
func offeredByBash(t *testing.T, keys []string) map[string][]string {
	t.Helper()
	path, err := exec.LookPath("bash")
	if err != nil {
		return nil
	}
	var script strings.Builder
	script.WriteString(runCLI("", "completion", "bash").Stdout)
	for _, k := range keys {
		cmd, sub, _ := strings.Cut(k, "/")
		words := "uri " + cmd
		if sub != "" {
			words += " " + sub
		}
		fmt.Fprintf(&script, "COMP_WORDS=(%s --); COMP_CWORD=${#COMP_WORDS[@]}; COMP_CWORD=$((COMP_CWORD-1)); COMPREPLY=(); _uri\n", words)
		fmt.Fprintf(&script, "printf '%%s' %s; printf '\\t%%s' \"${COMPREPLY[@]}\"; echo\n", k)
	}
	out, err := exec.Command(path, "-c", script.String()).Output()
	if err != nil {
		t.Fatalf("bash: %v", err)
	}
	got := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSuffix(string(out), "\n"), "\n") {
		f := strings.Split(line, "\t")
		got[f[0]] = f[1:]
	}
	return got
}

// offeredByZsh returns the flags each _arguments call of the zsh script
// offers, by key.
func offeredByZsh(script string) map[string][]string {
	got := map[string][]string{}
	block := regexp.MustCompile(`(?m)^\t([a-z0-9-]+/[a-z0-9-]*)\)\n\t\t_arguments((?:[^;]|;[^;])*);;`)
	flag := regexp.MustCompile(`'--([a-z0-9-]+)[=\[]`)
	for _, m := range block.FindAllStringSubmatch(script, -1) {
		got[m[1]] = []string{}
		for _, f := range flag.FindAllStringSubmatch(m[2], -1) {
			got[m[1]] = append(got[m[1]], "--"+f[1])
		}
	}
	return got
}

// offeredByFish returns the flags the fish script offers, by key, read
// from the condition of each "-l" line.
func offeredByFish(script string) map[string][]string {
	got := map[string][]string{}
	line := regexp.MustCompile(`(?m)^complete -c uri -n '__fish_seen_subcommand_from ([a-z0-9-]+)(; and (not )?__fish_seen_subcommand_from ([a-z0-9 -]+))?' -l ([a-z0-9-]+)`)
	for _, m := range line.FindAllStringSubmatch(script, -1) {
		key := m[1] + "/"
		if m[2] != "" && m[3] == "" {
			key += m[4]
		}
		got[key] = append(got[key], "--"+m[5])
	}
	return got
}

// accepts reports whether the command line words (a command and maybe a
// subcommand) accepts the flag --name. Every way it is given gives a usage
// error before the command reads anything: a value the flag refuses, or
// the unknown flag after it.
func accepts(t *testing.T, words []string, name string) bool {
	t.Helper()
	if name == "help" {
		got := runCLI("", append(words, "--help")...)
		return got.Status == exitOK && strings.HasPrefix(got.Stdout, "Usage: uri ")
	}
	const unknown = "--zz-unknown-flag"
	got := runCLI("", append(words, "--"+name+"=zz-value", unknown)...)
	if got.Status != exitUsage || got.Stdout != "" {
		t.Fatalf("uri %q: status %d, stdout %q: want a usage error", words, got.Status, got.Stdout)
	}
	return strings.Contains(got.Stderr, " for --"+name+":") || strings.Contains(got.Stderr, " for --"+name+" (") || strings.Contains(got.Stderr, "unknown flag "+unknown)
}

// TestCompletionFlags checks that the completion scripts offer, for every
// command and subcommand, exactly the flags it accepts: each flag offered
// is accepted, and each flag that any command lists in its help or
// completion offers is offered where it is accepted. The bash script is
// run; the zsh and fish scripts are read and must offer what bash does.
func TestCompletionFlags(t *testing.T) {
	cmds := specs(commands)
	listed := regexp.MustCompile(`(?m)^  --([a-z0-9-]+)`)
	var keys, all []string
	for _, c := range completions(cmds) {
		keys = append(keys, c.key)
		for _, f := range c.spec.flags {
			all = append(all, f.name)
		}
		help := runCLI("", append(strings.Split(strings.TrimSuffix(strings.Replace(c.key, "/", " ", 1), " "), " "), "--help")...)
		for _, m := range listed.FindAllStringSubmatch(help.Stdout, -1) {
			all = append(all, m[1])
		}
	}
	slices.Sort(all)
	all = slices.Compact(all)

	offered := offeredByBash(t, keys)
	if offered == nil {
		t.Log("no bash: the flags offered are read from the zsh script")
		offered = offeredByZsh(runCLI("", "completion", "zsh").Stdout)
	}
	zsh := offeredByZsh(runCLI("", "completion", "zsh").Stdout)
	fish := offeredByFish(runCLI("", "completion", "fish").Stdout)
	for _, key := range keys {
		t.Run(key, func(t *testing.T) {
			cmd, sub, _ := strings.Cut(key, "/")
			words := []string{cmd}
			if sub != "" {
				words = append(words, sub)
			}
			var want []string
			for _, name := range all {
				if accepts(t, words, name) {
					want = append(want, "--"+name)
				}
			}
			got := slices.Sorted(slices.Values(offered[key]))
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("uri %s: flags offered by bash mismatch the flags accepted (-accepted +offered):\n%s", strings.Join(words, " "), diff)
			}
			for shell, m := range map[string]map[string][]string{"zsh": zsh, "fish": fish} {
				if diff := cmp.Diff(want, slices.Sorted(slices.Values(m[key]))); diff != "" {
					t.Errorf("uri %s: flags offered by %s mismatch the flags accepted (-accepted +offered):\n%s", strings.Join(words, " "), shell, diff)
				}
			}
		})
	}
}

// TestCompletionWords checks that what completion offers as a command's
// first argument (a subcommand, a shell, a conversion, a command to help
// with) is taken by the command: it is no usage error.
func TestCompletionWords(t *testing.T) {
	for _, c := range specs(commands) {
		for _, w := range c.words {
			args := []string{c.name, w}
			if len(c.subs) > 0 {
				args = append(args, "--help")
			}
			var out, errOut bytes.Buffer
			st := run(&env{stdin: strings.NewReader(""), stdout: &out, stderr: &errOut}, args)
			if st == exitUsage {
				t.Errorf("uri %q: status %d: %s", args, st, errOut.String())
			}
		}
	}
}

// TestUsageListsFlags checks that the usage lines at the top of each
// command's help name every flag the command accepts, as its completion
// offers them: the synopsis is where a reader looks first.
func TestUsageListsFlags(t *testing.T) {
	listed := regexp.MustCompile(`(?m)^  --([a-z0-9-]+)`)
	for _, c := range completions(specs(commands)) {
		t.Run(c.key, func(t *testing.T) {
			words := strings.Fields(strings.Replace(c.key, "/", " ", 1))
			help := runCLI("", append(words, "--help")...).Stdout
			var usage strings.Builder
			for i, line := range strings.Split(help, "\n") {
				if i > 0 && !strings.HasPrefix(line, "       uri ") {
					break
				}
				usage.WriteString(line + "\n")
			}
			for _, m := range listed.FindAllStringSubmatch(help, -1) {
				if f := "--" + m[1]; f != "--help" && !strings.Contains(usage.String(), f) {
					t.Errorf("uri %s --help: the usage lines do not name %s:\n%s", strings.Join(words, " "), f, usage.String())
				}
			}
		})
	}
}

// TestCompletionWithValues checks that every shell offers the setters'
// names as the value of uri whatwg --with, not file names.
func TestCompletionWithValues(t *testing.T) {
	const values = "href= protocol= username= password= host= hostname= port= pathname= search= hash="
	for shell, want := range map[string]string{
		"bash": `whatwg//--with) COMPREPLY=($(compgen -W "` + values + `" -- "$cur")); return ;;`,
		"zsh":  `:with:(` + values + `)' \`,
		"fish": `-l with -d `,
	} {
		script := runCLI("", "completion", shell).Stdout
		if !strings.Contains(script, want) || !strings.Contains(script, values) {
			t.Errorf("uri completion %s: --with of whatwg does not offer %q", shell, values)
		}
	}
}
