package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/fleet"
	"github.com/gpuplan/gpuplan/shared/report"
	"github.com/gpuplan/gpuplan/shared/sshsig"
	"github.com/gpuplan/gpuplan/verifier/internal/nvml"
)

const planIB = "testdata/plan-h100-2x8-ib.json"

// nodeReport runs gpuverify check on a fake node: the H100 fixture as its
// NVML with GPU identities made from id, host as its host name and ports
// 8x400 Gb/s InfiniBand ports under its /sys/class/infiniband. It returns
// the report file's path.
func nodeReport(t *testing.T, dir, host string, id, ports int) string {
	t.Helper()
	f := fixtureFacts(t, fxH100)
	for i := range f.GPUs {
		f.GPUs[i].UUID = facts.Known(fmt.Sprintf("GPU-%08d-0000-0000-0000-%012d", id, i))
		f.GPUs[i].Serial = facts.Known(fmt.Sprintf("16550%04d%04d", id, i))
		f.GPUs[i].ClockEventReasons = facts.Known([]string{})
		// NVML reports the NVLinks and the topology that the -q text lacks.
		links := make([]facts.NVLink, 18)
		for l := range links {
			links[l] = facts.NVLink{Link: l, State: facts.LinkActive, Version: facts.Known(4)}
		}
		f.GPUs[i].NVLinks = facts.Known(links)
	}
	var pairs []facts.GPUPair
	for a := range f.GPUs {
		for b := a + 1; b < len(f.GPUs); b++ {
			pairs = append(pairs, facts.GPUPair{A: a, B: b, Link: "NV18"})
		}
	}
	f.Topology = facts.Known(pairs)
	e := fakeEnv(t, &fakeSession{f: f}, nil)
	os.WriteFile(filepath.Join(e.hostRoot, "proc/sys/kernel/hostname"), []byte(host+"\n"), 0o644)
	for i := range ports {
		p := filepath.Join(e.hostRoot, fmt.Sprintf("sys/class/infiniband/mlx5_%d", i))
		os.MkdirAll(filepath.Join(p, "ports/1"), 0o755)
		os.WriteFile(filepath.Join(p, "node_guid"), []byte(fmt.Sprintf("0c42:a103:%04x:%04x\n", id, i)), 0o644)
		for name, v := range map[string]string{"state": "4: ACTIVE", "phys_state": "5: LinkUp", "rate": "400 Gb/sec (4X NDR)", "link_layer": "InfiniBand"} {
			os.WriteFile(filepath.Join(p, "ports/1", name), []byte(v+"\n"), 0o644)
		}
	}
	out := filepath.Join(dir, "report-"+host+".json")
	code, stdout, stderr := e.gv(t, context.Background(), "", "check", "--plan", planIB, "--out", out, "--format", "json")
	if code != 0 {
		t.Fatalf("check on %s: exit %d: %s\n%s", host, code, stderr, stdout)
	}
	return out
}

// TestCheckRecordsFabric: a multi-node plan's report holds the node's
// InfiniBand ports, read from the (fake) sysfs (rule A3).
func TestCheckRecordsFabric(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := nodeReport(t, dir, "node-a", 1, 8)
	data, _ := os.ReadFile(path)
	r, err := report.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if r.Fabric == nil || len(r.Fabric.IB) != 8 || r.Fabric.IB[0].RateGbps != 400 || r.Fabric.IB[0].Device != "mlx5_0" || !r.Fabric.IB[7].Active() {
		t.Fatalf("fabric %+v", r.Fabric)
	}
	if ok, _, _, err := report.VerifyDigest(data); !ok || err != nil {
		t.Errorf("the report with its fabric does not verify: %v", err)
	}
	// A single-node plan records nothing: its reports stay as they were.
	e := fakeEnv(t, &fakeSession{f: fixtureFacts(t, fxH100)}, nil)
	code, stdout, _ := e.gv(t, context.Background(), "", "check", "--plan", "testdata/plan-h100x8.json", "--format", "json")
	if code == 2 || strings.Contains(stdout, `"fabric"`) {
		t.Errorf("exit %d; a single-node report holds a fabric block", code)
	}
}

