package planfile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/internal/strictjson"
	"github.com/gpuplan/gpuplan/shared/msg"
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
		return Acceptance{}, fieldErr("schema", "planfile.err.no_schema", quoted(Schema))
	}
	if *head.Schema != Schema {
		return Acceptance{}, fieldErr("schema", "planfile.err.schema", quoted(Schema), quoted(*head.Schema))
	}
	if head.Acceptance == nil {
		return Acceptance{}, fieldErr("acceptance", "planfile.err.no_acceptance")
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
			return fieldErr("acceptance."+key, "planfile.err.unknown_key", msg.Text(strings.Join(known, ", ")))
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
		return fieldErr("acceptance.gpu_count", "planfile.err.between", msg.Text("1"), num(maxGPUCount), num(acc.GPUCount))
	}
	for i, id := range acc.GPUIDs {
		if strings.TrimSpace(id) == "" {
			return fieldErr(fmt.Sprintf("acceptance.gpu_ids[%d]", i), "planfile.err.empty_id")
		}
		if _, ok := catalog.ByID(id); !ok {
			return fieldErr(fmt.Sprintf("acceptance.gpu_ids[%d]", i), "planfile.err.unknown_card", quoted(clipID(id)), msg.Text(strings.Join(catalog.IDs(), ", ")))
		}
	}
	if acc.GPUsPerNode < 0 || acc.GPUsPerNode > acc.GPUCount {
		return fieldErr("acceptance.gpus_per_node", "planfile.err.gpus_per_node", num(acc.GPUCount), num(acc.GPUsPerNode))
	}
	if acc.MinMemoryMiB < 0 || acc.MinMemoryMiB > maxMemoryMiB {
		return fieldErr("acceptance.min_memory_mib", "planfile.err.between", msg.Text("0"), num(maxMemoryMiB), num(acc.MinMemoryMiB))
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
			return fieldErr("acceptance."+f.name, "planfile.err.one_of", msg.Text(strings.Join(f.allowed, ", ")), quoted(f.v))
		}
	}
	if !slices.Contains(PCIeWidths, acc.MinPCIeWidth) {
		return fieldErr("acceptance.min_pcie_width", "planfile.err.pcie_width", num(acc.MinPCIeWidth))
	}
	if acc.MinDriver != "" {
		if _, ok := ParseDriverVersion(acc.MinDriver); !ok {
			return fieldErr("acceptance.min_driver", "planfile.err.driver", quoted(acc.MinDriver))
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

// fieldErr refuses field with the catalogue sentence id.
func fieldErr(field, id string, args ...msg.Arg) *fielderr.Error {
	return fielderr.Sentence(field, id, args...)
}

// num writes a count or bound in plain digits, as the plan file does.
func num(n int) msg.Arg { return msg.Text(strconv.Itoa(n)) }

// quoted is a value as the file had it, quoted.
func quoted(s string) msg.Arg { return msg.Text(strconv.Quote(s)) }
