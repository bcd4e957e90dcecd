package text

import "testing"

// TestJourneyLabelsComplete: every label of the POC, operations, renewal
// and checklists pages exists in both languages.
func TestJourneyLabelsComplete(t *testing.T) {
	for k, pair := range journeyLabels {
		if pair[0] == "" || pair[1] == "" {
			t.Errorf("journeyLabels[%q] = %q", k, pair)
		}
	}
}
