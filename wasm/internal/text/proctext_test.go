package text

import "testing"

// TestProcLabelsComplete: every procurement label exists in both
// languages (guide: every sentence a user reads is in zh-CN and en).
func TestProcLabelsComplete(t *testing.T) {
	for k, pair := range procLabels {
		if pair[0] == "" || pair[1] == "" {
			t.Errorf("procLabels[%q] = %q", k, pair)
		}
	}
}
