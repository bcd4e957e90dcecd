package acceptance

import (
	"slices"
	"sort"
	"strconv"
	"strings"
)

// Kind is the family a check belongs to, so that a reader of an 8-GPU
// report (about a hundred checks) sees a dozen groups, the failed ones
// first, instead of a hundred lines: the answer first.
type Kind string

// The kinds, in the order a report lists them when none failed: how far
// the evidence can be trusted, what the server is, then its parts.
const (
	// KindEvidence: where the facts came from and whether they are whole
	// (origin, input, the fleet's inputs, digests and signatures).
	KindEvidence Kind = "evidence"
	// KindIdentity: how many GPUs of which card (gpu_count, gpu_listing,
	// identity, reachable; the fleet's counts and unique boxes). Rule A1.
	KindIdentity Kind = "identity"
	// KindMemory: the memory a GPU offers and its ECC mode. Rule A1.
	KindMemory Kind = "memory"
	// KindClocks: clocks, power caps and persistence (throttle,
	// power_limit, persistence). Rule A2.
	KindClocks Kind = "clocks"
	// KindVirtualisation: MIG and virtualisation. Rules A1, K4.
	KindVirtualisation Kind = "virtualisation"
	// KindTopology: NVLink, PCIe, InfiniBand and NCCL across nodes. Rule A3.
	KindTopology Kind = "topology"
	// KindSoftware: the driver and the kernel's view of the GPUs.
	KindSoftware Kind = "software"
	// KindWear: ECC errors, remapped rows, retired pages and the memory
	// test: how worn the GPUs are. Rule A4.
	KindWear Kind = "wear"
	// KindPerformance: the bench and the comparison with the POC machine.
	// Rules A2, P3.
	KindPerformance Kind = "performance"
	// KindOther: a check of no known kind.
	KindOther Kind = "other"
)

// Kinds lists every kind in report order.
var Kinds = []Kind{KindEvidence, KindIdentity, KindMemory, KindClocks, KindVirtualisation,
	KindTopology, KindSoftware, KindWear, KindPerformance, KindOther}

// kindOfName maps a check name (the part of an id after "gpuN/") to its
// kind; prefixes are in kindOfPrefix.
var kindOfName = map[string]Kind{
	"origin": KindEvidence, "input": KindEvidence, "fleet_inputs": KindEvidence,
	"fleet_digests": KindEvidence, "fleet_signatures": KindEvidence, "fleet_node_verdicts": KindEvidence,

	"gpu_count": KindIdentity, "gpu_listing": KindIdentity, "identity": KindIdentity, "reachable": KindIdentity,
	"fleet_node_count": KindIdentity, "fleet_gpu_count": KindIdentity,
	"fleet_unique_gpus": KindIdentity, "fleet_unique_hosts": KindIdentity,

	"memory": KindMemory, "ecc_mode": KindMemory,

	"throttle": KindClocks, "power_limit": KindClocks, "persistence": KindClocks,

	"mig": KindVirtualisation, "virtualization": KindVirtualisation,

	"topology": KindTopology, "nvlink": KindTopology, "pcie_width": KindTopology, "pcie_gen": KindTopology,
	"infiniband": KindTopology, "fleet_ib": KindTopology, "fleet_nccl": KindTopology, "numa_node": KindTopology,

	"driver": KindSoftware, "fleet_driver": KindSoftware,

	"ecc_errors": KindWear, "row_remapping": KindWear, "page_retirement": KindWear, "bench_memtest": KindWear,
}

// kindOfPrefix maps the families of checks named by prefix.
var kindOfPrefix = []struct {
	prefix string
	kind   Kind
}{
	{"kernel_", KindSoftware},
	{"bench_", KindPerformance},
	{"fleet_bench", KindPerformance},
	{"poc_", KindPerformance},
}

// KindOf is the kind of the check with result id ("gpu3/ecc_errors" is
// KindWear, "driver" KindSoftware); an unknown check is KindOther.
func KindOf(id string) Kind {
	name := CheckName(id)
	if k, ok := kindOfName[name]; ok {
		return k
	}
	for _, p := range kindOfPrefix {
		if strings.HasPrefix(name, p.prefix) {
			return p.kind
		}
	}
	return KindOther
}

// CheckName is the check of result id without its GPU: "ecc_errors" for
// "gpu3/ecc_errors", "driver" for "driver".
func CheckName(id string) string { return id[strings.LastIndex(id, "/")+1:] }

