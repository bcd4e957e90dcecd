package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// The output formats. A command registers --format with the formats it
// offers (formatFlag), builds its result as forms, and print writes the
// one chosen: the writer is picked in this file alone.
const (
	formatText     = "text"
	formatMarkdown = "markdown"
	formatJSON     = "json"
)

// formatFlag is a flag.Value restricted to a set of output formats.
type formatFlag struct {
	value   string
	allowed []string
}

func (f *formatFlag) String() string { return f.value }

func (f *formatFlag) Set(s string) error {
	for _, a := range f.allowed {
		if s == a {
			f.value = s
			return nil
		}
	}
	return fmt.Errorf("must be one of %s", strings.Join(f.allowed, ", "))
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
		_, err = w.Write(data)
		return err
	case formatMarkdown:
		return d.markdown(w)
	}
	return d.text(w)
}

// indentedJSON is the JSON form of v: indented, with a final newline.
func indentedJSON(v any) func() ([]byte, error) {
	return func() ([]byte, error) {
		data, err := json.MarshalIndent(v, "", "  ")
		return append(data, '\n'), err
	}
}
