package sizing

import "strings"

// Optimizer is the training optimizer; it decides the optimizer-state bytes
// each trained parameter costs.
type Optimizer string

// The optimizers a sheet can name.
const (
	// AdamW keeps two fp32 moments: 8 B per parameter.
	AdamW Optimizer = "adamw"
	// AdamW8bit keeps the moments in 8 bits (bitsandbytes): 2 B.
	AdamW8bit Optimizer = "adamw-8bit"
	// PagedAdamW is AdamW whose 8 B of moments sit in unified memory that
	// the driver pages out to host RAM under pressure (bitsandbytes paged
	// optimizers, introduced by the QLoRA paper).
	PagedAdamW Optimizer = "paged-adamw"
	// PagedAdamW8bit is AdamW8bit with paged moments.
	PagedAdamW8bit Optimizer = "paged-adamw-8bit"
	// SGD is SGD with momentum: one fp32 buffer, 4 B.
	SGD Optimizer = "sgd"
)

// Optimizers returns every optimizer in sheet order.
func Optimizers() []Optimizer {
	return []Optimizer{AdamW, AdamW8bit, PagedAdamW, PagedAdamW8bit, SGD}
}

// ParseOptimizer parses an optimizer name; empty means AdamW. The error
// names the allowed values.
func ParseOptimizer(s string) (Optimizer, error) {
	o := Optimizer(strings.ToLower(strings.TrimSpace(s)))
	if o == "" {
		return AdamW, nil
	}
	names := make([]string, 0, 5)
	for _, v := range Optimizers() {
		if o == v {
			return o, nil
		}
		names = append(names, string(v))
	}
	return "", textErr("optimizer", s, names...)
}

// MomentBytes is the optimizer state of one trained parameter in bytes
// (EleutherAI's Transformer Math: AdamW 8, 8-bit Adam 2, SGD momentum 4).
func (o Optimizer) MomentBytes() float64 {
	switch o {
	case AdamW8bit, PagedAdamW8bit:
		return 2
	case SGD:
		return 4
	}
	return 8
}

// Paged reports whether the moments may live in host memory.
func (o Optimizer) Paged() bool { return o == PagedAdamW || o == PagedAdamW8bit }
