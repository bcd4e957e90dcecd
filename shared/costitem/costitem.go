// Package costitem names the items of a GPU rental bill, once: the names
// that tco gives its monthly cost lines, that quote gives a vendor's priced
// lines and that ops reads from a bill and a budget, and that the site's
// labels are keyed by ("item:" + name). They are JSON values of the plan,
// quote and ops files, so they never change.
package costitem

// The items of rule C1 (the bill beyond the GPUs: egress, storage, IPs,
// support, migration), in its order, and the two names outside it.
const (
	Rent       = "gpu_rent"
	Egress     = "egress"
	Storage    = "storage"
	IPs        = "extra_ips"
	Support    = "support_tier"
	AfterHours = "after_hours_support"
	Migration  = "data_migration"

	// Bundled is a quote's one price for the GPUs with everything else
	// included (quote only).
	Bundled = "bundled"
	// Other is a bill line that is none of the C1 items (ops only).
	Other = "other"
)

// C1 returns the seven items of rule C1 in its order: a new slice each call.
func C1() []string {
	return []string{Rent, Egress, Storage, IPs, Support, AfterHours, Migration}
}
