package fleet

import (
	"fmt"
	"sort"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/bench"
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
		checkSignatures(f, opt.Signatures),
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

func pass(r acceptance.Result, measured, msg string) acceptance.Result {
	r.Status, r.Measured, r.Message = acceptance.Pass, measured, msg
	return r
}

func fail(r acceptance.Result, measured, msg string) acceptance.Result {
	r.Status, r.Measured, r.Message = acceptance.Fail, measured, msg
	return r
}

func warn(r acceptance.Result, measured, msg string) acceptance.Result {
	r.Status, r.Measured, r.Message = acceptance.Warn, measured, msg
	return r
}

func skip(r acceptance.Result, msg string) acceptance.Result {
	r.Status, r.Measured, r.Message = acceptance.Skip, "not measured", msg
	return r
}

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
		return pass(r, measured, fmt.Sprintf("every report was read and names plan sha256 %s", short(f.Plan.SHA256)))
	}
	parts := make([]string, len(f.Rejected))
	for i, x := range f.Rejected {
		parts[i] = x.File + ": " + x.Reason
	}
	return fail(r, measured, "not merged: "+strings.Join(parts, "; ")+". The fleet holds the other reports; rerun the node that wrote each of these")
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
		return skip(r, "no report was merged")
	}
	if len(bad) > 0 {
		return fail(r, measured, "changed after gpuverify wrote them: "+strings.Join(bad, ", ")+" (gpuverify verify-report shows both digests); do not accept evidence that was edited")
	}
	return pass(r, measured, "no report was edited after gpuverify wrote it")
}

func checkSignatures(f *Fleet, asked bool) acceptance.Result {
	r := result("fleet_signatures", "A4", "every report signed by an allowed signer")
	if !asked {
		return skip(r, "signatures were not checked: pass --allowed-signers FILE to check each report's .sig")
	}
	if len(f.Nodes) == 0 {
		return skip(r, "no report was merged")
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
		return fail(r, measured, "not signed by an allowed signer: "+strings.Join(bad, "; "))
	case len(unavailable) > 0:
		why := "signature verification is unavailable in this build"
		if n := f.Nodes[0].Signature; n != nil && n.Detail != "" {
			why = n.Detail
		}
		return skip(r, why+": "+strings.Join(unavailable, ", ")+" not verified")
	}
	return pass(r, measured, "signed by "+strings.Join(sortedKeys(signers), ", "))
}

func checkVerdicts(f *Fleet) acceptance.Result {
	r := result("fleet_node_verdicts", "A1", "every node's own report passes")
	if len(f.Nodes) == 0 {
		return skip(r, "no report was merged")
	}
	var bad, open []string
	for _, n := range f.Nodes {
		switch n.Verdict {
		case acceptance.VerdictPass:
		case acceptance.VerdictIncomplete:
			open = append(open, fmt.Sprintf("%s: %d checks skipped", n.name(), n.Summary.Skip))
		default:
			bad = append(bad, fmt.Sprintf("%s: %d failed", n.name(), n.Summary.Fail))
		}
	}
	measured := fmt.Sprintf("%d of %d pass", len(f.Nodes)-len(bad)-len(open), len(f.Nodes))
	switch {
	case len(bad) > 0:
		return fail(r, measured, "nodes whose report failed: "+strings.Join(bad, "; ")+". Read each report and open a ticket (rule A4)")
	case len(open) > 0:
		r = skip(r, "nodes whose report is incomplete: "+strings.Join(open, "; ")+". Measure what each report lists under \"Not measured\" and run check again")
		r.Measured = measured
		return r
	}
	return pass(r, measured, "every node passed its own checks")
}

