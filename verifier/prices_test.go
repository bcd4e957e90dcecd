package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/pricebook"
	"github.com/gpuplan/gpuplan/verifier/internal/nvml"
)

// writeCSV writes a price list for a test and returns its path.
func writeCSV(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "prices.csv")
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPricesCommand(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	good := writeCSV(t, "provider,card,unit,term,price,date,source,tax\n星河算力,rtx-4090,card,month,900,2026-11-20,quote SH-118,VAT included\n")
	bad := writeCSV(t, "provider,card,unit,term,price,date,source\nx,rtx-4090,card,month,900,2026-11-20,q\nx,h100,card,fortnight,0,2026-13-01,\n")
	tests := []cliCase{
		{"text", []string{"prices", "--lang", "en"}, "", exitOK, "天翼云 (China Telecom Cloud)", ""},
		{"zh", []string{"prices", "--lang", "zh"}, "", exitOK, "折合每卡每小时", ""},
		{"csv", []string{"prices", "--format", "csv"}, "", exitOK, "provider,card,unit,term,price,date,source,includes,note,kind,website", ""},
		{"with a list", []string{"prices", "--prices", good, "--lang", "en"}, "", exitOK, "星河算力", ""},
		{"bad list", []string{"prices", "--prices", bad, "--lang", "en"}, "", exitUsage, "", `line 3, column "card": got "h100"`},
		{"bad list zh", []string{"prices", "--prices", bad, "--lang", "zh"}, "", exitUsage, "", "第 3 行“term”列"},
		{"bad format", []string{"prices", "--format", "xml"}, "", exitUsage, "", "must be one of text, json, csv"},
	}
	e.runCases(t, tests)
	// Every refused cell is named: card, term, price, date and source of line 3.
	_, _, errOut := e.gv(t, context.Background(), "", "prices", "--prices", bad, "--lang", "en")
	for _, col := range []string{`"card"`, `"term"`, `"price"`, `"date"`, `"source"`} {
		if !strings.Contains(errOut, "line 3, column "+col) {
			t.Errorf("the errors do not name line 3's %s:\n%s", col, errOut)
		}
	}
}

// TestPricesJSON: --format json is the book, {"providers", "offers"}, each
// offer with its provider, card, unit, term, price, date and source.
func TestPricesJSON(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	code, out, errOut := e.gv(t, context.Background(), "", "prices", "--format", "json")
	if code != exitOK {
		t.Fatalf("%d %s", code, errOut)
	}
	var b pricebook.Book
	if err := json.Unmarshal([]byte(out), &b); err != nil {
		t.Fatal(err)
	}
	want := pricebook.Builtin()
	if len(b.Providers) != len(want.Providers) || len(b.Offers) != len(want.Offers) {
		t.Fatalf("%d providers, %d offers; want %d, %d", len(b.Providers), len(b.Offers), len(want.Providers), len(want.Offers))
	}
	for _, key := range []string{`"provider"`, `"card"`, `"unit": "node:8"`, `"term"`, `"price"`, `"date"`, `"source"`} {
		if !strings.Contains(out, key) {
			t.Errorf("the JSON lacks %s", key)
		}
	}
}

// TestPlanWithPrices: plan --prices lays the buyer's list over the book:
// their 900-a-month 4090 wins at 20 hours a day (AutoDL's month is 1,052),
// a refused list exits 2 and plans nothing.
func TestPlanWithPrices(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	// Unsloth's chunked loss keeps Qwen2.5-7B LoRA at 4,096 tokens on one
	// 24 GB card; the hf default's full logits do not fit there.
	sheet := `{"workload":"lora","model":{"preset":"qwen2.5-7b"},"training":{"framework":"unsloth"},"hours_per_day":"20","project_months":3}`
	good := writeCSV(t, "provider,card,unit,term,price,date,source\n星河算力,rtx-4090,card,month,900,2026-11-20,quote SH-118\n")
	bad := writeCSV(t, "provider,card,unit,term,price,date,source\n星河算力,rtx-4090,card,month,nine hundred,2026-11-20,quote\n")
	code, out, errOut := e.gv(t, context.Background(), sheet, "plan", "--in", "-", "--prices", good, "--format", "json")
	if code != exitOK {
		t.Fatalf("%d %s", code, errOut)
	}
	var p struct {
		GPU struct {
			Offer struct {
				Provider  string `json:"provider"`
				AgeMonths *int   `json:"age_months"`
			} `json:"offer"`
		} `json:"gpu"`
	}
	if err := json.Unmarshal([]byte(out), &p); err != nil {
		t.Fatal(err)
	}
	if p.GPU.Offer.Provider != "星河算力" || p.GPU.Offer.AgeMonths == nil {
		t.Errorf("offer from %q, age %v: want the buyer's 星河算力, its age counted from today", p.GPU.Offer.Provider, p.GPU.Offer.AgeMonths)
	}
	e.runCases(t, []cliCase{
		{"refused list", []string{"plan", "--in", "-", "--prices", bad, "--lang", "en"}, sheet, exitUsage, "", `line 2, column "price": got "nine hundred"`},
		{"missing list", []string{"plan", "--in", "-", "--prices", "nope.csv"}, sheet, exitUsage, "", "no such file"},
	})
}
