package main

import (
	"strings"

	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// The procurement pages' field and choice labels are catalogue entries
// site.label.<family>.<key> (site_labels.txt): family "proc" for the
// quote, vendor and contract forms, "journey" for the POC, operations and
// exit forms, whose entries may be section-specific ("<section>:<key>").

// idTail turns a label key into the id's tail: "[]" reads "+", ":" "/".
var idTail = strings.NewReplacer("[]", "+", ":", "/")

// labelID is the catalogue id of key's label in family.
func labelID(family, key string) string { return "site.label." + family + "." + idTail.Replace(key) }

// knownLabel is the label id in l, when the catalogue has it.
func knownLabel(l Lang, id string) (string, bool) {
	if !msg.Known(id) {
		return "", false
	}
	return l.Text(id), true
}

// label is key's label in l: the procurement entry, else the journey
// one, else key itself (a test fails for any key without a label).
func label(l Lang, key string) string {
	if s, ok := knownLabel(l, labelID("proc", key)); ok {
		return s
	}
	if s, ok := knownLabel(l, labelID("journey", key)); ok {
		return s
	}
	return key
}

// fieldLabel is key's label in section sec: the section's own journey
// entry when it has one, else label.
func fieldLabel(l Lang, sec, key string) string {
	if s, ok := knownLabel(l, labelID("journey", sec+":"+key)); ok {
		return s
	}
	return label(l, key)
}

// hasProcLabel reports whether key has a procurement label.
func hasProcLabel(key string) bool { return msg.Known(labelID("proc", key)) }

// hasJourneyLabel reports whether key has a journey label.
func hasJourneyLabel(key string) bool { return msg.Known(labelID("journey", key)) }

// moneyRange writes r in l, e.g. "¥14,723–38,833" or "1.47万–3.88万元".
func moneyRange(l Lang, r money.Range) string { return l.MoneyRange(r.Low, r.High) }
