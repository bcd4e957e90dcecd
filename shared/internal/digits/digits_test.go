package digits

import "testing"

func TestGroup(t *testing.T) {
	for in, want := range map[string]string{
		"0":            "0",
		"999":          "999",
		"1000":         "1,000",
		"-58200.00":    "-58,200.00",
		"1234567":      "1,234,567",
		"123456.789":   "123,456.789",
		"-100":         "-100",
		"1000000000.5": "1,000,000,000.5",
		"":             "",
	} {
		if got := Group(in); got != want {
			t.Errorf("Group(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestOnly(t *testing.T) {
	for in, want := range map[string]bool{
		"":           true,
		"0":          true,
		"0123456789": true,
		"2026":       true,
		"12a":        false,
		"+1":         false,
		"-1":         false,
		" 1":         false,
		"1.5":        false,
		"1,000":      false,
		"١٢":         false, // Arabic-Indic digits
		"１２":         false, // fullwidth digits
		"/":          false, // the byte before '0'
		":":          false, // the byte after '9'
	} {
		if got := Only(in); got != want {
			t.Errorf("Only(%q) = %v, want %v", in, got, want)
		}
	}
}
