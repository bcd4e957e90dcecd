package facts

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// want fails the test unless v is known and equal to w.
func want[T comparable](t *testing.T, what string, v Value[T], w T) {
	t.Helper()
	got, ok := v.Get()
	if !ok {
		t.Errorf("%s: unavailable (%s), want %v", what, v.Reason(), w)
		return
	}
	if got != w {
		t.Errorf("%s = %v, want %v", what, got, w)
	}
}

// wantUnavailable fails the test unless v is unavailable with a reason
// containing reason.
func wantUnavailable[T any](t *testing.T, what string, v Value[T], reason string) {
	t.Helper()
	if v.OK() {
		t.Errorf("%s = %v, want unavailable (%s)", what, v, reason)
		return
	}
	if !strings.Contains(v.Reason().String(), reason) {
		t.Errorf("%s: reason %q, want it to contain %q", what, v.Reason().String(), reason)
	}
}

// wantList fails the test unless v is the known list w.
func wantList[T any](t *testing.T, what string, v Value[[]T], w []T) {
	t.Helper()
	got, ok := v.Get()
	if !ok {
		t.Errorf("%s: unavailable (%s), want %v", what, v.Reason(), w)
		return
	}
	if !reflect.DeepEqual(got, w) {
		t.Errorf("%s = %v, want %v", what, got, w)
	}
}

// parseFixture parses testdata/name with Parse and checks the source.
func parseFixture(t *testing.T, name string, source Source) *Facts {
	t.Helper()
	f, err := Parse(fixture(t, name))
	if err != nil {
		t.Fatalf("Parse(%s): %v", name, err)
	}
	if f.Source != source {
		t.Fatalf("Source = %q, want %q", f.Source, source)
	}
	return f
}

// wantGPUs fails the test unless f has n GPUs.
func wantGPUs(t *testing.T, f *Facts, n int) {
	t.Helper()
	if len(f.GPUs) != n {
		t.Fatalf("%d GPUs, want %d", len(f.GPUs), n)
	}
}

// TestH100PassThrough: 8x H100 SXM in a VM, nvidia-smi -q (81559 MiB,
// 700 W, PCIe Gen5 x16; rule A1: model, memory and driver).
func TestH100PassThrough(t *testing.T) {
	f := parseFixture(t, "gpud__nvidia-smi-query.535.183.01.out.0.valid", SourceText)
	wantGPUs(t, f, 8)
	want(t, "driver_version", f.DriverVersion, "535.183.01")
	want(t, "cuda_driver_version", f.CUDADriverVersion, "12.2")
	want(t, "attached_gpus", f.AttachedGPUs, 8)
	want(t, "timestamp", f.Timestamp, "Fri Jun 21 02:03:08 2024")
	if len(f.Problems) != 0 {
		t.Errorf("Problems = %q, want none", f.Problems)
	}
	for _, g := range f.GPUs {
		want(t, "name", g.Name, "NVIDIA H100 80GB HBM3")
		want(t, "memory_total_mib", g.MemoryTotalMiB, 81559)
		want(t, "memory_reserved_mib", g.MemoryReservedMiB, 551)
		want(t, "pci_device_id", g.PCIDeviceID, "0x233010DE")
		want(t, "virtualization", g.Virtualization, VirtPassthrough)
		want(t, "mig", g.MIG, Disabled)
		want(t, "architecture", g.Architecture, "Hopper")
		want(t, "pcie.gen_max", g.PCIe.GenMax, 5)
		want(t, "pcie.width_current", g.PCIe.WidthCurrent, 16)
		want(t, "default_power_limit_w", g.DefaultPowerLimitW, 700)
		want(t, "max_sm_clock_mhz", g.MaxSMClockMHz, 1980)
		want(t, "ecc_mode", g.ECCMode, Enabled)
		want(t, "ecc_uncorrectable_aggregate", g.ECCUncorrectableAggregate, 0)
		wantUnavailable(t, "pcie.gen_host_max", g.PCIe.GenHostMax, `nvidia-smi says "N/A"`)
		wantUnavailable(t, "nvlinks", g.NVLinks, "not in the nvidia-smi -q output")
	}
	want(t, "bus_id", f.GPUs[5].BusID, "00000000:A8:00.0")
	// GPU 2 is the one power- and thermal-limited GPU of the box.
	wantList(t, "GPU 2 clock_event_reasons", f.GPUs[2].ClockEventReasons,
		[]string{ReasonSWPowerCap, ReasonSWThermalSlowdown, ReasonHWPowerBrakeSlowdown})
	wantList(t, "GPU 0 clock_event_reasons", f.GPUs[0].ClockEventReasons, []string{ReasonIdle})
	wantUnavailable(t, "topology", f.Topology, "nvidia-smi topo -m")
	wantUnavailable(t, "host.hostname", f.Host.Hostname, "not in nvidia-smi output")
}

