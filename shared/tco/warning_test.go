package tco

import (
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// TestWarningSpanOrder: the hidden share at the low estimate can be the
// larger one (a fixed fee weighs more on a small rent); rule C3's warning
// still reads smallest first.
func TestWarningSpanOrder(t *testing.T) {
	got := warning(BandPartial, Shares{Low: decimal.RequireFromString("0.1304"), High: decimal.RequireFromString("0.0769")})
	if en := got.String(); !strings.Contains(en, "Hidden items are 7.7%–13% of the total") {
		t.Errorf("warning = %q", en)
	}
	if zh := got.In(msg.Zh); !strings.Contains(zh, "隐性费用占总成本的 7.7%–13%") {
		t.Errorf("zh warning = %q", zh)
	}
}
