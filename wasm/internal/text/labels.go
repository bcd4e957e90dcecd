package text

// Labels of the values shared/ uses as identifiers (workloads, cost items,
// decisions, check statuses, ...). The plan keeps the identifiers; the page
// shows these labels. An identifier without a label is shown as it is.

// Enum returns the label of one identifier of the given kind; the labels
// live in shared/msg's catalogue (enum.<kind>.<value>) so the CLI shows the
// same words.
func (l Lang) Enum(kind, value string) string { return l.Msg().Enum(kind, value) }