func TestMergeCommand(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	dir := t.TempDir()
	a := nodeReport(t, dir, "node-a", 1, 8)
	b := nodeReport(t, dir, "node-b", 2, 8)
	out := filepath.Join(dir, "fleet.json")
	// Flags before, between and after the files, as admins type them.
	code, stdout, stderr := e.gv(t, context.Background(), "", "merge", "--plan", planIB, a, "--out", out, b)
	if code != 0 {
		t.Fatalf("exit %d: %s\n%s", code, stderr, stdout)
	}
	for _, want := range []string{"Fleet check: PASS", "report-node-a.json", "node-b", "8 active, 400 Gb/s", "PASS fleet_gpu_count", "PASS fleet_ib", "SKIP fleet_nccl"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	// The same merge in Chinese: the headings and the checks'
	// sentences, the check ids and statuses as they are.
	code, stdout, _ = e.gv(t, context.Background(), "", "merge", "--plan", planIB, a, b, "--lang", "zh")
	for _, want := range []string{"集群检查：PASS", "PASS fleet_gpu_count [A1] 各节点的 GPU 合计与计划一致", "SKIP fleet_nccl [A3] 未测 NCCL all-reduce 带宽"} {
		if code != 0 || !strings.Contains(stdout, want) {
			t.Errorf("--lang zh: exit %d, stdout lacks %q:\n%s", code, want, stdout)
		}
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if ok, _, _, err := fleet.VerifyDigest(data); !ok || err != nil {
		t.Errorf("fleet.json does not verify: %v", err)
	}
	// Unsigned node reports: the fleet is at best incomplete (exit 4)
	// unless the buyer accepts them unsigned.
	if code, stdout, stderr := e.gv(t, context.Background(), "", "verify-report", out); code != exitIncomplete || !strings.Contains(stdout, "digest matches") || !strings.Contains(stderr, "unsigned: a node report's signature was not verified") {
		t.Errorf("verify-report fleet.json: exit %d\n%s%s", code, stdout, stderr)
	}
	if code, stdout, stderr := e.gv(t, context.Background(), "", "verify-report", out, "--allow-unsigned"); code != 0 || !strings.Contains(stdout, "2 nodes, 0 not merged") || !strings.Contains(stdout, "node "+a+": verifies, PASS") {
		t.Errorf("verify-report fleet.json --allow-unsigned: exit %d\n%s%s", code, stdout, stderr)
	}
	edited := filepath.Join(dir, "edited.json")
	os.WriteFile(edited, []byte(strings.Replace(string(data), `"gpus": 8`, `"gpus": 9`, 1)), 0o644)
	if code, stdout, stderr := e.gv(t, context.Background(), "", "verify-report", edited); code != exitUnverified || !strings.Contains(stderr, "MISMATCH") || !strings.Contains(stdout, report.NoVerdict) {
		t.Errorf("verify-report of an edited fleet: exit %d %s", code, stderr)
	}
	// verify-report of a fleet report in Chinese: no English
	// word left but the file names and digests it quotes.
	if code, stdout, stderr := e.gv(t, context.Background(), "", "verify-report", out, "--lang", "zh", "--allow-unsigned"); code != 0 || !strings.Contains(stdout, "2 个节点，0 个未合并") || len(englishLeft(stdout, dir, "gpuverify dev")) > 0 {
		t.Errorf("verify-report fleet.json --lang zh: exit %d, English %q in\n%s%s", code, englishLeft(stdout, dir, "gpuverify dev"), stdout, stderr)
	}
	if code, stdout, stderr := e.gv(t, context.Background(), "", "verify-report", edited, "--lang", "zh"); code != exitUnverified || !strings.Contains(stdout, "无结论") || len(englishLeft(stdout+stderr, dir)) > 0 {
		t.Errorf("verify-report of an edited fleet --lang zh: exit %d, English %q in\n%s%s", code, englishLeft(stdout+stderr, dir), stdout, stderr)
	}
	// With the NCCL run across the nodes: recorded and checked.
	nccl := filepath.Join(dir, "nccl.txt")
	os.WriteFile(nccl, []byte(ncclOutput(t)), 0o644)
	code, stdout, _ = e.gv(t, context.Background(), "", "merge", a, b, "--nccl", nccl, "--format", "markdown")
	if code != 0 || !strings.Contains(stdout, "fleet\\_nccl") || !strings.Contains(stdout, "147 GB/s bus bandwidth at 8192 MiB") {
		t.Errorf("exit %d:\n%s", code, stdout)
	}
}

func ncclOutput(t *testing.T) string {
	data, err := os.ReadFile("../shared/fabric/testdata/all_reduce_2x8.txt")
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestMergeBadInput: a corrupt report, another schema and a report of
// another plan are exit 2 naming each file; the fleet report holds the
// rest.
func TestMergeBadInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	a := nodeReport(t, dir, "node-a", 1, 8)
	corrupt := filepath.Join(dir, "report-node-x.json")
	os.WriteFile(corrupt, []byte(`{"schema": "gpuplan.report/v1", `), 0o644)
	other := filepath.Join(dir, "bench.json")
	os.WriteFile(other, []byte(`{"schema": "gpuplan.bench/v1"}`), 0o644)
	e := fakeEnv(t, &fakeSession{f: fixtureFacts(t, fxH100)}, nil)
	otherPlan := filepath.Join(dir, "report-otherplan.json")
	if code, _, stderr := e.gv(t, context.Background(), "", "check", "--plan", "testdata/plan-h100x8.json", "--out", otherPlan); code == 2 {
		t.Fatal(stderr)
	}
	out := filepath.Join(dir, "fleet.json")
	code, _, stderr := e.gv(t, context.Background(), "", "merge", "--plan", planIB, "--out", out, a, corrupt, other, otherPlan)
	if code != exitUsage {
		t.Fatalf("exit %d, want 2: %s", code, stderr)
	}
	for _, want := range []string{"3 of 4 files not merged", corrupt + ": not a gpuverify report", other + ": not a gpuverify report: report: schema must be",
		otherPlan + ": checked against another plan"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	// In Chinese the count; the reasons are the fleet file's,
	// which keeps English.
	code, _, stderr = e.gv(t, context.Background(), "", "merge", "--plan", planIB, a, corrupt, other, otherPlan, "--lang", "zh")
	if head, _, _ := strings.Cut(stderr, "\n"); code != exitUsage || !strings.Contains(head, "4 个文件中有 3 个未合并（集群报告包含其余 1 个）") || len(englishLeft(head)) > 0 {
		t.Errorf("--lang zh: exit %d\n%s", code, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal("the fleet report of the rest was not written")
	}
	f, err := fleet.Decode(data)
	if err != nil || len(f.Nodes) != 1 || f.Nodes[0].Host != "node-a" || len(f.Rejected) != 3 {
		t.Errorf("fleet %+v, %v", f, err)
	}
	for name, args := range map[string][]string{
		"no files":     {"merge", "--out", out},
		"out is input": {"merge", a, "--out", a},
		"missing file": {"merge", filepath.Join(dir, "nope.json")},
		"stdin":        {"merge", "-"},
		"bad nccl":     {"merge", a, "--nccl", corrupt},
		"bad plan":     {"merge", a, "--plan", corrupt},
	} {
		if code, _, stderr := e.gv(t, context.Background(), "", args...); code != exitUsage {
			t.Errorf("%s: exit %d, want 2: %s", name, code, stderr)
		}
	}
}

// TestMergeBoxTwice: one node's report copied under another name is the
// same box: exit 3 naming both files (rule A1).
func TestMergeBoxTwice(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	dir := t.TempDir()
	a := nodeReport(t, dir, "node-a", 1, 8)
	c := filepath.Join(dir, "report-node-c.json")
	data, _ := os.ReadFile(a)
	os.WriteFile(c, data, 0o644)
	code, stdout, stderr := e.gv(t, context.Background(), "", "merge", a, c)
	if code != exitFailed || !strings.Contains(stdout, "host node-a in "+a+" and "+c) || !strings.Contains(stderr, "fleet checks failed") {
		t.Errorf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	code, _, stderr = e.gv(t, context.Background(), "", "merge", a, c, "--lang", "zh")
	if code != exitFailed || !strings.Contains(stderr, "项集群检查中有") || len(englishLeft(stderr)) > 0 {
		t.Errorf("--lang zh: exit %d, English %q in %q", code, englishLeft(stderr), stderr)
	}
}

// TestMergeSignatures: with --allowed-signers every node report's .sig is
// checked (shared/sshsig, the ssh-keygen -Y format): good signatures pass,
// a forged one and a missing one fail the fleet (rule A1: evidence tied to
// the engineer who ran it).
func TestMergeSignatures(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	dir := t.TempDir()
	a := nodeReport(t, dir, "node-a", 1, 8)
	b := nodeReport(t, dir, "node-b", 2, 8)
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	signers := filepath.Join(dir, "allowed_signers")
	os.WriteFile(signers, []byte("sre@example.com namespaces=\"gpuplan-report\" "+sshsig.AuthorizedKey(pub)+"\n"), 0o644)
	for _, r := range []string{a, b} {
		data, _ := os.ReadFile(r)
		sig, err := sshsig.Sign(priv, sshsig.Namespace, data)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(r+".sig", sig, 0o644)
	}
	code, stdout, _ := e.gv(t, context.Background(), "", "merge", a, b, "--allowed-signers", signers)
	if code != 0 || !strings.Contains(stdout, "sre@example.com") {
		t.Errorf("verified: exit %d\n%s", code, stdout)
	}
	forged, _ := os.ReadFile(a + ".sig")
	os.WriteFile(b+".sig", forged, 0o644) // a's signature does not cover b's bytes
	code, stdout, _ = e.gv(t, context.Background(), "", "merge", a, b, "--allowed-signers", signers)
	if code != exitFailed {
		t.Errorf("forged: exit %d, want 3\n%s", code, stdout)
	}
	os.Remove(b + ".sig")
	code, stdout, _ = e.gv(t, context.Background(), "", "merge", a, b, "--allowed-signers", signers)
	if code != exitFailed || !strings.Contains(stdout, "report-node-b.json missing") {
		t.Errorf("missing: exit %d\n%s", code, stdout)
	}
}

// TestVerifyFleetAttacks: verify-report on a fleet report re-verifies every
// node report it names, merges them again and exits by the fleet's
// verdict: a hand-written passing fleet, a node report replaced, one
// missing, another signer and another nonce all give no verdict (5); a
// signed, genuine fleet passes (0).
func TestVerifyFleetAttacks(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	dir := t.TempDir()
	a := nodeReport(t, dir, "node-a", 1, 8)
	b := nodeReport(t, dir, "node-b", 2, 8)
	alice := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{1}, 32))
	signers := filepath.Join(dir, "allowed_signers")
	os.WriteFile(signers, []byte("sre@example.com "+sshsig.AuthorizedKey(alice.Public().(ed25519.PublicKey))+"\n"), 0o644)
	others := filepath.Join(dir, "others")
	os.WriteFile(others, []byte("x "+sshsig.AuthorizedKey(ed25519.NewKeyFromSeed(make([]byte, 32)).Public().(ed25519.PublicKey))+"\n"), 0o644)
	for _, r := range []string{a, b} {
		data, _ := os.ReadFile(r)
		sig, _ := sshsig.Sign(alice, sshsig.Namespace, data)
		os.WriteFile(r+".sig", sig, 0o644)
	}
	out := filepath.Join(dir, "fleet.json")
	if code, _, stderr := e.gv(t, context.Background(), "", "merge", a, b, "--plan", planIB, "--allowed-signers", signers, "--out", out); code != 0 {
		t.Fatalf("merge: exit %d %s", code, stderr)
	}
	data, _ := os.ReadFile(out)
	f, err := fleet.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	// The forger's fleet: node-b's report named, but a node's failing
	// check set to pass and the summary and digest recomputed.
	f.Checks[0].Status = "pass"
	f.Checks = append(f.Checks[:1:1], f.Checks[2:]...)
	f.Summary = report.Summarize(f.Checks)
	f.Seal()
	handWritten := filepath.Join(dir, "forged-fleet.json")
	forgedData, _ := fleet.Marshal(f)
	os.WriteFile(handWritten, forgedData, 0o644)

	for _, c := range []struct {
		name string
		args []string
		prep func()
		code int
		want string
	}{
		{"genuine and signed", []string{out, "--allowed-signers", signers}, nil, exitOK, "node " + a + ": verifies, PASS; signature GOOD by sre@example.com"},
		{"genuine, signatures not checked", []string{out}, nil, exitIncomplete, "unsigned: a node report's signature was not verified"},
		{"another signer", []string{out, "--allowed-signers", others}, nil, exitUnverified, "signature REFUSED"},
		{"another nonce", []string{out, "--nonce", "fresh-9"}, nil, exitUnverified, `nonce MISMATCH: the report carries "", not the challenge "fresh-9"`},
		{"another plan", []string{out, "--plan", "testdata/plan-h100x8.json"}, nil, exitUnverified, "plan MISMATCH"},
		{"hand-written fleet", []string{handWritten, "--allowed-signers", signers}, nil, exitUnverified, "DISAGREE"},
		{"node report replaced", []string{out, "--allowed-signers", signers}, func() {
			os.WriteFile(b, bytes.Replace(mustReadBytes(t, a), []byte("node-a"), []byte("node-b"), 1), 0o644)
		}, exitUnverified, "is NOT the report the fleet merged"},
		{"node report missing", []string{out, "--allowed-signers", signers}, func() { os.Remove(b) }, exitUnverified, "node report NOT read"},
	} {
		if c.prep != nil {
			c.prep()
		}
		code, stdout, stderr := e.gv(t, context.Background(), "", append([]string{"verify-report"}, c.args...)...)
		if code != c.code || !strings.Contains(stdout+stderr, c.want) {
			t.Errorf("%s: exit %d (want %d), want %q in\n%s%s", c.name, code, c.code, c.want, stdout, stderr)
		}
	}
}

func mustReadBytes(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestMergeRefuses: merge derives each node's checks from its facts, so a
// report whose statuses were set to pass (digest recomputed) is not merged;
// with --nonce, a report of another challenge is not merged either.
func TestMergeRefuses(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	dir := t.TempDir()
	a := nodeReport(t, dir, "node-a", 1, 8)
	b := nodeReport(t, dir, "node-b", 2, 8)
	data, _ := os.ReadFile(b)
	r, err := report.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	r.Facts.GPUs = r.Facts.GPUs[:4] // half the GPUs, every check still "pass"
	r.Seal()
	forged, _ := report.Marshal(r)
	os.WriteFile(b, forged, 0o644)
	code, _, stderr := e.gv(t, context.Background(), "", "merge", "--plan", planIB, a, b)
	if code != exitUsage || !strings.Contains(stderr, b+": its checks disagree with what its facts give") {
		t.Errorf("forged node: exit %d %s", code, stderr)
	}
	code, _, stderr = e.gv(t, context.Background(), "", "merge", "--plan", planIB, a, "--nonce", "fresh-7")
	if code != exitUsage || !strings.Contains(stderr, `carries the nonce "", not the challenge "fresh-7"`) {
		t.Errorf("other nonce: exit %d %s", code, stderr)
	}
}
