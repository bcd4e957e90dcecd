package main

import "github.com/gpuplan/gpuplan/wasm/internal/text"

// The language is named on nearly every page (a Lang argument, Zh/En in
// tests), so package main names it by alias rather than writing text.Lang
// everywhere. It is the same type as wasm/internal/text's; everything else
// of that package is used as text.X. The pages' sentences are catalogue
// entries of shared/msg (site_*.txt), rendered with Lang.Msg().Text.
type Lang = text.Lang

// The two site languages (text.Zh, text.En).
const (
	Zh = text.Zh
	En = text.En
)
