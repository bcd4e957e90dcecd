package main

import (
	"testing"

	"github.com/gpuplan/gpuplan/shared/catalog"
)

// TestSelfBuildSources: the About page's self-build sources can be opened
// (issue 15: they were "research/tco.md F5" and the like).
func TestSelfBuildSources(t *testing.T) {
	s := selfBuildSources
	for name, src := range map[string]string{"residual": s.Residual, "life": s.Life, "pue": s.PUE,
		"kwh": s.KWh, "colo": s.Colo, "staff": s.Staff} {
		if err := catalog.CheckSource(src); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
