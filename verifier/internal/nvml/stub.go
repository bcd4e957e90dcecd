//go:build !(linux && cgo)

package nvml

import (
	"context"

	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/verifier/internal/monitor"
)

// Session stands for an NVML session; in this build there is none.
type Session struct{}

// Open returns ErrNotBuilt: this build has no NVML.
func Open() (*Session, error) { return nil, ErrNotBuilt }

// Facts returns ErrNotBuilt.
func (s *Session) Facts(ctx context.Context) (*facts.Facts, error) { return nil, ErrNotBuilt }

// Sample returns ErrNotBuilt.
func (s *Session) Sample() ([]monitor.Reading, error) { return nil, ErrNotBuilt }

// NUMANodes returns nothing.
func (s *Session) NUMANodes() map[int]facts.Value[int] { return nil }

// Close does nothing.
func (s *Session) Close() {}
