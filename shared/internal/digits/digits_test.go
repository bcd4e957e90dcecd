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
