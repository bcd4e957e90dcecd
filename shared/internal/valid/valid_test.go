package valid_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/internal/valid"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// fieldError unwraps err as a *fielderr.Error, or nil when err is nil.
func fieldError(t *testing.T, err error) *fielderr.Error {
	t.Helper()
	if err == nil {
		return nil
	}
	var fe *fielderr.Error
	if !errors.As(err, &fe) {
		t.Fatalf("error %v (%T), want a *fielderr.Error", err, err)
	}
	return fe
}

func TestInRange(t *testing.T) {
	hundred := decimal.NewFromInt(100)
	big := decimal.New(1, 30)
	tests := []struct {
		name   string
		v      string
		lo, hi decimal.Decimal
		loIncl bool
		value  string // the error's Value; "" when v is accepted
	}{
		{"inside", "50", decimal.Zero, hundred, false, ""},
		{"hi is always allowed", "100", decimal.Zero, hundred, false, ""},
		{"just above hi", "100.0000000001", decimal.Zero, hundred, true, "100.0000000001"},
		{"lo allowed when included", "0", decimal.Zero, hundred, true, ""},
		{"lo refused when excluded", "0", decimal.Zero, hundred, false, "0"},
		{"lo refused when excluded, written 0.00", "0.00", decimal.Zero, hundred, false, "0"},
		{"below lo", "-1", decimal.Zero, hundred, true, "-1"},
		{"10 places, as money.Parse allows", "0.0000000001", decimal.Zero, hundred, false, ""},
		{"11 places", "0.00000000001", decimal.Zero, hundred, false, "0.00000000001"},
		{"exponent 15 inside a wide range", "1e15", decimal.Zero, big, true, ""},
		{"exponent 16 refused even inside the range", "1e16", decimal.Zero, big, true, "1e16"},
		{"a huge exponent stays short", "1e999999999", decimal.Zero, hundred, true, "1e999999999"},
		{"a tiny exponent stays short", "1e-999999999", decimal.Zero, hundred, true, "1e-999999999"},
		{"20 places written out", "1e-20", decimal.Zero, hundred, true, "0.00000000000000000001"},
		{"21 places shown with an exponent", "1e-21", decimal.Zero, hundred, true, "1e-21"},
		{"a long coefficient is cut", "123456789012345678901234e20", decimal.Zero, hundred, true, "12345678901234567890…e20"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := decimal.RequireFromString(tt.v)
			fe := fieldError(t, valid.InRange("pct", v, tt.lo, tt.hi, tt.loIncl, pct))
			if tt.value == "" {
				if fe != nil {
					t.Fatalf("InRange(%s) = %v, want nil", tt.v, fe)
				}
				return
			}
			want := fielderr.Error{Field: "pct", Value: tt.value, Want: msg.Verbatim("a percentage in (0, 100]")}
			if fe == nil || fe.Error() != want.Error() {
				t.Fatalf("InRange(%s) = %v, want %v", tt.v, fe, &want)
			}
		})
	}
}

func TestIntRange(t *testing.T) {
	tests := []struct {
		v    int
		fail bool
	}{
		{0, true}, {1, false}, {120, false}, {121, true}, {-5, true},
	}
	for _, tt := range tests {
		fe := fieldError(t, valid.IntRange("term_months", tt.v, 1, 120))
		if !tt.fail {
			if fe != nil {
				t.Errorf("IntRange(%d) = %v, want nil", tt.v, fe)
			}
			continue
		}
		want := fielderr.Error{Field: "term_months", Value: fmt.Sprint(tt.v), Want: msg.Verbatim("a whole number in [1, 120]")}
		if fe == nil || fe.Error() != want.Error() {
			t.Errorf("IntRange(%d) = %v, want %v", tt.v, fe, &want)
		}
	}
}

