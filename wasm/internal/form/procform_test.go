//go:build !wasm

package form

import (
	"encoding/json"
	"net/url"
	"reflect"
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/plan"
)

// TestDraftRoundTrip: every section of the golden procurement plan,
// flattened into a draft and built back, gives the same JSON: the editing
// API loses nothing of an imported section.
func TestDraftRoundTrip(t *testing.T) {
	proc := procurementOf(t)
	for _, name := range plan.Sections {
		d := proc.Draft(name)
		if d.Len() == 0 {
			t.Fatalf("%s: empty draft", name)
		}
		got, err := BuildSection(name, d)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		a, _ := json.Marshal(got)
		var want plan.Procurement
		setSection(&want, name, proc.Sections)
		b, _ := json.Marshal(&want)
		var av, bv any
		_ = json.Unmarshal(a, &av)
		_ = json.Unmarshal(b, &bv)
		if !reflect.DeepEqual(av, bv) {
			t.Errorf("%s:\n got %s\nwant %s", name, a, b)
		}
	}
}

// TestEditKeepsTypedText: a refused field names itself and its range, the
// last valid section stays (export and the verdicts use it), and the typed
// text survives a reload through storage.
func TestEditKeepsTypedText(t *testing.T) {
	proc := procurementOf(t)
	before := *proc.Sections.Quotes
	bad := proc.Edit("quotes", proc.Draft("quotes").With("need.cards", "0"))
	fe := bad.Err("quotes")
	if fe == nil || fe.Field != "need.cards" || fe.Want.String() != "a whole number in [1, 10000]" && fe.Msg.IsZero() {
		t.Fatalf("Err = %#v", fe)
	}
	if bad.Sections.Quotes.Need.Cards != before.Need.Cards {
		t.Errorf("the saved section changed to %d cards", bad.Sections.Quotes.Need.Cards)
	}
	notNum := bad.Edit("quotes", bad.Draft("quotes").With("quotes[0].gpu_per_card", "12x"))
	if fe := notNum.Err("quotes"); fe == nil || fe.Field != "quotes[0].gpu_per_card" {
		t.Errorf("not a number: Err = %#v", fe)
	}
	st := State{Lang: msg.En, Proc: notNum}
	back, problems := LoadState(url.Values{}, st.Saved(), "")
	if len(problems) > 0 {
		t.Fatalf("problems %v", problems)
	}
	if got := back.Proc.Draft("quotes").Get("quotes[0].gpu_per_card"); got != "12x" {
		t.Errorf("typed text after reload = %q", got)
	}
	if back.Proc.Err("quotes") == nil || back.Proc.Sections.Quotes.Need.Cards != before.Need.Cards {
		t.Errorf("after reload: err %v, cards %d", back.Proc.Err("quotes"), back.Proc.Sections.Quotes.Need.Cards)
	}
	good := notNum.Edit("quotes", notNum.Draft("quotes").With("need.cards", "16").With("quotes[0].gpu_per_card", "9000"))
	if good.Err("quotes") != nil || good.Sections.Quotes.Need.Cards != 16 || good.Sections.Quotes.Quotes[0].GPUPerCard.String() != "9000" {
		t.Errorf("valid edit: err %v, section %+v", good.Err("quotes"), good.Sections.Quotes.Need)
	}
}

// TestDraftRows: removing a row renumbers the later ones; a gap is a row
// Validate names by its index.
func TestDraftRows(t *testing.T) {
	d := Draft{}.AddRow("quotes", map[string]string{"vendor": "A"}).
		AddRow("quotes", map[string]string{"vendor": "B"}).
		AddRow("quotes", map[string]string{"vendor": "C"})
	if d.Rows("quotes") != 3 {
		t.Fatalf("Rows = %d", d.Rows("quotes"))
	}
	d = d.RemoveRow("quotes", 1)
	if d.Rows("quotes") != 2 || d.Get("quotes[1].vendor") != "C" || d.Get("quotes[0].vendor") != "A" {
		t.Errorf("after remove: %v", d.f)
	}
	gap := Draft{}.With("need.cards", "8").With("need.term_months", "12").
		With("quotes[1].vendor", "B").With("quotes[1].gpu_per_card", "100")
	_, err := BuildSection("quotes", gap)
	if fe := ErrAsField("quotes", err); fe == nil || fe.Field != "quotes[0].vendor" {
		t.Errorf("gap: %v", err)
	}
	for _, path := range []string{"quotes[x].vendor", "nope", "quotes[0].nope", "need.cards.x", "quotes[999].vendor"} {
		if _, err := BuildSection("quotes", Draft{}.With(path, "1")); err == nil {
			t.Errorf("%s accepted", path)
		}
	}
}

// FuzzBuildSection: any draft text gives a section or a field error,
// never a panic.
func FuzzBuildSection(f *testing.F) {
	f.Add("quotes", "quotes[0].vendor", "A")
	f.Add("contract", "credits.tiers[3].below_pct", "99.9")
	f.Add("vendors", "vendors[0].scores.sla", "9")
	f.Fuzz(func(t *testing.T, sec, path, text string) {
		_, _ = BuildSection(sec, Draft{}.With(path, text).With("need.cards", text))
	})
}
