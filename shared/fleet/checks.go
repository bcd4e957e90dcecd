package fleet

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/bench"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/provenance"
)

// Thresholds of the interconnect checks. The plan names the interconnect
// but not the port count or rate, so these are the floor the planner's own
// sizing advice states for multi-node training.
const (
	// MinIBGbps is the least rate of an active port between nodes: Llama 2
	// trained over 200 Gbps InfiniBand (shared/sizing's multi-node note);
	// slower ports starve data-parallel all-reduce.
	MinIBGbps = 200
	// NCCLMinShare is the least NCCL bus bandwidth, as a share of one
	// port's rate in GB/s, before the check warns: nccl-tests' PERFORMANCE.md
	// relates busbw to the link rate, and a healthy run over InfiniBand
	// reaches most of it at large sizes.
	NCCLMinShare = 0.5
)

// checks runs the fleet checks, in the order the report lists them.
func checks(f *Fleet, opt Options) []acceptance.Result {
	out := []acceptance.Result{
		checkInputs(f),
		checkDigests(f),
		checkSignatures(f, opt.AllowedSigners != nil),
		checkVerdicts(f),
		checkNodeCount(f),
		checkGPUCount(f),
		checkHosts(f),
		checkGPUs(f),
		checkDrivers(f),
	}
	out = append(out, checkBench(f)...)
	if multiNode(f.Plan.Interconnect) {
		out = append(out, checkIB(f), checkNCCL(f))
	}
	return out
}

// multiNode reports whether an interconnect names a network between nodes.
func multiNode(interconnect string) bool { return strings.Contains(interconnect, "+") }

func result(id, rule, expected string) acceptance.Result {
	return acceptance.Result{ID: id, Rule: rule, Expected: expected}
}

// pass, fail, warn and skip set a result's status, measured value and
// message (its English text the Message a file keeps).
func pass(r acceptance.Result, measured string, m msg.M) acceptance.Result {
	r.Measured = measured
	r.Say(acceptance.Pass, m)
	return r
}

func fail(r acceptance.Result, measured string, m msg.M) acceptance.Result {
	r.Measured = measured
	r.Say(acceptance.Fail, m)
	return r
}

func warn(r acceptance.Result, measured string, m msg.M) acceptance.Result {
	r.Measured = measured
	r.Say(acceptance.Warn, m)
	return r
}

func skip(r acceptance.Result, m msg.M) acceptance.Result {
	r.Measured = "not measured"
	r.Say(acceptance.Skip, m)
	return r
}

// txt is a message argument written as given: names, ids, lists of them.
func txt(s string) msg.Arg { return msg.Text(s) }

// name is how messages name a node: its file and, when known, its host.
func (n Node) name() string {
	if n.Host == "" {
		return n.File
	}
	return fmt.Sprintf("%s (%s)", n.File, n.Host)
}

func checkInputs(f *Fleet) acceptance.Result {
	r := result("fleet_inputs", "A4", "every file is a gpuverify report of the plan")
	measured := fmt.Sprintf("%d merged, %d rejected", len(f.Nodes), len(f.Rejected))
	if len(f.Rejected) == 0 {
		return pass(r, measured, msg.New("fleet.inputs.pass", txt(short(f.Plan.SHA256))))
	}
	parts := make([]string, len(f.Rejected))
	for i, x := range f.Rejected {
		parts[i] = x.File + ": " + x.Reason.String()
	}
	return fail(r, measured, msg.New("fleet.inputs.fail", txt(strings.Join(parts, "; "))))
}

func checkDigests(f *Fleet) acceptance.Result {
	r := result("fleet_digests", "A4", "every report's digest matches its content")
	var bad []string
	for _, n := range f.Nodes {
		if !n.DigestOK {
			bad = append(bad, n.name())
		}
	}
	measured := fmt.Sprintf("%d of %d match", len(f.Nodes)-len(bad), len(f.Nodes))
	if len(f.Nodes) == 0 {
		return skip(r, msg.New("fleet.none"))
	}
	if len(bad) > 0 {
		return fail(r, measured, msg.New("fleet.digests.fail", txt(strings.Join(bad, ", "))))
	}
	return pass(r, measured, msg.New("fleet.digests.pass"))
}

