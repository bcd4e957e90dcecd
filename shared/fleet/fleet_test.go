package fleet

import (
	"bytes"
	"crypto/ed25519"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/bench"
	"github.com/gpuplan/gpuplan/shared/fabric"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/planfile"
	"github.com/gpuplan/gpuplan/shared/report"
	"github.com/gpuplan/gpuplan/shared/sshsig"
)

var (
	testTime = time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	testTool = report.Tool{Name: "gpuverify", Version: "v0.0.0-test"}
)

// fixture is a real 8x H100 SXM capture (gpud, Apache-2.0); see
// shared/facts/testdata/README.md.
const fixture = "../facts/testdata/gpud__nvidia-smi-query.535.183.01.out.0.valid"

// planJSON is a two-node H100 plan over InfiniBand, as the planner exports
// its head; merge needs schema, gpu.nodes and acceptance.
func planJSON(gpuCount int) []byte {
	return []byte(fmt.Sprintf(`{"schema": "gpuplan.plan/v1", "gpu": {"id": "h100-80g-sxm", "count": %d, "nodes": %d},
"acceptance": {"gpu_count": %d, "gpus_per_node": 8, "gpu_ids": ["h100-80g-sxm"], "min_memory_mib": 80000,
"interconnect": "nvlink+ib", "mig": "off", "virtualization": "vm-ok", "min_pcie_width": 16, "ecc": "on"}}
`, gpuCount, gpuCount/8, gpuCount))
}

// node describes one node's report for the tests.
type node struct {
	host    string
	id      int     // makes the GPU UUIDs and serials distinct; equal ids are one box
	driver  string  // "" keeps the fixture's 535.183.01
	fp32    float64 // FP32 TFLOPS every GPU measured; 0: no bench
	ibRate  float64 // rate of each of 8 IB ports; 0: no fabric block
	ibDown  int     // ports of the 8 that are down
	brake   bool    // keep the fixture's HW power brake on GPU 2 (its report fails)
	planB   []byte  // the report names this plan instead
	tamper  bool    // edit the report after it was sealed
	nameFmt string
}

// reportOf builds the node's report file from the fixture: the same code
// path as gpuverify check, then the changes the node asks for.
func reportOf(t testing.TB, n node, planFile []byte) []byte {
	t.Helper()
	data, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	f, err := facts.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	f.Host.Hostname = facts.Known(n.host)
	if n.driver != "" {
		f.DriverVersion = facts.Known(n.driver)
	}
	for i := range f.GPUs {
		g := &f.GPUs[i]
		g.UUID = facts.Known(fmt.Sprintf("GPU-%08d-0000-0000-0000-%012d", n.id, i))
		g.Serial = facts.Known(fmt.Sprintf("16550%04d%04d", n.id, i))
		if !n.brake {
			g.ClockEventReasons = facts.Known([]string{})
		}
	}
	pf := planFile
	if n.planB != nil {
		pf = n.planB
	}
	acc, err := planfile.DecodeAcceptance(pf)
	if err != nil {
		t.Fatal(err)
	}
	r, err := report.New(pf, acc, f, testTool, testTime)
	if err != nil {
		t.Fatal(err)
	}
	if n.fp32 > 0 {
		run := &bench.Run{Schema: bench.Schema}
		for i := range 8 {
			run.GPUs = append(run.GPUs, bench.GPU{Index: i, Name: "NVIDIA H100 80GB HBM3", CardID: "h100-80g-sxm",
				Measurements: []bench.Measurement{{Kind: bench.FP32, Value: n.fp32 + float64(i)/10, Best: n.fp32 + 1, Samples: 5, Seconds: 2}}})
		}
		r.Bench = &report.Bench{Run: run}
		r.Checks = report.Derive(r)
		r.Summary = report.Summarize(r.Checks)
	}
	if n.ibRate > 0 {
		fb := &fabric.Fabric{IB: []fabric.Port{}}
		for i := range 8 {
			p := fabric.Port{Device: fmt.Sprintf("mlx5_%d", i), Port: 1, State: "ACTIVE", PhysState: "LinkUp",
				RateGbps: n.ibRate, Rate: fmt.Sprintf("%g Gb/sec (4X NDR)", n.ibRate), LinkLayer: "InfiniBand",
				NodeGUID: fmt.Sprintf("0c42:a103:%04x:%04x", n.id, i)}
			if i < n.ibDown {
				p.State, p.PhysState = "DOWN", "Disabled"
			}
			fb.IB = append(fb.IB, p)
		}
		r.Fabric = fb
	}
	if err := r.Seal(); err != nil {
		t.Fatal(err)
	}
	out, err := report.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if n.tamper {
		out = bytes.Replace(out, []byte(`"verdict": "fail"`), []byte(`"verdict": "pass"`), 1)
	}
	return out
}

