package planfile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/internal/strictjson"
)

// Bounds of the numeric fields: wide, they catch typing mistakes only.
const (
	maxGPUCount  = 4096
	maxMemoryMiB = 10 << 20 // 10 TiB per GPU
)

// planHead is the part of a plan file gpuverify reads.
type planHead struct {
	Schema     *string     `json:"schema"`
	Acceptance *Acceptance `json:"acceptance"`
}

// DecodeAcceptance reads the schema and acceptance block of a plan file and
// validates the block. It is lenient about the other sections of the file
// (fields added by a newer planner), so gpuverify keeps working when the
// rest of the plan changes; but it refuses a file of another schema, a key
// repeated anywhere, a "schema" or "acceptance" key spelt with other case,
// and any key of the acceptance block that is not documented exactly (a
// typo must not drop a requirement). Problems come back as a
// *fielderr.Error naming the field and what is allowed.
func DecodeAcceptance(data []byte) (Acceptance, error) {
	if len(data) > MaxBytes {
		return Acceptance{}, fmt.Errorf("plan file is larger than %d bytes", MaxBytes)
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf")) // a UTF-8 BOM from Windows editors
	var head planHead
	if err := json.Unmarshal(data, &head); err != nil {
		return Acceptance{}, strictjson.Explain(err)
	}
	if err := strictjson.CheckKeys(data, &head); err != nil {
		return Acceptance{}, err
	}
	if err := unknownAcceptanceKeys(data); err != nil {
		return Acceptance{}, err
	}
	if head.Schema == nil {
		return Acceptance{}, fieldErr("schema", "missing: a plan file has \"schema\": %q (export the plan from the planner)", Schema)
	}
	if *head.Schema != Schema {
		return Acceptance{}, fieldErr("schema", "must be %q, got %q: not a plan file this gpuverify reads", Schema, *head.Schema)
	}
	if head.Acceptance == nil {
		return Acceptance{}, fieldErr("acceptance", "missing: the plan has no acceptance block")
	}
	acc := *head.Acceptance
	if err := acc.Validate(); err != nil {
		return Acceptance{}, err
	}
	return acc, nil
}

// unknownAcceptanceKeys refuses a key of the acceptance block that the
// block does not define, listing the ones it does.
func unknownAcceptanceKeys(data []byte) error {
	var raw struct {
		Acceptance map[string]json.RawMessage `json:"acceptance"`
	}
	if json.Unmarshal(data, &raw) != nil {
		return nil // the acceptance block is not an object: reported by the caller
	}
	known := AcceptanceKeys()
	for key := range raw.Acceptance {
		if !slices.Contains(known, key) {
			return fieldErr("acceptance."+key, "unknown field: the acceptance block has only %s", strings.Join(known, ", "))
		}
	}
	return nil
}

// AcceptanceKeys are the keys of an acceptance block, in the order of
// Acceptance.
func AcceptanceKeys() []string {
	t := reflect.TypeFor[Acceptance]()
	var out []string
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		if name != "" && name != "-" {
			out = append(out, name)
		}
	}
	return out
}

// Validate checks every field of an acceptance block against its allowed
// values and returns a *fielderr.Error for the first problem.
func (acc Acceptance) Validate() error {
	if acc.GPUCount < 1 || acc.GPUCount > maxGPUCount {
		return fieldErr("acceptance.gpu_count", "must be between 1 and %d, got %d", maxGPUCount, acc.GPUCount)
	}
	for i, id := range acc.GPUIDs {
		if strings.TrimSpace(id) == "" {
			return fieldErr(fmt.Sprintf("acceptance.gpu_ids[%d]", i), "must be a catalogue id such as \"h100-80g-sxm\", got an empty string")
		}
		if _, ok := catalog.ByID(id); !ok {
			return fieldErr(fmt.Sprintf("acceptance.gpu_ids[%d]", i), "unknown card id %q: the catalogue knows %s", clipID(id), strings.Join(catalog.IDs(), ", "))
		}
	}
	if acc.GPUsPerNode < 0 || acc.GPUsPerNode > acc.GPUCount {
		return fieldErr("acceptance.gpus_per_node", "must be between 1 and gpu_count (%d), got %d", acc.GPUCount, acc.GPUsPerNode)
	}
	if acc.MinMemoryMiB < 0 || acc.MinMemoryMiB > maxMemoryMiB {
		return fieldErr("acceptance.min_memory_mib", "must be between 0 and %d, got %d", maxMemoryMiB, acc.MinMemoryMiB)
	}
	for _, f := range []struct {
		name, v string
		allowed []string
	}{
		{"interconnect", string(acc.Interconnect), Interconnects},
		{"mig", string(acc.MIG), MIGModes},
		{"virtualization", string(acc.Virtualization), Virtualizations},
		{"ecc", string(acc.ECC), ECCModes},
	} {
		if f.v != "" && !slices.Contains(f.allowed, f.v) {
			return fieldErr("acceptance."+f.name, "must be one of %s (or absent), got %q", strings.Join(f.allowed, ", "), f.v)
		}
	}
	if !slices.Contains(PCIeWidths, acc.MinPCIeWidth) {
		return fieldErr("acceptance.min_pcie_width", "must be one of 0, 1, 2, 4, 8, 16, 32 (lanes), got %d", acc.MinPCIeWidth)
	}
	if acc.MinDriver != "" {
		if _, ok := ParseDriverVersion(acc.MinDriver); !ok {
			return fieldErr("acceptance.min_driver", "must be a dotted driver version such as \"535.104.05\", got %q", acc.MinDriver)
		}
	}
	return nil
}

// clipID shortens an id quoted in an error.
func clipID(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

func fieldErr(field, format string, args ...any) *fielderr.Error {
	return fielderr.Errorf(field, format, args...)
}
