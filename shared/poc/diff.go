package poc

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// Difference is one path whose value differs between the two machines.
type Difference struct {
	// Path locates the value, e.g. "gpus[0].pcie.width_max".
	Path string `json:"path"`
	// POC and Delivered are the values as compact JSON, or "(absent)".
	POC       string `json:"poc"`
	Delivered string `json:"delivered"`
}

// Diff is what differs between the POC machine and the delivered one.
type Diff struct {
	// Config are differences of configuration: the delivered machine is
	// not what was tested (rule P4 fails).
	Config []Difference `json:"config"`
	// Identity are differences of serial numbers, UUIDs, PCI bus ids and
	// host names: different physical GPUs or hosts.
	Identity []Difference `json:"identity"`
	// Ignored are the paths of volatile values (timestamps, temperature,
	// utilisation, current clocks, wear counters) and report metadata that
	// differed; they say nothing about the configuration.
	Ignored []string `json:"ignored"`
}

// Same reports whether the configuration is the same.
func (d Diff) Same() bool { return len(d.Config) == 0 }

// volatileKeys are fact names whose values change while a machine runs,
// or that describe the report rather than the machine. A difference under
// any of them is ignored.
var volatileKeys = map[string]bool{
	"timestamp": true, "temperature_c": true, "utilization_gpu_pct": true, "utilization_memory_pct": true,
	"clock_event_reasons": true, "gen_current": true, "replay_count": true,
	"ecc_uncorrectable_volatile": true, "ecc_uncorrectable_aggregate": true,
	"retired_pages": true, "remapped_rows": true,
	"power_draw_w": true, "memory_used_mib": true, "fan_speed_pct": true,
	"sm_clock_mhz": true, "memory_clock_mhz": true, "graphics_clock_mhz": true,
	"schema": true, "source": true, "source_detail": true, "problems": true,
	// {"unavailable": reason}: two tools word the same gap differently.
	"unavailable": true,
}

// identityKeys name one physical part: the same configuration has
// different values on every machine.
var identityKeys = map[string]bool{"uuid": true, "serial": true, "bus_id": true, "hostname": true}

// volatile reports whether a fact name changes on its own: the listed
// names, and any name about temperature, utilisation or a current clock.
func volatile(key string) bool {
	k := strings.ToLower(key)
	return volatileKeys[k] || strings.Contains(k, "temperature") || strings.Contains(k, "utilization") ||
		strings.Contains(k, "utilisation") || (strings.Contains(k, "clock") && strings.Contains(k, "current"))
}

// absent stands for a key one document has and the other lacks.
type absent struct{}

// CompareFacts compares two gpuverify facts documents (JSON objects). A
// document with a "facts" object, such as a whole report, is compared by
// that object. Numbers are compared as written, without float rounding.
func CompareFacts(poc, delivered []byte) (Diff, error) {
	last.Lock()
	defer last.Unlock()
	if last.ok && bytes.Equal(last.poc, poc) && bytes.Equal(last.delivered, delivered) {
		return last.diff.clone(), nil
	}
	d, err := compareFacts(poc, delivered)
	if err == nil {
		last.poc, last.delivered, last.diff, last.ok = bytes.Clone(poc), bytes.Clone(delivered), d.clone(), true
	}
	return d, err
}

// last remembers the last comparison: the site computes the plan on every
// keystroke, and the two documents (each walked whole, ~2 ms for eight
// GPUs) rarely change between two.
var last struct {
	sync.Mutex
	ok             bool
	poc, delivered []byte
	diff           Diff
}

// clone copies d's lists, so no caller shares last's.
func (d Diff) clone() Diff {
	return Diff{Config: slices.Clone(d.Config), Identity: slices.Clone(d.Identity), Ignored: slices.Clone(d.Ignored)}
}

func compareFacts(poc, delivered []byte) (Diff, error) {
	a, err := decodeFacts("poc_facts", poc)
	if err != nil {
		return Diff{}, err
	}
	b, err := decodeFacts("delivered_facts", delivered)
	if err != nil {
		return Diff{}, err
	}
	return CompareValues(a, b), nil
}

func decodeFacts(field string, data []byte) (map[string]any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil || m == nil {
		return nil, fmt.Errorf("%s: want a JSON object of gpuverify facts: %v", field, err)
	}
	if f, ok := m["facts"].(map[string]any); ok {
		return f, nil
	}
	return m, nil
}

// CompareValues compares two decoded JSON values (maps, slices, strings,
// numbers, booleans, nil) path by path.
func CompareValues(poc, delivered any) Diff {
	var d Diff
	d.walk(nil, "", poc, delivered)
	return d
}