func inputs(t testing.TB, planFile []byte, nodes ...node) []Input {
	var in []Input
	for _, n := range nodes {
		in = append(in, Input{Name: "report-" + n.host + ".json", Data: reportOf(t, n, planFile)})
	}
	return in
}

func ncclRun(t testing.TB) *fabric.NCCL {
	data, err := os.ReadFile("../fabric/testdata/all_reduce_2x8.txt")
	if err != nil {
		t.Fatal(err)
	}
	n, err := fabric.ParseNCCL(data)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// scenarios are the golden fleets.
func scenarios(t testing.TB) map[string]func() (*Fleet, error) {
	pf := planJSON(16)
	plan, err := PlanOf(pf)
	if err != nil {
		t.Fatal(err)
	}
	return map[string]func() (*Fleet, error){
		// Two healthy nodes on 8x400 Gb/s NDR, benched, with an NCCL run.
		"healthy": func() (*Fleet, error) {
			in := inputs(t, pf, node{host: "node-a", id: 1, fp32: 60, ibRate: 400}, node{host: "node-b", id: 2, fp32: 59, ibRate: 400})
			return Merge(in, Options{Plan: plan, NCCL: ncclRun(t), Tool: testTool, Now: testTime})
		},
		// Everything an SRE meets on a Friday: node-c is node-a's box
		// under another name, node-b is slow, on another driver branch
		// with half its ports down, a report of another plan, a corrupt
		// file, a facts file instead of a report, no NCCL run.
		"faults": func() (*Fleet, error) {
			in := inputs(t, pf,
				node{host: "node-a", id: 1, fp32: 60, ibRate: 400},
				node{host: "node-b", id: 2, fp32: 40, ibRate: 400, ibDown: 4, driver: "550.54.15", brake: true},
				node{host: "node-c", id: 1, fp32: 60, ibRate: 400},
				node{host: "node-d", id: 4, planB: planJSON(24)},
			)
			in = append(in, Input{Name: "report-node-e.json", Data: []byte(`{"schema": "gpuplan.report/v1", "tool": `)},
				Input{Name: "facts-node-f.json", Data: []byte(`{"schema": "gpuplan.facts/v1"}`)})
			return Merge(in, Options{Plan: plan, Tool: testTool, Now: testTime})
		},
	}
}

// TestGolden renders each scenario as JSON, text and Markdown against
// testdata/NAME.{json,txt,md}; rewrite with -update and review the diff.
func TestGolden(t *testing.T) {
	for name, run := range scenarios(t) {
		t.Run(name, func(t *testing.T) {
			f, err := run()
			if err != nil {
				t.Fatal(err)
			}
			js, err := Marshal(f)
			if err != nil {
				t.Fatal(err)
			}
			testkit.Golden(t, filepath.Join("testdata", name+".json"), js)
			testkit.Rendered(t, filepath.Join("testdata", name), f)
			// The same fleet report in Chinese.
			var zhTxt, zhMD bytes.Buffer
			if err := f.WriteTextIn(&zhTxt, msg.Zh); err != nil {
				t.Fatal(err)
			}
			if err := f.WriteMarkdownIn(&zhMD, msg.Zh); err != nil {
				t.Fatal(err)
			}
			testkit.Golden(t, filepath.Join("testdata", name+".zh.txt"), zhTxt.Bytes())
			testkit.Golden(t, filepath.Join("testdata", name+".zh.md"), zhMD.Bytes())
			for _, c := range f.Checks {
				if err := msg.Check(c.Msg); err != nil {
					t.Errorf("%s: %v", c.ID, err)
				}
			}
			if ok, want, got, err := VerifyDigest(js); err != nil || !ok {
				t.Errorf("the sealed fleet does not verify: %v %s %s", err, want, got)
			}
		})
	}
}

// status returns the status of check id, or "" when it is absent.
func status(f *Fleet, id string) acceptance.Status {
	for _, c := range f.Checks {
		if c.ID == id {
			return c.Status
		}
	}
	return ""
}

func message(f *Fleet, id string) string {
	for _, c := range f.Checks {
		if c.ID == id {
			return c.Message
		}
	}
	return ""
}

// TestChecks asserts each fleet check on the scenarios, with the rule it
// enforces.
func TestChecks(t *testing.T) {
	sc := scenarios(t)
	healthy, err := sc["healthy"]()
	if err != nil {
		t.Fatal(err)
	}
	faults, err := sc["faults"]()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		f      *Fleet
		id     string
		want   acceptance.Status
		substr string
	}{
		{healthy, "fleet_inputs", acceptance.Pass, "every report was read"},
		{healthy, "fleet_gpu_count", acceptance.Pass, "add up"},             // A1: 16 = 2 x 8
		{healthy, "fleet_node_count", acceptance.Pass, ""},                  // A1: gpu.nodes 2
		{healthy, "fleet_unique_gpus", acceptance.Pass, ""},                 // A1
		{healthy, "fleet_driver", acceptance.Pass, "535.183.01"},            // A1
		{healthy, "fleet_bench_fp32", acceptance.Pass, "within 10%"},        // A2: 59 vs 60
		{healthy, "fleet_ib", acceptance.Pass, "InfiniBand"},                // A3: 8 x 400
		{healthy, "fleet_nccl", acceptance.Pass, "every node"},              // A3
		{healthy, "fleet_signatures", acceptance.Skip, "--allowed-signers"}, // A4: not asked
		{healthy, "fleet_node_verdicts", acceptance.Skip, "incomplete"},     // saved-file reports
		{faults, "fleet_inputs", acceptance.Fail, "report-node-d.json: checked against another plan"},
		{faults, "fleet_inputs", acceptance.Fail, "report-node-e.json: not a gpuverify report"},
		{faults, "fleet_inputs", acceptance.Fail, "facts-node-f.json: not a gpuverify report: report: schema must be"},
		{faults, "fleet_unique_gpus", acceptance.Fail, "report-node-a.json (node-a) and report-node-c.json (node-c) share 8 GPU UUIDs, 8 GPU serials, 8 InfiniBand node GUIDs"},
		{faults, "fleet_unique_hosts", acceptance.Pass, ""},                        // the names differ: only the GPUs tell
		{faults, "fleet_node_count", acceptance.Warn, "3 reports for a plan of 2"}, // node-c is extra
		{faults, "fleet_gpu_count", acceptance.Warn, "24 GPUs where the plan has 16"},
		{faults, "fleet_driver", acceptance.Fail, "550.54.15: report-node-b.json (node-b)"},
		{faults, "fleet_bench_fp32", acceptance.Fail, "report-node-b.json (node-b) at 67%"},
		{faults, "fleet_ib", acceptance.Fail, "differ"},
		{faults, "fleet_node_verdicts", acceptance.Fail, "report-node-b.json (node-b): 9 failed"},
		{faults, "fleet_nccl", acceptance.Skip, "all_reduce_perf"},
	} {
		if got := status(c.f, c.id); got != c.want || !strings.Contains(message(c.f, c.id), c.substr) {
			t.Errorf("%s: %s %q, want %s with %q", c.id, got, message(c.f, c.id), c.want, c.substr)
		}
	}
	// The healthy nodes' reports were checked from saved nvidia-smi files:
	// each is incomplete (not proof of delivery), and so is the fleet.
	if healthy.Summary.Verdict != "incomplete" || faults.Summary.Verdict != "fail" {
		t.Errorf("verdicts %s and %s", healthy.Summary.Verdict, faults.Summary.Verdict)
	}
	if len(faults.Nodes) != 3 || len(faults.Rejected) != 3 {
		t.Errorf("faults merged %d and rejected %d, want 3 and 3", len(faults.Nodes), len(faults.Rejected))
	}
}

