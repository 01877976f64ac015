package main

import (
	"flag"
	"fmt"
	"io"
	"sort"
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

// A cmdSpec is what completion knows of a command.
type cmdSpec struct {
	name, summary string
	flags         []flagSpec
	// subs are the words the command takes first (its subcommands, or
	// the shells of completion).
	subs []string
}

type flagSpec struct {
	name, usage string
	takesValue  bool
	values      []string // the values of a choice flag
}

// specs returns every command of cmds with its flags, read from the flag
// set the command defines.
func specs(cmds []*command) []cmdSpec {
	d := &env{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard}
	var out []cmdSpec
	for _, c := range cmds {
		s := cmdSpec{name: c.name, summary: c.summary, subs: c.words}
		switch {
		case c.name == "help":
			s.subs = names(cmds[:len(cmds)-1])
			s.summary = "print the list of commands, or the help of one"
		case len(c.subs) > 0:
			s.subs = names(c.subs)
			seen := map[string]bool{}
			for _, sub := range c.subs {
				fs, _ := sub.flagSet(d, cmds, c.name+" "+sub.name)
				for _, f := range flagSpecs(fs) {
					if !seen[f.name] {
						seen[f.name] = true
						s.flags = append(s.flags, f)
					}
				}
			}
			sort.Slice(s.flags, func(i, j int) bool { return s.flags[i].name < s.flags[j].name })
		default:
			fs, _ := c.flagSet(d, cmds, c.name)
			s.flags = flagSpecs(fs)
		}
		s.flags = append(s.flags, flagSpec{name: "help", usage: "print the help of the command"})
		out = append(out, s)
	}
	return out
}

// flagSpecs returns the flags of fs.
func flagSpecs(fs *flag.FlagSet) []flagSpec {
	var out []flagSpec
	fs.VisitAll(func(f *flag.Flag) {
		fl := flagSpec{name: f.Name, usage: f.Usage, takesValue: !isBoolFlag(f)}
		if c, ok := f.Value.(*choice); ok {
			fl.values = c.values
		}
		out = append(out, fl)
	})
	return out
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