func TestOneOf(t *testing.T) {
	tests := []struct {
		name    string
		v       string
		allowed []string
		want    string // the error's Want; "" when v is accepted
	}{
		{"listed", "voucher", []string{"", "money", "voucher"}, ""},
		{"empty, allowed", "", []string{"", "money"}, ""},
		{"empty, not allowed", "", []string{"monthly", "annual"}, `one of "monthly" "annual"`},
		{"not listed", "cash", []string{"", "money", "voucher"}, `one of "" (not stated) "money" "voucher"`},
		{"case matters", "Money", []string{"money"}, `one of "money"`},
		{"quotes in a text are escaped", `a"b`, []string{`x"y`}, `one of "x\"y"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fe := fieldError(t, valid.OneOf("compensation", tt.v, tt.allowed...))
			if tt.want == "" {
				if fe != nil {
					t.Fatalf("OneOf(%q) = %v, want nil", tt.v, fe)
				}
				return
			}
			want := fielderr.Error{Field: "compensation", Value: tt.v, Want: msg.Verbatim(tt.want)}
			if fe == nil || fe.Error() != want.Error() {
				t.Fatalf("OneOf(%q) = %v, want %v", tt.v, fe, &want)
			}
		})
	}
}

func ExampleInRange() {
	err := valid.InRange("availability_pct", decimal.RequireFromString("0"),
		decimal.Zero, decimal.NewFromInt(100), false, pct)
	fmt.Println(err)
	// Output: availability_pct = "0": want a percentage in (0, 100]
}

func ExampleOneOf() {
	fmt.Println(valid.OneOf("billing_start", "later", "", "on_order", "on_ready"))
	// Output: billing_start = "later": want one of "" (not stated) "on_order" "on_ready"
}

func TestFirst(t *testing.T) {
	a, b := errors.New("a"), errors.New("b")
	if err := valid.First(nil, a, b); err != a {
		t.Errorf("First(nil, a, b) = %v, want a", err)
	}
	if err := valid.First(nil, nil); err != nil {
		t.Errorf("First(nil, nil) = %v, want nil", err)
	}
}

func TestRows(t *testing.T) {
	positive := func(f string, v int) error { return valid.IntRange(f, v, 1, 9) }
	for _, c := range []struct {
		rows               []int
		field, value, want string
	}{
		{[]int{1, 2}, "", "", ""},
		{nil, "quotes", "0", "1 to 3 quotes"}, // the count alone: the noun is in Want, in the reader's language
		{[]int{1, 2, 3, 4}, "quotes", "4", "1 to 3 quotes"},
		{[]int{1, 0}, "quotes[1]", "0", "a whole number in [1, 9]"},
	} {
		fe := fieldError(t, valid.Rows("quotes", c.rows, 1, 3, "want.rows.quotes", positive))
		if c.field == "" {
			if fe != nil {
				t.Errorf("Rows(%v) = %v, want nil", c.rows, fe)
			}
			continue
		}
		if fe == nil || fe.Field != c.field || fe.Value != c.value || fe.Want.String() != c.want {
			t.Errorf("Rows(%v) = %+v, want %s = %s, %s", c.rows, fe, c.field, c.value, c.want)
		}
	}
}

func TestDistinct(t *testing.T) {
	d := valid.Distinct{}
	if err := d.Add("quotes[0].vendor", "A", newName); err != nil {
		t.Fatalf("first A: %v", err)
	}
	if err := d.Add("quotes[1].vendor", "B", newName); err != nil {
		t.Fatalf("first B: %v", err)
	}
	fe := fieldError(t, d.Add("quotes[2].vendor", "A", newName))
	if fe == nil || fe.Field != "quotes[2].vendor" || fe.Value != "A" || fe.Want.String() != "a new name" {
		t.Errorf("second A = %+v, want quotes[2].vendor = A", fe)
	}
}

// pct is the Want of a percentage in (0, 100].
var pct = msg.New("want.in", msg.Label("want.noun.percentage"), msg.Text("(0, 100]"))

// newName is a Want for the Distinct test.
var newName = msg.Verbatim("a new name")

// TestWantInChinese: the Wants valid writes read in Chinese from their
// messages.
func TestWantInChinese(t *testing.T) {
	for _, c := range []struct {
		err    error
		en, zh string
	}{
		{valid.InRange("pct", decimal.NewFromInt(101), decimal.Zero, decimal.NewFromInt(100), false, pct), "a percentage in (0, 100]", "(0, 100] 之间的百分比"},
		{valid.IntRange("term_months", 0, 1, 120), "a whole number in [1, 120]", "[1, 120] 之间的整数"},
		{valid.OneOf("c", "cash", "", "money", "voucher"), `one of "" (not stated) "money" "voucher"`, `以下之一：""（不填）、"money"、"voucher"`},
		{valid.Rows("quotes", []int{}, 1, 20, "want.rows.quotes", nil), "1 to 20 quotes", "1 到 20 个报价"},
	} {
		fe := fieldError(t, c.err)
		if err := msg.Check(fe.Want); err != nil {
			t.Error(err)
		}
		if got := fe.Want.In(msg.En); got != c.en {
			t.Errorf("en %q, want %q", got, c.en)
		}
		if got := fe.Want.In(msg.Zh); got != c.zh {
			t.Errorf("zh %q, want %q", got, c.zh)
		}
	}
}
