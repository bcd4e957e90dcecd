package plan

import (
	"reflect"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// TestChineseCases checks the decision for the three commonest Chinese
// rentals against arithmetic on the built-in book (same-provider prices,
// shared/pricebook): the provider, the term and the monthly rent the plan
// must take, each figure worked out by hand in the comment.
func TestChineseCases(t *testing.T) {
	tests := []struct {
		name     string
		sheet    string
		card     string
		count    int
		provider string
		mode     string
		rent     string // GPU rent of all cards a month, likely
		why      string
	}{
		// Unsloth's chunked loss: under the hf default the full logits of
		// Qwen's 152K vocabulary at 4,096 tokens do not fit 24 GB.
		{
			name:  "4090 LoRA at 6 h/day",
			sheet: `{"workload":"lora","model":{"preset":"qwen2.5-7b"},"training":{"framework":"unsloth"},"hours_per_day":"6","project_months":3,"as_of":"2026-12-02"}`,
			card:  "rtx-4090", count: 1, provider: "compshare", mode: "hourly", rent: "345.6",
			why: "优云智算 1.92 × 6 h × 30 d = 345.60, under AutoDL's 1.88–1.98 (1.93 × 180 = 347.40), its own day (30 × 35.82) and month (1,154.64)",
		},
		{
			name:  "4090 LoRA at 20 h/day",
			sheet: `{"workload":"lora","model":{"preset":"qwen2.5-7b"},"training":{"framework":"unsloth"},"hours_per_day":"20","project_months":3,"as_of":"2026-12-02"}`,
			card:  "rtx-4090", count: 1, provider: "autodl", mode: "monthly", rent: "1052",
			why: "AutoDL's month 1,052 beats every hourly list at 600 h (优云智算 1,152; AutoDL 1,158; 共绩 1,188) and 优云智算's month 1,154.64",
		},
		{
			name:  "H20 production inference around the clock",
			sheet: `{"workload":"inference","model":{"preset":"llama-3.1-70b"},"precision":"fp8","hours_per_day":"24","project_months":12,"cards":["h20-96g"],"as_of":"2026-12-02"}`,
			card:  "h20-96g", count: 2, provider: "autodl", mode: "hourly", rent: "15120",
			why: "two H20s by the hour at AutoDL: 2 × 10.50 × 720 = 15,120, under a whole 8-card machine's 30,000 a month from the brokers",
		},
		{
			name:  "70B full fine-tune on 8-card H800 machines",
			sheet: `{"workload":"full-finetune","model":{"preset":"llama-3.1-70b"},"hours_per_day":"24","project_months":6,"cards":["h800-80g-sxm"],"as_of":"2026-12-02"}`,
			card:  "h800-80g-sxm", count: 24, provider: "market-2026-05", mode: "monthly", rent: "163500",
			why: "3 machines × (45,000 + 64,000) / 2 = 163,500 a month, under AutoDL's 24 × 10.50 × 720 = 181,440 and 江苏电信云's 3 × 70,000",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := DecodeRequirements(strings.NewReader(tt.sheet))
			if err != nil {
				t.Fatal(err)
			}
			p, err := Build(req)
			if err != nil {
				t.Fatal(err)
			}
			g := p.GPU
			if g.ID != tt.card || g.Count != tt.count || g.Offer == nil {
				t.Fatalf("picked %d × %s (offer %v), want %d × %s", g.Count, g.ID, g.Offer, tt.count, tt.card)
			}
			if g.Offer.Provider != tt.provider || string(p.Billing.Mode) != tt.mode || !g.Monthly.Mid().Equal(dec(tt.rent)) {
				t.Errorf("%s %s, rent %s–%s; want %s %s %s (%s)", g.Offer.Provider, p.Billing.Mode, g.Monthly.Low, g.Monthly.High, tt.provider, tt.mode, tt.rent, tt.why)
			}
			if p.Billing.Offer == nil || p.Billing.Offer.Provider != g.Offer.Provider {
				t.Errorf("billing.offer %v, want gpu.offer's provider", p.Billing.Offer)
			}
			if !p.RentVsBuild.RentMonthly.GreaterThanOrEqual(g.Monthly.Mid()) {
				t.Errorf("rent vs build compares %s, less than the offer's rent %s", p.RentVsBuild.RentMonthly, g.Monthly.Mid())
			}
		})
	}
}

// TestBreakEvenFromOneProvider: the break-even comes from the chosen
// provider's own hour and month prices, never from two sources (AutoDL's
// 4090: 1,052 ÷ 1.93 ÷ 30 = 18.17 h/day; B1's 10 h/day is only a rule of
// thumb beside it).
func TestBreakEvenFromOneProvider(t *testing.T) {
	req, err := DecodeRequirements(strings.NewReader(`{"workload":"lora","model":{"preset":"qwen2.5-7b"},"training":{"framework":"unsloth"},"hours_per_day":"20","project_months":3,"as_of":"2026-12-02"}`))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Build(req)
	if err != nil {
		t.Fatal(err)
	}
	be := p.Billing.BreakevenHoursPerDay
	if be == nil || !be.Round(2).Equal(dec("18.17")) {
		t.Errorf("break-even %v h/day, want 18.17 (AutoDL 1,052 ÷ 1.93 ÷ 30)", be)
	}
	if p.Billing.RuleOfThumbMode != "monthly" {
		t.Errorf("rule of thumb %s, want monthly at 20 h/day", p.Billing.RuleOfThumbMode)
	}
}

