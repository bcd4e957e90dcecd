package strictjson

import (
	"bytes"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/shopspring/decimal"
)

type priced struct {
	Lo decimal.Decimal `json:"lo"`
}

type embedded struct {
	priced
	Ptr  *decimal.Decimal           `json:"ptr"`
	List []priced                   `json:"list"`
	Map  map[string]decimal.Decimal `json:"map"`
	Note string                     `json:"note"`
}

// TestDecodeBoundsDecimals checks that decimals with a huge exponent or too
// many digits are refused by name before anything computes with them
// ("1e1000000000" once hung gpuverify plan for over ten minutes).
func TestDecodeBoundsDecimals(t *testing.T) {
	tests := []struct{ in, field, msg string }{
		{`{"ptr":"1e1000000000"}`, "ptr", "must be a number between -10^20 and 10^20 with at most 20 digits after the decimal point, got 1e1000000000"},
		{`{"ptr":"1e-10000000"}`, "ptr", "got 1e-10000000"},
		{`{"list":[{"lo":"1"},{"lo":"-1e21"}]}`, "list[1].lo", "got -1e21"},
		{`{"map":{"h100":"123456789012345678901"}}`, "map.h100", "got 12345678901234567890…e0"},
		{`{"map":{"x":"0.000000000000000000001"}}`, "map.x", "got 1e-21"},
		{`{"ptr":1e1000000000}`, "ptr", "got 1e1000000000"},
		{`{"list":[{"lo":"` + strings.Repeat("9", 100000) + `"}]}`, "list[0].lo", "a number of 100000 characters"},
		{`{"ptr":` + strings.Repeat("9", 1000) + `}`, "ptr", "a number of 1000 characters"},
		// Escaped digits are digits once read: no run of them in the bytes.
		{`{"list":[{"lo":"` + strings.Repeat(`\u0039`, 70) + `"}]}`, "list[0].lo", "a number of 70 characters"},
		{`{"ptr":"` + strings.Repeat("9", 65) + `"}`, "ptr", "a number of 65 characters"},
	}
	for _, tt := range tests {
		var d embedded
		start := time.Now()
		err := Decode(strings.NewReader(tt.in), &d)
		if took := time.Since(start); took > time.Second {
			t.Errorf("Decode(%.40s) took %v", tt.in, took)
		}
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != tt.field || !strings.Contains(fe.Msg.String(), tt.msg) {
			t.Errorf("Decode(%.40s) = %v, want %s: …%s", tt.in, err, tt.field, tt.msg)
		}
	}
}

// TestDecodeBoundsAccepts checks values at the edges of the bounds and a
// long text that is not a number.
func TestDecodeBoundsAccepts(t *testing.T) {
	in := `{"lo":"99999999999999999999.99999999999999999999","ptr":"-0.00000000000000000001","list":[{"lo":"1e19"}],"map":{"a":"0.0684931506849315"},"note":"` + strings.Repeat("x1", 100) + `"}`
	var d embedded
	if err := Decode(strings.NewReader(in), &d); err != nil {
		t.Fatal(err)
	}
	if d.Lo.String() != "99999999999999999999.99999999999999999999" || d.Ptr.String() != "-0.00000000000000000001" {
		t.Errorf("Decode filled %+v", d)
	}
}

// TestDecodeHostileExponentMemory checks that a megabyte of hostile decimals
// is refused within a small multiple of its size in allocations.
func TestDecodeHostileExponentMemory(t *testing.T) {
	in := `{"list":[` + strings.Repeat(`{"lo":"1"},`, 80000) + `{"lo":"1e1000000000"}]}`
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	var d embedded
	err := Decode(strings.NewReader(in), &d)
	runtime.ReadMemStats(&after)
	if err == nil {
		t.Fatal("accepted 1e1000000000")
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 128*uint64(len(in)) {
		t.Errorf("decoding %d bytes allocated %d bytes, want under 128×", len(in), alloc)
	}
}

// FuzzDecodeDecimals: whatever Decode accepts holds only bounded decimals,
// so printing and comparing them stays cheap; the hostile seeds are
// refused.
func FuzzDecodeDecimals(f *testing.F) {
	for _, s := range []string{`{"lo":"12.5"}`, `{"ptr":"1e1000000000"}`, `{"list":[{"lo":"1e-10000000"}]}`,
		`{"map":{"a":1e400}}`, `{"lo":"99999999999999999999.99999999999999999999"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var d embedded
		if err := Decode(bytes.NewReader(data), &d); err != nil {
			return
		}
		check := func(x decimal.Decimal) {
			if len(x.String()) > 2*maxNumberText {
				t.Fatalf("accepted %s", x.String())
			}
		}
		check(d.Lo)
		if d.Ptr != nil {
			check(*d.Ptr)
		}
		for _, p := range d.List {
			check(p.Lo)
		}
		for _, v := range d.Map {
			check(v)
		}
	})
}
