package checklist_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/gpuplan/gpuplan/shared/checklist"
)

// Rule L1: 000 §6 has 8 items, 001 Q8 eight questions, 002's checklist 7.
func TestLists(t *testing.T) {
	ls := checklist.Lists()
	want := map[string]int{"000": 8, "001": 8, "002": 7}
	if len(ls) != 3 {
		t.Fatalf("%d lists", len(ls))
	}
	rule := regexp.MustCompile(`^[RGBCDVPKAOEL][1-9]$`)
	seen := map[string]bool{}
	for _, l := range ls {
		if len(l.Items) != want[l.Article] {
			t.Errorf("%s has %d items, want %d", l.Article, len(l.Items), want[l.Article])
		}
		for i, it := range l.Items {
			if id := l.Article + "." + string(rune('1'+i)); it.ID != id || seen[it.ID] {
				t.Errorf("item id %s, want %s, once", it.ID, id)
			}
			seen[it.ID] = true
			if !strings.ContainsFunc(it.ZH, func(r rune) bool { return unicode.Is(unicode.Han, r) }) {
				t.Errorf("%s: Chinese text %q has no Han characters", it.ID, it.ZH)
			}
			if strings.ContainsFunc(it.EN, func(r rune) bool { return unicode.Is(unicode.Han, r) }) || it.EN == "" {
				t.Errorf("%s: English text %q", it.ID, it.EN)
			}
			if len(it.Rules) == 0 {
				t.Errorf("%s cites no rule", it.ID)
			}
			for _, r := range it.Rules {
				if !rule.MatchString(r) {
					t.Errorf("%s cites %q, not a docs/rules.md id", it.ID, r)
				}
			}
		}
	}
	// The texts are the articles': spot-check one item of each.
	for id, zh := range map[string]string{
		"000.5": "POC测试已完成,实际性能≥预期90%",
		"001.8": "建立利用率+费用+供应商评分卡",
		"002.6": "到期前 3~5 天评估续租或退租",
	} {
		if it, _, ok := checklist.Lookup(id); !ok || !strings.Contains(it.ZH, zh) {
			t.Errorf("%s = %q, want it to contain %q", id, it.ZH, zh)
		}
	}
	// Lists hands out copies.
	ls[0].Items[0].Rules[0] = "X9"
	if it, _, _ := checklist.Lookup("000.1"); it.Rules[0] != "R1" {
		t.Error("changing a copy changed the data")
	}
}

func TestSetAndProgress(t *testing.T) {
	var s checklist.State
	var err error
	for _, step := range []struct {
		id     string
		status checklist.Status
		note   string
	}{
		{"002.2", checklist.Done, "3 quotes: A, B, C"},
		{"000.1", checklist.Done, ""},
		{"000.7", checklist.NA, "monthly contract"},
		{"001.3", checklist.Open, "waiting for C's SLA text"},
		{"000.1", checklist.Open, ""}, // reopened: the entry goes away
	} {
		if s, err = s.Set(step.id, step.status, step.note); err != nil {
			t.Fatal(err)
		}
	}
	var ids []string
	for _, e := range s.Items {
		ids = append(ids, e.ID)
	}
	if strings.Join(ids, " ") != "000.7 001.3 002.2" {
		t.Errorf("entries %v, want checklist order without the reopened item", ids)
	}
	p := s.Progress()
	want := []checklist.Progress{
		{Article: "000", Counts: checklist.Counts{Total: 8, Done: 0, NA: 1, Open: 7}},
		{Article: "001", Counts: checklist.Counts{Total: 8, Done: 0, NA: 0, Open: 8}},
		{Article: "002", Counts: checklist.Counts{Total: 7, Done: 1, NA: 0, Open: 6}},
		{Article: "all", Counts: checklist.Counts{Total: 23, Done: 1, NA: 1, Open: 21}},
	}
	if !reflect.DeepEqual(p, want) {
		t.Errorf("progress %+v", p)
	}
	if _, err := s.Set("009.1", checklist.Done, ""); err == nil {
		t.Error("unknown id accepted")
	}
	if _, err := s.Set("000.1", "maybe", ""); err == nil {
		t.Error("unknown status accepted")
	}
	if got := s.Get("001.1"); got.Status != checklist.Open {
		t.Errorf("Get of an absent item = %+v", got)
	}
}

