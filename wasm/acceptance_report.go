package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/report"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// otherPlanBlock is the failing check a report written for another plan
// gets, first in the outcome and in red: both plans' SHA-256, and what to
// run instead.
func otherPlanBlock(l Lang, r *reportInfo) app.UI {
	hash := func(label, id, sha string) app.UI {
		return app.P().Body(app.Text(l.Text(label)+" "), app.Code().ID("%s", id).Class("sha").Text(sha))
	}
	return app.Div().ID("check-plan").Class("verdict", "bad", "plan-mismatch").Attr("data-status", "fail").
		Attr("role", "alert").Body(
		para("digest-title", l.Text("site.report.other.title")),
		para("", l.Text("site.report.other.detail")),
		hash("site.report.other.theirs", "check-plan-report", r.PlanSHA256),
		hash("site.report.other.ours", "check-plan-page", r.PagePlanSHA256),
	)
}

// noVerdict says why the loaded report cannot have a verdict: "digest"
// when its digest is not that of its content, "signature" when a given
// signature does not verify; "" when it can (or no report is loaded).
func (p *acceptancePage) noVerdict() string {
	r := p.check.Report
	switch {
	case r == nil:
		return ""
	case !r.DigestOK:
		return "digest"
	case p.signatureState() == "bad":
		return "signature"
	case r.Plan == planOther:
		// Checked against another acceptance block: its checks say
		// nothing about this plan (gpuverify verify-report --plan).
		return "plan"
	}
	return ""
}

// noVerdictBlock stands where the verdict and the check table would be,
// first in the outcome, so no result of the report reads as a verdict.
func noVerdictBlock(l Lang, why string) app.UI {
	text := l.Text("site.ux.noverdict.digest")
	switch why {
	case "signature":
		text = l.Text("site.ux.noverdict.signature")
	case "plan":
		text = l.Text("report.no_verdict.plan")
	}
	return app.Div().ID("check-verdict").Class("verdict", "bad", "no-verdict").
		Attr("data-verdict", "unverified").Attr("data-why", why).Attr("role", "alert").Body(
		para("digest-title", l.Text("site.ux.noverdict.title")),
		para("", text),
	)
}

// reportBlock says who wrote a loaded report, against which plan, where
// its facts came from, whether its digest matches its content and whether
// its checks are the ones its facts give. A mismatch is an alert: the
// report was edited after gpuverify wrote it.
func reportBlock(l Lang, r *reportInfo) app.UI {
	var digest app.UI = app.P().ID("report-digest").Class("digest", "good").Attr("data-digest", "match").Text(l.Text("site.page.digest_ok"))
	if !r.DigestOK {
		digest = app.Div().ID("report-digest").Class("digest", "bad").Attr("data-digest", "mismatch").
			Attr("role", "alert").Body(para("digest-title", l.Text("site.page.digest_bad")))
	}
	var derived app.UI = app.P().ID("report-derived").Class("digest", "good").Attr("data-derived", "agree").Text(l.Text("site.page.derived_okf", msg.Int(r.Derived)))
	if !r.DigestOK {
		// Agreement of an edited report with itself proves nothing.
		derived = nil
	}
	if len(r.Disagree) > 0 {
		derived = app.Div().ID("report-derived").Class("digest", "bad").Attr("data-derived", "disagree").Attr("role", "alert").Body(
			para("digest-title", l.Text("site.page.derived_bad", msg.Int(len(r.Disagree)))),
			reasonList("report-disagree", r.Disagree),
		)
	}
	var origin app.UI = app.P().ID("report-origin").Class("help").Attr("data-origin", "live").Text(l.Text("site.page.origin_live"))
	if !r.Live {
		origin = app.P().ID("report-origin").Class("warn-line").Attr("data-origin", "file").Attr("role", "alert").
			Text(l.Text("site.page.origin_file", msg.Text(cmpOr(r.OriginFile, "?"))))
	}
	nonce := l.Text("site.page.nonce_none")
	if r.Nonce != "" {
		nonce = l.Text("site.page.nonce", msg.Text(r.Nonce))
	}
	planLine := map[string]string{planSame: l.Text("site.page.report_plan_same"), planSameBlock: l.Text("site.page.report_plan_same_block"),
		planOther: l.Text("site.page.report_plan_other"), planNone: l.Text("site.page.report_plan_none")}[r.Plan]
	return app.Div().ID("report").Class("block", "report").Attr("data-plan", r.Plan).Body(
		heading(2, l.Text("site.page.report_title")),
		origin,
		digest,
		derived,
		para("help", l.Text("site.page.report_from", msg.Text(r.Tool), msg.Text(r.Time))),
		app.P().ID("report-nonce").Class("help").Text(nonce),
		app.P().ID("report-plan").Class(map[bool]string{true: "help", false: "warn-line"}[r.Plan != planOther]).
			Body(app.Text(planLine+" "), app.Code().Class("sha").Text(r.PlanSHA256)),
	)
}

// signatureBlock takes a loaded report's signature and an allowed_signers
// file and says whether the signature is good and whose it is.
func (p *acceptancePage) signatureBlock() app.UI {
	l := p.st.Lang
	state, text := "none", l.Text("site.page.sig_none")
	if who, given, err := p.signature(); given {
		if err != nil {
			state, text = "bad", l.Text("site.page.sig_bad", msg.Text(fmt.Sprint(err)))
		} else {
			state, text = "good", l.Text("site.page.sig_good", msg.Text(strings.Fields(who)[0]), msg.Text(strings.Fields(who)[len(strings.Fields(who))-1]))
		}
	}
	result := app.P().ID("report-signature").Class("digest", map[string]string{"good": "good", "bad": "bad", "none": "help"}[state]).
		Attr("data-signature", state).Text(text)
	if state == "bad" {
		result = result.Attr("role", "alert")
	}
	return app.Div().ID("signature").Class("block", "signature").Body(
		heading(2, l.Text("site.page.sig_title")),
		para("help", l.Text("site.page.sig_help")),
		app.Label().For("sig-input").Text(l.Text("site.page.sig_label")),
		app.Textarea().ID("sig-input").Rows(6).Spellcheck(false).Placeholder("-----BEGIN SSH SIGNATURE-----").
			OnInput(func(ctx app.Context, e app.Event) { p.sig = ctx.JSSrc().Get("value").String() }),
		app.Label().For("signers-input").Text(l.Text("site.page.signers_label")),
		app.Textarea().ID("signers-input").Rows(3).Spellcheck(false).Placeholder("alice@example.com namespaces=\"gpuplan-report\" ssh-ed25519 AAAA…").
			OnInput(func(ctx app.Context, e app.Event) { p.signers = ctx.JSSrc().Get("value").String() }),
		result,
	)
}

// signature checks the pasted signature of the loaded report; given is
// false when the signature, the allowed signers or the report is missing.
func (p *acceptancePage) signature() (who string, given bool, err error) {
	if strings.TrimSpace(p.sig) == "" || strings.TrimSpace(p.signers) == "" || p.check.Report == nil {
		return "", false, nil
	}
	s := report.CheckSignature(p.check.Report.Bytes, []byte(p.sig), []byte(p.signers))
	if s.Status != report.SigGood {
		return "", true, errors.New(s.Detail)
	}
	return s.Signer + " " + s.Fingerprint, true, nil
}

// signatureState is "none", "good" or "bad", as signatureBlock shows it.
func (p *acceptancePage) signatureState() string {
	_, given, err := p.signature()
	switch {
	case !given:
		return "none"
	case err != nil:
		return "bad"
	}
	return "good"
}

// cmpOr returns s, or def when s is empty.
func cmpOr(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