// walk compares a and b at path; keys are the object keys along it.
func (d *Diff) walk(keys []string, path string, a, b any) {
	if len(keys) > 0 && volatile(keys[len(keys)-1]) {
		if !equal(a, b) {
			d.Ignored = append(d.Ignored, path)
		}
		return
	}
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if aok && bok {
		for _, k := range unionKeys(am, bm) {
			av, ain := am[k]
			bv, bin := bm[k]
			if !ain {
				av = absent{}
			}
			if !bin {
				bv = absent{}
			}
			d.walk(append(slices.Clip(keys), k), join(path, k), av, bv)
		}
		return
	}
	as, aok := a.([]any)
	bs, bok := b.([]any)
	if aok && bok {
		for i := 0; i < max(len(as), len(bs)); i++ {
			var av, bv any = absent{}, absent{}
			if i < len(as) {
				av = as[i]
			}
			if i < len(bs) {
				bv = bs[i]
			}
			d.walk(keys, path+"["+strconv.Itoa(i)+"]", av, bv)
		}
		return
	}
	if equal(a, b) {
		return
	}
	diff := Difference{Path: path, POC: jsonText(a), Delivered: jsonText(b)}
	if len(keys) > 0 && identityKeys[keys[len(keys)-1]] {
		d.Identity = append(d.Identity, diff)
		return
	}
	d.Config = append(d.Config, diff)
}

func unionKeys(a, b map[string]any) []string {
	var ks []string
	for k := range a {
		ks = append(ks, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			ks = append(ks, k)
		}
	}
	slices.Sort(ks)
	return ks
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// equal compares two JSON values by their compact encoding, and numbers
// by value, so 700 and 700.0 are equal.
func equal(a, b any) bool {
	an, aok := a.(json.Number)
	bn, bok := b.(json.Number)
	if aok && bok {
		x, xok := new(big.Float).SetPrec(256).SetString(string(an))
		y, yok := new(big.Float).SetPrec(256).SetString(string(bn))
		if xok && yok {
			return x.Cmp(y) == 0
		}
	}
	return jsonText(a) == jsonText(b)
}

// jsonText writes a JSON value compactly, or "(absent)".
func jsonText(v any) string {
	if _, ok := v.(absent); ok {
		return "(absent)"
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%v", v)
	}
	return string(b)
}

// Summary says in words (English) what the diff means for rule P4.
func (d Diff) Summary() []string { return msg.Strings(msg.En, d.SummaryMessages()) }

// SummaryMessages are the sentences of Summary as messages.
func (d Diff) SummaryMessages() []msg.M {
	var out []msg.M
	if d.Same() {
		out = append(out, msg.New("poc.diff.same"))
	} else {
		out = append(out, msg.New("poc.diff.config", msg.Int(len(d.Config))))
	}
	gpus, host := identityParts(d.Identity)
	if len(gpus) > 0 {
		out = append(out, msg.New("poc.diff.gpus", msg.Text(strings.Join(gpus, ", "))))
	}
	if host {
		out = append(out, msg.New("poc.diff.host"))
	}
	return out
}

// identityParts names the GPUs whose identity differs, e.g. "gpus[0]",
// and whether a host name differs.
func identityParts(ds []Difference) (gpus []string, host bool) {
	for _, d := range ds {
		part, _, _ := strings.Cut(d.Path, "]")
		switch {
		case strings.HasPrefix(d.Path, "gpus[") && !slices.Contains(gpus, part+"]"):
			gpus = append(gpus, part+"]")
		case strings.HasSuffix(d.Path, "hostname"):
			host = true
		}
	}
	return gpus, host
}

// MaxFactsBytes bounds a facts document or report FactsOf reads.
const MaxFactsBytes = 4 << 20

// FactsOf returns the gpuverify facts of a report or a facts document
// (data), compact, for Input's POCFacts or DeliveredFacts (rule P4): the
// report's "facts" object, or the whole document when it has none. field
// names the input in an error ("poc_facts" or "delivered_facts").
func FactsOf(field string, data []byte) (json.RawMessage, error) {
	if len(data) > MaxFactsBytes {
		return nil, &fielderr.Error{Field: field, Value: fmt.Sprintf("%d bytes", len(data)), Want: msg.New("want.facts_size", msg.Int(MaxFactsBytes>>20))}
	}
	m, err := decodeFacts(field, data)
	if err != nil {
		return nil, &fielderr.Error{Field: field, Value: "(not a JSON object)", Want: msg.New("want.facts_json")}
	}
	out, err := json.Marshal(m)
	if err != nil {
		return nil, &fielderr.Error{Field: field, Value: "(unreadable)", Want: msg.New("want.facts_json")}
	}
	return out, nil
}
