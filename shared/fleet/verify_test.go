package fleet

import (
	"bytes"
	"crypto/ed25519"
	"errors"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/provenance"
	"github.com/gpuplan/gpuplan/shared/report"
	"github.com/gpuplan/gpuplan/shared/sshsig"
)

// forgedPass is a report whose checks and summary were all set to pass
// and its digest recomputed: a vendor's edit a merge must not accept.
func forgedPass(t *testing.T, data []byte) []byte {
	t.Helper()
	r, err := report.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	for i := range r.Checks {
		r.Checks[i].Status = acceptance.Pass
	}
	r.Summary = report.Summary{Verdict: acceptance.VerdictPass, Pass: len(r.Checks), Total: len(r.Checks)}
	if err := r.Seal(); err != nil {
		t.Fatal(err)
	}
	out, err := report.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestMergeRederives: merge derives each node's checks from its facts; a
// report whose statuses were set to pass (digest recomputed) is not
// merged, and the node verdicts are the derived ones (rule A4).
func TestMergeRederives(t *testing.T) {
	pf := planJSON(16)
	in := inputs(t, pf, node{host: "node-a", id: 1, brake: true}, node{host: "node-b", id: 2})
	in[0].Data = forgedPass(t, in[0].Data)
	f, err := Merge(in, Options{Tool: testTool, Now: testTime})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Rejected) != 1 || !strings.Contains(f.Rejected[0].Reason.String(), "its checks disagree with what its facts give") {
		t.Fatalf("rejected %+v", f.Rejected)
	}
	if f.Summary.Verdict != acceptance.VerdictFail || status(f, "fleet_inputs") != acceptance.Fail {
		t.Errorf("verdict %s", f.Summary.Verdict)
	}
}

// TestIdentityCase: one box whose GPU UUIDs and serials were rewritten in
// upper case, under another host name, is still one box (rule A1).
func TestIdentityCase(t *testing.T) {
	pf := planJSON(16)
	a := reportOf(t, node{host: "node-a", id: 1}, pf)
	r, _ := report.Decode(a)
	r.Facts.Host.Hostname = facts.Known("node-b")
	for i := range r.Facts.GPUs {
		g := &r.Facts.GPUs[i]
		g.UUID = facts.Known(strings.ToUpper(g.UUID.Or("")))
	}
	r.Checks = report.Derive(r)
	r.Summary = report.Summarize(r.Checks)
	if err := r.Seal(); err != nil {
		t.Fatal(err)
	}
	b, _ := report.Marshal(r)
	f, err := Merge([]Input{{Name: "a.json", Data: a}, {Name: "b.json", Data: b}}, Options{Tool: testTool, Now: testTime})
	if err != nil {
		t.Fatal(err)
	}
	if status(f, "fleet_unique_gpus") != acceptance.Fail || !strings.Contains(message(f, "fleet_unique_gpus"), "share 8 GPU UUIDs, 8 GPU serials") {
		t.Errorf("%s %s", status(f, "fleet_unique_gpus"), message(f, "fleet_unique_gpus"))
	}
}

// TestHostIdentities: two reports whose GPU identities all differ but
// whose kernel gave the same machine-id and MAC are one box.
func TestHostIdentities(t *testing.T) {
	pf := planJSON(16)
	var in []Input
	for i, host := range []string{"node-a", "node-b"} {
		r, _ := report.Decode(reportOf(t, node{host: host, id: i + 1}, pf))
		r.Origin = provenance.Origin{Kind: provenance.Live, Kernel: &provenance.Kernel{Host: &provenance.HostIdentity{
			ProductUUID: facts.UnavailableText[string]("permission denied"),
			MachineID:   facts.Known("4C4C4544004D3510804BC4C04F4A3332"), MACs: []string{"0c:42:a1:00:00:0" + string(rune('1'+i)), "AA:BB:CC:DD:EE:FF"}}}}
		r.Checks = report.Derive(r)
		r.Summary = report.Summarize(r.Checks)
		if err := r.Seal(); err != nil {
			t.Fatal(err)
		}
		data, _ := report.Marshal(r)
		in = append(in, Input{Name: host + ".json", Data: data})
	}
	f, err := Merge(in, Options{Tool: testTool, Now: testTime})
	if err != nil {
		t.Fatal(err)
	}
	want := "node-a.json (node-a) and node-b.json (node-b) share 2 host identities (e.g. host identity machine-id 4c4c4544004d3510804bc4c04f4a3332)"
	if status(f, "fleet_unique_gpus") != acceptance.Fail || !strings.Contains(message(f, "fleet_unique_gpus"), want) {
		t.Errorf("%s %s", status(f, "fleet_unique_gpus"), message(f, "fleet_unique_gpus"))
	}
}

// files serves node reports and signatures to Verify by name.
type files map[string][]byte

