package fleet

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/bench"
	"github.com/gpuplan/gpuplan/shared/msg"
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
		return fail(r, ms, msg.New("fleet.ib.fail", txt(strings.Join(append(bad, weak...), "; ")), txt(string(f.Plan.Interconnect))))
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