func checkSignatures(f *Fleet, asked bool) acceptance.Result {
	r := result("fleet_signatures", "A4", "every report signed by an allowed signer")
	if !asked {
		return skip(r, msg.New("fleet.sigs.unasked"))
	}
	if len(f.Nodes) == 0 {
		return skip(r, msg.New("fleet.none"))
	}
	var bad, unavailable []string
	signers := map[string]bool{}
	for _, n := range f.Nodes {
		s := n.Signature
		switch {
		case s == nil || s.Status == SigUnavailable:
			unavailable = append(unavailable, n.File)
		case s.Status == SigVerified:
			signers[s.Signer] = true
		default:
			bad = append(bad, fmt.Sprintf("%s %s (%s)", n.File, s.Status, s.Detail))
		}
	}
	measured := fmt.Sprintf("%d of %d verified", len(f.Nodes)-len(bad)-len(unavailable), len(f.Nodes))
	switch {
	case len(bad) > 0:
		return fail(r, measured, msg.New("fleet.sigs.fail", txt(strings.Join(bad, "; "))))
	case len(unavailable) > 0:
		why := "signature verification is unavailable in this build"
		if n := f.Nodes[0].Signature; n != nil && n.Detail != "" {
			why = n.Detail
		}
		return skip(r, msg.New("fleet.sigs.unavailable", txt(why), txt(strings.Join(unavailable, ", "))))
	}
	return pass(r, measured, msg.New("fleet.sigs.pass", txt(strings.Join(sortedKeys(signers), ", "))))
}

func checkVerdicts(f *Fleet) acceptance.Result {
	r := result("fleet_node_verdicts", "A1", "every node's own report passes")
	if len(f.Nodes) == 0 {
		return skip(r, msg.New("fleet.none"))
	}
	var bad, open []string
	for _, n := range f.Nodes {
		switch {
		case n.Origin == provenance.File && n.Verdict != acceptance.VerdictFail:
			open = append(open, fmt.Sprintf("%s: facts from a saved file", n.name()))
		case n.Verdict == acceptance.VerdictPass:
		case n.Verdict == acceptance.VerdictIncomplete:
			open = append(open, fmt.Sprintf("%s: %d checks skipped", n.name(), n.Summary.Skip))
		default:
			bad = append(bad, fmt.Sprintf("%s: %d failed", n.name(), n.Summary.Fail))
		}
	}
	measured := fmt.Sprintf("%d of %d pass", len(f.Nodes)-len(bad)-len(open), len(f.Nodes))
	switch {
	case len(bad) > 0:
		return fail(r, measured, msg.New("fleet.verdicts.fail", txt(strings.Join(bad, "; "))))
	case len(open) > 0:
		r = skip(r, msg.New("fleet.verdicts.open", txt(strings.Join(open, "; "))))
		r.Measured = measured
		return r
	}
	return pass(r, measured, msg.New("fleet.verdicts.pass"))
}

func checkNodeCount(f *Fleet) acceptance.Result {
	want := f.Plan.Nodes
	r := result("fleet_node_count", "A1", fmt.Sprintf("%d nodes (the plan's gpu.nodes)", want))
	got := len(f.Nodes)
	measured := fmt.Sprintf("%d nodes", got)
	if want == 0 {
		return skip(r, msg.New("fleet.noplan"))
	}
	switch {
	case got < want:
		return fail(r, measured, msg.New("fleet.nodes.fail", msg.Int(got), msg.Int(want)))
	case got > want:
		return warn(r, measured, msg.New("fleet.nodes.warn", msg.Int(got), msg.Int(want)))
	}
	return pass(r, measured, msg.New("fleet.nodes.pass"))
}

func checkGPUCount(f *Fleet) acceptance.Result {
	want := f.Plan.GPUCount
	r := result("fleet_gpu_count", "A1", fmt.Sprintf("%d GPUs in all (the plan's gpu_count)", want))
	got := 0
	var short []string
	for _, n := range f.Nodes {
		got += n.GPUs
		if f.Plan.GPUsPerNode > 0 && n.GPUs < f.Plan.GPUsPerNode {
			short = append(short, fmt.Sprintf("%s shows %d", n.name(), n.GPUs))
		}
	}
	measured := fmt.Sprintf("%d GPUs on %d nodes", got, len(f.Nodes))
	if want == 0 {
		return skip(r, msg.New("fleet.noplan"))
	}
	switch {
	case got < want:
		perNode := msg.Text("")
		if len(short) > 0 {
			perNode = msg.Sub(msg.New("fleet.gpus.short", msg.Int(f.Plan.GPUsPerNode), txt(strings.Join(short, "; "))))
		}
		return fail(r, measured, msg.New("fleet.gpus.fail", msg.Int(got), msg.Int(want), perNode))
	case got > want:
		return warn(r, measured, msg.New("fleet.gpus.warn", msg.Int(got), msg.Int(want)))
	}
	return pass(r, measured, msg.New("fleet.gpus.pass"))
}