// TestBoxTwice: one report copied under two names is the same host and the
// same GPUs: both checks fail naming both files (rule A1).
func TestBoxTwice(t *testing.T) {
	pf := planJSON(16)
	data := reportOf(t, node{host: "node-a", id: 1}, pf)
	f, err := Merge([]Input{{Name: "a.json", Data: data}, {Name: "b.json", Data: data}}, Options{Tool: testTool, Now: testTime})
	if err != nil {
		t.Fatal(err)
	}
	if status(f, "fleet_unique_hosts") != acceptance.Fail || !strings.Contains(message(f, "fleet_unique_hosts"), "host node-a in a.json and b.json") {
		t.Errorf("hosts: %s %s", status(f, "fleet_unique_hosts"), message(f, "fleet_unique_hosts"))
	}
	if status(f, "fleet_unique_gpus") != acceptance.Fail || !strings.Contains(message(f, "fleet_unique_gpus"), "a.json (node-a) and b.json (node-a) share 8 GPU UUIDs, 8 GPU serials (e.g. GPU UUID GPU-00000001-0000-0000-0000-000000000000)") {
		t.Errorf("gpus: %s", message(f, "fleet_unique_gpus"))
	}
	if f.Plan.From != FromReports || f.Plan.Nodes != 2 || f.Plan.GPUCount != 16 {
		t.Errorf("plan from the reports: %+v", f.Plan)
	}
}

