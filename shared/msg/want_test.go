package msg

import "testing"

// TestWant: the Want texts of shared/internal/valid and the validators
// read in Chinese on a Chinese page; unknown forms stay as
// given rather than half translated; whole texts the catalogue writes
// (want.*) are found by their English.
func TestWant(t *testing.T) {
	cases := []struct{ in, zh string }{
		{"a number in (0, 24]", "(0, 24] 之间的数"},
		{"a whole number in [1, 31]", "[1, 31] 之间的整数"},
		{"an amount in [0, 10^12]", "[0, 10^12] 之间的金额"},
		{"a percentage in (0, 100], e.g. 99.9", "(0, 100] 之间的百分比，例如 99.9"},
		{"a whole percentage in [0, 100], or empty when not read", "a whole percentage in [0, 100], or empty when not read"},
		{`one of "hourly" "monthly"`, `以下之一："hourly"、"monthly"`},
		{"a name of 1 to 100 bytes", "1 到 100 字节的名称"}, // a want.* entry
		{"absent when gpu_per_card is given", "已填每卡月租时不填"},
		{"a name of 1 to 200 bytes", "a name of 1 to 200 bytes"},
		{"a banana in [1, 2]", "a banana in [1, 2]"},
		{"a number in ", "a number in "},
		{"", ""},
	}
	for _, c := range cases {
		if got := Zh.Want(c.in); got != c.zh {
			t.Errorf("Zh.Want(%q) = %q, want %q", c.in, got, c.zh)
		}
		if got := En.Want(c.in); got != c.in {
			t.Errorf("En.Want(%q) = %q", c.in, got)
		}
	}
}

// FuzzWant: any text comes back without a panic, and English unchanged.
func FuzzWant(f *testing.F) {
	for _, s := range []string{"a number in (0, 24]", "one of a b", "an x in (", "a in ]"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		_ = Zh.Want(s)
		if En.Want(s) != s {
			t.Fatal("English changed")
		}
	})
}
