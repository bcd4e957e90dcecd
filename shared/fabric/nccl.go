package fabric

import (
	"bufio"
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// MaxNCCLBytes bounds the all_reduce_perf output ParseNCCL reads; a full
// sweep from 8 B to 8 GiB is about 10 KB plus one line per rank.
const MaxNCCLBytes = 4 << 20

// NCCL is what one all_reduce_perf run of nccl-tests reported.
type NCCL struct {
	// Ranks is the number of GPUs (ranks) that took part.
	Ranks int `json:"ranks"`
	// Hosts are the host names the ranks ran on, sorted.
	Hosts []string `json:"hosts"`
	// MaxBytes is the largest message size measured.
	MaxBytes int64 `json:"max_bytes"`
	// BusBWGBs is the bus bandwidth at MaxBytes (the better of out-of-place
	// and in-place), GB/s: the figure nccl-tests' PERFORMANCE.md compares
	// with the link rate.
	BusBWGBs float64 `json:"busbw_gbs"`
	// AvgBusBWGBs is the "Avg bus bandwidth" line, GB/s, over all sizes.
	AvgBusBWGBs float64 `json:"avg_busbw_gbs"`
	// Wrong counts the wrong results over all rows (#wrong columns).
	Wrong int64 `json:"wrong"`
	// OutOfBounds is the "Out of bounds values" count.
	OutOfBounds int64 `json:"out_of_bounds"`
}

// ParseNCCL reads the output of nccl-tests' all_reduce_perf. It needs at
// least one result row; what it cannot read is an error naming the line.
func ParseNCCL(data []byte) (*NCCL, error) {
	if len(data) > MaxNCCLBytes {
		return nil, fmt.Errorf("nccl-tests output is larger than %d bytes", MaxNCCLBytes)
	}
	out := &NCCL{Hosts: []string{}}
	hosts := map[string]bool{}
	rows := 0
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64<<10), 64<<10)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case strings.HasPrefix(line, "#"):
			if err := out.comment(strings.TrimSpace(strings.TrimPrefix(line, "#")), hosts); err != nil {
				return nil, fmt.Errorf("nccl-tests output line %d: %v", n, err)
			}
		case line == "":
		default:
			ok, err := out.row(line)
			if err != nil {
				return nil, fmt.Errorf("nccl-tests output line %d: %v", n, err)
			}
			if ok {
				rows++
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("nccl-tests output: %v", err)
	}
	if rows == 0 {
		return nil, fmt.Errorf("nccl-tests output: no result rows (size count type redop root time algbw busbw #wrong …): not all_reduce_perf output, or the run failed")
	}
	for h := range hosts {
		out.Hosts = append(out.Hosts, h)
	}
	sort.Strings(out.Hosts)
	return out, nil
}

// comment reads the "#" lines that carry figures: ranks, the average and
// the out-of-bounds count.
func (n *NCCL) comment(s string, hosts map[string]bool) error {
	f := strings.Fields(s)
	switch {
	case len(f) >= 4 && f[0] == "Rank":
		// "Rank  0 Group  0 Pid  12345 on   node-01 device  0 [0x07] NVIDIA H100"
		for i := 2; i+1 < len(f); i++ {
			if f[i] == "on" {
				n.Ranks++
				if len(hosts) < 4096 {
					hosts[f[i+1]] = true
				}
				break
			}
		}
	case strings.HasPrefix(s, "Avg bus bandwidth"):
		_, v, _ := strings.Cut(s, ":")
		x, err := number(strings.TrimSpace(v))
		if err != nil {
			return fmt.Errorf("Avg bus bandwidth: %v", err)
		}
		n.AvgBusBWGBs = x
	case strings.HasPrefix(s, "Out of bounds values"):
		_, v, _ := strings.Cut(s, ":")
		fs := strings.Fields(v)
		if len(fs) == 0 {
			return fmt.Errorf("Out of bounds values: no count")
		}
		x, err := strconv.ParseInt(fs[0], 10, 64)
		if err != nil || x < 0 {
			return fmt.Errorf("Out of bounds values: %q is not a count", fs[0])
		}
		n.OutOfBounds = x
	}
	return nil
}

// row reads a result row: size count type redop root, then time algbw busbw
// #wrong out of place and the same in place. ok is false for a line that is
// not a row (NCCL's own INFO or WARN lines).
func (n *NCCL) row(s string) (bool, error) {
	f := strings.Fields(s)
	if len(f) < 9 {
		return false, nil
	}
	size, err := strconv.ParseInt(f[0], 10, 64)
	if err != nil {
		return false, nil // not a row
	}
	if size < 0 {
		return false, fmt.Errorf("size %d is negative", size)
	}
	// Out of place: time algbw busbw wrong at f[5..8]; in place at f[9..12].
	best := 0.0
	for _, at := range []int{5, 9} {
		if len(f) < at+4 {
			break
		}
		bus, err := number(f[at+2])
		if err != nil {
			return false, fmt.Errorf("busbw %q: %v", f[at+2], err)
		}
		if f[at+3] != "N/A" {
			w, err := strconv.ParseInt(f[at+3], 10, 64)
			if err != nil || w < 0 {
				return false, fmt.Errorf("#wrong %q is not a count", f[at+3])
			}
			if n.Wrong < 1<<62 {
				n.Wrong += min(w, 1<<40)
			}
		}
		best = max(best, bus)
	}
	if size >= n.MaxBytes {
		n.MaxBytes, n.BusBWGBs = size, best
	}
	return true, nil
}

// number parses a non-negative finite figure.
func number(s string) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v < 0 || v > 1e9 || v != v {
		return 0, fmt.Errorf("%q is not a bandwidth", s)
	}
	return v, nil
}
