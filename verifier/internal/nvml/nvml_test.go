//go:build linux && cgo

package nvml

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	gonvml "github.com/NVIDIA/go-nvml/pkg/nvml"
	"github.com/NVIDIA/go-nvml/pkg/nvml/mock"
	"github.com/NVIDIA/go-nvml/pkg/nvml/mock/dgxa100"
	"github.com/NVIDIA/go-nvml/pkg/nvml/mock/dgxh100"
	"github.com/NVIDIA/go-nvml/pkg/nvml/mock/dgxh200"
	"github.com/NVIDIA/go-nvml/pkg/nvml/mock/server"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/planfile"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/facts"
)

// notSupported fills every nil func field of a moq mock (mock.Device and
// friends) with one that returns zero values and ERROR_NOT_SUPPORTED: the
// canned servers set only about 30 funcs, and an unset one panics
// ("method is nil").
func notSupported(m any) {
	v := reflect.ValueOf(m).Elem()
	for i := range v.NumField() {
		f := v.Field(i)
		if f.Kind() != reflect.Func || !f.IsNil() || !f.CanSet() {
			continue
		}
		ft := f.Type()
		f.Set(reflect.MakeFunc(ft, func([]reflect.Value) []reflect.Value {
			out := make([]reflect.Value, ft.NumOut())
			for j := range out {
				out[j] = reflect.Zero(ft.Out(j))
				if ft.Out(j) == reflect.TypeOf(gonvml.SUCCESS) {
					out[j] = reflect.ValueOf(gonvml.ERROR_NOT_SUPPORTED)
				}
			}
			return out
		}))
	}
}

// filled makes every device of a canned server safe to call, then applies
// edit to each.
func filled(s *server.Server, edit func(i int, d *server.Device)) *server.Server {
	for i, d := range s.Devices {
		dev := d.(*server.Device)
		if edit != nil {
			edit(i, dev)
		}
		notSupported(&dev.Device)
	}
	return s
}

// healthy sets what a healthy bare-metal H100 SXM node reports beyond the
// canned funcs: ECC on, no errors, Gen5 x16, clocks, power, 18 NVLinks to
// NVSwitches.
func healthy(_ int, d *server.Device) {
	d.GetEccModeFunc = func() (gonvml.EnableState, gonvml.EnableState, gonvml.Return) {
		return gonvml.FEATURE_ENABLED, gonvml.FEATURE_ENABLED, gonvml.SUCCESS
	}
	d.GetTotalEccErrorsFunc = func(gonvml.MemoryErrorType, gonvml.EccCounterType) (uint64, gonvml.Return) { return 0, gonvml.SUCCESS }
	d.GetRemappedRowsFunc = func() (int, int, bool, bool, gonvml.Return) { return 0, 0, false, false, gonvml.SUCCESS }
	gen := func() (int, gonvml.Return) { return 5, gonvml.SUCCESS }
	width := func() (int, gonvml.Return) { return 16, gonvml.SUCCESS }
	d.GetCurrPcieLinkGenerationFunc, d.GetMaxPcieLinkGenerationFunc, d.GetGpuMaxPcieLinkGenerationFunc = gen, gen, gen
	d.GetCurrPcieLinkWidthFunc, d.GetMaxPcieLinkWidthFunc = width, width
	d.GetMaxClockInfoFunc = func(t gonvml.ClockType) (uint32, gonvml.Return) {
		if t == gonvml.CLOCK_SM {
			return 1980, gonvml.SUCCESS
		}
		return 2619, gonvml.SUCCESS
	}
	d.GetPowerManagementDefaultLimitFunc = func() (uint32, gonvml.Return) { return 700000, gonvml.SUCCESS }
	d.GetEnforcedPowerLimitFunc = func() (uint32, gonvml.Return) { return 700000, gonvml.SUCCESS }
	d.GetCurrentClocksEventReasonsFunc = func() (uint64, gonvml.Return) { return 0x1, gonvml.SUCCESS }
	d.GetPersistenceModeFunc = func() (gonvml.EnableState, gonvml.Return) { return gonvml.FEATURE_ENABLED, gonvml.SUCCESS }
	d.GetVirtualizationModeFunc = func() (gonvml.GpuVirtualizationMode, gonvml.Return) {
		return gonvml.GPU_VIRTUALIZATION_MODE_NONE, gonvml.SUCCESS
	}
	d.GetNvLinkStateFunc = func(l int) (gonvml.EnableState, gonvml.Return) {
		if l >= 18 {
			return 0, gonvml.ERROR_INVALID_ARGUMENT
		}
		return gonvml.FEATURE_ENABLED, gonvml.SUCCESS
	}
	d.GetNvLinkVersionFunc = func(int) (uint32, gonvml.Return) { return uint32(gonvml.NVLINK_VERSION_4_0), gonvml.SUCCESS }
	d.GetNvLinkRemoteDeviceTypeFunc = func(int) (gonvml.IntNvLinkDeviceType, gonvml.Return) {
		return gonvml.NVLINK_DEVICE_TYPE_SWITCH, gonvml.SUCCESS
	}
	d.GetPciInfoFunc = func() (gonvml.PciInfo, gonvml.Return) {
		p := gonvml.PciInfo{PciDeviceId: d.Config.PciDeviceId, PciSubSystemId: 0x16C110DE}
		copy(p.BusId[:], cChars("0000"+d.PciBusID))
		return p, gonvml.SUCCESS
	}
}

