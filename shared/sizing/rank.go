package sizing

import (
	"sort"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// rank orders the options: qualifying before not, then by cost, then
// fewer nodes, fewer cards, more headroom, catalogue order.
func rank(opts []Option) []int {
	idx := make([]int, len(opts))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return better(opts[idx[a]], opts[idx[b]]) })
	return idx
}

func better(a, b Option) bool {
	if qa, qb := a.Fits && a.Eligible, b.Fits && b.Eligible; qa != qb {
		return qa
	}
	if a.priced != b.priced {
		return a.priced
	}
	if c := a.cost.Cmp(b.cost); c != 0 {
		return c < 0
	}
	if a.Nodes != b.Nodes {
		return a.Nodes < b.Nodes
	}
	if a.Count != b.Count {
		return a.Count < b.Count
	}
	return a.headroom > b.headroom
}

// choose returns the index of the best qualifying option in the bucket, or
// the best qualifying option of all; -1 when none qualifies.
func choose(opts []Option, order []int) int {
	first := -1
	for _, i := range order {
		if !opts[i].Fits || !opts[i].Eligible || (first >= 0 && !opts[i].priced) {
			break
		}
		if opts[i].InBucket {
			return i
		}
		if first < 0 {
			first = i
		}
	}
	return first
}

func pickReason(p Option) msg.M {
	m := msg.New("sizing.pick", msg.Int(p.Count), msg.Text(p.CardID), msg.Num(p.PerCardGiB, 1), msg.Num(p.UsableGiB, 1))
	if p.priced {
		m = msg.New("sizing.pick.cost", msg.Sub(m), costArg(p))
	}
	return m
}

// costArg is an option's ranking cost with what it covers: "¥58,200 a
// month all-in (hourly)".
func costArg(o Option) msg.Arg {
	return msg.Sub(msg.New("sizing.cost", msg.Money(o.cost.Round(0)), msg.Sub(o.costLabel)))
}

// loser says why options lost to the pick, with the pick's cost and the
// bucket's text written once for all of them.
type loser struct {
	p        Option
	pickCost msg.Arg // costArg(p), when p is priced
	bucket   msg.Arg // the bucket's text
}

func newLoser(p Option, b bucket) loser {
	l := loser{p: p, bucket: msg.Sub(b.text)}
	if p.priced {
		l.pickCost = costArg(p)
	}
	return l
}

// reason says why o lost to the pick.
func (l loser) reason(o Option) msg.M {
	p := l.p
	switch {
	case !o.Fits || !o.Eligible:
		return o.Reason
	case o.Nodes > p.Nodes:
		return msg.New("sizing.loss.nodes", msg.Int(o.Nodes), msg.Int(p.Nodes))
	case p.InBucket && !o.InBucket:
		return l.offBucket(o)
	case o.priced && p.priced && o.cost.GreaterThan(p.cost):
		return msg.New("sizing.loss.costs_more", costArg(o), l.pickCost)
	case !o.priced:
		return msg.New("sizing.loss.no_price")
	}
	return msg.New("sizing.loss.tie")
}

// offBucket says why o lost to an in-bucket pick, with the costs when they
// differ.
func (l loser) offBucket(o Option) msg.M {
	if o.priced && l.p.priced {
		switch o.cost.Cmp(l.p.cost) {
		case -1:
			return msg.New("sizing.loss.off_bucket_cheaper", l.bucket, costArg(o), l.pickCost)
		case 1:
			return msg.New("sizing.loss.off_bucket_dearer", l.bucket, costArg(o), l.pickCost)
		}
	}
	return msg.New("sizing.loss.off_bucket", l.bucket)
}
