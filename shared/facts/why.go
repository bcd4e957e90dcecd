package facts

import "github.com/gpuplan/gpuplan/shared/msg"

// The fixed reasons the parsers give for a fact their input does not hold.
var (
	// xmlMissing is the reason for a field the nvidia-smi -q -x output does
	// not hold: the driver is too old to print it, or the file was trimmed.
	xmlMissing = msg.New("facts.reason.not_in_q_x")
	// textMissing is the reason for a field the -q output does not hold.
	textMissing = msg.New("facts.reason.not_in_q")
	// csvMissing is the reason for a field the CSV columns do not hold.
	csvMissing = msg.New("facts.reason.not_in_csv")
	// reasonNotInNvidiaSMI is why parsers leave Host unavailable.
	reasonNotInNvidiaSMI = msg.New("facts.reason.not_in_smi")
	// nvlinkMissing is the reason for a link field nvidia-smi nvlink -s
	// does not print.
	nvlinkMissing = msg.New("facts.reason.not_in_nvlink")
)

// Reasons joins the parts of one reason, first the cause and then what
// would give the fact: "not in the nvidia-smi -q output; nvidia-smi
// --version shows it" (facts.reason.and).
func Reasons(first msg.M, more ...msg.M) msg.M {
	out := first
	for _, m := range more {
		out = msg.New("facts.reason.and", msg.Sub(out), msg.Sub(m))
	}
	return out
}

// says is the reason for a reading tool printed instead of a value:
// "nvidia-smi says "N/A"", with value as the tool wrote it (quoted).
func says(tool, value string) msg.M {
	return msg.New("facts.reason.says", msg.Text(tool), msg.Text(value))
}
