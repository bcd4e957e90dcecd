//go:build !wasm

package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/wasm/internal/form"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// TestNewerStorageNeverWritten: a page that found storage of a newer
// version writes nothing to it, edits included.
func TestNewerStorageNeverWritten(t *testing.T) {
	newer := `{"v":3,"input":{"hours_per_day":"14"}}`
	mem := memStore{storageKey: newer}
	useStore(t, mem)
	e, h := loadPlanner(t)
	if !strings.Contains(app.HTMLString(h), `id="storage-locked"`) {
		t.Error("no notice about the newer version")
	}
	h.ctx.Dispatch(func(ctx app.Context) { h.setField(ctx, routeByID(routePlanner), "concurrency", "8") })
	e.ConsumeAll()
	if mem[storageKey] != newer {
		t.Errorf("storage of a newer version was written: %s", mem[storageKey])
	}
	if !strings.Contains(app.HTMLString(h), "更新版本") {
		t.Error("no notice about the newer version")
	}
}

// TestImportOverSavedWorkAsks: an import over saved work is shown but not
// saved until kept; going back restores the saved sheet; keeping it saves
// it with a backup, and Undo restores the saved state exactly: saved work
// is never lost.
func TestImportOverSavedWorkAsks(t *testing.T) {
	before := form.State{Lang: Zh, Input: in("concurrency", "8"), Proc: goldenProcurement(t)}.Saved()
	mem := memStore{storageKey: before}
	useStore(t, mem)
	e, h := loadPlanner(t)
	r := routeByID(routePlanner)
	file, err := os.ReadFile("../shared/plan/testdata/lora-7b.plan.json")
	if err != nil {
		t.Fatal(err)
	}
	h.ctx.Dispatch(func(ctx app.Context) { h.applyImport(ctx, "lora-7b.plan.json", file, nil) })
	e.ConsumeAll()
	if h.pending == nil || h.st.Input.Get("workload") != "lora" || mem[storageKey] != before {
		t.Fatalf("pending %v, workload %q, storage changed %v", h.pending != nil, h.st.Input.Get("workload"), mem[storageKey] != before)
	}
	if h.st.Proc == nil {
		t.Error("a plan file without sections dropped the saved ones")
	}
	html := app.HTMLString(h)
	for _, want := range []string{`id="replace-ask"`, "lora-7b.plan.json 中的需求表与本浏览器中保存的不同", `id="replace-keep-new"`, `id="replace-keep-saved"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	// An edit while asking is not saved either.
	h.ctx.Dispatch(func(ctx app.Context) { h.setField(ctx, r, "concurrency", "2") })
	e.ConsumeAll()
	if mem[storageKey] != before {
		t.Error("an edit while asking was saved")
	}

	h.ctx.Dispatch(func(ctx app.Context) { h.keepSaved(r)(ctx, app.Event{}) })
	e.ConsumeAll()
	if h.pending != nil || h.st.Input.Get("concurrency") != "8" || h.st.Saved() != before {
		t.Errorf("going back: pending %v, state %s", h.pending != nil, h.st.Saved())
	}

	h.ctx.Dispatch(func(ctx app.Context) { h.applyImport(ctx, "lora-7b.plan.json", file, nil) })
	e.ConsumeAll()
	h.ctx.Dispatch(func(ctx app.Context) { h.keepNew(r)(ctx, app.Event{}) })
	e.ConsumeAll()
	if !strings.Contains(mem[storageKey], `"workload":"lora"`) || mem[backupKey] != before {
		t.Errorf("keeping: storage %.60s…, backup is the old state %v", mem[storageKey], mem[backupKey] == before)
	}
	if !strings.Contains(app.HTMLString(h), `id="undo"`) {
		t.Error("no Undo after a replacement")
	}
	h.ctx.Dispatch(func(ctx app.Context) { h.undoReplace(r)(ctx, app.Event{}) })
	e.ConsumeAll()
	if mem[storageKey] != before || h.st.Saved() != before {
		t.Errorf("undo did not restore the saved state: %.80s", mem[storageKey])
	}
}

// TestImportKeepsSectionsAndChangesNothingOnFailure: a plain sheet (without
// "schema", as the README writes it) keeps the saved procurement sections;
// a file that fails validation, or holds a value the form cannot hold,
// changes nothing.
func TestImportKeepsSectionsAndChangesNothingOnFailure(t *testing.T) {
	mem := memStore{}
	useStore(t, mem)
	e, h := loadPlanner(t)
	proc, err := os.ReadFile("../shared/plan/testdata/procurement.plan.json")
	if err != nil {
		t.Fatal(err)
	}
	h.ctx.Dispatch(func(ctx app.Context) { h.applyImport(ctx, "procurement.plan.json", proc, nil) })
	e.ConsumeAll()
	if h.st.Proc == nil || h.pending != nil {
		t.Fatalf("first import: sections %v pending %v", h.st.Proc != nil, h.pending != nil)
	}
	saved := mem[storageKey]
	sheet := []byte(`{"workload":"lora","model":{"preset":"qwen2.5-7b"},"concurrency":4}`)
	h.ctx.Dispatch(func(ctx app.Context) { h.applyImport(ctx, "sheet.json", sheet, nil) })
	e.ConsumeAll()
	if h.st.Proc == nil || len(h.st.Proc.Names()) != 7 || h.st.Input.Get("workload") != "lora" {
		t.Errorf("a plain sheet: sections %v, workload %q", h.st.Proc.Names(), h.st.Input.Get("workload"))
	}
	h.ctx.Dispatch(func(ctx app.Context) { h.keepSaved(routeByID(routePlanner))(ctx, app.Event{}) })
	e.ConsumeAll()

	before := h.st.Saved()
	for name, bad := range map[string]string{
		"gpu count":  strings.Replace(string(proc), `"count": 2,`, `"count": -5,`, 1),
		"exponent":   `{"workload":"lora","model":{"params_b":7},"storage_tb":"1e1000000000"}`,
		"form":       `{"workload":"lora","model":{"params_b":7},"cost":{"items":{"egress":"1.00000000000001"}}}`,
		"not a plan": `{"schema":"gpuplan.plan/v9"}`,
	} {
		h.ctx.Dispatch(func(ctx app.Context) { h.applyImport(ctx, name+".json", []byte(bad), nil) })
		e.ConsumeAll()
		if !h.importErr || h.st.Saved() != before || mem[storageKey] != saved || h.pending != nil {
			t.Errorf("%s: error shown %v (%q), state changed %v, storage changed %v", name, h.importErr, h.imported,
				h.st.Saved() != before, mem[storageKey] != saved)
		}
	}
	if again, _ := h.exportData(planJSON); !bytes.Contains(again, []byte(`"procurement"`)) {
		t.Error("the sections were lost")
	}
}
