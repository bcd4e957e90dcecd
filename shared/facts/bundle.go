package facts

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// A capture bundle is one text file holding the outputs of several
// nvidia-smi commands, each under a header like
//
//	################################################################################
//	# idle :: query (-q)
//	# $ nvidia-smi -q
//	################################################################################
//
// as the nvidia_gpu_exporter captures are. Parse reads its first
// nvidia-smi -q section and takes from the others what -q lacks: the NVML
// version (--version), MIG profiles and UUIDs (-L) and NVLink links
// (nvlink -s).

// section is one command output in a bundle.
type section struct {
	title   string // first "# " header line, e.g. "idle :: query (-q)"
	command string // the "# $ " header line, e.g. "nvidia-smi -q"
	body    string
}

// parseBundle parses the first -q section of bundle s and enriches it.
func parseBundle(s string) (*Facts, error) {
	secs := splitSections(s)
	q, ok := findSection(secs, "nvidia-smi -q")
	if !ok {
		return parseFromBanner(s)
	}
	f, err := ParseText([]byte(q.body))
	if err != nil {
		return nil, fmt.Errorf("facts.Parse: capture bundle section %q: %w", q.title, err)
	}
	f.SourceDetail = fmt.Sprintf("capture bundle: read the first nvidia-smi -q section (%q)", q.title)
	enrichVersion(f, secs)
	enrichMIG(f, secs)
	enrichNVLink(f, secs)
	return f, nil
}

// parseFromBanner parses -q text that follows other text, from its NVSMI
// LOG banner on.
func parseFromBanner(s string) (*Facts, error) {
	start := strings.Index(s, textBanner)
	f, err := ParseText([]byte(s[start:]))
	if err != nil {
		return nil, err
	}
	f.SourceDetail = fmt.Sprintf("read the nvidia-smi -q text from its NVSMI LOG banner (byte %d) on; ignored the text before it", start)
	return f, nil
}

// isRule reports whether line is a row of '#' that frames a header.
func isRule(line string) bool {
	return len(line) >= 20 && strings.Trim(line, "#") == ""
}

// splitSections splits a bundle at its framed headers. Text before the
// first header is ignored.
func splitSections(s string) []section {
	var secs []section
	inHeader := false
	var cur *section
	var body strings.Builder
	flush := func() {
		if cur != nil {
			cur.body = body.String()
			secs = append(secs, *cur)
		}
		body.Reset()
	}
	for line := range strings.Lines(s) {
		line = strings.TrimRight(line, "\r\n")
		switch {
		case isRule(line) && !inHeader:
			flush()
			cur = &section{}
			inHeader = true
		case isRule(line):
			inHeader = false
		case inHeader:
			readHeaderLine(cur, line)
		default:
			body.WriteString(line)
			body.WriteByte('\n')
		}
	}
	flush()
	return secs
}

// readHeaderLine records a "# $ command" or "# title" line.
func readHeaderLine(sec *section, line string) {
	if cmd, ok := strings.CutPrefix(line, "# $ "); ok {
		sec.command = strings.TrimSpace(cmd)
		return
	}
	if t, ok := strings.CutPrefix(line, "# "); ok && sec.title == "" {
		sec.title = strings.TrimSpace(t)
	}
}

// findSection returns the first section whose command is command.
func findSection(secs []section, command string) (section, bool) {
	for _, s := range secs {
		if s.command == command {
			return s, true
		}
	}
	return section{}, false
}

// enrichVersion takes the NVML version from the --version section.
func enrichVersion(f *Facts, secs []section) {
	sec, ok := findSection(secs, "nvidia-smi --version")
	if !ok {
		return
	}
	for line := range strings.Lines(sec.body) {
		line = strings.TrimRight(line, "\r\n")
		label, value := splitLabel(strings.TrimSpace(line))
		if strings.EqualFold(label, "NVML version") {
			f.NVMLVersion = textValue(value)
		}
	}
}

// parseListGPU reads "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-...)" in -L
// and nvlink -s output: "GPU ", the index in digits, then ": ". It returns
// the index's digits.
func parseListGPU(line string) (idx string, ok bool) {
	rest, ok := strings.CutPrefix(line, "GPU ")
	idx, rest = cutSpan(rest, isDigit)
	if !ok || idx == "" || !strings.HasPrefix(rest, ": ") {
		return "", false
	}
	return idx, true
}

