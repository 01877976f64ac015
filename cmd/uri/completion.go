package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

var completionCmd = &command{
	name:    "completion",
	summary: "print a shell completion script (bash, zsh or fish)",
	help:    completionHelp,
	setup:   completionSetup,
	words:   []string{"bash", "zsh", "fish"},
}

const completionHelp = `
Usage: uri completion bash|zsh|fish

Print a script that completes the commands of uri, their flags and the
values of --syntax and --rule in the given shell. Load it with:

	bash  source <(uri completion bash)    (or save it in bash-completion's
	      completions directory as "uri")
	zsh   source <(uri completion zsh)     (or save it as "_uri" in a
	      directory of $fpath)
	fish  uri completion fish | source     (or save it as
	      ~/.config/fish/completions/uri.fish)
`

// A cmdSpec is what completion knows of a command, or of a subcommand:
// what its flag set defines, read from the flag set itself.
type cmdSpec struct {
	name, summary string
	flags         []flagSpec
	// words are what the command takes as its first argument: the names
	// of its subcommands, or a fixed list (the shells of completion).
	words []string
	// subs are the subcommands, with their own flags.
	subs []cmdSpec
}

type flagSpec struct {
	name, usage string
	takesValue  bool
	values      []string // the values of a choice flag
}

// specs returns every command of cmds with its flags and subcommands.
func specs(cmds []*command) []cmdSpec {
	d := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
	var spec func(c *command, name string) cmdSpec
	spec = func(c *command, name string) cmdSpec {
		s := cmdSpec{name: c.name, summary: c.summary, words: c.words}
		if c.setup != nil {
			fs, _ := c.newFlagSet(d, cmds, name)
			s.flags = flagSpecs(fs)
		}
		s.flags = append(s.flags, flagSpec{name: "help", usage: "print the help of the command"})
		for _, sub := range c.subs {
			s.subs = append(s.subs, spec(sub, name+" "+sub.name))
			s.words = append(s.words, sub.name)
		}
		return s
	}
	var out []cmdSpec
	for _, c := range cmds {
		s := spec(c, c.name)
		if c == helpCmd {
			// help takes a command's name.
			s.words = names(cmds[:len(cmds)-1])
			s.summary = "print the list of commands, or the help of one"
		}
		out = append(out, s)
	}
	return out
}

// flagSpecs returns the flags of fs.
func flagSpecs(fs *flag.FlagSet) []flagSpec {
	var out []flagSpec
	fs.VisitAll(func(f *flag.Flag) {
		_, usage := flag.UnquoteUsage(f) // as --help shows it
		fl := flagSpec{name: f.Name, usage: usage, takesValue: !isBoolFlag(f)}
		switch v := f.Value.(type) {
		case *choice:
			fl.values = v.values
		case interface{ completions() []string }:
			fl.values = v.completions()
		}
		out = append(out, fl)
	})
	return out
}

// A completed is a command or a subcommand as the scripts complete it:
// the pattern of the command and subcommand words that select it,
// "cmd/" for a command, "cmd/sub" for a subcommand, and its spec.
type completed struct {
	key  string
	spec cmdSpec
}

// completions returns every command and subcommand of cmds, each
// command followed by its subcommands.
func completions(cmds []cmdSpec) []completed {
	var out []completed
	for _, c := range cmds {
		out = append(out, completed{c.name + "/", c})
		for _, s := range c.subs {
			out = append(out, completed{c.name + "/" + s.name, s})
		}
	}
	return out
}

// subPatterns returns the case patterns "cmd/sub|..." of the subcommands
// of cmds, or "" when there are none.
func subPatterns(cmds []cmdSpec) string {
	var p []string
	for _, c := range completions(cmds) {
		if !strings.HasSuffix(c.key, "/") {
			p = append(p, c.key)
		}
	}
	return strings.Join(p, "|")
}

func completionSetup(_ *flag.FlagSet, p *pipeline) func([]string) int {
	return func(args []string) int {
		if len(args) != 1 {
			return p.usageError("want one shell: bash, zsh or fish")
		}
		var script func(io.Writer, []cmdSpec)
		switch args[0] {
		case "bash":
			script = bashCompletion
		case "zsh":
			script = zshCompletion
		case "fish":
			script = fishCompletion
		default:
			return p.usageError("unknown shell " + quoteArg(args[0]) + " (want bash, zsh or fish)")
		}
		script(p.stdout, specs(p.commands))
		return exitOK
	}
}

