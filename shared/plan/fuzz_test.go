package plan

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzDecodeRequirements: no sheet makes the decoder or Build panic, and
// every plan built round-trips through the plan file exactly.
func FuzzDecodeRequirements(f *testing.F) {
	sheets, _ := filepath.Glob("testdata/*.req.json")
	for _, s := range sheets {
		data, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte(`{"workload":"qlora","model":{"params_b":65}}`))                  // QLoRA 65B (the QLoRA paper)
	f.Add([]byte(`{"workload":"hpc","model":{"params_b":0.5},"needs_fp64":true}`)) // FP64 bucket
	f.Add([]byte(`{"workload":"inference","model":{"params_b":7,"heads":32,"kv_heads":8}}`))
	f.Add([]byte(`{"workload":"inference","model":{"params_b":141,"experts":8,"experts_per_token":2,"layers":56},"service_targets":{"requests_per_minute":600,"time_to_first_token_s":1.5}}`))
	f.Add([]byte(`{"workload":"qlora","model":{"preset":"llama-3.1-8b"},"context_tokens":32768,"training":{"framework":"unsloth","lora_targets":"all-linear"}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		req, err := DecodeRequirements(bytes.NewReader(data))
		if err != nil {
			return
		}
		p, err := Build(req)
		if err != nil {
			return
		}
		var a, b bytes.Buffer
		if err := Encode(&a, p); err != nil {
			t.Fatal(err)
		}
		q, err := Decode(bytes.NewReader(a.Bytes()))
		if err != nil {
			t.Fatalf("a built plan does not decode: %v\n%s", err, a.Bytes())
		}
		if err := Encode(&b, q); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Fatalf("round trip changed the plan")
		}
	})
}

// FuzzDecode: the plan decoder never panics, and what it accepts encodes
// and decodes to the same bytes.
func FuzzDecode(f *testing.F) {
	plans, _ := filepath.Glob("testdata/*.plan.json")
	for _, s := range plans {
		data, err := os.ReadFile(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Decode(bytes.NewReader(data))
		if err != nil {
			return
		}
		var a, b bytes.Buffer
		if err := Encode(&a, p); err != nil {
			t.Fatal(err)
		}
		q, err := Decode(bytes.NewReader(a.Bytes()))
		if err != nil {
			t.Fatalf("re-decode: %v", err)
		}
		if err := Encode(&b, q); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a.Bytes(), b.Bytes()) {
			t.Fatalf("round trip changed the plan:\n%s\n%s", a.Bytes(), b.Bytes())
		}
	})
}
