package main

import (
	"flag"
	"fmt"
	"io"
	"strings"
)

func init() {
	register(&command{
		name:    "completion",
		summary: "print a shell completion script (bash, zsh or fish)",
		run:     runCompletion,
	})
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

// A cmdSpec is what completion knows of a command.
type cmdSpec struct {
	name, summary string
	flags         []flagSpec
	// subs are the words the command takes first (its subcommands, or
	// the shells of completion).
	subs []string
}

// subcommands are the first words of the commands that take one;
// TestCompletionSubcommands checks that each command accepts them.
var subcommands = map[string][]string{
	"completion": {"bash", "zsh", "fish"},
	"file":       {"path", "uri"},
	"idna":       {"ascii", "unicode"},
	"template":   {"expand", "match"},
}

type flagSpec struct {
	name, usage string
	takesValue  bool
	values      []string // the values of a choice flag
}

// specs returns every command with its flags, read from the flag set each
// command defines (parseFlags hands it to env.describe).
func specs() []cmdSpec {
	var out []cmdSpec
	for _, n := range commandNames() {
		c := commands[n]
		s := cmdSpec{name: n, summary: c.summary, subs: subcommands[n]}
		d := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
		d.describe = func(fs *flag.FlagSet) {
			fs.VisitAll(func(f *flag.Flag) {
				fl := flagSpec{name: f.Name, usage: f.Usage, takesValue: !isBoolFlag(f)}
				if c, ok := f.Value.(*choice); ok {
					fl.values = c.values
				}
				s.flags = append(s.flags, fl)
			})
			s.flags = append(s.flags, flagSpec{name: "help", usage: "print the help of the command"})
		}
		c.run(d, nil)
		out = append(out, s)
	}
	// help takes a command's name.
	return append(out, cmdSpec{name: "help", summary: "print the list of commands, or the help of one", subs: commandNames()})
}

func runCompletion(e *env, args []string) int {
	fs := newFlags(e, "completion", completionHelp)
	if st := parseFlags(e, fs, args); st >= 0 {
		return st
	}
	if fs.NArg() != 1 {
		return usageError(e, "completion", "want one shell: bash, zsh or fish")
	}
	var script func(io.Writer, []cmdSpec)
	switch fs.Arg(0) {
	case "bash":
		script = bashCompletion
	case "zsh":
		script = zshCompletion
	case "fish":
		script = fishCompletion
	default:
		msg := "unknown shell " + quoteArg(fs.Arg(0)) + " (want bash, zsh or fish)"
		return usageError(e, "completion", msg)
	}
	script(e.stdout, specs())
	return exitOK
}

func bashCompletion(w io.Writer, cmds []cmdSpec) {
	var names []string
	for _, c := range cmds {
		names = append(names, c.name)
	}
	fmt.Fprintf(w, `# bash completion for uri; load with: source <(uri completion bash)
_uri() {
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} flags=
	if [[ $COMP_CWORD -eq 1 ]]; then
		COMPREPLY=($(compgen -W "%s --help --version" -- "$cur"))
		return
	fi
	if [[ $COMP_CWORD -eq 2 && $cur != -* ]]; then
		case ${COMP_WORDS[1]} in
`, strings.Join(names, " "))
	for _, c := range cmds {
		if len(c.subs) > 0 {
			fmt.Fprintf(w, "\t\t%s) COMPREPLY=($(compgen -W %q -- \"$cur\")); return ;;\n", c.name, strings.Join(c.subs, " "))
		}
	}
	fmt.Fprint(w, "\t\tesac\n\tfi\n\tcase ${COMP_WORDS[1]} in\n")
	for _, c := range cmds {
		var fl []string
		for _, f := range c.flags {
			fl = append(fl, "--"+f.name)
		}
		fmt.Fprintf(w, "\t%s) flags=%q ;;\n", c.name, strings.Join(fl, " "))
	}
	fmt.Fprint(w, "\tesac\n\tcase $prev in\n")
	seen := map[string]bool{}
	for _, c := range cmds {
		for _, f := range c.flags {
			if len(f.values) > 0 && !seen[f.name] {
				seen[f.name] = true
				fmt.Fprintf(w, "\t--%s) COMPREPLY=($(compgen -W %q -- \"$cur\")); return ;;\n", f.name, strings.Join(f.values, " "))
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
	if (( CURRENT == 2 )); then
		cmds=(
`)
	for _, c := range cmds {
		fmt.Fprintf(w, "\t\t\t%s\n", zshDescribe(c.name, c.summary))
	}
	fmt.Fprint(w, `		)
		_describe 'command' cmds
		return
	fi
	if (( CURRENT == 3 )) && [[ $words[3] != -* ]]; then
		case $words[2] in
`)
	for _, c := range cmds {
		if len(c.subs) > 0 {
			fmt.Fprintf(w, "\t\t%s) compadd -- %s; return ;;\n", c.name, strings.Join(c.subs, " "))
		}
	}
	fmt.Fprint(w, "\t\tesac\n\tfi\n\tcase $words[2] in\n")
	for _, c := range cmds {
		fmt.Fprintf(w, "\t%s)\n\t\t_arguments", c.name)
		for _, f := range c.flags {
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
	fmt.Fprint(w, "complete -c uri -n __fish_use_subcommand -l version -d 'print the version'\n")
	for _, c := range cmds {
		fmt.Fprintf(w, "complete -c uri -n __fish_use_subcommand -a %s -d %s\n", c.name, fishQuote(c.summary))
	}
	for _, c := range cmds {
		if len(c.subs) > 0 {
			cond := fishQuote("__fish_seen_subcommand_from " + c.name + "; and not __fish_seen_subcommand_from " + strings.Join(c.subs, " "))
			fmt.Fprintf(w, "complete -c uri -n %s -a %s\n", cond, fishQuote(strings.Join(c.subs, " ")))
		}
	}
	for _, c := range cmds {
		cond := fishQuote("__fish_seen_subcommand_from " + c.name)
		for _, f := range c.flags {
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
}
