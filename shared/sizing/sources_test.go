package sizing

import (
	"testing"

	"github.com/gpuplan/gpuplan/shared/catalog"
)

// TestPresetSources: every model preset links where its size and shape
// come from (a model card, a paper), never a repository file.
func TestPresetSources(t *testing.T) {
	for _, m := range Presets() {
		if err := catalog.CheckSource(m.Source); err != nil {
			t.Errorf("%s: %v", m.ID, err)
		}
	}
}