// parseListMIG reads "  MIG 3g.40gb     Device  0: (UUID: MIG-...)" in -L
// output: white space, "MIG ", the profile (no white space), white space,
// "Device", white space, the index in digits, ": (UUID: ", the UUID (one
// or more bytes, no ")"), then ")" and anything. White space is as isSpace
// says.
func parseListMIG(line string) (profile, idx, uuid string, ok bool) {
	sp1, rest := cutSpan(line, isSpace)
	rest, mig := strings.CutPrefix(rest, "MIG ")
	profile, rest = cutSpan(rest, notSpace)
	sp2, rest := cutSpan(rest, isSpace)
	rest, dev := strings.CutPrefix(rest, "Device")
	sp3, rest := cutSpan(rest, isSpace)
	idx, rest = cutSpan(rest, isDigit)
	rest, open := strings.CutPrefix(rest, ": (UUID: ")
	end := strings.IndexByte(rest, ')')
	if sp1 == "" || !mig || profile == "" || sp2 == "" || !dev || sp3 == "" || idx == "" || !open || end < 1 {
		return "", "", "", false
	}
	return profile, idx, rest[:end], true
}

// enrichMIG takes MIG profiles and UUIDs from the -L section.
func enrichMIG(f *Facts, secs []section) {
	sec, ok := findSection(secs, "nvidia-smi -L")
	if !ok {
		return
	}
	gpu := -1
	for line := range strings.Lines(sec.body) {
		line = strings.TrimRight(line, "\r\n")
		if n, ok := parseListGPU(line); ok {
			gpu, _ = strconv.Atoi(n)
			continue
		}
		if profile, n, uuid, ok := parseListMIG(line); ok {
			idx, _ := strconv.Atoi(n)
			setMIGName(f, gpu, idx, profile, uuid)
		}
	}
}

// setMIGName sets the profile and UUID of MIG device idx of GPU gpu, when
// the -q section listed that device.
func setMIGName(f *Facts, gpu, idx int, profile, uuid string) {
	if gpu < 0 || gpu >= len(f.GPUs) {
		return
	}
	devices, ok := f.GPUs[gpu].MIGDevices.Get()
	if !ok {
		return
	}
	for i := range devices {
		if devices[i].Index == idx {
			devices[i].Profile = Known(profile)
			devices[i].UUID = Known(uuid)
		}
	}
}

// parseNVLinkLine reads "Link 3: 26.562 GB/s" and "Link 3: <inactive>":
// optional white space, "Link ", the number in digits, ": ", then the
// status, the rest of the line (which holds no newline).
func parseNVLinkLine(line string) (num, status string, ok bool) {
	_, rest := cutSpan(line, isSpace)
	rest, ok = strings.CutPrefix(rest, "Link ")
	num, rest = cutSpan(rest, isDigit)
	status, sep := strings.CutPrefix(rest, ": ")
	if !ok || num == "" || !sep || strings.Contains(status, "\n") {
		return "", "", false
	}
	return num, status, true
}

// noNVLink is what nvidia-smi nvlink -s prints for a GPU without NVLink.
const noNVLink = "Device does not have or support Nvlink"

// enrichNVLink takes the links from the nvlink -s section.
func enrichNVLink(f *Facts, secs []section) {
	sec, ok := findSection(secs, "nvidia-smi nvlink -s")
	if !ok {
		return
	}
	gpu := -1
	var links []NVLink
	var note string
	done := func() { setNVLinks(f, gpu, links, note) }
	for line := range strings.Lines(sec.body) {
		line = strings.TrimRight(line, "\r\n")
		if n, ok := parseListGPU(line); ok {
			done()
			gpu, _ = strconv.Atoi(n)
			links, note = []NVLink{}, ""
			continue
		}
		if num, status, ok := parseNVLinkLine(line); ok {
			links = append(links, nvlinkFromStatus(num, status))
		} else if t := strings.TrimSpace(line); t != "" && note == "" {
			note = t
		}
	}
	done()
}

// nvlinkFromStatus reads one "Link N: speed" line of nvidia-smi nvlink -s.
func nvlinkFromStatus(num, status string) NVLink {
	n, _ := strconv.Atoi(num)
	l := NVLink{
		Link:       n,
		State:      LinkActive,
		Version:    Unavailable[int](nvlinkMissing),
		RemoteType: Unavailable[string](nvlinkMissing),
		SpeedGBps:  floatValue(status, "GB/s"),
	}
	if strings.Contains(strings.ToLower(status), "inactive") {
		l.State = LinkInactive
		l.SpeedGBps = Unavailable[float64](msg.New("facts.reason.link_inactive"))
	}
	return l
}

// setNVLinks records the links of GPU gpu: the links listed, none when the
// device has no NVLink, or nvidia-smi's message when it could not tell.
func setNVLinks(f *Facts, gpu int, links []NVLink, note string) {
	if gpu < 0 || gpu >= len(f.GPUs) {
		return
	}
	switch {
	case len(links) > 0 || strings.EqualFold(note, noNVLink):
		f.GPUs[gpu].NVLinks = Known(links)
	case note != "":
		f.GPUs[gpu].NVLinks = Unavailable[[]NVLink](says("nvidia-smi nvlink -s", strconv.Quote(note)))
	}
}