func checkNodeCount(f *Fleet) acceptance.Result {
	want := f.Plan.Nodes
	r := result("fleet_node_count", "A1", fmt.Sprintf("%d nodes (the plan's gpu.nodes)", want))
	got := len(f.Nodes)
	measured := fmt.Sprintf("%d nodes", got)
	if want == 0 {
		return skip(r, "no plan to count against: give --plan, or merge at least one readable report")
	}
	switch {
	case got < want:
		return fail(r, measured, fmt.Sprintf("%d of the plan's %d nodes sent a report: run gpuverify on the missing nodes, or the delivery is short", got, want))
	case got > want:
		return warn(r, measured, fmt.Sprintf("%d reports for a plan of %d nodes: a node outside the plan, or reports of two runs merged", got, want))
	}
	return pass(r, measured, "one report for each node of the plan")
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
		return skip(r, "no plan to count against: give --plan, or merge at least one readable report")
	}
	switch {
	case got < want:
		msg := fmt.Sprintf("the nodes show %d of the %d GPUs the plan pays for", got, want)
		if len(short) > 0 {
			msg += fmt.Sprintf(" (%d per node expected: %s)", f.Plan.GPUsPerNode, strings.Join(short, "; "))
		}
		return fail(r, measured, msg)
	case got > want:
		return warn(r, measured, fmt.Sprintf("%d GPUs where the plan has %d: check the node list", got, want))
	}
	return pass(r, measured, "the nodes add up to the plan's GPU count")
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
		return fail(r, measured, "a machine counted twice: "+strings.Join(dup, "; ")+". One server's report was copied or the same node ran twice; the fleet is short of a node")
	case len(unnamed) > 0:
		return warn(r, measured, "no host name in "+strings.Join(unnamed, ", ")+": only the GPU identities below tell the machines apart")
	case len(f.Nodes) == 0:
		return skip(r, "no report was merged")
	}
	return pass(r, measured, "every report comes from a different host")
}

