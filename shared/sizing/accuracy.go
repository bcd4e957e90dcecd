package sizing

import (
	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// Accuracy is how close the model came to the published runs of one
// reference class (docs/decode-references.md, docs/accuracy.md): how many
// runs, how many within the tolerance, and the spread of estimate /
// published. TestAccuracyClasses recomputes it from the reference tables.
type Accuracy struct {
	// Class names the reference class (see the Class* constants).
	Class string `json:"class"`
	// Runs is the number of published runs in the class; Within how many
	// the estimate lands within a factor Tolerance of.
	Runs      int     `json:"runs"`
	Within    int     `json:"within"`
	Tolerance float64 `json:"tolerance"`
	// Median, Min and Max are estimate / published over the runs.
	Median float64 `json:"median_ratio"`
	Min    float64 `json:"min_ratio"`
	Max    float64 `json:"max_ratio"`
	// CardCovered is false when no run of the class was on this card's
	// family: the spread is the class's on other cards.
	CardCovered bool `json:"card_covered"`
}

// The reference classes of the speed and time estimates.
const (
	ClassDenseDecode    = "dense decode on A100, H100, H200 and RTX 4090"
	ClassDenseDecodeH20 = "dense decode on H20"
	ClassMoEDecode      = "MoE decode"
	ClassMLADecode      = "DeepSeek-V3 (MLA) decode"
	ClassDenseTrain     = "dense training"
	ClassMoETrain       = "MoE training"
)

// accuracyTable is the measured spread of each class at this commit.
var accuracyTable = map[string]Accuracy{
	ClassDenseDecode:    {Runs: 15, Within: 15, Tolerance: 1.5, Median: 0.97, Min: 0.75, Max: 1.10},
	ClassDenseDecodeH20: {Runs: 8, Within: 8, Tolerance: 1.5, Median: 1.01, Min: 0.87, Max: 1.04},
	ClassMoEDecode:      {Runs: 13, Within: 13, Tolerance: 1.5, Median: 1.11, Min: 0.70, Max: 1.26},
	ClassMLADecode:      {Runs: 6, Within: 6, Tolerance: 1.5, Median: 1.10, Min: 0.69, Max: 1.19},
	ClassDenseTrain:     {Runs: 10, Within: 8, Tolerance: 1.5, Median: 1.12, Min: 0.99, Max: 2.45},
	ClassMoETrain:       {Runs: 2, Within: 2, Tolerance: 1.5, Median: 0.98, Min: 0.92, Max: 0.98},
}

// coveredFamilies are the card families each class has published runs on.
var coveredFamilies = map[string][]string{
	ClassDenseDecode:    {"a100", "h100", "h200", "rtx-4090"},
	ClassDenseDecodeH20: {"h20"},
	ClassMoEDecode:      {"a100", "h100", "h200", "h20"},
	ClassMLADecode:      {"h100", "h200", "h20"},
	ClassDenseTrain:     {"a100", "h100"},
	ClassMoETrain:       {"h100", "h800"},
}

// decodeClass is the reference class of a decode estimate of m on card.
func decodeClass(m Model, card catalog.Card) string {
	switch {
	case m.MLA != nil:
		return ClassMLADecode
	case m.MoE != nil:
		return ClassMoEDecode
	case Family(card.ID) == "h20":
		return ClassDenseDecodeH20
	}
	return ClassDenseDecode
}

// trainClass is the reference class of a training-time estimate.
func trainClass(m Model) string {
	if m.MoE != nil {
		return ClassMoETrain
	}
	return ClassDenseTrain
}

// accuracyOf is the measured spread of class, marked for card.
func accuracyOf(class string, card catalog.Card) *Accuracy {
	a, ok := accuracyTable[class]
	if !ok {
		return nil
	}
	a.Class = class
	fam := Family(card.ID)
	for _, f := range coveredFamilies[class] {
		if f == fam {
			a.CardCovered = true
		}
	}
	return &a
}

// Note says the spread in the reader's language: "the model lands within
// ×1.5 of 8 of 8 published runs of dense decode on H20 (median ratio 1.02,
// 0.87–1.04)", and when the card has no run of its own, that too.
func (a Accuracy) Note(what string) msg.M {
	m := msg.New("sizing.accuracy", msg.Label("sizing.accuracy.what."+what), msg.Fig(a.Tolerance), msg.Int(a.Within), msg.Int(a.Runs),
		msg.Label("sizing.accuracy.class."+classKey(a.Class)), msg.Num(a.Median, 2), msg.Num(a.Min, 2), msg.Num(a.Max, 2))
	if !a.CardCovered {
		m = msg.New("sizing.accuracy.other_card", msg.Sub(m))
	}
	return m
}

// classKey is a class's catalogue key.
func classKey(class string) string {
	switch class {
	case ClassDenseDecode:
		return "dense_decode"
	case ClassDenseDecodeH20:
		return "dense_decode_h20"
	case ClassMoEDecode:
		return "moe_decode"
	case ClassMLADecode:
		return "mla_decode"
	case ClassMoETrain:
		return "moe_train"
	}
	return "dense_train"
}
