//go:build !wasm

package form

import (
	"testing"
)

// threeQuotes is a quotes draft with three vendors priced per card.
func threeQuotes() Draft {
	d := Draft{}.With("need.cards", "8").With("need.term_months", "12").With("need.egress_tb", "5")
	for i, v := range []string{"A", "B", "C"} {
		d = d.AddRow("quotes", map[string]string{"vendor": v, "gpu_per_card": []string{"9000", "8500", "9900"}[i]})
	}
	return d
}

// TestOneBadQuoteHoldsBackOnlyItself: quote 2 with a bundled price and a
// priced extra is refused (rule C1: a bundled price cannot be split), and
// only quote 2 is left out: quotes 1 and 3, a support fee typed on quote
// 3 included, make the section, and Left names quote 2 and the field.
func TestOneBadQuoteHoldsBackOnlyItself(t *testing.T) {
	d := threeQuotes().With("quotes[1].gpu_per_card", "").With("quotes[1].bundled", "70000").
		With("quotes[1].egress.unit_price", "0.5").With("quotes[2].support_monthly", "1200")
	proc := (*Procurement)(nil).Edit("quotes", d)
	if proc.Held("quotes") {
		t.Fatalf("the section is held: %v", proc.Err("quotes"))
	}
	got := proc.Valid().Quotes
	if got == nil || len(got.Quotes) != 2 || got.Quotes[0].Vendor != "A" || got.Quotes[1].Vendor != "C" {
		t.Fatalf("section quotes = %+v", got)
	}
	if s := got.Quotes[1].SupportMonthly; s == nil || s.String() != "1200" {
		t.Errorf("quote C's support fee = %v, want 1200", s)
	}
	left := proc.Left("quotes")
	if len(left) != 1 || left[0].Item != "quotes[1]" || left[0].Err.Field != "quotes[1].bundled" {
		t.Fatalf("Left = %+v", left)
	}
	if fe := proc.FieldErr("quotes", "quotes[1].bundled"); fe == nil {
		t.Error("FieldErr of the bundled price is nil")
	}
	if fe := proc.FieldErr("quotes", "quotes[2].support_monthly"); fe != nil {
		t.Errorf("quote C's support fee is refused: %v", fe)
	}
}

// TestLeftOutRowsKeepTheirNumbers: with quotes 1 and 3 refused, Left names
// them by their rows in the draft (not in the rest), and quote 2 computes.
func TestLeftOutRowsKeepTheirNumbers(t *testing.T) {
	d := threeQuotes().With("quotes[0].gpu_per_card", "9k").With("quotes[2].delivery_days", "999")
	sec, left, err := BuildPartial("quotes", d)
	if err != nil || sec.Quotes == nil || len(sec.Quotes.Quotes) != 1 || sec.Quotes.Quotes[0].Vendor != "B" {
		t.Fatalf("BuildPartial = %+v, %v", sec, err)
	}
	if len(left) != 2 || left[0].Err.Field != "quotes[0].gpu_per_card" || left[1].Err.Field != "quotes[2].delivery_days" {
		t.Errorf("Left = %+v %+v", left[0].Err, left[1].Err)
	}
}

// TestEveryQuoteRefusedHoldsTheSection: nothing left to compare keeps the
// last section built (here quote C alone, from the edit before), and Held
// says so.
func TestEveryQuoteRefusedHoldsTheSection(t *testing.T) {
	proc := (*Procurement)(nil).Edit("quotes", threeQuotes())
	bad := proc
	for i := range 3 {
		bad = bad.Edit("quotes", bad.Draft("quotes").With("quotes["+string(rune('0'+i))+"].gpu_per_card", "x"))
	}
	if !bad.Held("quotes") || len(bad.Valid().Quotes.Quotes) != 1 || len(bad.Left("quotes")) != 3 {
		t.Errorf("held %v, quotes %d, left %d", bad.Held("quotes"), len(bad.Valid().Quotes.Quotes), len(bad.Left("quotes")))
	}
}

// TestEmptiedVendorKeepsItsQuote: deleting every letter of a vendor's name
// leaves the quote in the draft (only its remove button removes it); the
// quote is then left out for its missing name.
func TestEmptiedVendorKeepsItsQuote(t *testing.T) {
	d := threeQuotes().With("quotes[2].vendor", "")
	if d.Rows("quotes") != 3 {
		t.Fatalf("Rows = %d after emptying the vendor", d.Rows("quotes"))
	}
	proc := (*Procurement)(nil).Edit("quotes", d)
	left := proc.Left("quotes")
	if len(left) != 1 || left[0].Err.Field != "quotes[2].vendor" || len(proc.Valid().Quotes.Quotes) != 2 {
		t.Errorf("Left = %+v", left)
	}
	if d.With("need.egress_tb", "").Get("need.egress_tb") != "" || d.With("need.egress_tb", "").Len() != d.Len()-1 {
		t.Error("emptying a field outside a list keeps it")
	}
}

// TestBadClauseLeftOut: a typed contract field that is refused is left out
// as not stated; the rest of the contract is built. A required one
// (availability) holds the whole contract.
func TestBadClauseLeftOut(t *testing.T) {
	proc := procurementOf(t)
	d := proc.Draft("contract").With("outage_hours", "999")
	sec, left, err := BuildPartial("contract", d)
	if err != nil || sec.Contract == nil || len(left) != 1 || left[0].Item != "outage_hours" || left[0].Row != -1 {
		t.Fatalf("BuildPartial = %v, left %+v", err, left)
	}
	if sec.Contract.OutageHours != nil {
		t.Errorf("outage hours = %v, want not stated", sec.Contract.OutageHours)
	}
	if sec, _, err := BuildPartial("contract", d.With("availability_pct", "101")); err == nil || sec != nil {
		t.Errorf("a refused availability built a contract: %v", err)
	}
}

// FuzzBuildPartial: any draft gives a section, the items left out or an
// error, never a panic, and never more items left out than the bound.
func FuzzBuildPartial(f *testing.F) {
	f.Add("quotes", "quotes[1].bundled", "7", "quotes[0].vendor", "")
	f.Add("contract", "availability_pct", "x", "credits.tiers[0].below_pct", "99")
	f.Fuzz(func(t *testing.T, sec, p1, t1, p2, t2 string) {
		_, left, _ := BuildPartial(sec, threeQuotes().With(p1, t1).With(p2, t2))
		if len(left) > maxLeftOut {
			t.Fatalf("%d items left out", len(left))
		}
	})
}