// The scripts find the subcommand of a command as uri does: the first
// word after the command that names one of its subcommands, before any
// "--" (flags may come before it).

func bashCompletion(w io.Writer, cmds []cmdSpec) {
	fmt.Fprintf(w, `# bash completion for uri; load with: source <(uri completion bash)
_uri() {
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} cmd=${COMP_WORDS[1]} sub= flags= w
	if [[ $COMP_CWORD -eq 1 ]]; then
		COMPREPLY=($(compgen -W "%s --help --version" -- "$cur"))
		return
	fi
	for w in "${COMP_WORDS[@]:2:COMP_CWORD-2}"; do
		[[ $w == -- ]] && break
		case $cmd/$w in
		%s) sub=$w; break ;;
		esac
	done
	if [[ $cur != -* ]]; then
		case $cmd/$sub in
`, strings.Join(specNames(cmds), " "), subPatterns(cmds))
	for _, c := range cmds {
		if len(c.subs) > 0 {
			fmt.Fprintf(w, "\t\t%s/) COMPREPLY=($(compgen -W %q -- \"$cur\")); return ;;\n", c.name, strings.Join(c.words, " "))
		}
	}
	fmt.Fprint(w, "\t\tesac\n\t\tif [[ $COMP_CWORD -eq 2 ]]; then\n\t\t\tcase $cmd in\n")
	for _, c := range cmds {
		if len(c.subs) == 0 && len(c.words) > 0 {
			fmt.Fprintf(w, "\t\t\t%s) COMPREPLY=($(compgen -W %q -- \"$cur\")); return ;;\n", c.name, strings.Join(c.words, " "))
		}
	}
	fmt.Fprint(w, "\t\t\tesac\n\t\tfi\n\tfi\n\tcase $cmd/$sub in\n")
	for _, c := range completions(cmds) {
		var fl []string
		for _, f := range c.spec.flags {
			fl = append(fl, "--"+f.name)
		}
		fmt.Fprintf(w, "\t%s) flags=%q ;;\n", c.key, strings.Join(fl, " "))
	}
	fmt.Fprint(w, "\tesac\n\tcase $cmd/$sub/$prev in\n")
	for _, c := range completions(cmds) {
		for _, f := range c.spec.flags {
			if len(f.values) > 0 {
				fmt.Fprintf(w, "\t%s/--%s) COMPREPLY=($(compgen -W %q -- \"$cur\")); return ;;\n", c.key, f.name, strings.Join(f.values, " "))
			}
		}
	}
	fmt.Fprint(w, `	esac
	if [[ $cur == -* ]]; then
		COMPREPLY=($(compgen -W "$flags" -- "$cur"))
	fi
}
complete -o default -F _uri uri
`)
}

// specNames returns the names of cmds.
func specNames(cmds []cmdSpec) []string {
	var names []string
	for _, c := range cmds {
		names = append(names, c.name)
	}
	return names
}

