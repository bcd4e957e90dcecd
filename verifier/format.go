package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// The output formats. A command registers --format with the formats it
// offers (formatFlag), builds its result as forms, and print writes the
// one chosen: the writer is picked in this file alone.
const (
	formatText     = "text"
	formatMarkdown = "markdown"
	formatJSON     = "json"
)

// printing is what --format and --lang choose: the writer of a command's
// result and the language of its text and Markdown (files keep English).
type printing struct {
	format string   // one of the formats the command offers
	lang   msg.Lang // zh or en
}

// flags registers --format, offering formats (the first is the default),
// and --lang (langVar) on fs.
func (p *printing) flags(fs *flag.FlagSet, e env, formatUsage, langNote string, formats ...string) {
	formatVar(fs, &p.format, formatUsage, formats...)
	langVar(fs, e, &p.lang, langNote)
}

// formatVar registers --format on fs, offering formats (the first is the
// default), kept in *f.
func formatVar(fs *flag.FlagSet, f *string, usage string, formats ...string) {
	*f = formats[0]
	fs.Var(&formatFlag{value: f, allowed: formats}, "format", usage)
}

// langVar registers --lang on fs: zh or en, by default from the locale
// variables (msg.FromEnv), kept in *l. note ends the usage: what the
// flag leaves in English.
func langVar(fs *flag.FlagSet, e env, l *msg.Lang, note string) {
	*l = msg.FromEnv(e.getenv)
	fs.Var(langFlag{l}, "lang", "language of what it prints: zh or en (default from LC_ALL, LC_MESSAGES or LANG: zh* gives zh)"+note)
}

// formatFlag is a flag.Value restricted to a set of output formats.
type formatFlag struct {
	value   *string
	allowed []string
}

func (f *formatFlag) String() string {
	if f.value == nil {
		return ""
	}
	return *f.value
}

func (f *formatFlag) Set(s string) error {
	if !slices.Contains(f.allowed, s) {
		return fmt.Errorf("must be one of %s", strings.Join(f.allowed, ", "))
	}
	*f.value = s
	return nil
}

// langFlag is a flag.Value that takes zh or en.
type langFlag struct{ lang *msg.Lang }

func (f langFlag) String() string {
	if f.lang == nil {
		return ""
	}
	return string(*f.lang)
}

func (f langFlag) Set(s string) error {
	l, ok := msg.ParseLang(s)
	if !ok {
		return fmt.Errorf("must be one of %s, %s", msg.Zh, msg.En)
	}
	*f.lang = l
	return nil
}

// forms are one result in each format a command offers; a format the
// command does not offer is nil (its --format refuses it).
type forms struct {
	text     func(io.Writer) error
	markdown func(io.Writer) error
	json     func() ([]byte, error)
}

// print writes the result in format to w.
func (d forms) print(w io.Writer, format string) error {
	switch format {
	case formatJSON:
		data, err := d.json()
		if err != nil {
			return runErr("encoding the output: %v", err)
		}
		// Byte for byte: printed JSON is a report a reader may save and
		// verify. encoding/json escapes every C0 control already.
		_, err = raw(w).Write(data)
		return err
	case formatMarkdown:
		return d.markdown(w)
	}
	return d.text(w)
}

// save writes the JSON form to out, atomically (output.write): the file
// --out keeps is what --format json prints.
func (d forms) save(out output) error {
	data, err := d.json()
	if err != nil {
		return runErr("encoding %s: %v", out.path, err)
	}
	return out.write(data)
}

// indentedJSON is the JSON form of v: indented, with a final newline.
func indentedJSON(v any) func() ([]byte, error) {
	return func() ([]byte, error) {
		data, err := json.MarshalIndent(v, "", "  ")
		return append(data, '\n'), err
	}
}
