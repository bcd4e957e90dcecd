package report

import "testing"

func TestSchemaOf(t *testing.T) {
	for in, want := range map[string]string{
		`{"schema": "gpuplan.report/v2", "tool": {}}`:             "gpuplan.report/v2",
		`{"tool": {"schema": "x"}, "schema": "gpuplan.fleet/v1"}`: "gpuplan.fleet/v1",
		`{"schema": 2}`:         "",
		`[{"schema": "x"}]`:     "",
		`{"other": [1, 2, {}]}`: "",
		`not json`:              "",
		`{"schema": "a", "x": `: "a", // read no further than the key
		``:                      "",
	} {
		if got := SchemaOf([]byte(in)); got != want {
			t.Errorf("SchemaOf(%s) = %q, want %q", in, got, want)
		}
	}
}

func FuzzSchemaOf(f *testing.F) {
	f.Add([]byte(`{"schema": "gpuplan.report/v2"}`))
	f.Add([]byte(`{"a": [{"schema": 1}], "schema": "x"}`))
	f.Fuzz(func(t *testing.T, data []byte) { _ = SchemaOf(data) })
}
