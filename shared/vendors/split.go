package vendors

import (
	"github.com/gpuplan/gpuplan/shared/internal/msgjson"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// Split divides cards between a primary and a backup vendor (rule V5).
type Split struct {
	// Cards is the number of cards split.
	Cards int `json:"cards"`
	// Primary and Backup are the cards each vendor gets.
	Primary int `json:"primary"`
	Backup  int `json:"backup"`
	// PrimaryShare is Primary ÷ Cards.
	PrimaryShare decimal.Decimal `json:"primary_share"`
	// InRange is true when the primary has 60–70% and the backup 30–40%.
	InRange bool `json:"in_range"`
	// PrimaryVendor and BackupVendor are the two best eligible vendors;
	// empty when fewer than two are eligible.
	PrimaryVendor string `json:"primary_vendor,omitempty"`
	BackupVendor  string `json:"backup_vendor,omitempty"`
	// Reason explains the split; the JSON writes it as "reason" (English)
	// and "reason_message".
	Reason msg.M `json:"-"`
}

// MarshalJSON writes the split with the English of its reason.
func (s Split) MarshalJSON() ([]byte, error) {
	type plain Split
	return msgjson.Marshal(plain(s), msgjson.One("reason", "reason_message", &s.Reason))
}

// UnmarshalJSON reads what MarshalJSON writes; a reason with only its
// English reads as that text.
func (s *Split) UnmarshalJSON(b []byte) error {
	type plain Split
	var p plain
	if err := msgjson.Unmarshal(b, &p, msgjson.One("reason", "reason_message", &p.Reason)); err != nil {
		return err
	}
	*s = Split(p)
	return nil
}

// setReason sets the reason.
func (s *Split) setReason(m msg.M) { s.Reason = m }

// ReasonIn renders the reason in l.
func (s Split) ReasonIn(l msg.Lang) string { return s.Reason.In(l) }

// SplitCards splits cards in whole cards so the primary gets as close to
// 65% as it can; a tie goes to the primary (which has the annual
// discount), as rounding half up would. The 60–70% band is symmetric about
// 65%, so whenever some whole split lies inside it, this one does: 8 cards
// → 5 / 3 (62.5%), 3 → 2 / 1 (66.7%), 10 → 7 / 3. No split fits 1, 2, 4 or
// 7 cards; from 8 cards up one always does.
func SplitCards(cards int) Split {
	s := Split{Cards: cards}
	switch {
	case cards < 1:
		s.setReason(msg.New("vendors.split.none"))
		return s
	case cards == 1:
		s.Primary, s.PrimaryShare = 1, decimal.NewFromInt(1)
		s.setReason(msg.New("vendors.split.one"))
		return s
	}
	best := 1
	for p := 2; p < cards; p++ {
		if abs(20*p-13*cards) <= abs(20*best-13*cards) {
			best = p
		}
	}
	s.Primary, s.Backup = best, cards-best
	s.PrimaryShare = decimal.NewFromInt(int64(best)).DivRound(decimal.NewFromInt(int64(cards)), money.DivPrecision)
	s.InRange = 10*best >= 6*cards && 10*best <= 7*cards
	shares := msg.Sub(msg.New("vendors.split.shares", msg.Int(s.Primary), msg.Int(s.Backup),
		msg.Percent(s.PrimaryShare), msg.Percent(decimal.NewFromInt(1).Sub(s.PrimaryShare))))
	if s.InRange {
		s.setReason(msg.New("vendors.split.in_range", shares))
	} else {
		s.setReason(msg.New("vendors.split.skew", msg.Int(cards), shares))
	}
	return s
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