// TestTruncatedText: the header says 8 GPUs, the body holds one GPU cut in
// its clock reasons (gpud's truncated capture).
func TestTruncatedText(t *testing.T) {
	f := parseFixture(t, "gpud__nvidia-smi-query.535.183.01.out.0.invalid", SourceText)
	wantGPUs(t, f, 1)
	want(t, "attached_gpus", f.AttachedGPUs, 8)
	if !slices.Contains(f.Problems, "header says 8 GPUs, body has 1: output truncated?") {
		t.Errorf("Problems = %q, want the truncation noted", f.Problems)
	}
	if !slices.Contains(f.Problems, `GPU 0: unknown clock event reason "Invalid HW Slowdown"`) {
		t.Errorf("Problems = %q, want the unknown reason noted", f.Problems)
	}
	g := f.GPUs[0]
	want(t, "name", g.Name, "NVIDIA H100 80GB HBM3")
	want(t, "pci_device_id", g.PCIDeviceID, "0x233010DE")
	wantUnavailable(t, "memory_total_mib", g.MemoryTotalMiB, "not in the nvidia-smi -q output")
	wantUnavailable(t, "default_power_limit_w", g.DefaultPowerLimitW, "not in the nvidia-smi -q output")
}

// TestRTX4090Box: 8x RTX 4090 (the PCIe generation drops to
// Gen1 at idle; judge gen under load or against the max).
func TestRTX4090Box(t *testing.T) {
	f := parseFixture(t, "gpud__nvidia-smi-query.535.154.05.out.0.valid.4090", SourceText)
	wantGPUs(t, f, 8)
	g := f.GPUs[0]
	want(t, "name", g.Name, "NVIDIA GeForce RTX 4090")
	want(t, "pci_device_id", g.PCIDeviceID, "0x268410DE")
	want(t, "pcie.gen_current", g.PCIe.GenCurrent, 1)
	want(t, "pcie.gen_max", g.PCIe.GenMax, 4)
	want(t, "pcie.gen_host_max", g.PCIe.GenHostMax, 5)
	want(t, "memory_total_mib", g.MemoryTotalMiB, 24564)
	want(t, "default_power_limit_w", g.DefaultPowerLimitW, 450)
	want(t, "ecc_mode", g.ECCMode, Disabled)
	want(t, "virtualization", g.Virtualization, VirtNone)
	wantUnavailable(t, "ecc_uncorrectable_volatile", g.ECCUncorrectableVolatile, `nvidia-smi says "N/A"`)
	wantUnavailable(t, "mig", g.MIG, `nvidia-smi says "N/A"`)
}

// TestA10RemappedRows: an A10 with 4 uncorrectable remapped rows pending
// (gpud's capture).
func TestA10RemappedRows(t *testing.T) {
	f := parseFixture(t, "gpud__nvidia-smi-query.535.129.03.out.0.valid.a10", SourceText)
	wantGPUs(t, f, 1)
	rr := f.GPUs[0].RemappedRows
	want(t, "remapped_rows.pending", rr.Pending, true)
	want(t, "remapped_rows.uncorrectable", rr.Uncorrectable, 4)
	want(t, "remapped_rows.correctable", rr.Correctable, 0)
	want(t, "remapped_rows.failure", rr.Failure, false)
	want(t, "pci_device_id", f.GPUs[0].PCIDeviceID, "0x223610DE")
	want(t, "virtualization", f.GPUs[0].Virtualization, VirtPassthrough)
}

