package bench_test

import (
	"bytes"
	"encoding/json"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/bench"
	"github.com/gpuplan/gpuplan/shared/msg"
)

func TestDecode(t *testing.T) {
	ok := `{"schema":"gpuplan.bench/v1","duration_s":5,"elapsed_s":5,"gpus":[{"index":0,"name":"x","measurements":[{"kind":"fp32","value":1,"best":1,"samples":1,"seconds":1}]}]}`
	if _, err := bench.Decode([]byte(ok)); err != nil {
		t.Fatalf("valid file: %v", err)
	}
	tests := []struct {
		name, data, err string
	}{
		{"other schema", `{"schema":"gpuplan.report/v1","gpus":[]}`, `schema: must be "gpuplan.bench/v1"`},
		{"unknown field", `{"schema":"gpuplan.bench/v1","gpus":[],"tflops":3}`, `unknown field "tflops"`},
		{"trailing data", `{"schema":"gpuplan.bench/v1","gpus":[]} {}`, "data after the JSON object"},
		{"not JSON", `fp32: 19.5`, "not valid JSON"},
		{"negative rate", strings.Replace(ok, `"value":1`, `"value":-1`, 1), "gpus[0].measurements[0].value: must be a number ≥ 0"},
		{"unknown kind", strings.Replace(ok, `"fp32"`, `"fp64"`, 1), `unknown kind "fp64"`},
		{"kind twice", strings.Replace(ok, `"seconds":1}]`, `"seconds":1},{"kind":"fp32"}]`, 1), "fp32 is listed twice"},
		{"GPU twice", strings.Replace(ok, `"gpus":[{`, `"gpus":[{"index":0,"name":"y","measurements":[]},{`, 1), "GPU 0 is listed twice"},
		{"index out of range", strings.Replace(ok, `"index":0`, `"index":-2`, 1), "index: must be in [0, 1023]"},
		{"more tested than total", strings.Replace(ok, `"measurements"`, `"memtest":{"total_bytes":10,"tested_bytes":11,"free_bytes":0,"passes":2,"errors":0,"seconds":1},"measurements"`, 1), "more than total_bytes"},
		{"bad check status", strings.Replace(ok, `"gpus"`, `"checks":[{"id":"x","status":"ok","rule":"A2","expected":"","measured":"","message":""}],"gpus"`, 1), "checks[0].status"},
	}
	for _, tt := range tests {
		_, err := bench.Decode([]byte(tt.data))
		if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.err)
		}
	}
	if _, err := bench.Decode(bytes.Repeat([]byte(" "), bench.MaxBytes+1)); err == nil {
		t.Error("an oversized file was read")
	}
}

// TestRoundTrip: a judged run written as gpuverify writes it decodes to the
// same value.
func TestRoundTrip(t *testing.T) {
	r := recorded(t)
	r.Checks = bench.Judge(r, bench.Options{})
	s := acceptance.Summarize(r.Checks)
	r.Summary = &s
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	back, err := bench.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	// A file keeps each check's English message, not the catalogue
	// message; KeepMessages gives them back as a reader does.
	acceptance.KeepMessages(back.Checks, r.Checks)
	if !reflect.DeepEqual(back, r) {
		t.Error("the run changed in a JSON round trip")
	}
	if s.Verdict != "fail" || s.Fail != 3 {
		t.Errorf("summary %+v: want the three sibling failures (fp32, bf16, fp16)", s)
	}
}

func recorded(t testing.TB) *bench.Run {
	t.Helper()
	data, err := os.ReadFile("testdata/a100x8-capped.json")
	if err != nil {
		t.Fatal(err)
	}
	r, err := bench.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestRender checks the text and Markdown forms against golden files.
func TestRender(t *testing.T) {
	r := recorded(t)
	checks := bench.Judge(r, bench.Options{})
	for name, write := range map[string]func(*bytes.Buffer) error{
		"a100x8-capped.txt": func(b *bytes.Buffer) error { return bench.WriteText(b, r, checks, msg.En) },
		"a100x8-capped.md":  func(b *bytes.Buffer) error { return bench.WriteMarkdown(b, r, checks, msg.En) },
	} {
		var b bytes.Buffer
		if err := write(&b); err != nil {
			t.Fatal(err)
		}
		testkit.Golden(t, "testdata/"+name, b.Bytes())
	}
	var b bytes.Buffer
	skipped := &bench.Run{Schema: bench.Schema, DurationS: 60, Skipped: "no libcuda.so.1", Interrupted: true}
	if err := bench.WriteText(&b, skipped, bench.Judge(skipped, bench.Options{}), msg.En); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"GPU bench: NOT RUN (0 fail, 0 warn, 7 skip, 0 pass of 7 checks)", "skipped   no libcuda.so.1", "interrupted before the end", "SKIP bench_fp32 [A2] no libcuda.so.1"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("skipped run lacks %q:\n%s", want, b.String())
		}
	}
}

// FuzzDecode: Decode never panics, and what it accepts survives a round
// trip and can be judged and rendered.
func FuzzDecode(f *testing.F) {
	data, err := os.ReadFile("testdata/a100x8-capped.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte(`{"schema":"gpuplan.bench/v1","gpus":[{"index":0,"name":"","measurements":[],"memtest":{"total_bytes":0,"free_bytes":0,"tested_bytes":0,"passes":0,"errors":1,"seconds":0}}]}`))
	f.Add([]byte(`{"schema":"gpuplan.bench/v1","skipped":"x","gpus":null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := bench.Decode(data)
		if err != nil {
			return
		}
		out, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := bench.Decode(out); err != nil {
			t.Fatalf("re-encoded run does not decode: %v", err)
		}
		checks := bench.Judge(r, bench.Options{POC: r})
		var b bytes.Buffer
		if err := bench.WriteText(&b, r, checks, msg.En); err != nil {
			t.Fatal(err)
		}
	})
}