// TestTampered: an edited report is merged but fails the digest check.
func TestTampered(t *testing.T) {
	pf := planJSON(8)
	in := inputs(t, pf, node{host: "node-a", id: 1, brake: true, tamper: true})
	f, err := Merge(in, Options{Tool: testTool, Now: testTime})
	if err != nil {
		t.Fatal(err)
	}
	if status(f, "fleet_digests") != acceptance.Fail || f.Nodes[0].DigestOK {
		t.Errorf("digests: %s %s", status(f, "fleet_digests"), message(f, "fleet_digests"))
	}
}

// TestSignatures: with allowed signers, each report's signature is
// checked by Merge itself: verified, missing, or by a key not allowed.
func TestSignatures(t *testing.T) {
	pf := planJSON(16)
	in := inputs(t, pf, node{host: "node-a", id: 1}, node{host: "node-b", id: 2})
	alice, mallory := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{1}, 32)), ed25519.NewKeyFromSeed(bytes.Repeat([]byte{2}, 32))
	allowed := []byte("sre@example.com namespaces=\"gpuplan-report\" " + sshsig.AuthorizedKey(alice.Public().(ed25519.PublicKey)) + "\n")
	sign := func(k ed25519.PrivateKey, data []byte) []byte {
		s, err := sshsig.Sign(k, sshsig.Namespace, data)
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, c := range []struct {
		a, b []byte
		want acceptance.Status
		msg  string
	}{
		{sign(alice, in[0].Data), sign(alice, in[1].Data), acceptance.Pass, "signed by sre@example.com"},
		{sign(alice, in[0].Data), nil, acceptance.Fail, "report-node-b.json missing (no report-node-b.json.sig beside the report)"},
		{sign(alice, in[0].Data), sign(mallory, in[1].Data), acceptance.Fail, "report-node-b.json invalid (the signature is valid, but its key"},
		{sign(alice, in[1].Data), sign(alice, in[1].Data), acceptance.Fail, "report-node-a.json invalid"},
	} {
		in[0].Sig, in[1].Sig = c.a, c.b
		f, err := Merge(in, Options{AllowedSigners: allowed, Tool: testTool, Now: testTime})
		if err != nil {
			t.Fatal(err)
		}
		if status(f, "fleet_signatures") != c.want || !strings.Contains(message(f, "fleet_signatures"), c.msg) {
			t.Errorf("got %s %q, want %s %q", status(f, "fleet_signatures"), message(f, "fleet_signatures"), c.want, c.msg)
		}
	}
}