// TestTitanVOldECCLayout: ECC counters under "Single Bit"/"Double Bit" and
// "Remapped Rows : N/A" on one line.
func TestTitanVOldECCLayout(t *testing.T) {
	f := parseFixture(t, "gpud__nvidia-smi-query.560.35.03.out.0.valid", SourceText)
	g := f.GPUs[0]
	want(t, "architecture", g.Architecture, "Volta")
	wantUnavailable(t, "remapped_rows.pending", g.RemappedRows.Pending, `nvidia-smi says "N/A"`)
	wantUnavailable(t, "ecc_uncorrectable_aggregate", g.ECCUncorrectableAggregate, `nvidia-smi says "N/A"`)
	want(t, "max_memory_clock_mhz", g.MaxMemoryClockMHz, 850)
}

// TestH100Capture: the exporter bundle; the -q section is read and the
// --version and nvlink -s sections fill what -q lacks.
func TestH100Capture(t *testing.T) {
	f := parseFixture(t, "nvidia_gpu_exporter__linux-x86_64__nvidia-h100-80gb-hbm3__590.48.01.txt", SourceText)
	wantGPUs(t, f, 1)
	if !strings.Contains(f.SourceDetail, "idle :: query (-q)") {
		t.Errorf("SourceDetail = %q, want it to name the section read", f.SourceDetail)
	}
	want(t, "nvml_version", f.NVMLVersion, "590.48")
	want(t, "cuda_driver_version", f.CUDADriverVersion, "13.1")
	g := f.GPUs[0]
	want(t, "memory_total_mib", g.MemoryTotalMiB, 81559)
	want(t, "memory_reserved_mib", g.MemoryReservedMiB, 479)
	want(t, "mig", g.MIG, Disabled)
	links, ok := g.NVLinks.Get()
	if !ok || len(links) != 18 {
		t.Fatalf("nvlinks = %v, want 18 links", g.NVLinks)
	}
	for _, l := range links {
		if l.State != LinkActive {
			t.Errorf("link %d state %q, want active", l.Link, l.State)
		}
		want(t, "speed_gbps", l.SpeedGBps, 26.562)
	}
}

// TestMIGCaptures: MIG enabled; the devices come from -q and their
// profiles and UUIDs from -L.
func TestMIGCaptures(t *testing.T) {
	tests := []struct {
		file     string
		name     string
		profiles []string
		gi       []int
		memory   int64 // of device 0
	}{
		{"nvidia_gpu_exporter__linux-x86_64__nvidia-h100-mig__590.48.01.txt", "NVIDIA H100 80GB HBM3",
			[]string{"3g.40gb", "2g.20gb", "1g.10gb", "1g.10gb"}, []int{2, 3, 9, 10}, 40448},
		{"nvidia_gpu_exporter__linux-x86_64__nvidia-h200-mig__590.48.01.txt", "NVIDIA H200",
			[]string{"1c.3g.71gb", "2c.3g.71gb", "2g.35gb", "1g.18gb", "1g.18gb"}, []int{2, 2, 3, 9, 10}, 71424},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := parseFixture(t, tt.file, SourceText)
			g := f.GPUs[0]
			want(t, "name", g.Name, tt.name)
			want(t, "mig", g.MIG, Enabled)
			want(t, "mig_pending", g.MIGPending, Enabled)
			wantUnavailable(t, "nvlinks", g.NVLinks, "not supported for Devices in MIG mode")
			wantUnavailable(t, "utilization_gpu_pct", g.UtilizationGPUPct, `nvidia-smi says "N/A"`)
			devices, _ := g.MIGDevices.Get()
			if len(devices) != len(tt.profiles) {
				t.Fatalf("%d MIG devices, want %d", len(devices), len(tt.profiles))
			}
			for i, d := range devices {
				want(t, "profile", d.Profile, tt.profiles[i])
				want(t, "gpu_instance_id", d.GPUInstanceID, tt.gi[i])
				if !strings.HasPrefix(d.UUID.Or(""), "MIG-") {
					t.Errorf("device %d uuid = %v, want MIG-...", i, d.UUID)
				}
			}
			want(t, "device 0 memory_mib", devices[0].MemoryMiB, tt.memory)
		})
	}
}

