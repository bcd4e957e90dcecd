package cmdmain

import (
	"errors"
	"flag"
	"fmt"
	"strings"
	"testing"
)

// TestMessage: a failure is named after the command; -h prints nothing
// more than the usage the flag set wrote.
func TestMessage(t *testing.T) {
	for _, tt := range []struct {
		err  error
		want string
	}{
		{errors.New("port 8000 is already in use"), "serve: port 8000 is already in use\n"},
		{flag.ErrHelp, ""},
		{fmt.Errorf("parsing: %w", flag.ErrHelp), ""},
	} {
		if got := Message("serve", tt.err); got != tt.want {
			t.Errorf("Message(%v) = %q, want %q", tt.err, got, tt.want)
		}
	}
}

// TestFlags: the flag set returns the error of a bad flag and writes the
// usage to the given stream instead of exiting.
func TestFlags(t *testing.T) {
	var out strings.Builder
	fs := Flags("serve", &out)
	fs.String("addr", "127.0.0.1:8000", "listen address")
	if err := fs.Parse([]string{"-nope"}); err == nil || !strings.Contains(out.String(), "-addr") {
		t.Errorf("Parse(-nope) = %v, usage %q; want an error and the usage naming -addr", err, out.String())
	}
}
