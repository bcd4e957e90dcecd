package main

import "github.com/gpuplan/gpuplan/wasm/internal/text"

// The language and its message table are named on nearly every page (a
// Lang argument, a *Messages parameter, Zh/En in tests: over 500 uses in
// 43 files), so package main names them by alias rather than writing
// text.Lang everywhere. They are the same types as wasm/internal/text's;
// everything else of that package is used as text.X.
type (
	// Lang is text.Lang, the page's language.
	Lang = text.Lang
	// Messages is text.Messages, the site chrome's sentences.
	Messages = text.Messages
)

// The two site languages (text.Zh, text.En).
const (
	Zh = text.Zh
	En = text.En
)
