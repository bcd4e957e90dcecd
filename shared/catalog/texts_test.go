package catalog

import (
	"reflect"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// TestCaveatsTranslated fails when a card's caveat is not a catalog.caveat
// entry of the catalogue, so it would not read in Chinese.
func TestCaveatsTranslated(t *testing.T) {
	n := 0
	for _, c := range All() {
		for _, cv := range c.Caveats {
			n++
			if !strings.HasPrefix(cv.ID, "catalog.caveat.") {
				t.Errorf("%s: caveat %q is not a catalog.caveat message", c.ID, cv.ID)
			}
			if err := msg.Check(cv.M); err != nil {
				t.Errorf("%s: %v", c.ID, err)
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d caveats; the cards lost some", n)
	}
}

// TestNotesTranslated walks every Ref of the catalogue (cards, purchase
// prices, bench profiles) and fails when a note is not a catalog.note entry
// of the catalogue, so it would not read in Chinese, or when it uses the
// project's word "seed" for the source articles, which a reader cannot
// follow.
func TestNotesTranslated(t *testing.T) {
	n := 0
	check := func(where string, r Ref) {
		if r.Note.IsZero() {
			return
		}
		n++
		if !strings.HasPrefix(r.Note.ID, "catalog.note.") {
			t.Errorf("%s: note %q is not a catalog.note message", where, r.Note.ID)
		}
		if err := msg.Check(r.Note.M); err != nil {
			t.Errorf("%s: %v", where, err)
		}
		if strings.Contains(strings.ToLower(r.Note.String()), "seed") {
			t.Errorf("%s: note %q says \"seed\"; name the article", where, r.Note.String())
		}
	}
	for _, c := range All() {
		walkRefs(reflect.ValueOf(c), c.ID, check)
		if p, ok := PurchasePrice(c.ID); ok {
			check(c.ID+" purchase", p.Ref)
		}
	}
	for _, b := range BenchProfiles() {
		walkRefs(reflect.ValueOf(b), "bench "+b.Architecture, check)
	}
	walkRefs(reflect.ValueOf(PCIeCopyEfficiency()), "pcie copy", check)
	if n < 100 {
		t.Errorf("only %d notes walked; the walk misses some", n)
	}
}

// TestTextsInChinese renders caveats and notes of the catalogue from their
// ids in both languages.
func TestTextsInChinese(t *testing.T) {
	a800, _ := ByID("a800-80g-sxm")
	h20, _ := PurchasePrice("h20-96g")
	tests := []struct {
		name   string
		m      msg.M
		en, zh string
	}{
		{"4090 first caveat", mustByID(t, "rtx-4090").Caveats[0].M,
			"Consumer GeForce card: ECC is off by default (the 4090 fixture reports ECC Mode Disabled).",
			"消费级 GeForce 卡：ECC 默认关闭（4090 的样例输出显示 ECC Mode Disabled）。"},
		{"a800 caveat", a800.Caveats[0].M,
			"China SKU of the A100, made under US export controls: NVLink cut from 600 to 400 GB/s; new sales barred since October 2023.",
			"A100 的中国特供版，受美国出口管制：NVLink 从 600 GB/s 降到 400 GB/s；2023 年 10 月起禁止新销售。"},
		{"4090 BF16 note", mustByID(t, "rtx-4090").BF16TFLOPS.Ref.Note.M,
			"FP32 accumulate; 330.3 with FP16 accumulate, the figure GeForce spec sheets print.",
			"FP32 累加；FP16 累加时为 330.3，即 GeForce 规格表所印的数字。"},
		{"h20 purchase note", h20.Ref.Note.M, "server price / 8 cards", ""},
	}
	for _, tt := range tests {
		if got := tt.m.In(msg.En); got != tt.en {
			t.Errorf("%s in en = %q, want %q", tt.name, got, tt.en)
		}
		zh := tt.m.In(msg.Zh)
		if tt.zh != "" && zh != tt.zh {
			t.Errorf("%s in zh = %q, want %q", tt.name, zh, tt.zh)
		}
		if zh == tt.en {
			t.Errorf("%s in zh is the English %q", tt.name, zh)
		}
	}
}

// mustByID is the card id.
func mustByID(t *testing.T, id string) Card {
	t.Helper()
	c, ok := ByID(id)
	if !ok {
		t.Fatalf("no card %q", id)
	}
	return c
}
