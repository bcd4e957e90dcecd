//go:build linux && cgo

package nvml

import (
	"encoding/json"
	"strings"
	"testing"

	gonvml "github.com/NVIDIA/go-nvml/pkg/nvml"
	"github.com/NVIDIA/go-nvml/pkg/nvml/mock/dgxa100"
	"github.com/NVIDIA/go-nvml/pkg/nvml/mock/dgxh100"
	"github.com/gpuplan/gpuplan/internal/testkit/msgcheck"
	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// reasonCase is a reason the NVML reader wrote and how it reads.
type reasonCase struct {
	got    msg.M
	en, zh string
}

// checkReasons checks each reason is a catalogue message (never verbatim
// text) with the English and Chinese given, and that it survives a facts
// file: a JSON round trip of an unavailable Value keeps the message.
func checkReasons(t *testing.T, cases map[string]reasonCase) {
	t.Helper()
	for what, c := range cases {
		msgcheck.Message(t, what, c.got, c.en, c.zh)
		data, err := json.Marshal(facts.Unavailable[int](c.got))
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		var back facts.Value[int]
		if err := json.Unmarshal(data, &back); err != nil {
			t.Errorf("%s: %s does not read back: %v", what, data, err)
		} else if got := back.Reason().In(msg.Zh); got != c.zh {
			t.Errorf("%s: after %s, Chinese %q", what, data, got)
		}
	}
}

// TestReasonsAreMessages: the reasons the NVML reader writes itself are
// catalogue messages, which read in Chinese, with NVML's return code and
// function names (nvml.h's words) as arguments.
func TestReasonsAreMessages(t *testing.T) {
	f := collect(t, filled(dgxh100.New(), healthy))
	g := f.GPUs[0]
	links, _ := g.NVLinks.Get()
	if len(links) == 0 {
		t.Fatalf("NVLinks %s, want the H100's links", g.NVLinks)
	}
	a100 := collect(t, filled(dgxa100.New(), nil))
	checkReasons(t, map[string]reasonCase{
		"timestamp": {f.Timestamp.Reason(), "NVML gives no timestamp; the report has its own time", "NVML 不提供时间戳；报告有自己的时间"},
		"host max":  {g.PCIe.GenHostMax.Reason(), "NVML gives the link's and the GPU's maximum, not the host's alone", "NVML 只给出链路和 GPU 的最大值，不单独给出主机的"},
		"host":      {f.Host.Hostname.Reason(), "not collected by the NVML reader", "NVML 读取器不采集主机信息"},
		"reserved":  {g.MemoryReservedMiB.Reason(), "not supported on this GPU or driver (NVML ERROR_NOT_SUPPORTED)", "此 GPU 或驱动不支持（NVML ERROR_NOT_SUPPORTED）"},
		"speed":     {links[0].SpeedGBps.Reason(), "NVML gives no per-link speed; nvidia-smi nvlink -s does", "NVML 不提供单条链路的速率；nvidia-smi nvlink -s 可以显示"},
		"topology":  {a100.Topology.Reason(), "GPU 0-1: not supported on this GPU or driver (NVML ERROR_NOT_SUPPORTED)", "GPU 0-1：此 GPU 或驱动不支持（NVML ERROR_NOT_SUPPORTED）"},
	})
}

// TestReasonsOfReturns covers each NVML return reason() explains, a
// missing function and an enum value gpuverify does not know.
func TestReasonsOfReturns(t *testing.T) {
	checkReasons(t, map[string]reasonCase{
		"no permission": {reason(gonvml.ERROR_NO_PERMISSION), "no permission (NVML ERROR_NO_PERMISSION): run as root", "没有权限（NVML ERROR_NO_PERMISSION）：请以 root 身份运行"},
		"lost":          {reason(gonvml.ERROR_GPU_IS_LOST), "GPU is lost: it fell off the bus (NVML ERROR_GPU_IS_LOST)", "GPU 已丢失：已从总线上掉线（NVML ERROR_GPU_IS_LOST）"},
		"reset":         {reason(gonvml.ERROR_RESET_REQUIRED), "GPU requires reset (NVML ERROR_RESET_REQUIRED)", "GPU 需要重置（NVML ERROR_RESET_REQUIRED）"},
		"inforom":       {reason(gonvml.ERROR_CORRUPTED_INFOROM), "the GPU's inforom is corrupted (NVML ERROR_CORRUPTED_INFOROM)", "GPU 的 InfoROM 已损坏（NVML ERROR_CORRUPTED_INFOROM）"},
		"other":         {reason(gonvml.ERROR_TIMEOUT), "NVML ERROR_TIMEOUT", "NVML 返回 ERROR_TIMEOUT"},
		"unnamed":       {reason(gonvml.Return(77)), "NVML return 77", "NVML 返回值 77"},
		"missing":       {missing([]string{"nvmlDeviceGetMemoryInfo_v2"}), "this driver's NVML has no nvmlDeviceGetMemoryInfo_v2 (an older driver)", "此驱动的 NVML 没有 nvmlDeviceGetMemoryInfo_v2（驱动版本较旧）"},
		"unknown brand": {enumValue(brands, gonvml.BrandType(99), msg.M{}, "facts.reason.nvml.unknown_brand").Reason(), "NVML brand 99 is not one gpuverify knows", "gpuverify 不认识 NVML 返回的品牌 99"},
	})
	// acceptance fails a GPU by the English of its reason.
	for _, ret := range []gonvml.Return{gonvml.ERROR_GPU_IS_LOST} {
		if en := reason(ret).String(); !strings.Contains(en, acceptance.ReasonGPULost) {
			t.Errorf("reason(%s) = %q, lacks %q", retName(ret), en, acceptance.ReasonGPULost)
		}
	}
}
