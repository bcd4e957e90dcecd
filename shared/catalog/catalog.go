package catalog

import (
	"slices"
	"strings"
)

// All returns every card in the catalogue, in a stable order. The slice is a
// copy: callers may modify it.
func All() []Card { return slices.Clone(cards) }

// ByID returns the card with the given stable id.
func ByID(id string) (Card, bool) {
	return find(func(c Card) bool { return c.ID == id })
}

// ByProductName returns the card whose ProductNames include name, the name
// the driver reports (NVML, nvidia-smi, cuDeviceGetName). The match ignores
// case and surrounding space.
func ByProductName(name string) (Card, bool) {
	return find(func(c Card) bool { return holdsFold(c.ProductNames, name) })
}

// ByPCIDeviceID returns the card whose PCIDeviceIDs include id, formatted
// as NVML reports it ("0x233010DE"); case is ignored.
func ByPCIDeviceID(id string) (Card, bool) {
	return find(func(c Card) bool { return holdsFold(c.PCIDeviceIDs, id) })
}

// find returns the first card of the catalogue that match accepts.
func find(match func(Card) bool) (Card, bool) {
	i := slices.IndexFunc(cards, match)
	if i < 0 {
		return Card{}, false
	}
	return cards[i], true
}

// holdsFold reports whether list holds s, ignoring case and the space
// around s.
func holdsFold(list []string, s string) bool {
	s = strings.TrimSpace(s)
	return slices.ContainsFunc(list, func(v string) bool { return strings.EqualFold(v, s) })
}

// IDs returns the stable ids of every card, in catalogue order.
func IDs() []string {
	ids := make([]string, len(cards))
	for i, c := range cards {
		ids[i] = c.ID
	}
	return ids
}