// checkGPUs finds a GPU (UUID or serial) or an InfiniBand adapter (node
// GUID) in two reports: the same box counted twice under two host names.
// Each pair of reports is named once, with what they share.
func checkGPUs(f *Fleet) acceptance.Result {
	r := result("fleet_unique_gpus", "A1", "no GPU UUID, GPU serial or InfiniBand node GUID in two reports")
	type pair struct{ a, b int }
	shared := map[pair]map[string]int{}
	example := map[pair]string{}
	var order []pair
	ids := 0
	for _, kind := range []string{"GPU UUID", "GPU serial", "InfiniBand node GUID"} {
		first := map[string]int{}
		for i, n := range f.Nodes {
			inNode := map[string]bool{}
			for _, id := range identities(n, kind) {
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
					example[p] = kind + " " + id
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
		for _, kind := range []string{"GPU UUID", "GPU serial", "InfiniBand node GUID"} {
			if c := shared[p][kind]; c > 0 {
				what = append(what, fmt.Sprintf("%d %ss", c, kind))
				total += c
			}
		}
		dup = append(dup, fmt.Sprintf("%s and %s share %s (e.g. %s)", f.Nodes[p.a].name(), f.Nodes[p.b].name(), strings.Join(what, ", "), example[p]))
	}
	measured := fmt.Sprintf("%d identities compared, %d repeated", ids, total)
	switch {
	case len(dup) > 0:
		return fail(r, measured, "a box counted twice: "+strings.Join(dup, "; ")+". Both reports come from one machine, so the fleet is short of a node (rule A4)")
	case ids == 0:
		return skip(r, "no report holds a GPU UUID or serial")
	}
	return pass(r, measured, "every GPU and adapter appears in one report only")
}

// identities are the node's ids of one kind.
func identities(n Node, kind string) []string {
	switch kind {
	case "GPU UUID":
		return n.UUIDs
	case "GPU serial":
		return n.Serials
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
		msg := "the nodes run different drivers (" + strings.Join(where, "; ") + "): NCCL jobs across them can fail or slow down; ask the vendor for one version on every node"
		if len(branches) > 1 {
			return fail(r, measured, msg)
		}
		return warn(r, measured, msg+" (same branch, so a minor difference)")
	case len(versions) == 0:
		return skip(r, "no report states a driver version")
	case len(unknown) > 0:
		return warn(r, measured, "driver version unknown in "+strings.Join(unknown, ", "))
	}
	return pass(r, measured, "every node runs driver "+versions[0])
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
				measured = append(measured, fmt.Sprintf("%s %s", n.Host+orFile(n), rate(vals[i])))
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
			out = append(out, fail(r, ms, fmt.Sprintf("%s: %s. A node far slower than identical siblings is throttled, capped or faulty (gpu-fryer's relative test, per node); open a ticket (rule A4)", k.Title(), strings.Join(slow, "; "))))
		} else {
			out = append(out, pass(r, ms, fmt.Sprintf("%s is within %.0f%% across the nodes of each model", k.Title(), tol*100)))
		}
	}
	if len(out) == 0 {
		r := result("fleet_bench", "A2", "bench figures of at least two nodes of a model to compare")
		return []acceptance.Result{skip(r, "fewer than two nodes ran the bench: run gpuverify check --bench on every node to compare them")}
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

// rate formats a bench figure with three significant digits.
func rate(v float64) string {
	switch {
	case v >= 100:
		return fmt.Sprintf("%.0f", v)
	case v >= 10:
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.2f", v)
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
		sig := fmt.Sprintf("%d×%s", ib.Active, rate(ib.MinGbps))
		counts[sig]++
		measured = append(measured, fmt.Sprintf("%s %d active at %s Gb/s", n.Host+orFile(n), ib.Active, rate(ib.MinGbps)))
		switch {
		case ib.Active == 0 && ib.Unavailable != "":
			bad = append(bad, fmt.Sprintf("%s: none read (%s)", n.name(), ib.Unavailable))
		case ib.Active == 0:
			bad = append(bad, fmt.Sprintf("%s: no active %s port (%d down, %d of another link layer)", n.name(), layer, ib.Down, ib.Other))
		case ib.MinGbps < MinIBGbps:
			bad = append(bad, fmt.Sprintf("%s: a port at %s Gb/s", n.name(), rate(ib.MinGbps)))
		case ib.Active < f.Plan.GPUsPerNode:
			weak = append(weak, fmt.Sprintf("%s: %d ports for %d GPUs", n.name(), ib.Active, f.Plan.GPUsPerNode))
		}
	}
	if len(f.Nodes) == 0 {
		return skip(r, "no report was merged")
	}
	if len(missing) == len(f.Nodes) {
		return skip(r, "no report holds InfiniBand ports: run gpuverify check (this version or later) with the multi-node plan on each node; it reads /sys/class/infiniband")
	}
	ms := strings.Join(measured, "; ")
	if len(counts) > 1 {
		bad = append(bad, "the nodes differ in active ports or rate ("+strings.Join(sortedKeys(counts), ", ")+")")
	}
	if len(missing) > 0 {
		bad = append(bad, "no ports recorded in "+strings.Join(missing, ", "))
	}
	if len(bad) > 0 {
		return fail(r, ms, strings.Join(append(bad, weak...), "; ")+fmt.Sprintf(". The plan says %s: multi-node training needs every node on the fabric at full rate (rule A3; ibstat shows the same)", f.Plan.Interconnect))
	}
	if len(weak) > 0 {
		return warn(r, ms, strings.Join(weak, "; ")+": fewer ports than GPUs halves all-reduce bandwidth against a rail-optimised node; check the contract's network terms (rule A3)")
	}
	return pass(r, ms, fmt.Sprintf("every node has its %s ports active at full rate", layer))
}

// checkNCCL records the all-reduce run across the nodes: wrong results
// fail, a bus bandwidth under half of one port's rate warns.
func checkNCCL(f *Fleet) acceptance.Result {
	r := result("fleet_nccl", "A3", "NCCL all-reduce across all nodes, no wrong results")
	n := f.NCCL
	if n == nil {
		return skip(r, "NCCL all-reduce bandwidth was not measured: on the cluster run nccl-tests' all_reduce_perf -b 8 -e 8G -f 2 -g 1 with one rank per GPU on every node (srun --mpi=pmix or mpirun), save its output and pass it with gpuverify merge --nccl FILE")
	}
	measured := fmt.Sprintf("busbw %s GB/s at %d MiB over %d ranks on %d hosts (average %s GB/s); %d wrong, %d out of bounds",
		rate(n.BusBWGBs), n.MaxBytes>>20, n.Ranks, len(n.Hosts), rate(n.AvgBusBWGBs), n.Wrong, n.OutOfBounds)
	if n.Wrong > 0 || n.OutOfBounds > 0 {
		return fail(r, measured, "the all-reduce returned wrong values: a faulty GPU, NIC or cable corrupts training silently; open a ticket (rule A4)")
	}
	if len(f.Nodes) > 1 && len(n.Hosts) < len(f.Nodes) {
		return warn(r, measured, fmt.Sprintf("the run covered %d hosts of the fleet's %d: it did not cross every node", len(n.Hosts), len(f.Nodes)))
	}
	port := 0.0
	for _, nd := range f.Nodes {
		if nd.IB != nil && nd.IB.MinGbps > 0 && (port == 0 || nd.IB.MinGbps < port) {
			port = nd.IB.MinGbps
		}
	}
	if port > 0 && n.BusBWGBs < NCCLMinShare*port/8 {
		return warn(r, measured, fmt.Sprintf("bus bandwidth %s GB/s is under %.0f%% of one %s Gb/s port (%s GB/s): check NCCL_IB_HCA, GPUDirect RDMA and the message sizes", rate(n.BusBWGBs), NCCLMinShare*100, rate(port), rate(port/8)))
	}
	return pass(r, measured, fmt.Sprintf("the all-reduce crossed every node with correct results: %s GB/s bus bandwidth at %d MiB", rate(n.BusBWGBs), n.MaxBytes>>20))
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
