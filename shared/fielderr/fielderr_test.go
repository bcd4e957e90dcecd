package fielderr

import (
	"errors"
	"fmt"
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"
)

func TestError(t *testing.T) {
	tests := []struct {
		name          string
		err           *Error
		text, problem string
	}{
		{"value against a range", New("hours_per_day", "25", msg.Verbatim("a number in (0, 24]")),
			`hours_per_day = "25": want a number in (0, 24]`, "want a number in (0, 24], got 25"},
		{"a whole sentence", Sentence("acceptance", "planfile.err.no_acceptance"),
			"acceptance: missing: the plan has no acceptance block", "missing: the plan has no acceptance block"},
		{"empty value is quoted", New("quotes[0].gpu_per_card", "", msg.Verbatim("a monthly price per card")),
			`quotes[0].gpu_per_card = "": want a monthly price per card`, "want a monthly price per card, got "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.err.Error(); got != tt.text {
				t.Errorf("Error() = %q, want %q", got, tt.text)
			}
			if got := tt.err.Problem(); got != tt.problem {
				t.Errorf("Problem() = %q, want %q", got, tt.problem)
			}
		})
	}
}

func TestPrefix(t *testing.T) {
	inner := New("vendor", "x", msg.Verbatim("a name"))
	wrapped := fmt.Errorf("quotes: %w", inner)
	got := Prefix("procurement.quotes.", wrapped)
	var fe *Error
	if !errors.As(got, &fe) || fe.Field != "procurement.quotes.vendor" || fe.Value != "x" || fe.Want.String() != "a name" {
		t.Fatalf("Prefix = %#v", got)
	}
	if inner.Field != "vendor" {
		t.Errorf("Prefix changed the original error: %q", inner.Field)
	}
	plain := errors.New("disk full")
	if Prefix("p.", plain) != plain {
		t.Error("Prefix changed an error that is not a field error")
	}
}