// TestNoReports: nothing readable still gives a fleet report that fails.
func TestNoReports(t *testing.T) {
	f, err := Merge([]Input{{Name: "x.json", Data: []byte("not json")}}, Options{Tool: testTool, Now: testTime})
	if err != nil {
		t.Fatal(err)
	}
	if f.Summary.Verdict != "fail" || status(f, "fleet_inputs") != acceptance.Fail {
		t.Errorf("verdict %s, inputs %s", f.Summary.Verdict, status(f, "fleet_inputs"))
	}
	if status(f, "fleet_node_count") != acceptance.Skip || status(f, "fleet_gpu_count") != acceptance.Skip {
		t.Errorf("counts without a plan: %s %s", status(f, "fleet_node_count"), status(f, "fleet_gpu_count"))
	}
	// With the plan, nothing merged is every node missing.
	plan, err := PlanOf(planJSON(16))
	if err != nil {
		t.Fatal(err)
	}
	f, err = Merge([]Input{{Name: "x.json", Data: []byte("not json")}}, Options{Plan: plan, Tool: testTool, Now: testTime})
	if err != nil || status(f, "fleet_node_count") != acceptance.Fail || !strings.Contains(message(f, "fleet_node_count"), "0 of the plan's 2 nodes") {
		t.Errorf("node count with the plan and no report: %v %s", err, message(f, "fleet_node_count"))
	}
}

func TestDecodeRefuses(t *testing.T) {
	good, err := os.ReadFile("testdata/healthy.json")
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct{ in, err string }{
		"schema":   {strings.Replace(string(good), Schema, "gpuplan.fleet/v9", 1), "schema must be"},
		"unknown":  {strings.Replace(string(good), `"schema"`, `"extra": 1, "schema"`, 1), "unknown field"},
		"trailing": {string(good) + "{}", "unexpected data"},
		"digest":   {replaceLast(string(good), `"digest": "`, `"digest": "X`), "digest must be"},
		"status":   {strings.Replace(string(good), `"status": "pass"`, `"status": "ok"`, 1), "status must be"},
		// encoding/json would fill summary from either key: a reader who
		// sees the first is misled.
		"key case": {strings.Replace(string(good), `"summary": {`, `"SUMMARY": {"verdict": "pass"}, "summary": {`, 1), "SUMMARY"},
		"nodes":    {strings.Replace(string(good), `"nodes": [`, `"nodes": [`+strings.Repeat(`{},`, MaxReports+1), 1), "nodes: more than 1024 entries"},
	} {
		if _, err := Decode([]byte(c.in)); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: %v, want %q", name, err, c.err)
		}
	}
	ok, _, _, err := VerifyDigest(bytes.Replace(good, []byte(`"gpus": 8`), []byte(`"gpus": 9`), 1))
	if err != nil || ok {
		t.Errorf("an edited fleet verifies: %v %v", ok, err)
	}
}

func FuzzDecode(f *testing.F) {
	testkit.AddSeeds(f, "testdata/*.json", `{"schema": "gpuplan.fleet/v1", "digest": "`+strings.Repeat("0", 64)+`"}`)
	f.Fuzz(func(t *testing.T, data []byte) {
		fl, err := Decode(data)
		if err != nil {
			return
		}
		if len(fl.Nodes) > MaxReports {
			t.Fatalf("%d nodes", len(fl.Nodes))
		}
		if _, err := json.Marshal(fl); err != nil {
			t.Fatalf("an accepted fleet does not encode: %v", err)
		}
		var buf bytes.Buffer
		if err := fl.WriteText(&buf); err != nil {
			t.Fatal(err)
		}
	})
}

func replaceLast(s, old, new string) string {
	i := strings.LastIndex(s, old)
	return s[:i] + new + s[i+len(old):]
}
