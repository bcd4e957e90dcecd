package facts

import (
	"bytes"
	"errors"
	"fmt"
)

// Limits on what the parsers read. An 8-GPU nvidia-smi -q -x output is about
// 300 KB with some 16,000 elements nested 6 deep; the limits are far above
// that and keep a hostile file (a 64 MB XML bomb, a megabyte of comments in
// one element) from taking more than a small multiple of its size in memory
// or time.
const (
	// MaxInput is the largest output the parsers read: 8 MB.
	MaxInput = 8 << 20
	// maxNodes bounds the elements (XML) or lines (-q text) of the tree.
	maxNodes = 100000
	// maxDepth bounds the nesting of elements or indented sections.
	maxDepth = 32
	// maxGPUs bounds the GPUs of one output: a server holds 8 or 16.
	maxGPUs = 256
)

// ErrTooLarge is wrapped by every parser's error for input over MaxInput,
// or with more elements or deeper nesting than nvidia-smi writes.
var ErrTooLarge = errors.New("larger than any nvidia-smi output")

// checkSize refuses input over MaxInput.
func checkSize(who string, data []byte) error {
	if len(data) > MaxInput {
		return fmt.Errorf("%s: %d bytes, more than %d: %w", who, len(data), MaxInput, ErrTooLarge)
	}
	return nil
}

// checkAttrs refuses XML with more '=' than maxNodes: every attribute needs
// one, and encoding/xml builds all of an element's attributes before the
// tree sees it (a megabyte of a="b" takes 40 times its size).
func checkAttrs(data []byte) error {
	if n := bytes.Count(data, []byte("=")); n > maxNodes {
		return fmt.Errorf("more than %d attributes: %w", maxNodes, ErrTooLarge)
	}
	return nil
}

// checkGPUs refuses more than maxGPUs GPU sections.
func checkGPUs(n int) error {
	if n > maxGPUs {
		return fmt.Errorf("%d GPUs, more than %d: %w", n, maxGPUs, ErrTooLarge)
	}
	return nil
}

// budget counts the nodes and depth of a tree as it is built.
type budget struct {
	nodes int
}

// add counts one node at depth and reports an error past the limits.
func (b *budget) add(depth int) error {
	b.nodes++
	if b.nodes > maxNodes {
		return fmt.Errorf("more than %d elements: %w", maxNodes, ErrTooLarge)
	}
	if depth > maxDepth {
		return fmt.Errorf("nested more than %d deep: %w", maxDepth, ErrTooLarge)
	}
	return nil
}
