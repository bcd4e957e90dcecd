// Package fabric holds what a node says about the network between nodes of
// a multi-node plan ("nvlink+ib", "pcie+ib"): the InfiniBand ports the
// kernel lists under /sys/class/infiniband, and the NCCL all-reduce
// bandwidth that nccl-tests measured across the nodes.
//
// It is pure: ReadIB reads any fs.FS (os.DirFS on a node, fstest.MapFS in
// tests), ParseNCCL reads the text all_reduce_perf prints.
package fabric

import (
	"errors"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
)

// IBDir is where Linux lists RDMA devices; ReadIB reads a file system rooted
// there.
const IBDir = "sys/class/infiniband"

// Port states and link layers as the kernel writes them.
const (
	StateActive      = "ACTIVE"
	LayerInfiniBand  = "InfiniBand"
	LayerEthernet    = "Ethernet" // RoCE
	maxDevices       = 256
	maxPortsPerHCA   = 64
	maxAttributeSize = 256
)

// Fabric is what one node recorded about the network between nodes.
type Fabric struct {
	// IB lists every port of every RDMA device, sorted by device and port.
	// It is empty when the node has none.
	IB []Port `json:"ib"`
	// IBUnavailable says why the ports could not be read (no
	// /sys/class/infiniband, permission denied); empty when IB was read.
	IBUnavailable string `json:"ib_unavailable,omitempty"`
}

// Port is one port of an RDMA device (an InfiniBand HCA or a RoCE NIC).
type Port struct {
	// Device is the device name, e.g. "mlx5_0".
	Device string `json:"device"`
	// Port is the port number, from 1.
	Port int `json:"port"`
	// State is the logical state without its number: "ACTIVE", "DOWN",
	// "INIT", "ARMED".
	State string `json:"state"`
	// PhysState is the physical state, e.g. "LinkUp", "Polling", "Disabled".
	PhysState string `json:"phys_state,omitempty"`
	// RateGbps is the link rate in Gb/s (400 for 4X NDR); 0 when unknown.
	RateGbps float64 `json:"rate_gbps"`
	// Rate is the rate as the kernel wrote it, e.g. "400 Gb/sec (4X NDR)".
	Rate string `json:"rate"`
	// LinkLayer is "InfiniBand" or "Ethernet" (RoCE).
	LinkLayer string `json:"link_layer"`
	// NodeGUID is the device's node GUID, e.g. "0c42:a103:0016:5b3c": it
	// names the adapter, so the same GUID in two reports is one machine.
	NodeGUID string `json:"node_guid,omitempty"`
}

// Active reports whether the port is up and carries traffic.
func (p Port) Active() bool { return p.State == StateActive }

// ReadIB lists the RDMA ports under fsys, a file system rooted at
// /sys/class/infiniband. A missing root is not an error: it returns no
// ports and the reason; a port whose files cannot be read is listed with
// what could be read.
func ReadIB(fsys fs.FS) Fabric {
	devs, err := fs.ReadDir(fsys, ".")
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return Fabric{IB: []Port{}, IBUnavailable: "no /" + IBDir + ": this node has no RDMA device, or its driver (mlx5_ib) is not loaded"}
		}
		return Fabric{IB: []Port{}, IBUnavailable: "cannot read /" + IBDir + ": " + err.Error()}
	}
	out := Fabric{IB: []Port{}}
	for i, d := range devs {
		if i >= maxDevices {
			break
		}
		name := d.Name()
		guid := attr(fsys, name+"/node_guid")
		ports, err := fs.ReadDir(fsys, name+"/ports")
		if err != nil {
			continue
		}
		for j, pe := range ports {
			if j >= maxPortsPerHCA {
				break
			}
			n, err := strconv.Atoi(pe.Name())
			if err != nil || n < 0 {
				continue
			}
			out.IB = append(out.IB, readPort(fsys, name, n, guid))
		}
	}
	sort.Slice(out.IB, func(i, j int) bool {
		a, b := out.IB[i], out.IB[j]
		if a.Device != b.Device {
			return a.Device < b.Device
		}
		return a.Port < b.Port
	})
	return out
}

func readPort(fsys fs.FS, dev string, n int, guid string) Port {
	dir := fmt.Sprintf("%s/ports/%d/", dev, n)
	rate := attr(fsys, dir+"rate")
	return Port{
		Device:    dev,
		Port:      n,
		State:     stateName(attr(fsys, dir+"state")),
		PhysState: stateName(attr(fsys, dir+"phys_state")),
		RateGbps:  ParseRate(rate),
		Rate:      rate,
		LinkLayer: attr(fsys, dir+"link_layer"),
		NodeGUID:  guid,
	}
}

// attr reads one sysfs attribute: its first line, trimmed and bounded.
func attr(fsys fs.FS, name string) string {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return ""
	}
	if len(data) > maxAttributeSize {
		data = data[:maxAttributeSize]
	}
	line, _, _ := strings.Cut(string(data), "\n")
	return strings.ToValidUTF8(strings.TrimSpace(line), "?")
}

// stateName turns "4: ACTIVE" into "ACTIVE" and "5: LinkUp" into "LinkUp".
func stateName(s string) string {
	if _, name, ok := strings.Cut(s, ":"); ok {
		return strings.TrimSpace(name)
	}
	return s
}

// ParseRate reads the Gb/s figure of a sysfs rate, "400 Gb/sec (4X NDR)" →
// 400, "2.5 Gb/sec (1X SDR)" → 2.5; 0 when there is none.
func ParseRate(s string) float64 {
	f, _, _ := strings.Cut(strings.TrimSpace(s), " ")
	v, err := strconv.ParseFloat(f, 64)
	if err != nil || v < 0 || v > 1e6 {
		return 0
	}
	return v
}

// Summary counts the active ports of a link layer and their lowest rate.
type Summary struct {
	Active   int     // active ports of the layer
	MinGbps  float64 // the lowest rate among them; 0 when none
	TotalGbp float64 // the sum of their rates, Gb/s
	Other    int     // active ports of another link layer (RoCE on an IB plan)
}

// Summarize counts the active ports of layer in f.
func (f Fabric) Summarize(layer string) Summary {
	var s Summary
	for _, p := range f.IB {
		if !p.Active() {
			continue
		}
		if p.LinkLayer != layer {
			s.Other++
			continue
		}
		s.Active++
		s.TotalGbp += p.RateGbps
		if s.MinGbps == 0 || p.RateGbps < s.MinGbps {
			s.MinGbps = p.RateGbps
		}
	}
	return s
}