func checkHosts(f *Fleet) acceptance.Result {
	r := result("fleet_unique_hosts", "A1", "each host reports once")
	seen := map[string]Node{}
	var dup, unnamed []string
	for _, n := range f.Nodes {
		if n.Host == "" {
			unnamed = append(unnamed, n.File)
			continue
		}
		key := strings.ToLower(n.Host)
		if first, ok := seen[key]; ok {
			dup = append(dup, fmt.Sprintf("host %s in %s and %s", n.Host, first.File, n.File))
			continue
		}
		seen[key] = n
	}
	measured := fmt.Sprintf("%d distinct hosts in %d reports", len(seen), len(f.Nodes))
	switch {
	case len(dup) > 0:
		return fail(r, measured, msg.New("fleet.hosts.fail", txt(strings.Join(dup, "; "))))
	case len(unnamed) > 0:
		return warn(r, measured, msg.New("fleet.hosts.warn", txt(strings.Join(unnamed, ", "))))
	case len(f.Nodes) == 0:
		return skip(r, msg.New("fleet.none"))
	}
	return pass(r, measured, msg.New("fleet.hosts.pass"))
}

// checkGPUs finds a GPU (UUID or serial) or an InfiniBand adapter (node
// GUID) in two reports: the same box counted twice under two host names.
// Each pair of reports is named once, with what they share.
func checkGPUs(f *Fleet) acceptance.Result {
	r := result("fleet_unique_gpus", "A1", "no GPU UUID, GPU serial, InfiniBand node GUID or host identity (DMI product UUID, machine-id, MAC) in two reports")
	type pair struct{ a, b int }
	shared := map[pair]map[string]int{}
	example := map[pair]string{}
	var order []pair
	ids := 0
	for _, kind := range idKinds {
		first := map[string]int{}
		for i, n := range f.Nodes {
			inNode := map[string]bool{}
			for _, written := range identities(n, kind) {
				// Identities are compared without case: NVML and
				// nvidia-smi write a UUID in either, and an edited
				// report may change it.
				id := strings.ToLower(strings.TrimSpace(written))
				if inNode[id] {
					continue
				}
				inNode[id] = true
				ids++
				j, ok := first[id]
				if !ok {
					first[id] = i
					continue
				}
				p := pair{j, i}
				if shared[p] == nil {
					shared[p] = map[string]int{}
					example[p] = kind + " " + written
					order = append(order, p)
				}
				shared[p][kind]++
			}
		}
	}
	var dup []string
	total := 0
	for _, p := range order {
		var what []string
		for _, kind := range idKinds {
			if c := shared[p][kind]; c > 0 {
				what = append(what, fmt.Sprintf("%d %s", c, plural(kind)))
				total += c
			}
		}
		dup = append(dup, fmt.Sprintf("%s and %s share %s (e.g. %s)", f.Nodes[p.a].name(), f.Nodes[p.b].name(), strings.Join(what, ", "), example[p]))
	}
	measured := fmt.Sprintf("%d identities compared, %d repeated", ids, total)
	switch {
	case len(dup) > 0:
		return fail(r, measured, msg.New("fleet.boxes.fail", txt(strings.Join(dup, "; "))))
	case ids == 0:
		return skip(r, msg.New("fleet.boxes.skip"))
	}
	return pass(r, measured, msg.New("fleet.boxes.pass"))
}

// plural is a kind of identity in the plural.
func plural(kind string) string {
	if k, ok := strings.CutSuffix(kind, "y"); ok {
		return k + "ies"
	}
	return kind + "s"
}

// idKinds are the kinds of identity no two nodes may share.
var idKinds = []string{"GPU UUID", "GPU serial", "InfiniBand node GUID", "host identity"}

// identities are the node's ids of one kind.
func identities(n Node, kind string) []string {
	switch kind {
	case "GPU UUID":
		return n.UUIDs
	case "GPU serial":
		return n.Serials
	case "host identity":
		return n.HostIDs
	}
	if n.IB != nil {
		return n.IB.GUIDs
	}
	return nil
}

