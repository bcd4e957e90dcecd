//go:build linux && cgo

package nvml

import (
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	gonvml "github.com/NVIDIA/go-nvml/pkg/nvml"
)

// mutating matches the NVML calls that change a GPU: setters, resets,
// clears, and creating or destroying instances.
var mutating = regexp.MustCompile(`^(Device|Unit|System|Vgpu|VgpuInstance|GpuInstance|ComputeInstance|Gpm)?(Set|Reset|Clear|Create|Destroy|Modify|Remove)[A-Z_]`)

// mutatingNames lists the go-nvml methods that change state, read from the
// go-nvml interfaces themselves so a new setter in go-nvml is covered too.
func mutatingNames() []string {
	var names []string
	for _, typ := range []reflect.Type{
		reflect.TypeFor[gonvml.Interface](), reflect.TypeFor[gonvml.Device](),
		reflect.TypeFor[gonvml.GpuInstance](), reflect.TypeFor[gonvml.ComputeInstance](),
		reflect.TypeFor[gonvml.Unit](), reflect.TypeFor[gonvml.VgpuInstance](),
	} {
		for i := range typ.NumMethod() {
			if n := typ.Method(i).Name; mutating.MatchString(n) {
				names = append(names, n)
			}
		}
	}
	return names
}

// setterCalls returns "name" for each call of a mutating NVML method in src,
// and the C symbols of NVML setters a C file defines or calls.
func setterCalls(src string, names []string) []string {
	var found []string
	for _, n := range names {
		if strings.Contains(src, "."+n+"(") {
			found = append(found, n)
		}
	}
	for _, m := range regexp.MustCompile(`\bnvml(Device|Unit|System|Vgpu|GpuInstance|ComputeInstance)?(Set|Reset|Clear|Create|Destroy|Modify|Remove)\w*`).FindAllString(src, -1) {
		found = append(found, m)
	}
	return found
}

// TestNoSetters: gpuverify only reads. No file under verifier/ (Go or the
// C of the fake library) calls an NVML setter, reset or clear.
func TestNoSetters(t *testing.T) {
	names := mutatingNames()
	if len(names) < 40 {
		t.Fatalf("only %d mutating go-nvml methods found: the pattern is broken", len(names))
	}
	for _, must := range []string{"SetPowerManagementLimit", "DeviceResetGpuLockedClocks", "ClearEccErrorCounts", "SetPersistenceMode", "SetMigMode"} {
		if !contains(names, must) {
			t.Errorf("%s is not seen as mutating", must)
		}
	}
	// The scanner itself must catch a setter and pass a reader.
	if got := setterCalls(`d.SetPowerManagementLimit(100); nvml.DeviceResetGpuLockedClocks(d); nvmlDeviceSetPersistenceMode(h, 1)`, names); len(got) != 3 {
		t.Errorf("scanner found %v in a snippet with three setters", got)
	}
	if got := setterCalls(`fs.SetOutput(w); d.GetEccMode(); d.SetMigModeFunc = nil`, names); len(got) != 0 {
		t.Errorf("scanner flags harmless code: %v", got)
	}
	root := filepath.Join("..", "..")
	scanned := 0
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || filepath.Base(path) == "readonly_test.go" {
			return err
		}
		if !strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, ".c") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		scanned++
		if calls := setterCalls(string(data), names); len(calls) > 0 {
			t.Errorf("%s calls NVML setters: %v (gpuverify must only read)", path, calls)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if scanned < 10 {
		t.Errorf("only %d files scanned under %s", scanned, root)
	}
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}
