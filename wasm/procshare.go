package main

import (
	"errors"

	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// shareFrag is the share fragment of the page's procurement sections,
// encoded once per state (deflate is not free on every keystroke).
func (p *pageState) shareFrag() (string, error) {
	if p.share.proc != p.st.Proc || p.share.frag == "" && p.share.err == nil {
		p.share.proc = p.st.Proc
		p.share.frag, p.share.err = p.st.ShareFragment()
	}
	return p.share.frag, p.share.err
}

// shareSections is the share link of a procurement page: the sheet in the
// query, the sections in the fragment (form.State.ShareFragment), so a colleague opening
// it sees the same comparison. Nothing when there are no sections.
func (p *pageState) shareSections(r route) app.UI {
	l := p.st.Lang
	frag, err := p.shareFrag()
	switch {
	case err != nil:
		n := 0
		var long form.ErrShareTooLong
		if errors.As(err, &long) {
			n = long.N
		}
		return app.P().ID("share-sections-too-long").Class("note").Text(l.Text("site.proc.share_too_long", msg.Int(n)))
	case frag == "":
		return nil
	}
	return app.P().Class("actions").Body(
		app.A().ID("share-sections").Class("share").Href("%s#%s", p.pageLink(r, p.st.Lang), frag).Text(l.Text("site.proc.share_sections")),
	)
}