// TestL40SCapture: a cloud L40S with ECC on and no NVLink.
func TestL40SCapture(t *testing.T) {
	f := parseFixture(t, "nvidia_gpu_exporter__linux-x86_64__nvidia-l40s__595.80.txt", SourceText)
	g := f.GPUs[0]
	want(t, "pci_device_id", g.PCIDeviceID, "0x26B910DE")
	want(t, "memory_total_mib", g.MemoryTotalMiB, 46068)
	want(t, "ecc_mode", g.ECCMode, Enabled)
	want(t, "virtualization", g.Virtualization, VirtPassthrough)
	want(t, "max_sm_clock_mhz", g.MaxSMClockMHz, 2520)
	wantList(t, "nvlinks", g.NVLinks, []NVLink{})
	wantList(t, "clock_event_reasons", g.ClockEventReasons, []string{})
}

// TestXMLFixtures checks key values of the XML schemas v9 to v13
// (the reported values of each SKU, and the faulty captures).
func TestXMLFixtures(t *testing.T) {
	t.Run("a100 v12 trimmed, MIG", func(t *testing.T) {
		f := parseFixture(t, "telegraf__a100-sxm4-v12.xml", SourceXML)
		wantGPUs(t, f, 1)
		want(t, "attached_gpus", f.AttachedGPUs, 4)
		if !slices.Contains(f.Problems, "header says 4 GPUs, body has 1: output truncated?") {
			t.Errorf("Problems = %q", f.Problems)
		}
		g := f.GPUs[0]
		want(t, "pci_device_id", g.PCIDeviceID, "0x20B210DE")
		want(t, "memory_total_mib", g.MemoryTotalMiB, 81920)
		want(t, "mig", g.MIG, Enabled)
		wantUnavailable(t, "remapped_rows.pending", g.RemappedRows.Pending, `nvidia-smi says "N/A"`)
		devices, _ := g.MIGDevices.Get()
		if len(devices) != 4 {
			t.Fatalf("%d MIG devices, want 4", len(devices))
		}
		want(t, "device 3 memory", devices[3].MemoryMiB, 19968)
		want(t, "device 3 sm_count", devices[3].SMCount, 14)
		wantUnavailable(t, "device 3 profile", devices[3].Profile, "nvidia-smi -L")
	})
	t.Run("a10g x8 link in a VM", func(t *testing.T) {
		g := parseFixture(t, "telegraf__a10g.xml", SourceXML).GPUs[0]
		want(t, "pci_device_id", g.PCIDeviceID, "0x000000DE") // masked upstream, kept as given
		want(t, "pcie.width_current", g.PCIe.WidthCurrent, 8)
		want(t, "pcie.width_max", g.PCIe.WidthMax, 16)
		want(t, "virtualization", g.Virtualization, VirtPassthrough)
		want(t, "default_power_limit_w", g.DefaultPowerLimitW, 300)
	})
	t.Run("tesla t4", func(t *testing.T) {
		g := parseFixture(t, "telegraf__tesla-t4.xml", SourceXML).GPUs[0]
		want(t, "pci_device_id", g.PCIDeviceID, "0x1EB810DE")
		want(t, "memory_total_mib", g.MemoryTotalMiB, 15360)
		want(t, "default_power_limit_w", g.DefaultPowerLimitW, 70)
		want(t, "retired_pages.pending", g.RetiredPages.Pending, false)
	})
	t.Run("grid p4 vgpu guest", func(t *testing.T) {
		g := parseFixture(t, "telegraf__tesla_p4.xml", SourceXML).GPUs[0]
		want(t, "name", g.Name, "GRID P4-1Q")
		want(t, "virtualization", g.Virtualization, VirtVGPU)
		want(t, "vbios_version", g.VBIOSVersion, "00.00.00.00.00")
		want(t, "memory_total_mib", g.MemoryTotalMiB, 1024)
		wantUnavailable(t, "clock_event_reasons", g.ClockEventReasons, `nvidia-smi says "N/A"`)
	})
	t.Run("v100 retired pages v10", func(t *testing.T) {
		f := parseFixture(t, "pai__nvidia_smi_retired_pages.xml", SourceXML)
		g := f.GPUs[0]
		want(t, "retired_pages.double_bit", g.RetiredPages.DoubleBit, 2)
		want(t, "retired_pages.single_bit", g.RetiredPages.SingleBit, 0)
		want(t, "retired_pages.pending", g.RetiredPages.Pending, true)
		want(t, "ecc_uncorrectable_aggregate", g.ECCUncorrectableAggregate, 7627)
		want(t, "ecc_uncorrectable_volatile", g.ECCUncorrectableVolatile, 1)
		want(t, "attached_gpus", f.AttachedGPUs, 16)
		wantUnavailable(t, "architecture", g.Architecture, "not in the nvidia-smi -q -x output")
	})
	t.Run("gtx 1070 v9 trimmed", func(t *testing.T) {
		f := parseFixture(t, "pai__nvidia_smi_sample.xml", SourceXML)
		wantGPUs(t, f, 2)
		want(t, "attached_gpus", f.AttachedGPUs, 6)
		want(t, "GPU 0 pcie.width_current", f.GPUs[0].PCIe.WidthCurrent, 1)
		want(t, "GPU 1 pcie.gen_current", f.GPUs[1].PCIe.GenCurrent, 2)
		wantUnavailable(t, "cuda_driver_version", f.CUDADriverVersion, "not in the nvidia-smi -q -x output")
	})
	t.Run("3090 v13", func(t *testing.T) {
		g := parseFixture(t, "telegraf__3090-v13.xml", SourceXML).GPUs[0]
		want(t, "pci_device_id", g.PCIDeviceID, "0x220410DE")
		want(t, "pci_subsystem_id", g.PCISubsystemID, "0x87AD1043")
		want(t, "enforced_power_limit_w", g.EnforcedPowerLimitW, 350)
		wantList(t, "clock_event_reasons", g.ClockEventReasons, []string{ReasonSWPowerCap})
		wantUnavailable(t, "ecc_mode", g.ECCMode, `nvidia-smi says "N/A"`)
	})
	t.Run("dual a5000 v13", func(t *testing.T) {
		f := parseFixture(t, "telegraf__dual_a5000-v13.xml", SourceXML)
		wantGPUs(t, f, 2)
		want(t, "GPU 1 bus_id", f.GPUs[1].BusID, "00000000:C1:00.0")
		want(t, "GPU 1 remapped_rows.uncorrectable", f.GPUs[1].RemappedRows.Uncorrectable, 0)
		want(t, "GPU 1 ecc_mode", f.GPUs[1].ECCMode, Disabled)
	})
	t.Run("gtx 1660 ti as Graphics Device", func(t *testing.T) {
		// A driver older than the GPU prints a generic
		// name, so identity must come from the PCI id.
		g := parseFixture(t, "telegraf__gtx-1660-ti.xml", SourceXML).GPUs[0]
		want(t, "name", g.Name, "Graphics Device")
		want(t, "pci_device_id", g.PCIDeviceID, "0x218410DE")
	})
}

