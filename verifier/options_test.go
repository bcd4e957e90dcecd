package main

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/fleet"
	"github.com/gpuplan/gpuplan/verifier/internal/monitor"
	"github.com/gpuplan/gpuplan/verifier/internal/nvml"
)

// TestParseOptions: each command's flags land in its options, with the
// defaults where a flag is absent.
func TestParseOptions(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	e.stderr = &strings.Builder{}
	tests := []struct {
		args []string
		want options
	}{
		{[]string{"plan", "--in", "-", "--format", "json"}, &planOptions{in: "-", printing: printing{format: "json", lang: "en"}}},
		{[]string{"facts", "--print-query"}, &factsOptions{format: "text", printQuery: true, lang: "en"}},
		{[]string{"check", "--plan", "p.json", "--out", "r.json", "--sign", "key", "--bench", "--bench-duration", "30s"},
			&checkOptions{plan: "p.json", out: output{path: "r.json"}, sign: "key", bench: true, benchDuration: 30 * time.Second, printing: printing{format: "text", lang: "en"}}},
		{[]string{"bench", "--gpus", "0,1"}, &benchOptions{duration: defaultBenchDuration, gpus: "0,1", printing: printing{format: "text", lang: "en"}}},
		{[]string{"monitor", "--interval", "5s", "--out", "u.csv"}, &monitorOptions{cfg: monitor.Config{Interval: 5 * time.Second}, out: output{path: "u.csv"}, lang: "en"}},
		{[]string{"merge", "a.json", "--plan", "p.json", "b.json"}, &mergeOptions{reports: []string{"a.json", "b.json"}, plan: "p.json", printing: printing{format: "text", lang: "en"}}},
		{[]string{"verify-report", "r.json", "--nonce", "n1"}, &verifyReportOptions{report: "r.json", nonce: "n1", lang: "en"}},
	}
	for _, tt := range tests {
		got, err := commands[tt.args[0]].parse(e, tt.args[1:])
		if err != nil || !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%v: parsed %+v, %v; want %+v", tt.args, got, err, tt.want)
		}
	}
}

// TestValidate: flags that cannot work together are refused before any
// file is read (exit 2), naming the flags.
func TestValidate(t *testing.T) {
	t.Parallel()
	check := checkOptions{plan: "p.json", printing: printing{format: "text"}, benchDuration: defaultBenchDuration}
	with := func(f func(o *checkOptions)) *checkOptions { o := check; f(&o); return &o }
	tests := []struct {
		name string
		o    options
		want string // part of the message; "" for valid
	}{
		{"check as parsed", &check, ""},
		{"check without --plan", with(func(o *checkOptions) { o.plan = "" }), "--plan is required"},
		{"check --poc-bench without --bench", with(func(o *checkOptions) { o.pocBench = "poc.json" }), "--poc-bench needs --bench"},
		{"check --sign without --out", with(func(o *checkOptions) { o.sign = "key" }), "--sign needs --out"},
		{"check --sign -", with(func(o *checkOptions) { o.sign, o.out.path = "-", "r.json" }), "--sign reads a key file"},
		{"check bad nonce", with(func(o *checkOptions) { o.nonce = "a b" }), "--nonce: only printable ASCII"},
		{"check both on stdin", with(func(o *checkOptions) { o.plan, o.smi = "-", "-" }), "cannot both read standard input"},
		{"check bench too long", with(func(o *checkOptions) { o.benchDuration = 2 * time.Hour }), "--duration: must be between 5s and 1h0m0s"},
		{"bench bad --gpus", &benchOptions{duration: defaultBenchDuration, gpus: "first"}, `"first" is not a GPU number`},
		{"monitor short interval", &monitorOptions{cfg: monitor.Config{Interval: 10 * time.Millisecond}}, "interval"},
		{"merge nothing", &mergeOptions{}, "give the node reports"},
		{"merge stdin", &mergeOptions{reports: []string{"a.json", "-"}}, "not standard input"},
		{"merge too many", &mergeOptions{reports: make([]string, fleet.MaxReports+1)}, "merge at most"},
		{"verify-report --signature alone", &verifyReportOptions{report: "r.json", signature: "r.sig"}, "--signature needs --allowed-signers"},
		{"plan without --in", &planOptions{printing: printing{format: "text"}}, "--in is required"},
	}
	for _, tt := range tests {
		err := tt.o.validate()
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%s: %v, want %q", tt.name, err, tt.want)
		case err != nil && exitCode(&strings.Builder{}, "x", err) != exitUsage:
			t.Errorf("%s: exit %d, want %d", tt.name, exitCode(&strings.Builder{}, "x", err), exitUsage)
		}
	}
}

// TestRunOptions runs check from options built here, not from flags.
func TestRunOptions(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, &fakeSession{f: fixtureFacts(t, fx4090)}, nil)
	var out strings.Builder
	e.stdout = &out
	o := &checkOptions{plan: "testdata/plan-rtx4090x8.json", printing: printing{format: "text"}, nonce: "buyer-7f3a"}
	if err := o.run(context.Background(), e); err != nil {
		t.Fatalf("check on a healthy fake 4090 server: %v", err)
	}
	for _, want := range []string{"nonce   buyer-7f3a", "gpu-node-07", "2026-11-30T08:15:00Z"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%.2000s", want, out.String())
		}
	}
}

// TestExitCodesDocumented: gpuverify help prints every exit code of the
// one table, and the README's table is that table (-update rewrites it).
func TestExitCodesDocumented(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	help := testkit.Run(context.Background(), e.main, nil, "help")
	for _, c := range exitCodes {
		line := fmt.Sprintf("  %-3d  %s", c.code, strings.ReplaceAll(c.meaning, "`", ""))
		if !strings.Contains(help.Stdout, line) {
			t.Errorf("help lacks %q:\n%s", line, help.Stdout)
		}
	}
	table := "| code | meaning |\n|---|---|\n"
	for _, c := range exitCodes {
		table += fmt.Sprintf("| %d | %s |\n", c.code, c.meaning)
	}
	testkit.Section(t, "../README.md", "<!-- begin exit codes: written by go test ./verifier -update from exitCodes in verifier/cli.go -->\n", "<!-- end exit codes -->", table)
}
