package fleet

import (
	"fmt"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/bench"
	"github.com/gpuplan/gpuplan/shared/msg"
)

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
