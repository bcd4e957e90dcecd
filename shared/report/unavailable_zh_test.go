package report

import (
	"bufio"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
)

// keptInReasons are what a Chinese reason keeps as given: a value quoted
// from a tool, a command with its flags, a path, an NVML function or
// return code, and the words nvidia-smi prints for an enumerated reading
// (a reason lists the ones it expected).
var keptInReasons = regexp.MustCompile(`"(?:[^"\\]|\\.)*"` +
	`|nvidia-smi(?: nvlink -s| -q -x| -q| --query-gpu| --version| topo -m| -L)?|gpuverify|libnvidia-ml|dpkg|\.run|\broot\b` +
	`|/[\x21-\x7e]*|\bnvml\w*|\bERROR_\w+` +
	`|\b(?:Enabled|Disabled|Yes|No|Not Active|Active|None|Pass-Through|Host VGPU|Host VSGA|VGPU|Default|Exclusive_Process|Exclusive_Thread|Prohibited)\b`)

// englishLeft lists the English words of a Chinese reason once what it
// keeps as given (keptInReasons) is taken out.
func englishLeft(reason string) []string {
	return testkit.EnglishWords(keptInReasons.ReplaceAllString(reason, ""))
}

// unavailableReadings returns the reason of every "不可用（…）" reading in
// text, the parentheses matched so that a reason holding （…） is whole.
func unavailableReadings(text string) []string {
	const open = "不可用（"
	var out []string
	for {
		i := strings.Index(text, open)
		if i < 0 {
			return out
		}
		text = text[i+len(open):]
		depth, end := 1, len(text)
		for j, r := range text {
			if r == '（' {
				depth++
			} else if r == '）' {
				if depth--; depth == 0 {
					end = j
					break
				}
			}
		}
		out = append(out, text[:end])
		text = text[end:]
	}
}

// TestEnglishLeft: the check flags the English sentences gpuplan once
// wrote as reasons, and passes the Chinese ones with a tool's words kept.
func TestEnglishLeft(t *testing.T) {
	for _, bad := range []string{
		"empty value",
		`cannot read "81559 KiB" as a number of MiB`,
		`unexpected value "Maybe" (want Enabled or Disabled)`,
		"NVML gives no per-link speed; nvidia-smi nvlink -s does",
		"not collected by the NVML reader",
		"this driver's NVML has no nvmlDeviceGetMemoryInfo_v2 (an older driver)",
		"无法读取 /proc/meminfo：no such file",
	} {
		if len(englishLeft(bad)) == 0 {
			t.Errorf("%q passes as Chinese", bad)
		}
	}
	for _, good := range []string{
		`nvidia-smi 显示为 "N/A"`,
		`nvidia-smi nvlink -s 显示为 "Nvlink queries are not supported for Devices in MIG mode"`,
		`无法识别的值 "Maybe"（应为 Enabled 或 Disabled）`,
		`无法识别的值 "SR-IOV"（应为 None、Pass-Through、VGPU、Host VGPU 或 Host VSGA）`,
		"此 GPU 或驱动不支持（NVML ERROR_NOT_SUPPORTED）",
		"此驱动的 NVML 没有 nvmlDeviceGetMemoryInfo_v2（驱动版本较旧）",
		"无法读取 /proc/self/exe：文件不存在",
		"没有哪个 dpkg 包列出 /usr/lib/libnvidia-ml.so.1（可能是用 .run 安装的，或是手工放进去的文件）",
	} {
		if w := englishLeft(good); len(w) > 0 {
			t.Errorf("%q: English %q found", good, w)
		}
	}
	got := unavailableReadings("显存 不可用（无法识别的值 \"x\"（应为 Yes 或 No））；功耗 不可用（值为空）")
	if want := []string{"无法识别的值 \"x\"（应为 Yes 或 No）", "值为空"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("readings %q, want %q", got, want)
	}
}

// zhGoldens are the Chinese reports rendered from the repository's
// fixtures: this package's, the other shared packages' and gpuverify's.
var zhGoldens = []string{"testdata/*.zh.*", "../*/testdata/*.zh.*", "../../verifier/testdata/*.zh.*"}

// TestGoldenUnavailableZh: no Chinese report rendered from the fixtures
// gives an unavailable reading's reason in English.
func TestGoldenUnavailableZh(t *testing.T) {
	seen := map[string]int{} // readings per pattern
	for _, pattern := range zhGoldens {
		files, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range unavailableReadings(string(data)) {
				seen[pattern]++
				if w := englishLeft(r); len(w) > 0 {
					t.Errorf("%s: 不可用（%s）: English %q", file, r, w)
				}
			}
		}
	}
	for _, pattern := range []string{zhGoldens[0], zhGoldens[2]} {
		if seen[pattern] == 0 {
			t.Errorf("%s: no unavailable reading: the test checks nothing there", pattern)
		}
	}
}

// placeholder is a catalogue format's argument, "{0}" or "{0|a|b}".
var placeholder = regexp.MustCompile(`\{\d+(\|[^}]*)?\}`)

// TestReasonCatalogueZh: every reason in the catalogue (facts.reason.*)
// reads in Chinese, its arguments aside, so a reason no fixture gives
// (NVML's, the host files') is checked too.
func TestReasonCatalogueZh(t *testing.T) {
	f, err := os.Open("../msg/catalogue/facts.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var id string
	var checked []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "facts."):
			id = line
		case strings.HasPrefix(line, "zh ") && strings.HasPrefix(id, "facts.reason."):
			checked = append(checked, id)
			if w := englishLeft(placeholder.ReplaceAllString(line[3:], "")); len(w) > 0 {
				t.Errorf("%s: %q: English %q", id, line[3:], w)
			}
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	sort.Strings(checked)
	if i := sort.SearchStrings(checked, "facts.reason.nvml.link_speed"); len(checked) < 40 || i == len(checked) || checked[i] != "facts.reason.nvml.link_speed" {
		t.Errorf("checked %d reasons %v: the catalogue's reasons were not found", len(checked), checked)
	}
}