func checkDrivers(f *Fleet) acceptance.Result {
	r := result("fleet_driver", "A1", "one NVIDIA driver version on every node")
	byVersion := map[string][]string{}
	var unknown []string
	for _, n := range f.Nodes {
		if n.Driver == "" {
			unknown = append(unknown, n.File)
			continue
		}
		byVersion[n.Driver] = append(byVersion[n.Driver], n.name())
	}
	versions := sortedKeys(byVersion)
	var parts []string
	for _, v := range versions {
		parts = append(parts, fmt.Sprintf("%s on %d", v, len(byVersion[v])))
	}
	measured := strings.Join(parts, ", ")
	switch {
	case len(versions) > 1:
		branches := map[string]bool{}
		for _, v := range versions {
			b, _, _ := strings.Cut(v, ".")
			branches[b] = true
		}
		var where []string
		for _, v := range versions {
			where = append(where, v+": "+strings.Join(byVersion[v], ", "))
		}
		if len(branches) > 1 {
			return fail(r, measured, msg.New("fleet.drivers.differ", txt(strings.Join(where, "; ")), msg.Text("")))
		}
		return warn(r, measured, msg.New("fleet.drivers.differ", txt(strings.Join(where, "; ")), msg.Sub(msg.New("fleet.drivers.branch"))))
	case len(versions) == 0:
		return skip(r, msg.New("fleet.drivers.skip"))
	case len(unknown) > 0:
		return warn(r, measured, msg.New("fleet.drivers.unknown", txt(strings.Join(unknown, ", "))))
	}
	return pass(r, measured, msg.New("fleet.drivers.pass", txt(versions[0])))
}

// checkBench compares each node's median rate of each bench kind with the
// other nodes of the same GPU model: bench's sibling test, per node.
func checkBench(f *Fleet) []acceptance.Result {
	var out []acceptance.Result
	for _, k := range bench.Kinds {
		tol := bench.Tolerance(k)
		r := result("fleet_bench_"+string(k), "A2", fmt.Sprintf("every node's median within %.0f%% of the fastest node of its GPU model", tol*100))
		groups := map[string][]Node{}
		var models []string
		for _, n := range f.Nodes {
			if _, ok := n.Bench[string(k)]; !ok {
				continue
			}
			if _, ok := groups[n.GPUName]; !ok {
				models = append(models, n.GPUName)
			}
			groups[n.GPUName] = append(groups[n.GPUName], n)
		}
		var measured, slow []string
		compared := 0
		for _, m := range models {
			nodes := groups[m]
			if len(nodes) < 2 {
				continue
			}
			compared++
			vals := make([]float64, len(nodes))
			for i, n := range nodes {
				vals[i] = n.Bench[string(k)]
				measured = append(measured, fmt.Sprintf("%s %s", n.Host+orFile(n), bench.Figure(vals[i])))
			}
			best, idx := bench.Slow(vals, tol)
			for _, i := range idx {
				slow = append(slow, fmt.Sprintf("%s at %.0f%% of the fastest %s node", nodes[i].name(), vals[i]/best*100, m))
			}
		}
		if compared == 0 {
			continue
		}
		ms := strings.Join(measured, ", ") + " " + k.Unit()
		if len(slow) > 0 {
			out = append(out, fail(r, ms, msg.New("fleet.bench.fail", txt(k.Title()), txt(strings.Join(slow, "; ")))))
		} else {
			out = append(out, pass(r, ms, msg.New("fleet.bench.pass", txt(k.Title()), txt(fmt.Sprintf("%.0f", tol*100)))))
		}
	}
	if len(out) == 0 {
		r := result("fleet_bench", "A2", "bench figures of at least two nodes of a model to compare")
		return []acceptance.Result{skip(r, msg.New("fleet.bench.skip"))}
	}
	return out
}

// orFile is "" when the node has a host name, else its file in brackets.
func orFile(n Node) string {
	if n.Host != "" {
		return ""
	}
	return "[" + n.File + "]"
}