// TestTableRefused: the plain nvidia-smi table is refused with a hint.
func TestTableRefused(t *testing.T) {
	_, err := Parse(fixture(t, "gpud__nvidia-smi.550.90.07.out.0.valid"))
	if !errors.Is(err, ErrTableOutput) {
		t.Fatalf("err = %v, want ErrTableOutput", err)
	}
	if !strings.Contains(err.Error(), "nvidia-smi -q -x") {
		t.Errorf("error %q does not say what to run", err)
	}
}

// TestCSVMatchesText: the CSV and -q sections of each capture were taken
// seconds apart on one machine, so the static facts must agree.
func TestCSVMatchesText(t *testing.T) {
	for _, name := range inputs(t) {
		if !isCapture(name) {
			continue
		}
		t.Run(name, func(t *testing.T) {
			q, err := Parse(fixture(t, name))
			if err != nil {
				t.Fatal(err)
			}
			c, err := ParseCSV(captureCSV(t, name))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(q.DriverVersion, c.DriverVersion) || len(q.GPUs) != len(c.GPUs) {
				t.Fatalf("driver %v/%v, GPUs %d/%d", q.DriverVersion, c.DriverVersion, len(q.GPUs), len(c.GPUs))
			}
			for i := range q.GPUs {
				compareStatic(t, q.GPUs[i], c.GPUs[i])
			}
		})
	}
}

