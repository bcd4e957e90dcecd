package sizing

import (
	"slices"
	"strings"

	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// bucket is the card family rules G1/G2 name for a job.
type bucket struct {
	rules    []string
	families []string
	text     msg.M
}

// has reports whether card c belongs to the bucket.
func (b bucket) has(c catalog.Card) bool { return slices.Contains(b.families, Family(c.ID)) }

// Family maps a catalogue id to the card family the articles name:
// "h100-80g-sxm" → "h100", "a100-40g-pcie" → "a100", "rtx-4090" →
// "rtx-4090", "ascend-910b" → "ascend-910b".
func Family(id string) string {
	parts := strings.Split(strings.ToLower(id), "-")
	if len(parts) > 1 && (parts[0] == "rtx" || parts[0] == "ascend") {
		return parts[0] + "-" + parts[1]
	}
	return parts[0]
}

// nominalSlack is how far under a bucket boundary a model may be and still
// count as that size: the articles speak of nominal sizes, and Llama-2-7B
// (6.74B) is a "7B" model, Llama-2-70B (68.98B) a "70B" one.
const nominalSlack = 0.9

// bucket applies the articles' buckets (rules G1, G2) to the job.
// Preferences come first, then the workload rows of G2, then G1's sizes.
// Sizes are nominal: a boundary of 7B is met from 6.3B (nominalSlack).
func (j *job) bucket(prefs Prefs) bucket {
	p := j.model.Params / 1e9 / nominalSlack
	var b bucket
	switch {
	case prefs.DomesticOnly:
		b = bucket{[]string{"G2"}, []string{"ascend-910b"}, msg.New("sizing.bucket.domestic")}
	case prefs.NeedsFP64 || j.Workload == HPC:
		b = bucket{[]string{"G2"}, []string{"a100"}, msg.New("sizing.bucket.fp64")}
	case j.Workload.Diffusion():
		b = bucket{[]string{"G2"}, []string{"rtx-4090"}, msg.New("sizing.bucket.diffusion")}
	case j.Workload == Inference && p < 7:
		b = bucket{[]string{"G1"}, []string{"rtx-4090"}, msg.New("sizing.bucket.small")}
	case j.Workload == Inference:
		b = bucket{[]string{"G2"}, []string{"h20"}, msg.New("sizing.bucket.inference")}
	case p < 13:
		b = bucket{[]string{"G2"}, []string{"rtx-4090"}, msg.New("sizing.bucket.train13")}
	case j.Workload.Adapters():
		b = bucket{[]string{"G2"}, []string{"rtx-4090", "a100", "h20"}, msg.New("sizing.bucket.lora")}
	case p < 70:
		b = bucket{[]string{"G1"}, []string{"h100", "h20"}, msg.New("sizing.bucket.mid")}
	default:
		b = bucket{[]string{"G2"}, []string{"h100"}, msg.New("sizing.bucket.large")}
	}
	if p >= 100 && !j.Workload.Diffusion() && j.Workload != HPC {
		b.rules = append(b.rules, "G1")
		b.text = msg.New("sizing.bucket.100b", msg.Sub(b.text))
	}
	return b
}