func cChars(s string) []int8 {
	out := make([]int8, len(s))
	for i := range len(s) {
		out[i] = int8(s[i])
	}
	return out
}

func open(t *testing.T, lib Library) *Session {
	t.Helper()
	s, err := openLibrary(lib)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

func collect(t *testing.T, lib Library) *facts.Facts {
	t.Helper()
	f, err := open(t, lib).Facts(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return f
}

var h100Plan = planfile.Acceptance{
	GPUCount: 8, GPUIDs: []string{"h100-80g-sxm"}, MinMemoryMiB: 80000, Interconnect: "nvlink",
	MIG: "off", Virtualization: "bare-metal", MinPCIeWidth: 16, ECC: "on", MinDriver: "535.104.05",
}

// TestDGXH100 reads go-nvml's canned 8x H100 server and checks it against
// an H100 plan: everything passes.
func TestDGXH100(t *testing.T) {
	f := collect(t, filled(dgxh100.New(), healthy))
	if f.DriverVersion.Or("") != "550.54.15" || f.CUDADriverVersion.Or("") != "12.4" || f.AttachedGPUs.Or(0) != 8 || len(f.GPUs) != 8 {
		t.Fatalf("driver %s cuda %s attached %s gpus %d", f.DriverVersion, f.CUDADriverVersion, f.AttachedGPUs, len(f.GPUs))
	}
	g := f.GPUs[3]
	for name, got := range map[string]string{
		"name": g.Name.String(), "pci": g.PCIDeviceID.String(), "bus": g.BusID.String(),
		"arch": g.Architecture.String(), "brand": g.Brand.String(), "memory": g.MemoryTotalMiB.String(),
		"power": g.DefaultPowerLimitW.String(), "mig": g.MIG.String(), "virt": g.Virtualization.String(),
		"reasons": g.ClockEventReasons.String(),
	} {
		want := map[string]string{
			"name": "NVIDIA H100 80GB HBM3", "pci": "0x233010DE", "bus": "00000000:03:00.0",
			"arch": "Hopper", "brand": "NVIDIA", "memory": "81920",
			"power": "700", "mig": "disabled", "virt": "none", "reasons": "[idle]",
		}[name]
		if got != want {
			t.Errorf("%s = %q, want %q", name, got, want)
		}
	}
	links, _ := g.NVLinks.Get()
	if len(links) != 18 || links[0].Version.Or(0) != 4 || links[0].RemoteType.Or("") != "switch" {
		t.Errorf("NVLinks %d, first %+v", len(links), links[0])
	}
	if pairs, ok := f.Topology.Get(); !ok || len(pairs) != 28 || pairs[0].Link != "NV18" {
		t.Errorf("topology %s", f.Topology)
	}
	// The canned funcs give no _v2 memory: the reserved memory is read,
	// but as NOT_SUPPORTED.
	if g.MemoryReservedMiB.OK() || !strings.Contains(g.MemoryReservedMiB.Reason().String(), "NOT_SUPPORTED") {
		t.Errorf("reserved %s", g.MemoryReservedMiB)
	}
	for _, r := range acceptance.Check(h100Plan, f) {
		if r.Status == acceptance.Fail || r.Status == acceptance.Skip {
			t.Errorf("%s: %s: %s", r.ID, r.Status, r.Message)
		}
	}
}

// TestDGXH200 reads the canned H200 server. Its mock reports PCI id
// 0x233310DE and the name "NVIDIA H200 141GB HBM3e", where the real H200
// capture says 0x233510DE and "NVIDIA H200": the identity check names both.
func TestDGXH200(t *testing.T) {
	f := collect(t, filled(dgxh200.New(), nil))
	acc := planfile.Acceptance{GPUCount: 8, GPUIDs: []string{"h200-141g"}}
	var id acceptance.Result
	for _, r := range acceptance.Check(acc, f) {
		if r.ID == "gpu0/identity" {
			id = r
		}
	}
	if id.Status != acceptance.Fail || !strings.Contains(id.Message, "PCI device id 0x233310DE") || !strings.Contains(id.Message, "name NVIDIA H200 141GB HBM3e") {
		t.Errorf("identity %s: %s", id.Status, id.Message)
	}
	if strings.Contains(id.Message, "memory") {
		t.Errorf("memory 144384 MiB is within 7%% of 143771 MiB, yet blamed: %s", id.Message)
	}
}

// TestDGXA100 reads the canned A100 server with every optional func unset:
// each fact is unavailable with NVML's reason, nothing panics.
func TestDGXA100(t *testing.T) {
	f := collect(t, filled(dgxa100.New(), nil))
	g := f.GPUs[0]
	if g.Name.Or("") != "Mock NVIDIA A100-SXM4-40GB" || g.MemoryTotalMiB.Or(0) != 40960 {
		t.Errorf("name %s memory %s", g.Name, g.MemoryTotalMiB)
	}
	if g.ECCMode.OK() || !strings.Contains(g.ECCMode.Reason().String(), "NOT_SUPPORTED") {
		t.Errorf("ECC %s", g.ECCMode)
	}
	// NOT_SUPPORTED on link 0: no NVLink.
	if l, ok := g.NVLinks.Get(); !ok || len(l) != 0 {
		t.Errorf("NVLinks %s", g.NVLinks)
	}
	if f.Topology.OK() {
		t.Errorf("topology %s, want unavailable (common ancestor not supported)", f.Topology)
	}
}

// restrict hides symbols from a server's LookupSymbol, as an older driver
// would.
func restrict(s *server.Server, hidden ...string) *server.Server {
	s.LookupSymbolFunc = func(name string) error {
		for _, h := range hidden {
			if h == name {
				return errors.New("undefined symbol: " + name)
			}
		}
		return nil
	}
	return s
}

// TestMissingSymbols: functions newer than the driver are not called (the
// mock funcs left nil would panic if they were) and fall back or become
// unavailable with the reason.
func TestMissingSymbols(t *testing.T) {
	s := dgxh100.New()
	for _, d := range s.Devices {
		dev := d.(*server.Device)
		healthy(0, dev)
		dev.GetCurrentClocksEventReasonsFunc = nil // R535: must not be called
		dev.GetCurrentClocksThrottleReasonsFunc = func() (uint64, gonvml.Return) { return 0x8, gonvml.SUCCESS }
		dev.GetRemappedRowsFunc = nil
		dev.GetGpuMaxPcieLinkGenerationFunc = nil
		notSupported(&dev.Device)
		dev.GetCurrentClocksEventReasonsFunc = nil
		dev.GetRemappedRowsFunc = nil
		dev.GetGpuMaxPcieLinkGenerationFunc = nil
		dev.GetMemoryInfo_v2Func = nil
	}
	restrict(s, "nvmlDeviceGetCurrentClocksEventReasons", "nvmlDeviceGetRemappedRows",
		"nvmlDeviceGetGpuMaxPcieLinkGeneration", "nvmlDeviceGetMemoryInfo_v2")
	f := collect(t, s)
	g := f.GPUs[0]
	if r, _ := g.ClockEventReasons.Get(); len(r) != 1 || r[0] != facts.ReasonHWSlowdown {
		t.Errorf("reasons from the throttle call: %s", g.ClockEventReasons)
	}
	if g.MemoryTotalMiB.Or(0) != 81920 {
		t.Errorf("memory from the v1 call: %s", g.MemoryTotalMiB)
	}
	for name, v := range map[string]interface{ Reason() msg.M }{
		"remapped rows": g.RemappedRows.Pending, "GPU max gen": g.PCIe.GenDeviceMax,
	} {
		if !strings.Contains(v.Reason().String(), "has no nvmlDevice") {
			t.Errorf("%s: reason %q", name, v.Reason().String())
		}
	}
	if r := g.MemoryReservedMiB.Reason(); r.In(msg.Zh) != "需要 nvmlDeviceGetMemoryInfo_v2（驱动 R510 或更新版本）" || !strings.Contains(r.String(), "R510") {
		t.Errorf("reserved: %s / %s", r, r.In(msg.Zh))
	}
}

// TestGPULost: a GPU whose handle or calls fail with ERROR_GPU_IS_LOST is
// listed with the reason on its facts and fails the acceptance check; the
// others are read as usual.
func TestGPULost(t *testing.T) {
	s := filled(dgxh100.New(), func(i int, d *server.Device) {
		healthy(i, d)
		if i == 5 {
			d.GetNameFunc = func() (string, gonvml.Return) { return "", gonvml.ERROR_GPU_IS_LOST }
		}
	})
	get := s.DeviceGetHandleByIndexFunc
	s.DeviceGetHandleByIndexFunc = func(i int) (gonvml.Device, gonvml.Return) {
		if i == 2 {
			return nil, gonvml.ERROR_GPU_IS_LOST
		}
		return get(i)
	}
	f := collect(t, s)
	if len(f.GPUs) != 8 {
		t.Fatalf("%d GPUs listed, want all 8", len(f.GPUs))
	}
	if f.GPUs[2].Name.OK() || !strings.Contains(f.GPUs[2].MemoryTotalMiB.Reason().String(), "GPU is lost") {
		t.Errorf("GPU 2: name %s, memory %s", f.GPUs[2].Name, f.GPUs[2].MemoryTotalMiB)
	}
	failed := map[string]bool{}
	for _, r := range acceptance.Check(h100Plan, f) {
		if r.Status == acceptance.Fail {
			failed[r.ID] = true
		}
	}
	if !failed["gpu2/reachable"] || !failed["gpu5/reachable"] || failed["gpu0/identity"] {
		t.Errorf("failed checks %v", failed)
	}
}

// TestInitFails: after a failed Init nothing else is called (every other
// mock func is nil and would panic), and the error says what to do.
func TestInitFails(t *testing.T) {
	for ret, words := range map[gonvml.Return]string{
		gonvml.ERROR_LIBRARY_NOT_FOUND:       "install the NVIDIA driver",
		gonvml.ERROR_DRIVER_NOT_LOADED:       "kernel driver is not loaded",
		gonvml.ERROR_NO_PERMISSION:           "as root",
		gonvml.ERROR_LIB_RM_VERSION_MISMATCH: "reboot",
		gonvml.ERROR_UNKNOWN:                 "ERROR_UNKNOWN",
	} {
		lib := &mock.Interface{InitFunc: func() gonvml.Return { return ret }}
		_, err := openLibrary(lib)
		if err == nil || !strings.Contains(err.Error(), words) {
			t.Errorf("%s: %v", retName(ret), err)
		}
		if len(lib.InitCalls()) != 1 || len(lib.ShutdownCalls()) != 0 {
			t.Errorf("%s: Init called %d times, Shutdown %d", retName(ret), len(lib.InitCalls()), len(lib.ShutdownCalls()))
		}
	}
	if _, err := openLibrary(&mock.Interface{InitFunc: func() gonvml.Return { return gonvml.ERROR_LIBRARY_NOT_FOUND }}); !errors.Is(err, ErrNoLibrary) {
		t.Errorf("missing library: %v is not ErrNoLibrary", err)
	}
}

func TestSample(t *testing.T) {
	s := open(t, filled(dgxh100.New(), func(i int, d *server.Device) {
		d.GetUtilizationRatesFunc = func() (gonvml.Utilization, gonvml.Return) {
			return gonvml.Utilization{Gpu: uint32(10 * i), Memory: 5}, gonvml.SUCCESS
		}
		d.GetPowerUsageFunc = func() (uint32, gonvml.Return) { return 412345, gonvml.SUCCESS }
		d.GetClockInfoFunc = func(gonvml.ClockType) (uint32, gonvml.Return) { return 1755, gonvml.SUCCESS }
		d.GetCurrentClocksEventReasonsFunc = func() (uint64, gonvml.Return) { return 0x4, gonvml.SUCCESS }
		if i == 7 {
			d.GetUtilizationRatesFunc = func() (gonvml.Utilization, gonvml.Return) { return gonvml.Utilization{}, gonvml.ERROR_GPU_IS_LOST }
		}
	}))
	rs, err := s.Sample()
	if err != nil || len(rs) != 8 {
		t.Fatalf("%d readings, %v", len(rs), err)
	}
	r := rs[3]
	if r.UtilGPUPct.Or(-1) != 30 || r.PowerW.Or(0) != 412.345 || r.SMClockMHz.Or(0) != 1755 || r.MemoryUsedMiB.Or(-1) != 0 {
		t.Errorf("reading %+v", r)
	}
	if reasons, _ := r.ClockReasons.Get(); len(reasons) != 1 || reasons[0] != facts.ReasonSWPowerCap {
		t.Errorf("reasons %s", r.ClockReasons)
	}
	if rs[7].UtilGPUPct.OK() || !strings.Contains(rs[7].UtilGPUPct.Reason().String(), "GPU is lost") {
		t.Errorf("lost GPU reading %s", rs[7].UtilGPUPct)
	}
}

func TestNormBus(t *testing.T) {
	for in, want := range map[string]string{
		"0000:18:00.0":     "00000000:18:00.0",
		"00000000:9a:00.0": "00000000:9A:00.0",
		"00000001:18:00.0": "00000001:18:00.0",
		"odd":              "ODD",
	} {
		if got := normBus(in); got != want {
			t.Errorf("normBus(%q) = %q, want %q", in, got, want)
		}
	}
}
