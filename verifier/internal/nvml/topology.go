//go:build linux && cgo

package nvml

import (
	"fmt"
	"strconv"
	"strings"

	gonvml "github.com/NVIDIA/go-nvml/pkg/nvml"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// topology names how each GPU pair is connected, as nvidia-smi topo -m
// does: "NV<n>" for n NVLinks between them (directly, or through NVSwitch
// when both reach a switch), else the PCIe path from their common ancestor.
func (s *Session) topology(gpus []facts.GPU) facts.Value[[]facts.GPUPair] {
	pairs := []facts.GPUPair{}
	if len(gpus) < 2 {
		return facts.Known(pairs)
	}
	direct := make([]map[string]int, len(gpus)) // remote bus id -> links, per GPU
	switchLinks := make([]int, len(gpus))
	for i, g := range gpus {
		direct[i], switchLinks[i] = s.linkEnds(i, g)
	}
	for a := range gpus {
		for b := a + 1; b < len(gpus); b++ {
			link, err := s.pairLink(a, b, gpus, direct, switchLinks)
			if !err.IsZero() {
				return facts.Unavailable[[]facts.GPUPair](err)
			}
			pairs = append(pairs, facts.GPUPair{A: a, B: b, Link: link})
		}
	}
	return facts.Known(pairs)
}

// linkEnds counts GPU i's active links by the bus id they reach, and its
// active links to NVSwitches.
func (s *Session) linkEnds(i int, g facts.GPU) (map[string]int, int) {
	ends := map[string]int{}
	links, ok := g.NVLinks.Get()
	if !ok || !s.syms.has(symNvLinkRemotePci...) {
		return ends, 0
	}
	switches := 0
	for _, l := range links {
		if l.State != facts.LinkActive {
			continue
		}
		if l.RemoteType.Or("") == "switch" {
			switches++
			continue
		}
		p, ret := s.devices[i].GetNvLinkRemotePciInfo(l.Link)
		if ret == gonvml.SUCCESS {
			ends[normBus(cString(p.BusId[:]))]++
		}
	}
	return ends, switches
}

// pairLink names the connection of GPUs a and b, or gives the reason it
// could not be read.
func (s *Session) pairLink(a, b int, gpus []facts.GPU, direct []map[string]int, switchLinks []int) (string, msg.M) {
	if bus, ok := gpus[b].BusID.Get(); ok {
		if n := direct[a][normBus(bus)]; n > 0 {
			return fmt.Sprintf("NV%d", n), msg.M{}
		}
	}
	if n := min(switchLinks[a], switchLinks[b]); n > 0 {
		return fmt.Sprintf("NV%d", n), msg.M{}
	}
	if !s.syms.has(symCommonAncestor...) {
		return "", missing(symCommonAncestor)
	}
	ga, gb := msg.Text(strconv.Itoa(a)), msg.Text(strconv.Itoa(b))
	if s.handles[a] == nil || s.handles[b] == nil {
		return "", msg.New("facts.reason.nvml.no_handle", ga, gb)
	}
	level, ret := s.devices[a].GetTopologyCommonAncestor(s.handles[b])
	if ret != gonvml.SUCCESS {
		return "", msg.New("facts.reason.nvml.pair", ga, gb, msg.Sub(reason(ret)))
	}
	name, ok := topologyNames[level]
	if !ok {
		unknown := msg.New("facts.reason.nvml.unknown_topology", msg.Text(strconv.Itoa(int(level))))
		return "", msg.New("facts.reason.nvml.pair", ga, gb, msg.Sub(unknown))
	}
	return name, msg.M{}
}

// normBus normalises a PCI bus id for comparison: upper case, and the
// domain as 8 digits ("0000:18:00.0" and "00000000:18:00.0" are the same).
func normBus(id string) string {
	id = strings.ToUpper(strings.TrimSpace(id))
	domain, rest, ok := strings.Cut(id, ":")
	if !ok {
		return id
	}
	domain = strings.TrimLeft(domain, "0")
	return fmt.Sprintf("%08s:%s", domain, rest)
}