// The JSON form round-trips, and Decode makes any valid input canonical.
func TestJSONRoundTrip(t *testing.T) {
	in := `{"items":[
		{"id":"002.7","status":"done","note":"certificate 2026-10-12"},
		{"id":"000.2","status":"open"},
		{"id":"000.1","status":"na"}
	]}`
	s, err := checklist.Decode(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Items) != 2 || s.Items[0].ID != "000.1" || s.Items[1].ID != "002.7" {
		t.Errorf("canonical form %+v", s.Items)
	}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"items":[{"id":"000.1","status":"na"},{"id":"002.7","status":"done","note":"certificate 2026-10-12"}]}`; string(b) != want {
		t.Errorf("JSON %s", b)
	}
	again, err := checklist.Decode(bytes.NewReader(b))
	if err != nil || !reflect.DeepEqual(again, s) {
		t.Errorf("round trip %+v, %v", again, err)
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"items":[{"id":"000.9","status":"done"}]}`, `items[0].id = "000.9"`},
		{`{"items":[{"id":"000.1","status":"done"},{"id":"000.1","status":"na"}]}`, `items[1].id = "000.1"`},
		{`{"items":[{"id":"000.1","status":"finished"}]}`, `items[0].status = "finished"`},
		{`{"items":[{"id":"000.1"}]}`, `items[0].status = ""`},
		{`{"items":[{"id":"000.1","status":"done","note":"` + strings.Repeat("x", 2001) + `"}]}`, "items[0].note = "},
		{`{"items":[{"id":"000.1","state":"done"}]}`, "state: unknown field"},
		{`{"items":{}}`, "items: must be a JSON array, got object"},
		{`{} {}`, "input: unexpected data after the JSON document"},
		{`{} ]`, "input: unexpected data after the JSON document"},
	}
	for _, tt := range tests {
		_, err := checklist.Decode(strings.NewReader(tt.in))
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("Decode(%.60s) = %v, want an error starting %s", tt.in, err, tt.want)
		}
	}
}

// Rule L1 per stage: every item has a stage, every stage of the journey
// has an item, and the stage counts add up to the lists' total.
func TestStages(t *testing.T) {
	for _, l := range checklist.Lists() {
		for _, it := range l.Items {
			if checklist.StageOf(it.ID) == "" {
				t.Errorf("%s has no stage", it.ID)
			}
		}
	}
	want := map[checklist.Stage]string{
		checklist.Requirements: "000.1 001.1 001.2 002.1",
		checklist.Quotes:       "000.2 001.4 002.2",
		checklist.Vendors:      "000.3 000.8 001.3",
		checklist.Contract:     "000.4 000.6 000.7 001.6 002.3",
		checklist.POC:          "000.5 001.5 001.7",
		checklist.Acceptance:   "002.4",
		checklist.Operations:   "001.8 002.5",
		checklist.Renewal:      "002.6 002.7",
	}
	for _, st := range checklist.Stages {
		var ids []string
		for _, it := range checklist.ByStage(st) {
			ids = append(ids, it.ID)
		}
		if got := strings.Join(ids, " "); got != want[st] {
			t.Errorf("stage %s: %s, want %s", st, got, want[st])
		}
	}
	s, _ := checklist.State{}.Set("002.4", checklist.Done, "")
	s, _ = s.Set("000.7", checklist.NA, "monthly contract")
	sum := s.Summary()
	if all := sum.Lists[len(sum.Lists)-1]; all.Total != 23 || all.Done != 1 || all.NA != 1 {
		t.Errorf("all = %+v", all)
	}
	total := 0
	for _, p := range sum.Stages {
		total += p.Total
		switch p.Stage {
		case checklist.Acceptance:
			if p != (checklist.StageProgress{Stage: checklist.Acceptance, Counts: checklist.Counts{Total: 1, Done: 1}}) {
				t.Errorf("acceptance = %+v", p)
			}
		case checklist.Contract:
			if p.NA != 1 || p.Open != 4 {
				t.Errorf("contract = %+v", p)
			}
		}
	}
	if total != 23 {
		t.Errorf("stages hold %d items, want 23", total)
	}
}

// ByStage hands out copies too.
func TestByStageCopies(t *testing.T) {
	checklist.ByStage(checklist.Requirements)[0].Rules[0] = "X9"
	if it, _, _ := checklist.Lookup("000.1"); it.Rules[0] != "R1" {
		t.Error("changing a copy changed the data")
	}
}