func (fs files) load(name string) ([]byte, []byte, error) {
	d, ok := fs[name]
	if !ok {
		return nil, nil, errors.New("no such file")
	}
	return d, fs[name+".sig"], nil
}

// TestVerifyFleet: a fleet file is verified like a report: every node
// report it names is read and verified, the fleet is merged again, and
// the verdict is the fleet's, or unverified.
func TestVerifyFleet(t *testing.T) {
	pf := planJSON(16)
	plan, _ := PlanOf(pf)
	alice := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{1}, 32))
	allowed := []byte("sre@example.com " + sshsig.AuthorizedKey(alice.Public().(ed25519.PublicKey)) + "\n")
	in := inputs(t, pf, node{host: "node-a", id: 1}, node{host: "node-b", id: 2})
	fs := files{}
	for _, x := range in {
		fs[x.Name] = x.Data
		fs[x.Name+".sig"], _ = sshsig.Sign(alice, sshsig.Namespace, x.Data)
	}
	merged, err := Merge(in, Options{Plan: plan, Tool: testTool, Now: testTime})
	if err != nil {
		t.Fatal(err)
	}
	good, _ := Marshal(merged)

	// A hand-written fleet: verdict pass and the digest recomputed.
	forged := *merged
	forged.Checks = append([]acceptance.Result(nil), merged.Checks...)
	for i := range forged.Checks {
		forged.Checks[i].Status = acceptance.Pass
	}
	forged.Summary = report.Summarize(forged.Checks)
	if err := forged.Seal(); err != nil {
		t.Fatal(err)
	}
	forgedData, _ := Marshal(&forged)

	edited := files{}
	for k, v := range fs {
		edited[k] = v
	}
	edited["report-node-b.json"] = forgedPass(t, fs["report-node-b.json"])
	missing := files{"report-node-a.json": fs["report-node-a.json"]}

	for _, c := range []struct {
		name string
		data []byte
		opt  VerifyOptions
		want acceptance.Verdict
	}{
		{"genuine, saved-file nodes", good, VerifyOptions{Load: fs.load, AllowedSigners: allowed}, acceptance.VerdictIncomplete},
		{"hand-written pass", forgedData, VerifyOptions{Load: fs.load, AllowedSigners: allowed}, report.VerdictUnverified},
		{"a node report replaced", good, VerifyOptions{Load: edited.load, AllowedSigners: allowed}, report.VerdictUnverified},
		{"a node report missing", good, VerifyOptions{Load: missing.load}, report.VerdictUnverified},
		{"another signer", good, VerifyOptions{Load: fs.load, AllowedSigners: []byte("x " + sshsig.AuthorizedKey(ed25519.NewKeyFromSeed(make([]byte, 32)).Public().(ed25519.PublicKey)) + "\n")}, report.VerdictUnverified},
		{"another nonce", good, VerifyOptions{Load: fs.load, Nonce: "fresh-9"}, report.VerdictUnverified},
		{"another plan", good, VerifyOptions{Load: fs.load, PlanSHA256: strings.Repeat("0", 64)}, report.VerdictUnverified},
		{"edited fleet", bytes.Replace(good, []byte(`"gpus": 8`), []byte(`"gpus": 9`), 1), VerifyOptions{Load: fs.load}, report.VerdictUnverified},
	} {
		o, err := Verify(c.data, c.opt)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if o.Verdict != c.want {
			t.Errorf("%s: verdict %s, want %s (digest %v, plan %v, disagree %v, nodes %+v)", c.name, o.Verdict, c.want, o.DigestOK, o.PlanOK, o.Disagreements, o.Nodes)
		}
	}
	// Unsigned: a genuine fleet whose every node passes is not a pass
	// unless AllowUnsigned.
	o, _ := Verify(good, VerifyOptions{Load: fs.load})
	if !o.Verified() || o.Verdict != acceptance.VerdictIncomplete {
		t.Errorf("unsigned: %v %s", o.Verified(), o.Verdict)
	}
}

// BenchmarkVerifyFleet is verify-report on a fleet of 16 nodes of 8 H100s:
// every node report verified, then merged again.
func BenchmarkVerifyFleet(b *testing.B) {
	pf := planJSON(128)
	plan, _ := PlanOf(pf)
	var nodes []node
	for i := range 16 {
		nodes = append(nodes, node{host: "node-" + string(rune('a'+i)), id: i + 1, fp32: 60, ibRate: 400})
	}
	in := inputs(b, pf, nodes...)
	fs := files{}
	for _, x := range in {
		fs[x.Name] = x.Data
	}
	f, err := Merge(in, Options{Plan: plan, Tool: testTool, Now: testTime})
	if err != nil {
		b.Fatal(err)
	}
	data, _ := Marshal(f)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if o, err := Verify(data, VerifyOptions{Load: fs.load}); err != nil || !o.Verified() {
			b.Fatalf("%v %+v", err, o.Disagreements)
		}
	}
}
