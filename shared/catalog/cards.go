package catalog

// cards is the catalogue data. Being filled in.
var cards = []Card{}
