package report

import (
	"bytes"
	"encoding/json"
)

// SchemaOf is the one sniffer of gpuplan's file kinds: the value of the
// top-level "schema" key of a JSON object ("gpuplan.report/v2",
// "gpuplan.fleet/v1", "gpuplan.facts/v1", "gpuplan.plan/v1" …), or "" when
// data is not a JSON object or has no such string key. It reads the
// object's keys in one pass and stops at "schema".
func SchemaOf(data []byte) string {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return ""
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return ""
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return ""
		}
		if tok == "schema" {
			var s string
			if json.Unmarshal(v, &s) != nil {
				return ""
			}
			return s
		}
	}
	return ""
}
