// Package form is the planner's input without the browser: the field specs
// of the requirement sheet (Spec, Parse, the field lists), the field error,
// the typed Input and the page State, the procurement sections with their
// editing API (Procurement, Draft, BuildSection), the saved-state format
// (State.Saved, LoadSaved, LoadState), the share link's fragment
// (State.ShareFragment, DecodeShare, LoadLink) and the Outcome that
// plan.Build gives for an Input. It imports no go-app and no syscall/js
// (TestNoGoApp), so all of it is tested with plain `go test`; package main
// holds the pages, browser storage and the address bar.
package form
