package report

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/facts"
)

// bigReport is a sealed live report of n GPUs: the 8x H100 fixture's
// GPUs repeated, each with its own index, bus id and UUID.
func bigReport(t testing.TB, n int) []byte {
	t.Helper()
	c := goldenCases[0]
	f := parseFixture(t, c.fixture)
	base := f.GPUs
	f.GPUs = nil
	for i := range n {
		g := base[i%len(base)]
		g.Index = i
		g.BusID = facts.Known(fmt.Sprintf("00000000:%02X:%02X.0", i/32, i%32))
		g.UUID = facts.Known(fmt.Sprintf("GPU-%08d-0000-0000-0000-000000000000", i))
		f.GPUs = append(f.GPUs, g)
	}
	acc := c.acc
	acc.GPUCount = n
	r, err := New(planFile(t, acc), acc, f, testTool, testTime)
	if err != nil {
		t.Fatal(err)
	}
	b, err := Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// BenchmarkVerifyLargest is the audit of the largest report Decode
// accepts: MaxGPUs GPUs (about 5.7 MB), every check derived again.
func BenchmarkVerifyLargest(b *testing.B) {
	data := bigReport(b, MaxGPUs)
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if _, err := Verify(data, VerifyOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBounds: a report over a bound is refused naming the field and the
// bound, before any check is derived; at the bound it verifies.
func TestBounds(t *testing.T) {
	data := bigReport(t, MaxGPUs)
	if o, err := Verify(data, VerifyOptions{}); err != nil || !o.DigestOK || !o.Audit.OK() {
		t.Fatalf("the largest report: %v", err)
	}
	over := bigReport(t, 8)
	r, _ := Decode(over)
	for len(r.Facts.GPUs) <= MaxGPUs {
		r.Facts.GPUs = append(r.Facts.GPUs, r.Facts.GPUs[0])
	}
	b, _ := Marshal(r)
	if _, err := Decode(b); err == nil || !strings.Contains(err.Error(), "facts.gpus: more than 1024 entries; want at most 1024") {
		t.Errorf("over the bound: %v", err)
	}
	// 200,000 minimal GPUs in 3 MB: refused by the bound, not derived.
	if _, err := Decode(hostile(over)); err == nil || !strings.Contains(err.Error(), "facts.gpus") {
		t.Errorf("200,000 GPUs: %v", err)
	}
}

// hostile is a report with 200,000 minimal GPUs added.
func hostile(report []byte) []byte {
	return []byte(strings.Replace(string(report), `"gpus": [`, `"gpus": [`+strings.Repeat(`{"index": 0},`, 200000), 1))
}

// BenchmarkDecodeHostile is the refusal of 200,000 minimal GPUs.
func BenchmarkDecodeHostile(b *testing.B) {
	data := hostile(bigReport(b, 8))
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	for range b.N {
		if _, err := Decode(data); err == nil {
			b.Fatal("accepted")
		}
	}
}