// compareStatic compares the facts that do not change between snapshots.
func compareStatic(t *testing.T, q, c GPU) {
	t.Helper()
	pairs := []struct {
		what string
		a, b any
	}{
		{"bus_id", q.BusID, c.BusID}, {"name", q.Name, c.Name}, {"uuid", q.UUID, c.UUID},
		{"serial", q.Serial, c.Serial}, {"vbios", q.VBIOSVersion, c.VBIOSVersion},
		{"pci_device_id", q.PCIDeviceID, c.PCIDeviceID}, {"pci_subsystem_id", q.PCISubsystemID, c.PCISubsystemID},
		{"memory_total", q.MemoryTotalMiB, c.MemoryTotalMiB}, {"memory_reserved", q.MemoryReservedMiB, c.MemoryReservedMiB},
		{"ecc_mode", q.ECCMode, c.ECCMode}, {"ecc_uncorrectable_aggregate", q.ECCUncorrectableAggregate, c.ECCUncorrectableAggregate},
		{"remapped_rows", q.RemappedRows, c.RemappedRows},
		{"pcie.gen_max", q.PCIe.GenMax, c.PCIe.GenMax}, {"pcie.gen_device_max", q.PCIe.GenDeviceMax, c.PCIe.GenDeviceMax},
		{"pcie.width_max", q.PCIe.WidthMax, c.PCIe.WidthMax},
		{"max_sm_clock", q.MaxSMClockMHz, c.MaxSMClockMHz}, {"max_memory_clock", q.MaxMemoryClockMHz, c.MaxMemoryClockMHz},
		{"default_power_limit", q.DefaultPowerLimitW, c.DefaultPowerLimitW},
		{"enforced_power_limit", q.EnforcedPowerLimitW, c.EnforcedPowerLimitW},
		{"persistence_mode", q.PersistenceMode, c.PersistenceMode}, {"compute_mode", q.ComputeMode, c.ComputeMode},
		{"mig", q.MIG, c.MIG}, {"mig_pending", q.MIGPending, c.MIGPending},
	}
	for _, p := range pairs {
		if !reflect.DeepEqual(p.a, p.b) {
			t.Errorf("%s: -q %v, CSV %v", p.what, p.a, p.b)
		}
	}
}

// olderText has the labels drivers before 535 print: "Clocks Throttle
// Reasons", "Power Readings" with "Enforced Power Limit", one-line
// "Remapped Rows : N/A". The lines are cut down from that layout; the
// values are an H100's.
const olderText = `==============NVSMI LOG==============

Timestamp                                 : Sat Jun  3 11:59:25 2023
Driver Version                            : 525.105.17
CUDA Version                              : 12.0

Attached GPUs                             : 1
GPU 00000000:53:00.0
    Product Name                          : NVIDIA H100 80GB HBM3
    Clocks Throttle Reasons
        Idle                              : Not Active
        Applications Clocks Setting       : Not Active
        SW Power Cap                      : Not Active
        HW Slowdown                       : Active
            HW Thermal Slowdown           : Active
            HW Power Brake Slowdown       : Not Active
        Sync Boost                        : Not Active
        SW Thermal Slowdown               : Not Active
        Display Clock Setting             : Not Active
    Remapped Rows                         : N/A
    Power Readings
        Power Management                  : Supported
        Power Draw                        : 74.71 W
        Power Limit                       : 500.00 W
        Default Power Limit               : 700.00 W
        Enforced Power Limit              : 500.00 W
        Min Power Limit                   : 200.00 W
        Max Power Limit                   : 700.00 W
`

// TestOlderTextLabels: the pre-535 labels read into the same facts (rule
// A2: a power cap below the default is visible).
func TestOlderTextLabels(t *testing.T) {
	f, err := ParseText([]byte(olderText))
	if err != nil {
		t.Fatal(err)
	}
	g := f.GPUs[0]
	wantList(t, "clock_event_reasons", g.ClockEventReasons, []string{ReasonHWSlowdown, ReasonHWThermalSlowdown})
	want(t, "default_power_limit_w", g.DefaultPowerLimitW, 700)
	want(t, "enforced_power_limit_w", g.EnforcedPowerLimitW, 500)
	wantUnavailable(t, "remapped_rows.failure", g.RemappedRows.Failure, `nvidia-smi says "N/A"`)
	if len(f.Problems) != 0 {
		t.Errorf("Problems = %q", f.Problems)
	}
}
