// Package host reads what the machine says about itself from /proc and
// /etc: host name, kernel, OS release, CPU model and memory. Every file is
// read under a root directory, so tests point it at a fake tree.
package host

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// Collect reads the host facts under root ("/" on a real machine). A file
// that is missing or unreadable makes its fact unavailable with the reason;
// Collect never fails.
func Collect(root string) facts.Host {
	return facts.Host{
		Hostname:       firstLine(root, "proc/sys/kernel/hostname", "etc/hostname"),
		Kernel:         firstLine(root, "proc/sys/kernel/osrelease"),
		OSRelease:      osRelease(root),
		CPUModel:       cpuModel(root),
		MemoryTotalMiB: memTotal(root),
	}
}

// read reads root/rel, returning the reason when it cannot (the zero
// message when it could).
func read(root, rel string) ([]byte, msg.M) {
	data, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		return nil, cannotRead("/"+rel, err)
	}
	return data, msg.M{}
}

// cannotRead is the reason a file at path could not be read.
func cannotRead(path string, err error) msg.M {
	return msg.New("facts.reason.host.cannot_read", msg.Text(path), msg.Sub(errText(err)))
}

// errText says why a file could not be opened: no such file and no
// permission in the reader's language, any other error as the system
// gives it.
func errText(err error) msg.M {
	if os.IsNotExist(err) {
		return msg.New("facts.reason.host.no_file")
	}
	if os.IsPermission(err) {
		return msg.New("facts.reason.host.permission")
	}
	return msg.Verbatim(err.Error())
}

// firstLine returns the first non-empty line of the first file of rels
// that can be read.
func firstLine(root string, rels ...string) facts.Value[string] {
	var reason msg.M
	for _, rel := range rels {
		data, why := read(root, rel)
		if !why.IsZero() {
			reason = why
			continue
		}
		line, _, _ := strings.Cut(strings.TrimSpace(string(data)), "\n")
		if line = strings.TrimSpace(line); line != "" {
			return facts.Known(line)
		}
		reason = msg.New("facts.reason.host.empty", msg.Text("/"+rel))
	}
	return facts.Unavailable[string](reason)
}

// osRelease reads PRETTY_NAME from os-release(5): /etc/os-release, or
// /usr/lib/os-release when /etc has none.
func osRelease(root string) facts.Value[string] {
	var reason msg.M
	for _, rel := range []string{"etc/os-release", "usr/lib/os-release"} {
		data, why := read(root, rel)
		if !why.IsZero() {
			reason = why
			continue
		}
		for _, line := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(line), "PRETTY_NAME="); ok {
				if v = unquote(v); v != "" {
					return facts.Known(v)
				}
			}
		}
		reason = msg.New("facts.reason.host.no_pretty_name", msg.Text("/"+rel))
	}
	return facts.Unavailable[string](reason)
}

// unquote removes the shell quoting os-release values may carry.
func unquote(v string) string {
	v = strings.TrimSpace(v)
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
		v = v[1 : len(v)-1]
	}
	return strings.NewReplacer(`\"`, `"`, `\\`, `\`, `\$`, `$`, "\\`", "`").Replace(v)
}

// cpuModel reads the CPU model from /proc/cpuinfo: "model name" on x86,
// "Model" or "Hardware" on some ARM kernels. It appends the count of
// logical CPUs.
func cpuModel(root string) facts.Value[string] {
	data, why := read(root, "proc/cpuinfo")
	if !why.IsZero() {
		return facts.Unavailable[string](why)
	}
	model, fallback, cpus := "", "", 0
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		key, val, ok := strings.Cut(sc.Text(), ":")
		if !ok {
			continue
		}
		key, val = strings.TrimSpace(key), strings.TrimSpace(val)
		switch key {
		case "processor":
			cpus++
		case "model name":
			if model == "" {
				model = val
			}
		case "Model", "Hardware":
			if fallback == "" {
				fallback = val
			}
		}
	}
	if model == "" {
		model = fallback
	}
	if model == "" {
		return facts.Unavailable[string](msg.New("facts.reason.host.no_cpu_model"))
	}
	if cpus > 0 {
		model = fmt.Sprintf("%s (%d logical CPUs)", model, cpus)
	}
	return facts.Known(model)
}

// memTotal reads MemTotal from /proc/meminfo, in kB, as MiB.
func memTotal(root string) facts.Value[int64] {
	data, why := read(root, "proc/meminfo")
	if !why.IsZero() {
		return facts.Unavailable[int64](why)
	}
	for _, line := range strings.Split(string(data), "\n") {
		rest, ok := strings.CutPrefix(line, "MemTotal:")
		if !ok {
			continue
		}
		f := strings.Fields(rest)
		if len(f) == 2 && f[1] == "kB" {
			if kb, err := strconv.ParseInt(f[0], 10, 64); err == nil && kb >= 0 {
				return facts.Known(kb / 1024)
			}
		}
		return facts.Unavailable[int64](msg.New("facts.reason.host.bad_memtotal", msg.Text(strconv.Quote(strings.TrimSpace(rest)))))
	}
	return facts.Unavailable[int64](msg.New("facts.reason.host.no_memtotal"))
}
