package plan

import (
	"errors"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/pricebook"
	"github.com/gpuplan/gpuplan/shared/sizing"
)

// sheet is a LoRA sheet for a 7B model with extra, JSON members or "".
func sheet(extra string) string {
	if extra != "" {
		extra = "," + extra
	}
	return `{"workload":"lora","model":{"params_b":7}` + extra + `}`
}

// badOffer is a buyer's price list of one offer, with field set to value.
func badOffer(field, value string) string {
	o := map[string]string{"provider": `"ctyun"`, "card": `"rtx-4090"`, "unit": `"card"`, "term": `"month"`,
		"price": `{"low":"100","high":"100"}`, "date": `"2026-06-01"`, "source": `"https://example.com"`}
	o[field] = value
	var b strings.Builder
	for _, k := range []string{"provider", "card", "unit", "term", "price", "date", "source"} {
		if b.Len() > 0 {
			b.WriteString(",")
		}
		b.WriteString(`"` + k + `":` + o[k])
	}
	return `"cost":{"price_list":{"providers":[],"offers":[{` + b.String() + `}]}}`
}

// badSheets reach each refusal of Normalize and DecodeRequirements once,
// with the field it names.
var badSheets = []struct{ name, in, field string }{
	{"no workload", `{"model":{"params_b":7}}`, "workload"},
	{"unknown workload", `{"workload":"mining","model":{"params_b":7}}`, "workload"},
	{"no model", `{"workload":"lora"}`, "model"},
	{"preset and size", `{"workload":"lora","model":{"preset":"qwen3-8b","params_b":8}}`, "model.params_b"},
	{"size too big", `{"workload":"lora","model":{"params_b":20000}}`, "model.params_b"},
	{"size too small", `{"workload":"lora","model":{"params_b":0.0001}}`, "model.params_b"},
	{"layers", `{"workload":"lora","model":{"params_b":7,"layers":-1}}`, "model.layers"},
	{"kv heads", `{"workload":"lora","model":{"params_b":7,"heads":32,"kv_heads":5}}`, "model.kv_heads"},
	{"preset moe", `{"workload":"lora","model":{"preset":"qwen3-8b","experts":8,"experts_per_token":2}}`, "model.experts"},
	{"precision", sheet(`"precision":"fp4"`), "precision"},
	{"context", sheet(`"context_tokens":-1`), "context_tokens"},
	{"concurrency", sheet(`"concurrency":5000`), "concurrency"},
	{"tokens", sheet(`"tokens_to_train":-1`), "tokens_to_train"},
	{"output tokens", sheet(`"output_tokens":-1`), "output_tokens"},
	{"kv precision", sheet(`"kv_cache_precision":"fp4"`), "kv_cache_precision"},
	{"target", sheet(`"service_targets":{"requests_per_minute":-1}`), "service_targets.requests_per_minute"},
	{"lora rank", sheet(`"training":{"lora_rank":5000}`), "training.lora_rank"},
	{"megatron qlora", `{"workload":"qlora","model":{"params_b":7},"training":{"framework":"megatron"}}`, "training.framework"},
	{"card", sheet(`"cards":["h1000"]`), "cards[0]"},
	{"hours", sheet(`"hours_per_day":"25"`), "hours_per_day"},
	{"days", sheet(`"days_per_month":32`), "days_per_month"},
	{"months", sheet(`"project_months":-3`), "project_months"},
	{"storage", sheet(`"storage_tb":"-2"`), "storage_tb"},
	{"egress", sheet(`"egress_tb_month":"-2"`), "egress_tb_month"},
	{"ips", sheet(`"extra_ips":2000`), "extra_ips"},
	{"demand", sheet(`"demand":"spiky"`), "demand"},
	{"data class", sheet(`"data_class":"secret"`), "data_class"},
	{"as of", sheet(`"as_of":"2026-13-01"`), "as_of"},
	{"price card", sheet(`"cost":{"prices":{"h1000":{"monthly":"5"}}}`), "cost.prices.h1000"},
	{"price", sheet(`"cost":{"prices":{"rtx-4090":{"monthly":"-5"}}}`), "cost.prices.rtx-4090.monthly"},
	{"item", sheet(`"cost":{"items":{"support":"-5"}}`), "cost.items.support"},
	{"discount", sheet(`"cost":{"annual_discount":"1.5"}`), "cost.annual_discount"},
	{"pue", sheet(`"cost":{"self_build":{"pue":"0.5"}}`), "cost.self_build.pue"},
	{"life", sheet(`"cost":{"self_build":{"life_months":500}}`), "cost.self_build.life_months"},
	{"provider id", sheet(`"cost":{"price_list":{"providers":[{"id":"","name":"x","kind":"buyer"}],"offers":[]}}`), "cost.price_list.providers[0].id"},
	{"provider kind", sheet(`"cost":{"price_list":{"providers":[{"id":"x","name":"x","kind":"shop"}],"offers":[]}}`), "cost.price_list.providers[0].kind"},
	{"offer provider", sheet(badOffer("provider", `""`)), "cost.price_list.offers[0].provider"},
	{"offer provider unknown", sheet(badOffer("provider", `"nobody"`)), "cost.price_list.offers[0].provider"},
	{"offer card", sheet(badOffer("card", `"h1000"`)), "cost.price_list.offers[0].card"},
	{"offer price", sheet(badOffer("price", `{"low":"0","high":"1"}`)), "cost.price_list.offers[0].price"},
	{"offer date", sheet(badOffer("date", `"yesterday"`)), "cost.price_list.offers[0].date"},
	{"offer source", sheet(badOffer("source", `""`)), "cost.price_list.offers[0].source"},
	{"schema", `{"schema":"gpuplan.requirements/v9","workload":"lora","model":{"params_b":7}}`, "schema"},
	{"unknown field", sheet(`"gpu_brand":"x"`), "gpu_brand"},
	{"type", `{"workload":"lora","model":{"params_b":"seven"}}`, "model.params_b"},
}

