package fleet

import (
	"fmt"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/msg"
)

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
