package host

import (
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit/msgcheck"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/verifier/internal/host/hosttest"
)

// TestReasonsInChinese: the reasons package host writes for a file it
// cannot read are catalogue messages, which read in Chinese with the
// file's path and the value found in it as given.
func TestReasonsInChinese(t *testing.T) {
	root := hosttest.Write(t, map[string]string{
		"usr/lib/os-release":         "NAME=x\n",
		"etc/hostname":               "\n",
		"proc/cpuinfo":               "processor\t: 0\n",
		"proc/meminfo":               "MemTotal: lots\n",
		"proc/driver/nvidia/version": "NVRM version: something else\n",
		"proc/self/auxv":             "",
		"proc/self/maps":             "7f1c2a000000-7f1c2a100000 r-xp 00000000 08:01 2 /usr/lib/libc.so.6\n",
		"sys/bus/pci/devices/0000:07:00.0/numa_node": "many\n",
	})
	h := Collect(root)
	k := Kernel(root, []facts.GPU{{Index: 0, BusID: facts.Known("00000000:09:00.0")}}, nil, func(string) string { return "" })
	numa := intFile(root, "sys/bus/pci/devices/0000:07:00.0/numa_node")
	for what, c := range map[string]struct {
		got    msg.M
		en, zh string
	}{
		"missing":      {h.Kernel.Reason(), "cannot read /proc/sys/kernel/osrelease: no such file", "无法读取 /proc/sys/kernel/osrelease：文件不存在"},
		"empty":        {h.Hostname.Reason(), "/etc/hostname is empty", "/etc/hostname 为空"},
		"pretty name":  {h.OSRelease.Reason(), "/usr/lib/os-release has no PRETTY_NAME", "/usr/lib/os-release 中没有 PRETTY_NAME"},
		"cpu":          {h.CPUModel.Reason(), "/proc/cpuinfo names no CPU model", "/proc/cpuinfo 中没有 CPU 型号"},
		"memtotal":     {h.MemoryTotalMiB.Reason(), `/proc/meminfo: unreadable MemTotal "lots"`, `/proc/meminfo：无法解析 MemTotal "lots"`},
		"module":       {k.DriverVersion.Reason(), "/proc/driver/nvidia/version names no kernel module version", "/proc/driver/nvidia/version 中没有内核模块版本"},
		"gpus":         {k.ProcGPUs.Reason(), "cannot read /proc/driver/nvidia/gpus: no such file", "无法读取 /proc/driver/nvidia/gpus：文件不存在"},
		"pci":          {k.PCI[0].Vendor.Reason(), "no /sys/bus/pci/devices/0000:09:00.0/: the kernel has no PCI device at 0000:09:00.0", "没有 /sys/bus/pci/devices/0000:09:00.0/：内核在 0000:09:00.0 处没有 PCI 设备"},
		"nvml numa":    {k.PCI[0].NVMLNUMANode.Reason(), "not read from NVML", "未从 NVML 读取"},
		"not a number": {numa.Reason(), `/sys/bus/pci/devices/0000:07:00.0/numa_node is not a number: "many"`, `/sys/bus/pci/devices/0000:07:00.0/numa_node 的内容不是数字："many"`},
		"not mapped":   {k.Library.Path.Reason(), "no libnvidia-ml is mapped in /proc/self/maps", "/proc/self/maps 中没有映射 libnvidia-ml"},
		"at base":      {k.Library.ATBase.Reason(), "/proc/self/auxv has no AT_BASE entry", "/proc/self/auxv 中没有 AT_BASE 项"},
		"exe":          {k.Library.Exe.Reason(), "cannot read /proc/self/exe: no such file", "无法读取 /proc/self/exe：文件不存在"},
		"hash":         {fileSHA256(root, "/usr/lib/libnvidia-ml.so.1").Reason(), "cannot hash /usr/lib/libnvidia-ml.so.1: no such file", "无法计算 /usr/lib/libnvidia-ml.so.1 的哈希：文件不存在"},
		"no dpkg":      {first(dpkgOwner(root, "/usr/lib/libnvidia-ml.so.1")).Reason(), "no dpkg database (/var/lib/dpkg/info): no such file", "没有 dpkg 数据库（/var/lib/dpkg/info）：文件不存在"},
	} {
		msgcheck.Message(t, what, c.got, c.en, c.zh)
	}
}

// TestDpkgReasonsInChinese covers dpkgOwner's reasons once a dpkg database
// exists.
func TestDpkgReasonsInChinese(t *testing.T) {
	none := hosttest.Write(t, map[string]string{"var/lib/dpkg/info/libc6.list": "/usr/lib/libc.so.6\n"})
	other := hosttest.Write(t, map[string]string{"var/lib/dpkg/info/libnvidia-compute-535.list": "/usr/lib/x86_64-linux-gnu/libcuda.so.1\n"})
	for what, c := range map[string]struct {
		got    msg.M
		en, zh string
	}{
		"no package": {first(dpkgOwner(none, "/usr/lib/libnvidia-ml.so.1")).Reason(), "no NVIDIA dpkg package is installed (a .run install leaves none)", "未安装 NVIDIA 的 dpkg 包（用 .run 安装不会留下 dpkg 包）"},
		"not listed": {first(dpkgOwner(other, "/usr/lib/libnvidia-ml.so.1")).Reason(), "no dpkg package lists /usr/lib/libnvidia-ml.so.1 (a .run install, or a file put there by hand)", "没有哪个 dpkg 包列出 /usr/lib/libnvidia-ml.so.1（可能是用 .run 安装的，或是手工放进去的文件）"},
	} {
		if got := c.got.String(); got != c.en {
			t.Errorf("%s: English %q, want %q", what, got, c.en)
		}
		if got := c.got.In(msg.Zh); got != c.zh {
			t.Errorf("%s: Chinese %q, want %q", what, got, c.zh)
		}
	}
}

func first[T any](v T, _ bool) T { return v }
