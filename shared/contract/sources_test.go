package contract

import (
	"testing"

	"github.com/gpuplan/gpuplan/shared/catalog"
)

// TestPresetSources: every SLA preset links its terms.
func TestPresetSources(t *testing.T) {
	for _, p := range []Preset{PresetArticles, PresetAWSEC2, PresetAlibabaECS, PresetAlibabaDataHub} {
		tb, ok := PresetTable(p)
		if !ok {
			t.Fatalf("no table for %s", p)
		}
		if err := catalog.CheckSource(tb.Source.String()); err != nil {
			t.Errorf("%s: %v", p, err)
		}
	}
}
