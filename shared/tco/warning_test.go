package tco

import (
	"strings"
	"testing"

	"github.com/shopspring/decimal"
)

// TestWarningSpanOrder: the hidden share at the low estimate can be the
// larger one (a fixed fee weighs more on a small rent); rule C3's warning
// still reads smallest first.
func TestWarningSpanOrder(t *testing.T) {
	got := warning(BandPartial, Shares{Low: decimal.RequireFromString("0.1304"), High: decimal.RequireFromString("0.0769")})
	if !strings.Contains(got, "Hidden items are 7.69%–13.04% of the total") {
		t.Errorf("warning = %q", got)
	}
}
