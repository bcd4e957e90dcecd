package fleet

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/bench"
	"github.com/gpuplan/gpuplan/shared/fabric"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/planfile"
	"github.com/gpuplan/gpuplan/shared/report"
)

// Input is one report file given to Merge.
type Input struct {
	// Name is the file's name as the user gave it; messages use it.
	Name string
	// Data is the file's content.
	Data []byte
	// Err is why the file could not be read; it is rejected with it.
	Err error
	// Sig is the armored SSH signature found beside the file; nil when
	// none was found. It is checked when Options.AllowedSigners is set.
	Sig []byte
	// audited is Data already verified against the same allowed signers
	// (Verify's own reading), so that Merge does not derive it again.
	audited *report.Outcome
}

// Options is what Merge knows besides the reports.
type Options struct {
	// Plan is the plan file's expectations (PlanOf); nil takes them from
	// the reports: the plan most of them name.
	Plan *Plan
	// NCCL is the all_reduce_perf run across the nodes; nil when none.
	NCCL *fabric.NCCL
	// AllowedSigners is the allowed_signers file every report's signature
	// is checked against (--allowed-signers); nil checks none.
	AllowedSigners []byte
	// Nonce is the buyer's challenge every report must carry; "" for any.
	Nonce string
	// Tool and Now stamp the fleet report.
	Tool report.Tool
	Now  time.Time
}

// PlanOf reads a plan file's expectations: its acceptance block, its node
// count (gpu.nodes; a hand-written plan without it gets gpu_count divided
// by gpus_per_node) and the SHA-256 of its bytes.
func PlanOf(planFile []byte) (*Plan, error) {
	acc, err := planfile.DecodeAcceptance(planFile)
	if err != nil {
		return nil, err
	}
	var head struct {
		GPU *struct {
			Nodes int `json:"nodes"`
		} `json:"gpu"`
	}
	_ = json.Unmarshal(planFile, &head) // DecodeAcceptance has read it already
	p := fromAcceptance(acc)
	sum := sha256.Sum256(planFile)
	p.SHA256, p.From = hex.EncodeToString(sum[:]), FromPlanFile
	if head.GPU != nil && head.GPU.Nodes > 0 && head.GPU.Nodes <= MaxReports {
		p.Nodes = head.GPU.Nodes
	}
	return p, nil
}

// fromAcceptance is what an acceptance block says about the fleet.
func fromAcceptance(acc planfile.Acceptance) *Plan {
	per := acc.GPUsPerNode
	if per <= 0 {
		per = acc.GPUCount
	}
	nodes := 1
	if per > 0 {
		nodes = (acc.GPUCount + per - 1) / per
	}
	return &Plan{GPUCount: acc.GPUCount, GPUsPerNode: per, Nodes: nodes, Interconnect: acc.Interconnect}
}

// Merge reads every input as a report, keeps those of the plan, runs the
// fleet checks and seals the fleet report. A file that is not a report,
// or a report of another plan, is listed in Rejected with the reason and
// fails the fleet_inputs check; the others are merged.
func Merge(in []Input, opt Options) (*Fleet, error) {
	f := &Fleet{Schema: Schema, Tool: opt.Tool, Time: opt.Now.UTC().Format(time.RFC3339),
		Nodes: []Node{}, Rejected: []Rejected{}, NCCL: opt.NCCL}
	if len(in) > MaxReports {
		for _, x := range in[MaxReports:] {
			f.Rejected = append(f.Rejected, reject(x.Name, "fleet.reject.too_many", msg.Int(MaxReports)))
		}
		in = in[:MaxReports]
	}
	outcomes := make([]*report.Outcome, len(in))
	order := map[string]int{}
	for i, x := range in {
		if _, ok := order[x.Name]; !ok {
			order[x.Name] = i
		}
		if x.Err != nil {
			f.Rejected = append(f.Rejected, reject(x.Name, "fleet.reject.unread", msg.Text(x.Err.Error())))
			continue
		}
		o, err := x.audited, error(nil)
		if o == nil {
			o, err = report.Verify(x.Data, report.VerifyOptions{Signature: x.Sig, AllowedSigners: opt.AllowedSigners, AllowUnsigned: true})
		}
		if err != nil {
			f.Rejected = append(f.Rejected, reject(x.Name, "fleet.reject.not_report", msg.Text(err.Error())))
			continue
		}
		outcomes[i] = o
	}
	p := opt.Plan
	if p == nil {
		p = majorityPlan(outcomes)
	}
	f.Plan = *p
	for i, o := range outcomes {
		if o == nil {
			continue
		}
		if why := refusal(o, p, opt); !why.IsZero() {
			f.Rejected = append(f.Rejected, Rejected{File: in[i].Name, Reason: msg.EnglishOf(why)})
			continue
		}
		f.Nodes = append(f.Nodes, nodeOf(in[i], o, p, opt))
	}
	sort.SliceStable(f.Rejected, func(i, j int) bool { return order[f.Rejected[i].File] < order[f.Rejected[j].File] })
	f.Checks = checks(f, opt)
	f.Summary = report.Summarize(f.Checks)
	if err := f.Seal(); err != nil {
		return nil, err
	}
	return f, nil
}

