package catalog

// All returns every card in the catalogue, in a stable order. The slice is a
// copy: callers may modify it.
func All() []Card {
	out := make([]Card, len(cards))
	copy(out, cards)
	return out
}

// ByID returns the card with the given stable id.
func ByID(id string) (Card, bool) {
	for _, c := range cards {
		if c.ID == id {
			return c, true
		}
	}
	return Card{}, false
}

// IDs returns the stable ids of every card, in catalogue order.
func IDs() []string {
	ids := make([]string, len(cards))
	for i, c := range cards {
		ids[i] = c.ID
	}
	return ids
}
