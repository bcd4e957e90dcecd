package report

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/planfile"
	"github.com/gpuplan/gpuplan/shared/provenance"
)

const factsDir = "../facts/testdata"

var (
	testTime = time.Date(2026, 11, 30, 8, 15, 0, 0, time.FixedZone("CST", 8*3600))
	testTool = Tool{Name: "gpuverify", Version: "v0.0.0-test"}
)

func parseFixture(t testing.TB, name string) *facts.Facts {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(factsDir, name))
	if err != nil {
		t.Fatal(err)
	}
	f, err := facts.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// planFile returns a minimal plan file holding acc, as bytes.
func planFile(t testing.TB, acc planfile.Acceptance) []byte {
	t.Helper()
	b, err := json.MarshalIndent(map[string]any{"schema": planfile.Schema, "acceptance": acc}, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

var goldenCases = []struct {
	name, fixture string
	acc           planfile.Acceptance
}{
	// 8x H100 pass-through VM, GPU 2 power brake: fails.
	{"h100x8", "gpud__nvidia-smi-query.535.183.01.out.0.valid", planfile.Acceptance{GPUCount: 8, GPUIDs: []string{"h100-80g-sxm"}, MinMemoryMiB: 80000, Interconnect: "nvlink", MIG: "off", Virtualization: "vm-ok", MinPCIeWidth: 16, ECC: "on", MinDriver: "535.104.05"}},
	// 8x RTX 4090 at idle Gen1: passes with warnings and skips.
	{"rtx4090x8", "gpud__nvidia-smi-query.535.154.05.out.0.valid.4090", planfile.Acceptance{GPUCount: 8, GPUIDs: []string{"rtx-4090"}, MinMemoryMiB: 24000, Interconnect: "pcie", MIG: "off", Virtualization: "bare-metal", MinPCIeWidth: 16, ECC: "any"}},
	// H200 with MIG, checked against an H100 plan.
	{"h200-mig-vs-h100", "nvidia_gpu_exporter__linux-x86_64__nvidia-h200-mig__590.48.01.txt", planfile.Acceptance{GPUCount: 1, GPUIDs: []string{"h100-80g-sxm"}, Interconnect: "nvlink", MIG: "off", Virtualization: "bare-metal", MinPCIeWidth: 16, ECC: "on"}},
}

// liveCase renders a live report: the 8x RTX 4090 facts as if NVML had
// read them, with the kernel's record agreeing except for GPU 5's board
// (subsystem id), and a nonce.
func liveCase(t testing.TB) *Report {
	t.Helper()
	c := goldenCases[1]
	f := parseFixture(t, c.fixture)
	f.Source = facts.SourceNVML
	k := &provenance.Kernel{
		DriverVersion: f.DriverVersion,
		Library: provenance.Library{
			Path:        facts.Known("/usr/lib/x86_64-linux-gnu/libnvidia-ml.so." + f.DriverVersion.Or("")),
			PreloadFile: facts.Known(""),
		},
	}
	var procs []provenance.ProcGPU
	var buses []string
	for _, g := range f.GPUs {
		bus := provenance.NormBus(g.BusID.Or(""))
		buses = append(buses, bus)
		procs = append(procs, provenance.ProcGPU{BusID: bus, Model: g.Name.Or(""), UUID: g.UUID.Or("")})
		id, sub := g.PCIDeviceID.Or("0x00000000"), g.PCISubsystemID.Or("0x00000000")
		if g.Index == 5 {
			sub = "0x16F110DE"
		}
		hex := func(s string, from, to int) facts.Value[string] {
			return facts.Known("0x" + strings.ToLower(s[from:to]))
		}
		k.PCI = append(k.PCI, provenance.PCIDevice{
			Index: g.Index, BusID: bus,
			Vendor: hex(id, 6, 10), Device: hex(id, 2, 6), SubsystemVendor: hex(sub, 6, 10), SubsystemDevice: hex(sub, 2, 6),
			CurrentLinkSpeed: facts.Known("2.5 GT/s PCIe"), MaxLinkSpeed: facts.Known("16.0 GT/s PCIe"),
			CurrentLinkWidth: g.PCIe.WidthCurrent, MaxLinkWidth: g.PCIe.WidthMax,
			NUMANode: facts.Known(g.Index / 4), NVMLNUMANode: facts.Known(g.Index / 4),
		})
	}
	k.ProcGPUs = facts.Known(procs)
	k.NVIDIADevices = facts.Known(buses)
	r, err := Build(Input{PlanFile: planFile(t, c.acc), Acceptance: c.acc, Facts: f, Origin: provenance.Origin{Kind: provenance.Live, Kernel: k},
		Nonce: "buyer-7f3a9c", Tool: testTool, Time: testTime})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestGolden renders each case as JSON, text and Markdown and compares with
// testdata/NAME.{json,txt,md}. Rewrite with -update and review the diff.
func TestGolden(t *testing.T) {
	for _, c := range append(goldenCases, struct {
		name, fixture string
		acc           planfile.Acceptance
	}{name: "rtx4090x8-live"}) {
		t.Run(c.name, func(t *testing.T) {
			var r *Report
			var err error
			if c.name == "rtx4090x8-live" {
				r = liveCase(t)
			} else {
				r, err = New(planFile(t, c.acc), c.acc, parseFixture(t, c.fixture), testTool, testTime)
			}
			if err != nil {
				t.Fatal(err)
			}
			js, err := Marshal(r)
			if err != nil {
				t.Fatal(err)
			}
			testkit.Golden(t, filepath.Join("testdata", c.name+".json"), js)
			var txt, mdown bytes.Buffer
			if err := WriteText(&txt, r, msg.En); err != nil {
				t.Fatal(err)
			}
			if err := WriteMarkdown(&mdown, r, msg.En); err != nil {
				t.Fatal(err)
			}
			testkit.Golden(t, filepath.Join("testdata", c.name+".txt"), txt.Bytes())
			testkit.Golden(t, filepath.Join("testdata", c.name+".md"), mdown.Bytes())
			// The same report in Chinese.
			var zhTxt, zhMD bytes.Buffer
			if err := WriteText(&zhTxt, r, msg.Zh); err != nil {
				t.Fatal(err)
			}
			if err := WriteMarkdown(&zhMD, r, msg.Zh); err != nil {
				t.Fatal(err)
			}
			testkit.Golden(t, filepath.Join("testdata", c.name+".zh.txt"), zhTxt.Bytes())
			testkit.Golden(t, filepath.Join("testdata", c.name+".zh.md"), zhMD.Bytes())

			// The golden JSON verifies, and the text renders the same from it.
			ok, want, got, err := VerifyDigest(js)
			if err != nil || !ok {
				t.Fatalf("Verify(golden) = %v, %s, %s, %v", ok, want, got, err)
			}
			back, err := Decode(js)
			if err != nil {
				t.Fatal(err)
			}
			var txt2 bytes.Buffer
			WriteText(&txt2, back, msg.En)
			if txt2.String() != txt.String() {
				t.Error("text rendered from the decoded JSON differs from text rendered from the report")
			}
			// Read back from the file, it still renders in Chinese.
			var zh2 bytes.Buffer
			WriteText(&zh2, back, msg.Zh)
			if zh2.String() != zhTxt.String() {
				t.Error("Chinese text rendered from the decoded JSON differs from the report's")
			}
		})
	}
}

func TestNewFields(t *testing.T) {
	acc := goldenCases[0].acc
	pf := planFile(t, acc)
	r, err := New(pf, acc, parseFixture(t, goldenCases[0].fixture), testTool, testTime)
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(pf)
	if r.PlanSHA256 != hex.EncodeToString(sum[:]) {
		t.Errorf("plan_sha256 %s is not the SHA-256 of the plan bytes", r.PlanSHA256)
	}
	if r.Time != "2026-11-30T00:15:00Z" {
		t.Errorf("time %s, want RFC 3339 in UTC", r.Time)
	}
	if r.Schema != Schema || r.Tool != testTool {
		t.Errorf("schema %q tool %+v", r.Schema, r.Tool)
	}
	// GPU 2's HW power brake is the one failure.
	if s := r.Summary; s.Verdict != "fail" || s.Fail != 1 || s.Total != len(r.Checks) || s.Pass+s.Warn+s.Skip+s.Fail != s.Total {
		t.Errorf("summary %+v", s)
	}
}

func TestSummarize(t *testing.T) {
	s := Summarize([]acceptance.Result{{Status: acceptance.Pass}, {Status: acceptance.Warn}, {ID: "gpu0/ecc_errors", Status: acceptance.Skip}, {Status: acceptance.Pass}})
	if s != (Summary{Verdict: "pass", Pass: 2, Warn: 1, Skip: 1, Total: 4}) {
		t.Errorf("got %+v", s)
	}
	// A demanded check not measured: never pass (rule A4).
	for _, id := range []string{"gpu0/virtualization", "topology", "bench_fp32", "gpu1/bench_memtest", "origin", "kernel_driver", "gpu0/kernel_pci_id"} {
		if s := Summarize([]acceptance.Result{{ID: "gpu_count", Status: acceptance.Pass}, {ID: id, Status: acceptance.Skip}}); s.Verdict != "incomplete" {
			t.Errorf("%s skipped: verdict %s, want incomplete", id, s.Verdict)
		}
	}
	if s := Summarize([]acceptance.Result{{Status: acceptance.Fail}}); s.Verdict != "fail" {
		t.Errorf("one failure: verdict %s", s.Verdict)
	}
}

func TestWriteFacts(t *testing.T) {
	var b bytes.Buffer
	if err := WriteFacts(&b, parseFixture(t, "nvidia_gpu_exporter__linux-x86_64__nvidia-h100-80gb-hbm3__590.48.01.txt"), msg.En); err != nil {
		t.Fatal(err)
	}
	testkit.Golden(t, "testdata/h100-bundle.facts.txt", b.Bytes())
}

// TestEveryCheckHasAKind: each check of the golden reports, the live one
// with its kernel cross-checks included, falls into a kind the report
// groups by, none into "other checks".
func TestEveryCheckHasAKind(t *testing.T) {
	for _, name := range []string{"rtx4090x8-live.json", "h100x8.json", "h200-mig-vs-h100.json"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		r, err := Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range r.Checks {
			if acceptance.KindOf(c.ID) == acceptance.KindOther {
				t.Errorf("%s: %s has no kind", name, c.ID)
			}
		}
	}
}

// TestLiveMessagesBilingual: every check of a live report, the kernel
// cross-checks included, carries a catalogue message whose English is the
// text the file keeps; the sealed report keeps the messages.
func TestLiveMessagesBilingual(t *testing.T) {
	r := liveCase(t)
	for _, c := range r.Checks {
		if err := msg.Check(c.Msg); err != nil {
			t.Errorf("%s: %v", c.ID, err)
		} else if c.Msg.String() != c.Message || c.Text(msg.Zh) == c.Message {
			t.Errorf("%s: English %q, Message %q, Chinese %q", c.ID, c.Msg.String(), c.Message, c.Text(msg.Zh))
		}
	}
}
