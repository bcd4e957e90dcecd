package facts_test

import (
	"encoding/json"
	"fmt"

	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
)

func ExampleParse() {
	out := `<?xml version="1.0" ?>
<nvidia_smi_log>
	<driver_version>535.54.03</driver_version>
	<attached_gpus>1</attached_gpus>
	<gpu id="00000000:01:00.0">
		<product_name>NVIDIA A100-SXM4-80GB</product_name>
		<pci><pci_device_id>20B210DE</pci_device_id></pci>
		<fb_memory_usage><total>81920 MiB</total><reserved>N/A</reserved></fb_memory_usage>
	</gpu>
</nvidia_smi_log>`
	f, err := facts.Parse([]byte(out))
	if err != nil {
		fmt.Println(err)
		return
	}
	g := f.GPUs[0]
	fmt.Println(f.Source, f.DriverVersion, g.Name, g.PCIDeviceID)
	fmt.Println(g.MemoryTotalMiB, g.MemoryReservedMiB)
	fmt.Println(g.MIG)
	// Output:
	// nvidia-smi-xml 535.54.03 NVIDIA A100-SXM4-80GB 0x20B210DE
	// 81920 unavailable (nvidia-smi says "N/A")
	// unavailable (not in the nvidia-smi -q -x output)
}

func ExampleValue() {
	type gpu struct {
		Memory   facts.Value[int64]    `json:"memory_total_mib"`
		Reserved facts.Value[int64]    `json:"memory_reserved_mib"`
		Reasons  facts.Value[[]string] `json:"clock_event_reasons"`
		Serial   facts.Value[string]   `json:"serial"`
	}
	b, _ := json.Marshal(gpu{
		Memory:   facts.Known[int64](81559),
		Reserved: facts.Unavailable[int64](msg.New("facts.reason.not_in_q")),
		Reasons:  facts.Known(facts.ReasonsFromMask(0x48)),
		Serial:   facts.UnavailableText[string]("NVML ERROR_NO_PERMISSION"),
	})
	fmt.Println(string(b))
	// Output:
	// {"memory_total_mib":81559,"memory_reserved_mib":{"unavailable":"not in the nvidia-smi -q output","unavailable_message":{"id":"facts.reason.not_in_q"}},"clock_event_reasons":["hw_slowdown","hw_thermal_slowdown"],"serial":{"unavailable":"NVML ERROR_NO_PERMISSION"}}
}

func ExampleQueryCommand() {
	fmt.Println(facts.QueryCommand()[:60] + "...")
	// Output:
	// nvidia-smi --query-gpu=timestamp,driver_version,count,index,...
}
