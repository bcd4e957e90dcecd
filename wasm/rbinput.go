package main

import (
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/shared/rentbuild"
)

// rbSeriesMonths is the length of the rent-or-build page's cost curves.
const rbSeriesMonths = 36

// rentBuildInput is the comparison behind the plan, with the series the
// plan file does not carry switched on.
func rentBuildInput(p *plan.Plan) rentbuild.Input { return plan.RentBuildInput(p, rbSeriesMonths) }

// rentBuildFor runs the comparison with its series; ok is false when the
// plan's figures cannot be compared (Decide refused them).
func rentBuildFor(p *plan.Plan) (rentbuild.Result, bool) {
	r, err := rentbuild.Decide(rentBuildInput(p))
	return r, err == nil
}