// zshDescribe returns the single-quoted "name:description" item of zsh's
// _describe, with the colons of the description escaped.
func zshDescribe(name, desc string) string {
	s := name + ":" + strings.ReplaceAll(desc, ":", `\:`)
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func zshCompletion(w io.Writer, cmds []cmdSpec) {
	fmt.Fprint(w, `#compdef uri
# zsh completion for uri; load with: source <(uri completion zsh)
_uri() {
	local -a cmds
	local sub= w
	if (( CURRENT == 2 )); then
		cmds=(
`)
	for _, c := range cmds {
		fmt.Fprintf(w, "\t\t\t%s\n", zshDescribe(c.name, c.summary))
	}
	fmt.Fprintf(w, `		)
		_describe 'command' cmds
		return
	fi
	for w in $words[3,CURRENT-1]; do
		[[ $w == -- ]] && break
		case $words[2]/$w in
		%s) sub=$w; break ;;
		esac
	done
	if [[ $words[CURRENT] != -* ]]; then
		case $words[2]/$sub in
`, subPatterns(cmds))
	for _, c := range cmds {
		if len(c.subs) > 0 {
			fmt.Fprintf(w, "\t\t%s/) compadd -- %s; return ;;\n", c.name, strings.Join(c.words, " "))
		}
	}
	fmt.Fprint(w, "\t\tesac\n\t\tif (( CURRENT == 3 )); then\n\t\t\tcase $words[2] in\n")
	for _, c := range cmds {
		if len(c.subs) == 0 && len(c.words) > 0 {
			fmt.Fprintf(w, "\t\t\t%s) compadd -- %s; return ;;\n", c.name, strings.Join(c.words, " "))
		}
	}
	fmt.Fprint(w, "\t\t\tesac\n\t\tfi\n\tfi\n\tcase $words[2]/$sub in\n")
	for _, c := range completions(cmds) {
		fmt.Fprintf(w, "\t%s)\n\t\t_arguments", c.key)
		for _, f := range c.spec.flags {
			spec := "--" + f.name
			if f.takesValue {
				spec += "=[" + f.usage + "]:" + f.name + ":"
				if len(f.values) > 0 {
					spec += "(" + strings.Join(f.values, " ") + ")"
				} else {
					spec += "_files"
				}
			} else {
				spec += "[" + f.usage + "]"
			}
			fmt.Fprintf(w, " \\\n\t\t\t%s", zshArg(spec))
		}
		fmt.Fprint(w, " \\\n\t\t\t'*:file:_files' ;;\n")
	}
	fmt.Fprint(w, `	esac
}
if [[ $funcstack[1] == _uri ]]; then
	_uri "$@"
else
	compdef _uri uri
fi
`)
}

// zshArg single-quotes an _arguments spec, escaping the brackets and
// colons inside its description.
func zshArg(spec string) string {
	open := strings.IndexByte(spec, '[')
	close := strings.LastIndexByte(spec, ']')
	if open >= 0 && close > open {
		desc := strings.NewReplacer(`[`, `\[`, `]`, `\]`, `:`, `\:`).Replace(spec[open+1 : close])
		spec = spec[:open+1] + desc + spec[close:]
	}
	return "'" + strings.ReplaceAll(spec, "'", `'\''`) + "'"
}

func fishQuote(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `\'`).Replace(s) + "'"
}

func fishCompletion(w io.Writer, cmds []cmdSpec) {
	fmt.Fprint(w, "# fish completion for uri; load with: uri completion fish | source\ncomplete -c uri -f\n")
	fmt.Fprint(w, "complete -c uri -n __fish_use_subcommand -l help -d 'print the list of commands'\n")
	fmt.Fprint(w, "complete -c uri -n __fish_use_subcommand -l version -d 'print the version'\n")
	for _, c := range cmds {
		fmt.Fprintf(w, "complete -c uri -n __fish_use_subcommand -a %s -d %s\n", c.name, fishQuote(c.summary))
	}
	// A command's words until one is given; a command's flags, or with
	// subcommands, its subcommand's flags once one is given.
	for _, c := range cmds {
		seen := "__fish_seen_subcommand_from " + c.name
		if len(c.words) > 0 {
			cond := fishQuote(seen + "; and not __fish_seen_subcommand_from " + strings.Join(c.words, " "))
			fmt.Fprintf(w, "complete -c uri -n %s -a %s\n", cond, fishQuote(strings.Join(c.words, " ")))
		}
		if len(c.subs) == 0 {
			fishFlags(w, fishQuote(seen), c.flags)
			continue
		}
		fishFlags(w, fishQuote(seen+"; and not __fish_seen_subcommand_from "+strings.Join(c.words, " ")), c.flags)
		for _, s := range c.subs {
			fishFlags(w, fishQuote(seen+"; and __fish_seen_subcommand_from "+s.name), s.flags)
		}
	}
}

// fishFlags writes the completions of flags under the condition cond.
func fishFlags(w io.Writer, cond string, flags []flagSpec) {
	for _, f := range flags {
		fmt.Fprintf(w, "complete -c uri -n %s -l %s -d %s", cond, f.name, fishQuote(f.usage))
		switch {
		case len(f.values) > 0:
			fmt.Fprintf(w, " -x -a %s", fishQuote(strings.Join(f.values, " ")))
		case f.takesValue:
			fmt.Fprint(w, " -r -F")
		}
		fmt.Fprintln(w)
	}
}