// GPUOf is the index of the GPU a result id names ("gpu3/ecc_errors" is
// 3), and false for a check of the whole server.
func GPUOf(id string) (int, bool) {
	head, _, ok := strings.Cut(id, "/")
	if !ok {
		return 0, false
	}
	digits, ok := strings.CutPrefix(head, "gpu")
	if !ok || digits == "" {
		return 0, false
	}
	n, err := strconv.Atoi(digits)
	if err != nil || n < 0 || strconv.Itoa(n) != digits {
		return 0, false
	}
	return n, true
}

// rank orders the statuses worst first: fail, warn, skip, pass.
func rank(s Status) int {
	switch s {
	case Fail:
		return 0
	case Warn:
		return 1
	case Skip:
		return 2
	case Pass:
		return 3
	}
	return 4
}

// Worst is the worst status of rs (fail, then warn, skip, pass); Pass for
// none.
func Worst(rs []Result) Status {
	worst := Pass
	for _, r := range rs {
		if rank(r.Status) < rank(worst) {
			worst = r.Status
		}
	}
	return worst
}

// WorstFirst returns rs sorted fail, warn, skip, pass, keeping the order
// of the results of one status.
func WorstFirst(rs []Result) []Result {
	out := slices.Clone(rs)
	// The sort package, not slices, in this file: each element type of a
	// generic sort adds about 12 KB of uncompressed code and data to app.wasm.
	sort.SliceStable(out, func(i, j int) bool { return rank(out[i].Status) < rank(out[j].Status) })
	return out
}

// KindGroup is the results of one kind.
type KindGroup struct {
	// Kind is what the results check.
	Kind Kind
	// Results are the group's results, the failed first (WorstFirst).
	Results []Result
	// Summary counts them and gives the group's verdict.
	Summary Summary
}

// ByKind groups rs by kind, leaving out kinds with no result. The groups
// with a failed check come first, then those with a warning, a skip, and
// the passed ones, each in Kinds order; inside a group the failed results
// come first.
func ByKind(rs []Result) []KindGroup {
	byKind := map[Kind][]Result{}
	for _, r := range rs {
		k := KindOf(r.ID)
		byKind[k] = append(byKind[k], r)
	}
	var out []KindGroup
	for _, k := range Kinds {
		if group, ok := byKind[k]; ok {
			out = append(out, KindGroup{Kind: k, Results: WorstFirst(group), Summary: Summarize(group)})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return rank(Worst(out[i].Results)) < rank(Worst(out[j].Results)) })
	return out
}

// Grid is the per-GPU checks of a report as a table: one row a GPU, one
// column a check, each cell the status of that check on that GPU.
type Grid struct {
	// GPUs are the GPU indexes, in the order the results name them.
	GPUs []int
	// Checks are the check names (CheckName), in the order they first
	// appear, grouped by kind (Kinds order).
	Checks []string
	// Cells[i][j] is the status of Checks[j] on GPUs[i], or "" when that
	// check was not run on that GPU (a lost GPU runs only "reachable").
	Cells [][]Status
}

// GridOf lays out the per-GPU results of rs; the checks of the whole
// server are left out. A grid with no GPU has no rows.
func GridOf(rs []Result) Grid {
	var g Grid
	row := map[int]int{}
	seen := map[string]bool{}
	for _, r := range rs {
		gpu, ok := GPUOf(r.ID)
		if !ok {
			continue
		}
		if _, seen := row[gpu]; !seen {
			row[gpu] = len(g.GPUs)
			g.GPUs = append(g.GPUs, gpu)
		}
		if name := CheckName(r.ID); !seen[name] {
			seen[name] = true
			g.Checks = append(g.Checks, name)
		}
	}
	sort.SliceStable(g.Checks, func(i, j int) bool {
		return slices.Index(Kinds, KindOf(g.Checks[i])) < slices.Index(Kinds, KindOf(g.Checks[j]))
	})
	col := map[string]int{}
	for j, name := range g.Checks {
		col[name] = j
	}
	g.Cells = make([][]Status, len(g.GPUs))
	for i := range g.Cells {
		g.Cells[i] = make([]Status, len(g.Checks))
	}
	for _, r := range rs {
		if gpu, ok := GPUOf(r.ID); ok {
			g.Cells[row[gpu]][col[CheckName(r.ID)]] = r.Status
		}
	}
	return g
}
