package text

import "github.com/gpuplan/gpuplan/shared/acceptance"

// UXText holds the sentences of the answer-first pages (the result bar, the acceptance grid, a report that does not verify, the
// defaults line, the language alternates). They live apart from
// messages.go, one complete struct per language; TestUXTextComplete fails
// on an empty field.
type UXText struct {
	// NoVerdictTitle heads the box shown instead of a verdict when a
	// loaded report does not verify.
	NoVerdictTitle string
	// NoVerdictDigest says why there is no verdict: the digest differs.
	NoVerdictDigest string
	// NoVerdictSignature says why there is no verdict: the signature is bad.
	NoVerdictSignature string
	// ResultBarLabel names the compact result bar for screen readers.
	ResultBarLabel string
	// ToResult is the result bar's link to the full result.
	ToResult string
	// DefaultsLineF lists the sheet fields at gpuplan's defaults (%s).
	DefaultsLineF string
	// GridTitle heads the GPU × check grid.
	GridTitle string
	// GridGPU heads the grid's GPU column.
	GridGPU string
}

var uxEn = UXText{
	NoVerdictTitle:     "No verdict: this report does not verify.",
	NoVerdictDigest:    "Its digest is not the digest of its content, so it was changed after gpuverify wrote it. None of its results can be trusted; run gpuverify check on the server again.",
	NoVerdictSignature: "Its signature does not verify against the allowed signers given, so nobody vouches for it. None of its results can be trusted until it does.",
	ResultBarLabel:     "Result",
	ToResult:           "Full result",
	DefaultsLineF:      "At gpuplan's defaults, not chosen by you: %s. Check them.",
	GridTitle:          "Each GPU, each check",
	GridGPU:            "GPU",
}

var uxZh = UXText{
	NoVerdictTitle:     "无结论：这份报告未通过校验。",
	NoVerdictDigest:    "报告的摘要与其内容不符，说明它在 gpuverify 写出后被修改过。其中任何结果都不可信；请在服务器上重新运行 gpuverify check。",
	NoVerdictSignature: "报告的签名无法用所给的允许签名者验证，没有人为它担保。在签名验证通过之前，其中任何结果都不可信。",
	ResultBarLabel:     "结果",
	ToResult:           "完整结果",
	DefaultsLineF:      "以下取值为 gpuplan 默认值，并非由您填写：%s。请核对。",
	GridTitle:          "逐卡逐项检查",
	GridGPU:            "GPU",
}

// UX returns the issue-15 texts for l; an unknown Lang gets English.
func (l Lang) UX() *UXText {
	if l == Zh {
		return &uxZh
	}
	return &uxEn
}

// KindTitle is the heading of a kind of check in l: the catalogue's, the
// heading gpuverify check prints in that language.
func KindTitle(l Lang, k acceptance.Kind) string { return k.Title(l.Msg()) }