// majorityPlan is the plan most reports name (the first of them on a tie),
// as its acceptance block states it.
func majorityPlan(outcomes []*report.Outcome) *Plan {
	count := map[string]int{}
	var best *report.Report
	for _, o := range outcomes {
		if o == nil {
			continue
		}
		r := o.Report
		count[r.PlanSHA256]++
		if best == nil || count[r.PlanSHA256] > count[best.PlanSHA256] {
			best = r
		}
	}
	if best == nil {
		return &Plan{From: FromReports}
	}
	p := fromAcceptance(best.Acceptance)
	p.SHA256, p.From = best.PlanSHA256, FromReports
	return p
}

// refusal says why a decoded report is not merged: another plan, another
// nonce, or checks that its own facts do not give; "" merges it. A report
// whose digest does not match is merged, to fail fleet_digests by name.
func refusal(o *report.Outcome, p *Plan, opt Options) msg.M {
	r := o.Report
	if r.PlanSHA256 != p.SHA256 {
		return msg.New("fleet.reject.other_plan", msg.Text(short(r.PlanSHA256)), msg.Text(short(p.SHA256)))
	}
	if opt.Nonce != "" && r.Nonce != opt.Nonce {
		return msg.New("fleet.reject.nonce", msg.Text(strconv.Quote(clipText(r.Nonce))), msg.Text(strconv.Quote(clipText(opt.Nonce))))
	}
	if o.DigestOK && (len(o.Material()) > 0 || o.SummaryDiffers) {
		id := "fleet.reject.disagree"
		if o.SummaryDiffers {
			id = "fleet.reject.disagree_summary"
		}
		return msg.New(id, msg.Int(len(o.Material())))
	}
	return msg.M{}
}

// clipText bounds a value a report states before a message quotes it.
func clipText(s string) string {
	if len(s) > 80 {
		return s[:80] + "…"
	}
	return s
}

// nodeOf summarises one report. Its verdict and summary are the ones its
// facts give (report.Derive), not the ones it states; a report read from a
// saved file is at best incomplete.
func nodeOf(x Input, o *report.Outcome, p *Plan, opt Options) Node {
	r := o.Report
	n := Node{File: x.Name, Time: r.Time, Digest: r.Digest, DigestOK: o.DigestOK, Origin: r.Origin.Kind,
		Verdict: o.Summary.Verdict, Summary: o.Summary, UUIDs: []string{}, Serials: []string{}, HostIDs: hostIDs(r)}
	if opt.AllowedSigners != nil {
		n.Signature = &Signature{Status: o.Signature.Status, Signer: o.Signature.Signer, Detail: o.Signature.Detail}
		if o.Signature.Status == report.SigMissing {
			n.Signature.Detail = "no " + path.Base(x.Name) + ".sig beside the report"
		}
	}
	if r.Facts != nil {
		n.Host = r.Facts.Host.Hostname.Or("")
		n.Driver = r.Facts.DriverVersion.Or("")
		n.GPUs = len(r.Facts.GPUs)
		n.GPUName = modelOf(r.Facts)
		for _, g := range r.Facts.GPUs {
			if u, ok := g.UUID.Get(); ok && u != "" {
				n.UUIDs = append(n.UUIDs, u)
			}
			if s, ok := g.Serial.Get(); ok && s != "" {
				n.Serials = append(n.Serials, s)
			}
		}
	}
	n.Bench = benchOf(o.Checks)
	if r.Fabric != nil {
		n.IB = ibOf(r.Fabric, layerOf(p.Interconnect))
	}
	return n
}

