package plan

import (
	"fmt"
	"math"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// Bounds of the computed parts of a plan file. They catch a hand-edited or
// hostile file (a GPU count of -5), not an unusual plan.
const (
	maxPlanGPUs  = 100000
	maxPlanNodes = 10000
	maxGiB       = 1 << 30
)

// maxPlanAmount bounds every amount in a plan file: far above any GPU
// budget, and what money.Parse accepts.
var maxPlanAmount = decimal.New(1, 15)

// Validate checks a plan file as DecodeRequirements checks a sheet: its
// requirements (and procurement sections) with the sheet's ranges, and its
// computed parts (GPU counts, memory, costs, the acceptance block) against
// bounds, so a hand-edited file is refused by field rather than printed or
// checked against. It does not change p.
func (p *Plan) Validate() error {
	req := p.Requirements
	if req.Schema != RequirementsSchema {
		return fieldErr("requirements.schema", "plan.err.schema", quoted(RequirementsSchema), quoted(req.Schema))
	}
	if err := req.Normalize(); err != nil {
		return fielderr.Prefix("requirements.", err)
	}
	for _, check := range []func() error{p.validateGPU, p.validateSizing, p.validateCost, p.validateAcceptance} {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

func (p *Plan) validateGPU() error {
	if err := p.GPU.Choice.validate("gpu"); err != nil {
		return err
	}
	if p.GPU.Count < 1 {
		return between("gpu.count", "1", num(maxPlanGPUs), num(p.GPU.Count))
	}
	for i, alt := range p.GPU.Alternatives {
		if err := alt.validate(fieldName("gpu.alternatives", i)); err != nil {
			return err
		}
	}
	return nil
}

func (c Choice) validate(at string) error {
	if c.Count < 0 || c.Count > maxPlanGPUs {
		return between(at+".count", "1", num(maxPlanGPUs), num(c.Count))
	}
	if c.Nodes < 0 || c.Nodes > maxPlanNodes {
		return between(at+".nodes", "1", num(maxPlanNodes), num(c.Nodes))
	}
	if err := gibInRange(at+".per_card_gib", c.PerCardGiB); err != nil {
		return err
	}
	return amounts(at+".monthly", c.Monthly)
}

func (p *Plan) validateSizing() error {
	m := p.Sizing.MemoryGiB
	for _, f := range []struct {
		name string
		v    float64
	}{{"weights", m.Weights}, {"kv_cache", m.KVCache}, {"activations", m.Activations},
		{"training_states", m.TrainingStates}, {"overhead", m.Overhead}, {"total", m.Total}} {
		if err := gibInRange("sizing.memory_gib."+f.name, f.v); err != nil {
			return err
		}
	}
	return nil
}

func (p *Plan) validateCost() error {
	if err := amounts("cost.monthly", p.Cost.Monthly); err != nil {
		return err
	}
	for i, it := range p.Cost.Items {
		if err := amounts(fieldName("cost.items", i), money.Range{Low: it.Low, High: it.High}); err != nil {
			return err
		}
	}
	return nil
}

// validateAcceptance bounds the acceptance block as the planner writes it:
// wider than planfile's Validate (a plan may hold more GPUs than one check
// reads), for a hand-edited file only.
func (p *Plan) validateAcceptance() error {
	a := p.Acceptance
	if a.GPUCount < 1 || a.GPUCount > maxPlanGPUs {
		return between("acceptance.gpu_count", "1", num(maxPlanGPUs), num(a.GPUCount))
	}
	if a.GPUsPerNode < 0 || a.GPUsPerNode > a.GPUCount {
		return fieldErr("acceptance.gpus_per_node", "plan.err.gpus_per_node", msg.Text(num(a.GPUCount)), msg.Text(num(a.GPUsPerNode)))
	}
	if a.MinMemoryMiB < 0 || a.MinMemoryMiB > maxGiB {
		return between("acceptance.min_memory_mib", "0", num(maxGiB), num(a.MinMemoryMiB))
	}
	if a.MinPCIeWidth < 0 || a.MinPCIeWidth > 32 {
		return between("acceptance.min_pcie_width", "0", "32", num(a.MinPCIeWidth))
	}
	return nil
}

// gibInRange checks a memory size in GiB: finite and in [0, 2^30].
func gibInRange(field string, v float64) error {
	if math.IsNaN(v) || v < 0 || v > maxGiB {
		return fieldErr(field, "plan.err.gib", msg.Text(num(maxGiB)), msg.Text(fig(v)))
	}
	return nil
}

// amounts checks a cost range: 0 ≤ low ≤ high ≤ 10^15.
func amounts(field string, r money.Range) error {
	if r.Low.IsNegative() || r.High.GreaterThan(maxPlanAmount) {
		return fieldErr(field, "plan.err.amounts", msg.Text(maxPlanAmount.String()), msg.Text(r.Low.String()), msg.Text(r.High.String()))
	}
	if r.Low.GreaterThan(r.High) {
		return fieldErr(field+".high", "plan.err.at_least_low", msg.Text(r.Low.String()), msg.Text(r.High.String()))
	}
	return nil
}

func fieldName(at string, i int) string {
	return fmt.Sprintf("%s[%d]", at, i)
}
