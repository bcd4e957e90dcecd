package form

import (
	"net/url"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// LoadLink is LoadSaved for a whole URL: the query as LoadSaved reads it,
// and procurement sections from the fragment. Sections in the link replace
// the saved ones on the page; when the saved ones differ, Conflict is set
// so the page asks before saving. A fragment that cannot be read leaves a
// Problem and the saved sections.
func LoadLink(u *url.URL, stored, browserLang string) Loaded {
	l := LoadSaved(u.Query(), stored, browserLang)
	raw, ok, err := DecodeShare(u.Fragment)
	if !ok {
		return l
	}
	if err != nil {
		l.Problems = append(l.Problems, Problem{Source: FromURL, Procurement: true, Key: "link", Reason: reasonOf(err)})
		return l
	}
	proc, ps := loadProcurement(raw)
	for i := range ps {
		ps[i].Source = FromURL
		ps[i].Reason = msg.New("want.field", msg.Text(ps[i].Key), msg.Sub(ps[i].Reason))
	}
	l.Problems = append(l.Problems, ps...)
	if proc == nil {
		return l
	}
	saved := l.State
	if l.Conflict {
		saved = l.Saved
	}
	differs := saved.Proc != nil && (string(saved.Proc.raw) != string(proc.raw) || saved.Proc.hasDrafts())
	if differs && !l.Locked {
		l.Conflict = true
		l.Saved = State{Lang: saved.Lang, Input: saved.Input, Proc: saved.Proc, Prices: saved.Prices, AsOf: saved.AsOf}
	}
	l.State.Proc = proc
	return l
}
