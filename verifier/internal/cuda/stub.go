//go:build !linux

package cuda

import (
	"context"

	"github.com/gpuplan/gpuplan/shared/bench"
)

// Bench returns a run skipped with ErrNotBuilt's reason: this build has no
// CUDA support.
func Bench(ctx context.Context, cfg Config) (*bench.Run, error) {
	return &bench.Run{Schema: bench.Schema, DurationS: cfg.Duration.Seconds(), Skipped: ErrNotBuilt.Error()}, nil
}
