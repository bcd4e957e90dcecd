package sizing

import "github.com/gpuplan/gpuplan/shared/catalog"

// Helpers the tests use that neither binary reaches.

// Speed estimates decode speed (inference) and training time (training
// with TokensToTrain > 0) for count cards of one type.
func Speed(in Input, card catalog.Card, count int) (Estimates, error) {
	j, err := prepare(in)
	if err != nil {
		return Estimates{}, err
	}
	if count < 1 || count > MaxCards {
		return Estimates{}, intErr("count", count, wholeIn(1, MaxCards))
	}
	return j.speed(j.memory(), card, count), nil
}

// Estimate returns the memory the job needs. It fails on a missing or
// out-of-range input with a *fielderr.Error.
func Estimate(in Input) (Memory, error) {
	j, err := prepare(in)
	if err != nil {
		return Memory{}, err
	}
	return j.memory(), nil
}

// Recommend sizes the job, finds for every card the smallest count that
// holds it, and picks one (rule G4): the cheapest qualifying card among
// those rules G1/G2 name for the job, or the cheapest qualifying card of
// all when none of those qualifies. Cost is the low reference rent × count
// per month, or for the whole run when TokensToTrain is known. When nothing
// qualifies it returns the options with their reasons and an error. A
// caller that prices the options itself (all-in, per billing mode) uses
// Size, SetCost and Candidates.Recommend instead.
func Recommend(in Input, cards []catalog.Card, prefs Prefs) (Recommendation, error) {
	c, err := Size(in, cards, prefs)
	if err != nil {
		return Recommendation{}, err
	}
	return c.Recommend()
}
