package msg

// add puts entries in the catalogue (tests add entries of their own
// at run time); a duplicate id panics.
func add(entries []Entry) {
	for _, e := range entries {
		if _, dup := catalogue[e.ID]; dup {
			panic("msg: duplicate message id " + e.ID)
		}
		catalogue[e.ID] = e
	}
}

// addMap is add for entries keyed by id; the key is the id.
func addMap(entries map[string]Entry) {
	for id, e := range entries {
		e.ID = id
		add([]Entry{e})
	}
}
