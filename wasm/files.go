package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/shared/planfile"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Files in and out of the page: the plan file (the one gpuverify reads), a
// Markdown summary, and importing a plan or a requirement sheet. Everything
// stays in the browser: a download is a blob: URL made here, an import is
// read with the File API.

// planJSON is the plan file exactly as plan.Encode writes it.
func planJSON(p *plan.Plan) ([]byte, error) {
	var b bytes.Buffer
	err := plan.Encode(&b, p)
	return b.Bytes(), err
}

// importSheet reads a plan file or a requirement sheet and returns its
// requirements, as gpuverify plan does: a plan file's schema says it is
// one; anything else is read as a sheet, which may leave "schema" out (the
// README's example does). Both are validated whole (ranges, bounded
// decimals) before anything is used.
func importSheet(data []byte) (plan.Requirements, error) {
	var head struct {
		Schema string `json:"schema"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return plan.Requirements{}, fmt.Errorf("not JSON: %w", err)
	}
	switch head.Schema {
	case "", planfile.RequirementsSchema:
		return plan.DecodeRequirements(bytes.NewReader(data))
	case planfile.Schema:
	default:
		return plan.Requirements{}, fielderr.Sentence("schema", "site.page.err_schema",
			msg.Text(strconv.Quote(planfile.Schema)), msg.Text(strconv.Quote(planfile.RequirementsSchema)), msg.Text(strconv.Quote(form.Clip(head.Schema))))
	}
	p, err := plan.Decode(bytes.NewReader(data))
	if err != nil {
		return plan.Requirements{}, err
	}
	return p.Requirements, nil
}

// download hands data to the browser as a file named name.
func download(name, mime string, data []byte) {
	if !app.IsClient {
		return
	}
	w := app.Window()
	arr := w.Get("Uint8Array").New(len(data))
	app.CopyBytesToJS(arr, data)
	blob := w.Get("Blob").New([]any{arr}, map[string]any{"type": mime})
	url := w.Get("URL").Call("createObjectURL", blob)
	doc := w.Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	a.Get("style").Set("display", "none")
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	// Revoking at once can cancel the download in some browsers.
	var revoke app.Func
	revoke = app.FuncOf(func(app.Value, []app.Value) any {
		w.Get("URL").Call("revokeObjectURL", url)
		revoke.Release()
		return nil
	})
	w.Call("setTimeout", revoke, 10000)
}

// errTooBig refuses a file over the reader's limit.
type errTooBig struct{ limit int }

func (e errTooBig) Error() string {
	return fmt.Sprintf("the file is larger than %d bytes", e.limit)
}

// readFirstFile reads the first file of an <input type=file> and calls done
// on the UI goroutine with its name and bytes; a file over limit bytes is
// refused unread. The input is cleared, so the same file can be chosen
// again.
func readFirstFile(ctx app.Context, limit int, done func(ctx app.Context, name string, data []byte, err error)) {
	input := ctx.JSSrc()
	files := input.Get("files")
	if files.IsUndefined() || files.IsNull() || files.Length() == 0 {
		return
	}
	file := files.Index(0)
	name := file.Get("name").String()
	readBrowserFile(ctx, file, limit, func(ctx app.Context, data []byte, err error) { done(ctx, name, data, err) })
	input.Set("value", "")
}

// readBrowserFile reads one browser File and calls done on the UI goroutine with
// its bytes; a file over limit bytes is refused unread.
func readBrowserFile(ctx app.Context, file app.Value, limit int, done func(ctx app.Context, data []byte, err error)) {
	if file.Get("size").Int() > limit {
		done(ctx, nil, errTooBig{limit})
		return
	}
	var then, fail app.Func
	release := func() { then.Release(); fail.Release() }
	then = app.FuncOf(func(_ app.Value, args []app.Value) any {
		u8 := app.Window().Get("Uint8Array").New(args[0])
		data := make([]byte, u8.Length())
		app.CopyBytesToGo(data, u8)
		ctx.Dispatch(func(ctx app.Context) { done(ctx, data, nil) })
		release()
		return nil
	})
	fail = app.FuncOf(func(_ app.Value, args []app.Value) any {
		msg := "the browser could not read it"
		if len(args) > 0 {
			msg = args[0].Call("toString").String()
		}
		ctx.Dispatch(func(ctx app.Context) { done(ctx, nil, errors.New(msg)) })
		release()
		return nil
	})
	file.Call("arrayBuffer").Call("then", then, fail)
}