// TestStaleOfferWarns: an offer six months old or more is flagged.
func TestStaleOfferWarns(t *testing.T) {
	req, err := DecodeRequirements(strings.NewReader(`{"workload":"full-finetune","model":{"preset":"llama-3.1-70b"},"hours_per_day":"24","project_months":6,"cards":["h100-80g-sxm"],"as_of":"2026-12-02"}`))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Build(req)
	if err != nil {
		t.Fatal(err)
	}
	if p.GPU.Offer == nil || p.GPU.Offer.AgeMonths == nil || *p.GPU.Offer.AgeMonths != 20 {
		t.Fatalf("offer %+v, want 江苏电信云's 2025-04-01 rent, 20 months old", p.GPU.Offer)
	}
	found := false
	for _, w := range p.WarningMessages {
		found = found || w.ID == "plan.warn.stale_offer"
	}
	if !found {
		t.Error("no stale-price warning")
	}
}

// TestQuoteIsTheOnlyPrice: a quote in cost.prices is its card's only
// price, and its source is the user's.
func TestQuoteIsTheOnlyPrice(t *testing.T) {
	req, err := DecodeRequirements(strings.NewReader(`{"workload":"lora","model":{"preset":"qwen2.5-7b"},"hours_per_day":"20","project_months":3,"cost":{"prices":{"rtx-4090":{"monthly":"2000"}}}}`))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Build(req)
	if err != nil {
		t.Fatal(err)
	}
	if p.GPU.ID == "rtx-4090" && (p.GPU.Offer.Provider != quoteProvider.ID || !p.GPU.Monthly.Low.Equal(dec("2000"))) {
		t.Errorf("4090 priced at %v by %s, want the quote's 2,000", p.GPU.Monthly, p.GPU.Offer.Provider)
	}
	for _, o := range p.GPU.Offers {
		if o.Card == "rtx-4090" && o.Offer.Provider != quoteProvider.ID {
			t.Errorf("the quoted 4090 still has a book offer from %s", o.Offer.Provider)
		}
	}
}

// TestWholeMachineWins: at eight cards around the clock a whole machine's
// month (brokers' 30,000 for 8 × H20 96GB) beats AutoDL's hours
// (8 × 10.50 × 720 = 60,480), and nine cards rent two machines (60,000
// against 68,040); at two cards the machine costs the same
// 30,000 and the hours win (15,120).
func TestWholeMachineWins(t *testing.T) {
	req, err := DecodeRequirements(strings.NewReader(`{"workload":"inference","model":{"preset":"llama-3.1-70b"},"hours_per_day":"24","project_months":12}`))
	if err != nil {
		t.Fatal(err)
	}
	if err := req.Normalize(); err != nil {
		t.Fatal(err)
	}
	p := priceBook(req)
	for _, tt := range []struct {
		count    int
		provider string
		rent     string
	}{{8, "market-2026-05", "30000"}, {2, "autodl", "15120"}, {9, "market-2026-05", "60000"}} {
		offers := priceCard(p, req, "h20-96g", tt.count)
		if len(offers) == 0 {
			t.Fatal("no offer for the H20")
		}
		if offers[0].provider != tt.provider || !offers[0].rent.Mid().Equal(dec(tt.rent)) {
			t.Errorf("%d × H20: %s at %s, want %s at %s", tt.count, offers[0].provider, offers[0].rent.Mid(), tt.provider, tt.rent)
		}
	}
}

// TestPriceBookIndex: a sheet with no price list and no quotes prices from
// the built-in book's index; one with quotes from its own book. Either
// way a card's offers are its book's ForCard.
func TestPriceBookIndex(t *testing.T) {
	for _, c := range []struct {
		sheet   string
		indexed bool
	}{
		{`{"workload":"lora","model":{"preset":"qwen2.5-7b"}}`, true},
		{`{"workload":"lora","model":{"preset":"qwen2.5-7b"},"cost":{"prices":{"rtx-4090":{"monthly":"2000"}}}}`, false},
	} {
		req, err := DecodeRequirements(strings.NewReader(c.sheet))
		if err != nil {
			t.Fatal(err)
		}
		p := priceBook(req)
		if (p.byCard != nil) != c.indexed {
			t.Errorf("%s: indexed %v, want %v", c.sheet, p.byCard != nil, c.indexed)
		}
		for _, card := range []string{"rtx-4090", "h20-96g", "no-such-card"} {
			if got, want := p.forCard(card), p.book.ForCard(card); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: %s offers %v, want %v", c.sheet, card, got, want)
			}
		}
		got := p.forCard("rtx-4090")
		if quoteOnly := len(got) == 1 && got[0][0].Provider == quoteProvider.ID; len(got) == 0 || quoteOnly == c.indexed {
			t.Errorf("%s: rtx-4090 offers %v; want the quote alone: %v", c.sheet, got, !c.indexed)
		}
	}
}
