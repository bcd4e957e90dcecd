package report

// Bounds on what one report may hold, far above any real server: a
// decoder refuses more before any check is derived, so that reading a
// hostile report takes time and memory linear in its size.
const (
	// MaxGPUs is the most GPUs one report lists (an 8-GPU node has 8; the
	// largest single systems, 256).
	MaxGPUs = 1024
	// MaxPorts is the most InfiniBand or RoCE ports one report lists.
	MaxPorts = 1024
	// MaxProblems is the most capture problems one report lists.
	MaxProblems = 4096
	// MaxChecks is the most checks one report states: about 60 a GPU.
	MaxChecks = 128 * MaxGPUs
)

// lengths are the bounds strictjson.CheckLengths holds a report file to
// before it is decoded, by the JSON path of each array.
var lengths = map[string]int{
	"checks": MaxChecks, "facts.gpus": MaxGPUs, "facts.topology": MaxGPUs * (MaxGPUs - 1) / 2,
	"facts.problems": MaxProblems, "origin.kernel.pci": MaxGPUs, "origin.kernel.proc_gpus": MaxGPUs,
	"origin.kernel.nvidia_devices": MaxGPUs, "origin.kernel.library.mapped": MaxGPUs,
	"origin.kernel.host.macs": MaxPorts, "fabric.ib": MaxPorts, "bench.run.gpus": MaxGPUs, "bench.poc.gpus": MaxGPUs,
}
