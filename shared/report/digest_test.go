package report

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/planfile"
)

// TestDigestRecipe recomputes the digest the way the package doc tells a
// reader without Go to: empty the digest line of the file and hash it.
func TestDigestRecipe(t *testing.T) {
	js := sealed(t)
	re := regexp.MustCompile(`(?m)^  "digest": "[0-9a-f]*"$`)
	if n := len(re.FindAll(js, -1)); n != 1 {
		t.Fatalf("%d digest lines", n)
	}
	emptied := re.ReplaceAll(js, []byte(`  "digest": ""`))
	sum := sha256.Sum256(emptied)
	r, _ := Decode(js)
	if hex.EncodeToString(sum[:]) != r.Digest {
		t.Errorf("sed recipe gives %x, report says %s", sum, r.Digest)
	}
}

func sealed(t *testing.T) []byte {
	t.Helper()
	c := goldenCases[1]
	r, err := New(planFile(t, c.acc), c.acc, parseFixture(t, c.fixture), testTool, testTime)
	if err != nil {
		t.Fatal(err)
	}
	js, err := Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return js
}

// TestVerifyTamper: any change of a value is caught; re-indenting is not a
// change; a file this package cannot read is an error, not a mismatch.
func TestVerifyTamper(t *testing.T) {
	js := sealed(t)
	mismatch := map[string]func([]byte) []byte{
		"status edited": func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"status": "skip"`), []byte(`"status": "pass"`), 1)
		},
		"memory edited": func(b []byte) []byte { return bytes.Replace(b, []byte(`24564`), []byte(`49140`), 1) },
		"verdict edited": func(b []byte) []byte {
			return bytes.Replace(b, []byte(`"verdict": "incomplete"`), []byte(`"verdict": "pass"`), 1)
		},
		"check removed": func(b []byte) []byte { return removeFirstCheck(t, b) },
		"digest replaced": func(b []byte) []byte {
			return regexp.MustCompile(`"digest": "[0-9a-f]{64}"`).ReplaceAll(b, []byte(`"digest": "`+strings.Repeat("0", 64)+`"`))
		},
	}
	for name, edit := range mismatch {
		t.Run(name, func(t *testing.T) {
			edited := edit(bytes.Clone(js))
			if bytes.Equal(edited, js) {
				t.Fatal("the edit changed nothing")
			}
			ok, want, got, err := VerifyDigest(edited)
			if err != nil || ok || want == got {
				t.Errorf("Verify = %v, %s, %s, %v; want a mismatch", ok, want, got, err)
			}
		})
	}
	t.Run("re-indented", func(t *testing.T) {
		var compact bytes.Buffer
		if err := json.Compact(&compact, js); err != nil {
			t.Fatal(err)
		}
		if ok, _, _, err := VerifyDigest(compact.Bytes()); !ok || err != nil {
			t.Errorf("compacted report: ok %v, err %v", ok, err)
		}
	})
	unreadable := map[string][]byte{
		"unknown field":   bytes.Replace(js, []byte(`"schema":`), []byte(`"note": "x", "schema":`), 1),
		"duplicate key":   bytes.Replace(js, []byte(`"status": "skip",`), []byte(`"status": "skip", "status": "pass",`), 1),
		"key in capitals": bytes.Replace(js, []byte(`"status": "skip",`), []byte(`"STATUS": "skip",`), 1),
		"trailing data":   append(bytes.Clone(js), "}"...),
		"wrong schema":    bytes.Replace(js, []byte(Schema), []byte("gpuplan.report/v9"), 1),
		"bad status":      bytes.Replace(js, []byte(`"status": "skip"`), []byte(`"status": "ok"`), 1),
		"short digest":    regexp.MustCompile(`"digest": "[0-9a-f]{64}"`).ReplaceAll(js, []byte(`"digest": "abc"`)),
		"empty":           nil,
		"not JSON":        []byte("digest: abc"),
	}
	for name, in := range unreadable {
		t.Run(name, func(t *testing.T) {
			if ok, _, _, err := VerifyDigest(in); ok || err == nil {
				t.Errorf("Verify = %v, %v; want an error", ok, err)
			}
		})
	}
}

func removeFirstCheck(t *testing.T, b []byte) []byte {
	var r Report
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	r.Checks = r.Checks[1:]
	out, err := Marshal(&r)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestEveryFixtureVerifies: the report of every real fixture round-trips
// through its JSON, so its digest verifies (a fact that does not survive
// encode-decode-encode would break the digest).
func TestEveryFixtureVerifies(t *testing.T) {
	names, _ := filepath.Glob(filepath.Join(factsDir, "*"))
	acc := planfile.Acceptance{GPUCount: 1, GPUIDs: []string{"h100-80g-sxm"}, Interconnect: "nvlink", MIG: "off", Virtualization: "bare-metal", MinPCIeWidth: 16, ECC: "on", MinDriver: "535"}
	n := 0
	for _, path := range names {
		if strings.HasSuffix(path, ".json") || strings.HasSuffix(path, ".md") {
			continue
		}
		data, _ := os.ReadFile(path)
		f, err := facts.Parse(data)
		if err != nil {
			continue // the plain-table fixture is refused by design
		}
		n++
		r, err := New([]byte("{}"), acc, f, testTool, testTime)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		js, _ := Marshal(r)
		if ok, want, got, err := VerifyDigest(js); !ok || err != nil {
			t.Errorf("%s: Verify = %v (%s vs %s), %v", filepath.Base(path), ok, want, got, err)
		}
	}
	if n < 15 {
		t.Errorf("only %d fixtures parsed", n)
	}
}

// TestSealInvalidUTF8: a name with bytes that are not UTF-8 is sealed as a
// reader will decode it, so the report still verifies.
func TestSealInvalidUTF8(t *testing.T) {
	f := facts.New(facts.SourceNVML)
	g := facts.GPU{Name: facts.Known("NVIDIA \xff\xfe H100"), ClockEventReasons: facts.Known([]string(nil))}
	f.GPUs = append(f.GPUs, g)
	r, err := New(nil, planfile.Acceptance{GPUCount: 1}, f, testTool, testTime)
	if err != nil {
		t.Fatal(err)
	}
	js, _ := Marshal(r)
	if ok, want, got, err := VerifyDigest(js); !ok || err != nil {
		t.Errorf("Verify = %v (%s vs %s), %v", ok, want, got, err)
	}
}

// FuzzDecode: Decode never panics, and a report it reads has a stable
// canonical form, so Verify gives the same answer every time.
func FuzzDecode(f *testing.F) {
	f.Add(sealedForFuzz(f))
	f.Add([]byte(`{"schema":"gpuplan.report/v2","digest":"` + strings.Repeat("a", 64) + `"}`))
	f.Add([]byte(`{"schema":"gpuplan.report/v2","checks":[{"status":"pass"}],"facts":{"gpus":[{"name":{"unavailable":"x"}}]},"digest":"` + strings.Repeat("0", 64) + `"}`))
	f.Add([]byte(`{"schema":"gpuplan.report/v2","facts":null,"digest":"` + strings.Repeat("0", 64) + `"} x`))
	f.Add([]byte(`{"schema":"gpuplan.report/v2","facts":{"gpus":[{"name":{"unavailable":"x","unavailable_message":{"id":"facts.reason.says","args":[{"kind":"text","text":"nvidia-smi"},{"kind":"text","text":"\"N/A\""}]}}}]},"digest":"` + strings.Repeat("0", 64) + `"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := Decode(data)
		if err != nil {
			return
		}
		c1, err := Canonical(r)
		if err != nil {
			t.Fatal(err)
		}
		c1 = withDigest(c1, r.Digest)
		r2, err := Decode(c1)
		if err != nil {
			t.Fatalf("its own canonical form does not decode: %v", err)
		}
		c2, _ := Canonical(r2)
		if !bytes.Equal(withDigest(c2, r.Digest), c1) {
			t.Fatalf("canonical form not stable:\n%s\n%s", c1, c2)
		}
		var b bytes.Buffer
		WriteText(&b, r, msg.En)
		WriteMarkdown(&b, r, msg.Zh)
		if _, err := AuditFile(c1); err != nil {
			t.Fatalf("AuditFile refuses what Decode reads: %v", err)
		}
	})
}

