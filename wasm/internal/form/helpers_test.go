package form

import (
	"bytes"
	"os"
	"testing"

	"github.com/gpuplan/gpuplan/shared/plan"
)

// goldenSheets are shared/plan's golden requirement sheets.
var goldenSheets = []string{"inference-70b", "lora-7b", "pretrain-405b", "domestic-32b", "custom-13b-quotes"}

// goldenPlan reads shared/plan's golden plan file name.
func goldenPlan(t testing.TB, name string) *plan.Plan {
	t.Helper()
	f, err := os.Open("../../../shared/plan/testdata/" + name + ".plan.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	p, err := plan.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// planJSON is the plan file exactly as plan.Encode writes it (the site's
// export, wasm/files.go).
func planJSON(p *plan.Plan) ([]byte, error) {
	var b bytes.Buffer
	err := plan.Encode(&b, p)
	return b.Bytes(), err
}
