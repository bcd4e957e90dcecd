package main

import "github.com/gpuplan/gpuplan/shared/msg"

// The language is named on nearly every page (a Lang argument, Zh/En in
// tests), so package main names shared/msg's Lang by alias. The pages'
// sentences are catalogue entries of shared/msg (site_*.txt), rendered
// with Lang.Text.
type Lang = msg.Lang

// The two site languages (msg.Zh, msg.En).
const (
	Zh = msg.Zh
	En = msg.En
)