// TestRefusalsAreCatalogued: every refusal of a sheet, a plan file and a
// section is a catalogue sentence (never English shown as written), and
// its Chinese holds no English phrase.
func TestRefusalsAreCatalogued(t *testing.T) {
	check := func(name string, err error, field string) {
		t.Helper()
		var fe *fielderr.Error
		if !errors.As(err, &fe) {
			t.Errorf("%s: %v, want a field error at %s", name, err, field)
			return
		}
		if fe.Field != field {
			t.Errorf("%s: %v names %s, want %s", name, err, fe.Field, field)
		}
		if msg.IsVerbatim(fe.Msg) || msg.Check(fe.Msg) != nil {
			t.Errorf("%s: %q is not a catalogue message (%v)", name, fe.Msg.String(), msg.Check(fe.Msg))
		}
		if w := testkit.EnglishPhrase(fe.ProblemIn(msg.Zh)); w != "" {
			t.Errorf("%s: the Chinese %q has English words %q", name, fe.ProblemIn(msg.Zh), w)
		}
	}
	for _, tt := range badSheets {
		_, err := DecodeRequirements(strings.NewReader(tt.in))
		check(tt.name, err, tt.field)
	}
	plan := readGolden(t, "lora-7b.plan.json")
	for _, tt := range []struct{ name, old, new, field string }{
		{"plan schema", `"schema": "gpuplan.plan/v1"`, `"schema": "gpuplan.plan/v9"`, "schema"},
		{"plan gpu count", `"count": 1,`, `"count": -5,`, "gpu.count"},
		{"plan amounts", `"low": "345.6"`, `"low": "-1"`, "gpu.monthly"},
		{"plan hours", `"hours_per_day": "6"`, `"hours_per_day": "25"`, "requirements.hours_per_day"},
		{"plan acceptance", `"gpu_count": 1`, `"gpu_count": 0`, "acceptance.gpu_count"},
	} {
		if !strings.Contains(plan, tt.old) {
			t.Fatalf("%s: the golden plan has no %s", tt.name, tt.old)
		}
		_, err := Decode(strings.NewReader(strings.Replace(plan, tt.old, tt.new, 1)))
		check(tt.name, err, tt.field)
	}
	p, _ := Decode(strings.NewReader(plan))
	for _, tt := range []struct {
		name  string
		edit  func(*Plan)
		field string
	}{
		{"plan nodes", func(p *Plan) { p.GPU.Nodes = -1 }, "gpu.nodes"},
		{"plan memory", func(p *Plan) { p.GPU.PerCardGiB = -1 }, "gpu.per_card_gib"},
		{"plan high below low", func(p *Plan) { p.Cost.Monthly.High = p.Cost.Monthly.Low.Neg() }, "cost.monthly.high"},
		{"plan per node", func(p *Plan) { p.Acceptance.GPUsPerNode = 99 }, "acceptance.gpus_per_node"},
		{"plan memory mib", func(p *Plan) { p.Acceptance.MinMemoryMiB = -1 }, "acceptance.min_memory_mib"},
		{"plan pcie", func(p *Plan) { p.Acceptance.MinPCIeWidth = 64 }, "acceptance.min_pcie_width"},
	} {
		q := *p
		tt.edit(&q)
		check(tt.name, q.Validate(), tt.field)
	}
	check("section", DecodeSection(&Procurement{}, "nope", []byte(`{}`)), "nope")
	check("no offer", noOfferError(sizing.Recommendation{Pick: sizing.Option{CardID: "rtx-4090"}}), "cost.price_list")
	check("price list size", validatePriceList(&pricebook.Book{Offers: make([]pricebook.Offer, pricebook.MaxRows+1)}), "cost.price_list.offers")
}

// TestRefusalInChinese: the range sentence as a Chinese reader sees it.
func TestRefusalInChinese(t *testing.T) {
	_, err := DecodeRequirements(strings.NewReader(sheet(`"hours_per_day":"25"`)))
	var fe *fielderr.Error
	if !errors.As(err, &fe) {
		t.Fatalf("%v is not a field error", err)
	}
	if got, want := fe.ProblemIn(msg.Zh), "应在 0 到 24 之间（规则 B1），实际为 25"; got != want {
		t.Errorf("zh = %q, want %q", got, want)
	}
	if got, want := fe.Error(), "hours_per_day: must be between 0 and 24 (rule B1), got 25"; got != want {
		t.Errorf("en = %q, want %q", got, want)
	}
}