// checkIB checks the InfiniBand (or RoCE) ports each node recorded against
// the plan: at least one active port of the plan's link layer at
// MinIBGbps or more on every node, the same count and rate on every node,
// and a warning below one port per GPU (the rail-optimised design of 8-GPU
// training nodes).
func checkIB(f *Fleet) acceptance.Result {
	layer := layerOf(f.Plan.Interconnect)
	r := result("fleet_ib", "A3", fmt.Sprintf("on every node ≥ 1 active %s port at ≥ %d Gb/s, the same on every node; %d per node (one per GPU) advised",
		layer, MinIBGbps, f.Plan.GPUsPerNode))
	var measured, bad, weak, missing []string
	counts := map[string]int{}
	for _, n := range f.Nodes {
		ib := n.IB
		if ib == nil {
			missing = append(missing, n.File)
			continue
		}
		sig := fmt.Sprintf("%d×%s", ib.Active, bench.Figure(ib.MinGbps))
		counts[sig]++
		measured = append(measured, fmt.Sprintf("%s %d active at %s Gb/s", n.Host+orFile(n), ib.Active, bench.Figure(ib.MinGbps)))
		switch {
		case ib.Active == 0 && ib.Unavailable != "":
			bad = append(bad, fmt.Sprintf("%s: none read (%s)", n.name(), ib.Unavailable))
		case ib.Active == 0:
			bad = append(bad, fmt.Sprintf("%s: no active %s port (%d down, %d of another link layer)", n.name(), layer, ib.Down, ib.Other))
		case ib.MinGbps < MinIBGbps:
			bad = append(bad, fmt.Sprintf("%s: a port at %s Gb/s", n.name(), bench.Figure(ib.MinGbps)))
		case ib.Active < f.Plan.GPUsPerNode:
			weak = append(weak, fmt.Sprintf("%s: %d ports for %d GPUs", n.name(), ib.Active, f.Plan.GPUsPerNode))
		}
	}
	if len(f.Nodes) == 0 {
		return skip(r, msg.New("fleet.none"))
	}
	if len(missing) == len(f.Nodes) {
		return skip(r, msg.New("fleet.ib.none"))
	}
	ms := strings.Join(measured, "; ")
	if len(counts) > 1 {
		bad = append(bad, "the nodes differ in active ports or rate ("+strings.Join(sortedKeys(counts), ", ")+")")
	}
	if len(missing) > 0 {
		bad = append(bad, "no ports recorded in "+strings.Join(missing, ", "))
	}
	if len(bad) > 0 {
		return fail(r, ms, msg.New("fleet.ib.fail", txt(strings.Join(append(bad, weak...), "; ")), txt(f.Plan.Interconnect)))
	}
	if len(weak) > 0 {
		return warn(r, ms, msg.New("fleet.ib.warn", txt(strings.Join(weak, "; "))))
	}
	return pass(r, ms, msg.New("fleet.ib.pass", txt(layer)))
}

// checkNCCL records the all-reduce run across the nodes: wrong results
// fail, a bus bandwidth under half of one port's rate warns.
func checkNCCL(f *Fleet) acceptance.Result {
	r := result("fleet_nccl", "A3", "NCCL all-reduce across all nodes, no wrong results")
	n := f.NCCL
	if n == nil {
		return skip(r, msg.New("fleet.nccl.skip"))
	}
	measured := fmt.Sprintf("busbw %s GB/s at %d MiB over %d ranks on %d hosts (average %s GB/s); %d wrong, %d out of bounds",
		bench.Figure(n.BusBWGBs), n.MaxBytes>>20, n.Ranks, len(n.Hosts), bench.Figure(n.AvgBusBWGBs), n.Wrong, n.OutOfBounds)
	if n.Wrong > 0 || n.OutOfBounds > 0 {
		return fail(r, measured, msg.New("fleet.nccl.wrong"))
	}
	if len(f.Nodes) > 1 && len(n.Hosts) < len(f.Nodes) {
		return warn(r, measured, msg.New("fleet.nccl.partial", msg.Int(len(n.Hosts)), msg.Int(len(f.Nodes))))
	}
	port := 0.0
	for _, nd := range f.Nodes {
		if nd.IB != nil && nd.IB.MinGbps > 0 && (port == 0 || nd.IB.MinGbps < port) {
			port = nd.IB.MinGbps
		}
	}
	if port > 0 && n.BusBWGBs < NCCLMinShare*port/8 {
		return warn(r, measured, msg.New("fleet.nccl.slow", txt(bench.Figure(n.BusBWGBs)), txt(fmt.Sprintf("%.0f", NCCLMinShare*100)), txt(bench.Figure(port)), txt(bench.Figure(port/8))))
	}
	return pass(r, measured, msg.New("fleet.nccl.pass", txt(bench.Figure(n.BusBWGBs)), txt(strconv.FormatInt(n.MaxBytes>>20, 10))))
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
