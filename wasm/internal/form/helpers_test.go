package form

import (
	"bytes"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/plan"
)

// goldenSheets are shared/plan's golden requirement sheets.
var goldenSheets = []string{"inference-70b", "lora-7b", "pretrain-405b", "domestic-32b", "custom-13b-quotes"}

// goldenPlan reads shared/plan's golden plan file name.
func goldenPlan(t testing.TB, name string) *plan.Plan {
	t.Helper()
	return testkit.DecodeFile(t, "../../../shared/plan/testdata/"+name+".plan.json", plan.Decode)
}

// planJSON is the plan file exactly as plan.Encode writes it (the site's
// export, wasm/files.go).
func planJSON(p *plan.Plan) ([]byte, error) {
	var b bytes.Buffer
	err := plan.Encode(&b, p)
	return b.Bytes(), err
}
