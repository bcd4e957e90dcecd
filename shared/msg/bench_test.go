package msg

import "testing"

// BenchmarkLookup is one catalogue lookup by id, the map read every
// rendered message makes.
func BenchmarkLookup(b *testing.B) {
	for b.Loop() {
		if _, ok := Lookup("contract.k1.ok"); !ok {
			b.Fatal("contract.k1.ok is not in the catalogue")
		}
	}
}

// BenchmarkRender renders one message with arguments in Chinese.
func BenchmarkRender(b *testing.B) {
	m := New("contract.k1.ok", Text("99.9%"), Fig(43.2), Label("contract.basis.30d"))
	for b.Loop() {
		_ = m.In(Zh)
	}
}