// hostIDs are the machine's own identities the kernel gave on a live run:
// the DMI product UUID, the machine-id and the network adapters' MAC
// addresses, each prefixed by its kind ("mac 0c:42:…"), lower-case.
func hostIDs(r *report.Report) []string {
	out := []string{}
	k := r.Origin.Kernel
	if k == nil || k.Host == nil {
		return out
	}
	add := func(kind, v string) {
		if v = strings.ToLower(strings.TrimSpace(v)); v != "" {
			out = append(out, kind+" "+v)
		}
	}
	add(IDProductUUID, k.Host.ProductUUID.Or(""))
	add(IDMachineID, k.Host.MachineID.Or(""))
	for _, m := range k.Host.MACs {
		add(IDMAC, m)
	}
	return out
}

// modelOf is the name most of the GPUs report.
func modelOf(f *facts.Facts) string {
	count := map[string]int{}
	best := ""
	for _, g := range f.GPUs {
		name := g.Name.Or("")
		count[name]++
		if count[name] > count[best] || best == "" {
			best = name
		}
	}
	return best
}

// benchOf is the median of each bench rate over the node's GPUs, read from
// the node's derived per-GPU bench checks ("gpu3/bench_fp32", measured "61.8
// TFLOPS, 0.95 of the catalogue"). Skipped and failed measurements count
// for nothing: their checks already speak in the node's verdict.
func benchOf(checks []acceptance.Result) map[string]float64 {
	vals := map[string][]float64{}
	for _, c := range checks {
		_, check, ok := strings.Cut(c.ID, "/")
		if !ok || !strings.HasPrefix(c.ID, "gpu") || c.Status == acceptance.Skip {
			continue
		}
		kind, ok := strings.CutPrefix(check, "bench_")
		if !ok || !knownKind(kind) {
			continue
		}
		if v, ok := leadingRate(c.Measured, bench.Kind(kind).Unit()); ok {
			vals[kind] = append(vals[kind], v)
		}
	}
	if len(vals) == 0 {
		return nil
	}
	out := map[string]float64{}
	for k, vs := range vals {
		out[k] = median(vs)
	}
	return out
}

func knownKind(s string) bool {
	for _, k := range bench.Kinds {
		if string(k) == s {
			return true
		}
	}
	return false
}

// leadingRate reads "61.8 TFLOPS…" as 61.8 when the unit matches.
func leadingRate(s, unit string) (float64, bool) {
	num, rest, ok := strings.Cut(s, " ")
	if !ok || !strings.HasPrefix(rest, unit) {
		return 0, false
	}
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || v <= 0 || v > 1e9 {
		return 0, false
	}
	return v, true
}

func median(vs []float64) float64 {
	s := append([]float64(nil), vs...)
	sort.Sort(sort.Float64Slice(s)) // not sort.Float64s: its generic slices.Sort costs app.wasm about 10 KB uncompressed
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// layerOf is the link layer a plan's interconnect asks for between nodes.
func layerOf(interconnect planfile.Interconnect) string {
	if interconnect == planfile.HCCSRoCE {
		return fabric.LayerEthernet
	}
	return fabric.LayerInfiniBand
}

// ibOf summarises a node's ports for the plan's link layer.
func ibOf(fb *fabric.Fabric, layer string) *IB {
	s := fb.Summarize(layer)
	ib := &IB{Active: s.Active, MinGbps: s.MinGbps, Other: s.Other, GUIDs: []string{}, Unavailable: fb.IBUnavailable}
	seen := map[string]bool{}
	for _, p := range fb.IB {
		if !p.Active() {
			ib.Down++
		}
		if p.NodeGUID != "" && !seen[p.NodeGUID] {
			seen[p.NodeGUID] = true
			ib.GUIDs = append(ib.GUIDs, p.NodeGUID)
		}
	}
	return ib
}

// short is the first 12 digits of a hash, for messages.
func short(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	if h == "" {
		return "(none)"
	}
	return h
}
