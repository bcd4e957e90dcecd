package costitem

import (
	"slices"
	"testing"
)

// TestNames pins the names: they are values in saved plan, quote and ops
// files, so a change here breaks every file already written (rule C1).
func TestNames(t *testing.T) {
	want := []string{"gpu_rent", "egress", "storage", "extra_ips", "support_tier", "after_hours_support", "data_migration"}
	if got := C1(); !slices.Equal(got, want) {
		t.Errorf("C1() = %q, want %q", got, want)
	}
	if Bundled != "bundled" || Other != "other" {
		t.Errorf("Bundled %q, Other %q", Bundled, Other)
	}
	c := C1()
	c[0] = "changed"
	if C1()[0] != Rent {
		t.Error("C1 returns a shared slice")
	}
}
