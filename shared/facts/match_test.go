package facts

import (
	"reflect"
	"regexp"
	"testing"
)

// The hand-written matchers of text.go, csv.go and bundle.go replaced these
// regular expressions (so the site does not link Go's regexp compiler); the
// tests below check that each matcher agrees with its expression on a table
// of edge cases and, as fuzz targets, on arbitrary input.
var (
	busIDRE   = regexp.MustCompile(`^[0-9A-Fa-f]{4,8}:[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2}\.[0-7]$`)
	csvCellRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.]*( \[[^\]]*\])?$`)
	listGPURE = regexp.MustCompile(`^GPU (\d+): `)
	listMIGRE = regexp.MustCompile(`^\s+MIG (\S+)\s+Device\s+(\d+): \(UUID: ([^)]+)\)`)
	nvlinkRE  = regexp.MustCompile(`^\s*Link (\d+): (.*)$`)
)

// Edge cases for each matcher: every input must get the same answer from
// the matcher and its expression, and want says how many of them match
// (so a table that no longer reaches the matching path fails).
var (
	busIDCases = []string{
		"00000000:53:00.0", "0000:53:00.7", "ABCDEF01:aB:cD.3", "00000000:53:00.8",
		"000:53:00.0", "000000000:53:00.0", "00000000:53:00.0\n", " 00000000:53:00.0",
		"00000000:5:00.0", "00000000:53:000.0", "00000000-53:00.0", "00000000:53:00:0",
		"0000g000:53:00.0", "00000000:53:00.", "", ":00:00.0", "0000:00:00.0x", "é000:00:00.0",
	}
	csvCellCases = []string{
		"memory.total [MiB]", "name", "_", "a.b.c", "clocks.max.sm [MHz]", "x []", "x [a b [c]",
		"", "1name", ".name", "name ", "name [MiB] ", "name  [MiB]", "name[MiB]", "name [MiB",
		"name [Mi]B]", "name [MiB]]", "na-me", "name [\n]", "name [é\xff]", "é", "name [",
	}
	listGPUCases = []string{
		"GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-1)", "GPU 12: ", "GPU 0:", "GPU : x",
		"GPU 0x: ", " GPU 0: x", "gpu 0: x", "GPU 00000000:53:00.0", "GPU 3:  x", "GPU 4: \n", "",
	}
	listMIGCases = []string{
		"  MIG 3g.40gb     Device  0: (UUID: MIG-abc)", "\tMIG 1g.10gb Device 12: (UUID: u) tail",
		"  MIG 3g.40gb Device 0: (UUID: )", "MIG 3g.40gb Device 0: (UUID: u)",
		"  MIG  3g.40gb Device 0: (UUID: u)", "  MIG 3g Device0: (UUID: u)",
		"  MIG 3g\vx Device 0: (UUID: u)", "  MIG 3g\fDevice\r0: (UUID: u(v)", "  MIG 3g Device 0: (UUID: u",
		"  MIG 3g Device 0: (UUID: a)b)", "  MIG 3g Device x: (UUID: u)", "  MIG é\xff Device 7: (UUID: \n)",
		"  MIG 3gDevice 0: (UUID: u)", " MIG x Devices 0: (UUID: u)", "",
	}
	nvlinkCases = []string{
		"Link 3: 26.562 GB/s", "\t Link 0: <inactive>", "Link 1: ", "Link 1:", "Link : x",
		"Link 1: a\nb", "Link 1: a\n", "\vLink 1: x", "link 1: x", "Link 1x: y", "Link 12: é\xff", "",
	}
)

// TestMatchersAgreeWithRegexps: each hand-written matcher agrees with the
// regexp it replaced on every case (countSame fails on a disagreement),
// and matches as many of them as the regexp does.
func TestMatchersAgreeWithRegexps(t *testing.T) {
	for _, tt := range []struct {
		what  string
		cases []string
		check check
		want  int
	}{
		{"bus ids", busIDCases, checkBusID, 3},
		{"header cells", csvCellCases, checkCSVHeaderCell, 9},
		{"-L GPU lines", listGPUCases, checkListGPU, 4},
		{"-L MIG lines", listMIGCases, checkListMIG, 6},
		{"nvlink lines", nvlinkCases, checkNVLinkLine, 4},
	} {
		if n := countSame(t, tt.cases, tt.check); n != tt.want {
			t.Errorf("%d %s match, want %d", n, tt.what, tt.want)
		}
	}
}

func FuzzBusID(f *testing.F)         { fuzzSame(f, busIDCases, checkBusID) }
func FuzzCSVHeaderCell(f *testing.F) { fuzzSame(f, csvCellCases, checkCSVHeaderCell) }
func FuzzListGPU(f *testing.F)       { fuzzSame(f, listGPUCases, checkListGPU) }
func FuzzListMIG(f *testing.F)       { fuzzSame(f, listMIGCases, checkListMIG) }
func FuzzNVLinkLine(f *testing.F)    { fuzzSame(f, nvlinkCases, checkNVLinkLine) }

// A check compares a matcher with its expression on s: it fails t when they
// disagree and reports whether s matched.
type check func(t *testing.T, s string) bool

// countSame runs check on every case and returns how many matched.
func countSame(t *testing.T, cases []string, c check) int {
	n := 0
	for _, s := range cases {
		if c(t, s) {
			n++
		}
	}
	return n
}

// fuzzSame seeds the corpus with the cases and runs check on every input.
func fuzzSame(f *testing.F, cases []string, c check) {
	for _, s := range cases {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { c(t, s) })
}

func checkBusID(t *testing.T, s string) bool {
	got, want := isBusID(s), busIDRE.MatchString(s)
	if got != want {
		t.Errorf("isBusID(%q) = %v, the regexp says %v", s, got, want)
	}
	return want
}

func checkCSVHeaderCell(t *testing.T, s string) bool {
	got, want := isCSVHeaderCell(s), csvCellRE.MatchString(s)
	if got != want {
		t.Errorf("isCSVHeaderCell(%q) = %v, the regexp says %v", s, got, want)
	}
	return want
}

func checkListGPU(t *testing.T, s string) bool {
	idx, ok := parseListGPU(s)
	return sameSubmatch(t, "parseListGPU", s, listGPURE, ok, "", idx)
}

func checkListMIG(t *testing.T, s string) bool {
	profile, idx, uuid, ok := parseListMIG(s)
	return sameSubmatch(t, "parseListMIG", s, listMIGRE, ok, "", profile, idx, uuid)
}

func checkNVLinkLine(t *testing.T, s string) bool {
	num, status, ok := parseNVLinkLine(s)
	return sameSubmatch(t, "parseNVLinkLine", s, nvlinkRE, ok, "", num, status)
}

// sameSubmatch compares a parser's ok and groups with re's submatches of s
// (the whole match, groups[0], is not compared) and reports whether re
// matched.
func sameSubmatch(t *testing.T, name, s string, re *regexp.Regexp, ok bool, groups ...string) bool {
	m := re.FindStringSubmatch(s)
	if m == nil {
		if ok {
			t.Errorf("%s(%q) matched %q, the regexp does not", name, s, groups[1:])
		}
		return false
	}
	if !ok || !reflect.DeepEqual(m[1:], groups[1:]) {
		t.Errorf("%s(%q) = %q, %v; the regexp says %q", name, s, groups[1:], ok, m[1:])
	}
	return true
}