// withDigest puts a digest back into a canonical form, so it decodes.
func withDigest(c []byte, d string) []byte {
	return bytes.Replace(c, []byte(`"digest": ""`), []byte(`"digest": "`+d+`"`), 1)
}

func sealedForFuzz(f *testing.F) []byte {
	c := goldenCases[2] // one GPU: a small seed keeps the fuzzer fast
	r, err := New([]byte("plan"), c.acc, parseFixture(f, c.fixture), testTool, testTime)
	if err != nil {
		f.Fatal(err)
	}
	js, _ := Marshal(r)
	return js
}

// TestAuditForgery is a forged report: every status and the summary
// set to pass and the digest recomputed. The digest then matches, but the
// checks derived from the facts do not, and Audit names them.
func TestAuditForgery(t *testing.T) {
	c := goldenCases[0] // 8x H100, fails
	r, err := New(planFile(t, c.acc), c.acc, parseFixture(t, c.fixture), testTool, testTime)
	if err != nil {
		t.Fatal(err)
	}
	forged := *r
	forged.Checks = slicesClone(r.Checks)
	failed := 0
	for i := range forged.Checks {
		if forged.Checks[i].Status == acceptance.Fail {
			failed++
		}
		forged.Checks[i].Status = acceptance.Pass
	}
	forged.Summary = Summary{Verdict: "pass", Pass: len(forged.Checks), Total: len(forged.Checks)}
	if err := forged.Seal(); err != nil {
		t.Fatal(err)
	}
	js, _ := Marshal(&forged)
	a, err := AuditFile(js)
	if err != nil {
		t.Fatal(err)
	}
	if !a.DigestOK || a.OK() || !a.SummaryDiffers || a.Summary.Verdict != "fail" {
		t.Fatalf("digest ok %v, audit ok %v, summary differs %v, derived verdict %s", a.DigestOK, a.OK(), a.SummaryDiffers, a.Summary.Verdict)
	}
	if len(a.Disagreements) < failed || failed == 0 {
		t.Errorf("%d disagreements for %d forged failures", len(a.Disagreements), failed)
	}
	for _, d := range a.Disagreements {
		if d.What != "status" || d.Stated != acceptance.Pass || d.Derived == acceptance.Pass {
			t.Errorf("disagreement %s", d)
		}
	}
	// The untouched report audits clean.
	js, _ = Marshal(r)
	if a, err := AuditFile(js); err != nil || !a.OK() {
		t.Errorf("untouched report: %v %+v", err, a.Disagreements)
	}
	// A check dropped, one added, a message reworded.
	edited := *r
	edited.Checks = append(slicesClone(r.Checks[1:]), acceptance.Result{ID: "gpu9/identity", Status: acceptance.Pass})
	edited.Checks[0].Message = "looks fine"
	edited.Seal()
	js, _ = Marshal(&edited)
	a, _ = AuditFile(js)
	whats := map[string]bool{}
	for _, d := range a.Disagreements {
		whats[d.What] = true
	}
	if !whats["missing"] || !whats["extra"] || !whats["text"] || len(a.Material()) != len(a.Disagreements)-1 {
		t.Errorf("disagreements %v", a.Disagreements)
	}
	// Wording alone (a newer catalogue) does not fail an audit.
	worded := *r
	worded.Checks = slicesClone(r.Checks)
	worded.Checks[0].Message = "reworded"
	worded.Seal()
	js, _ = Marshal(&worded)
	if a, _ := AuditFile(js); !a.OK() || len(a.Disagreements) != 1 {
		t.Errorf("reworded: ok %v, %v", a.OK(), a.Disagreements)
	}
}

func slicesClone(r []acceptance.Result) []acceptance.Result {
	return append([]acceptance.Result(nil), r...)
}

// TestOldSchema: a v1 report, which did not say where its facts came from,
// is refused with the advice to run the check again.
func TestOldSchema(t *testing.T) {
	_, err := Decode([]byte(`{"schema": "gpuplan.report/v1"}`))
	if err == nil || !strings.Contains(err.Error(), "older gpuverify") {
		t.Errorf("v1: %v", err)
	}
}

func TestValidNonce(t *testing.T) {
	for _, ok := range []string{"", "7f3a9c", "ticket-4711/2026-12-01"} {
		if err := ValidNonce(ok); err != nil {
			t.Errorf("%q: %v", ok, err)
		}
	}
	for _, bad := range []string{"with space", "tab\t", "é", strings.Repeat("a", MaxNonce+1)} {
		if err := ValidNonce(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
