package fabric

import (
	"os"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gpuplan/gpuplan/internal/testkit"
)

// sysfs builds a fake /sys/class/infiniband: devices with their ports'
// state, phys_state, rate and link_layer, as a ConnectX-7 node shows them.
func sysfs(ports map[string][4]string) fstest.MapFS {
	fsys := fstest.MapFS{}
	for path, v := range ports { // path "mlx5_0/1"
		dev, port, _ := strings.Cut(path, "/")
		fsys[dev+"/node_guid"] = &fstest.MapFile{Data: []byte("0c42:a103:00" + dev[len(dev)-1:] + "0:5b3c\n")}
		dir := dev + "/ports/" + port + "/"
		fsys[dir+"state"] = &fstest.MapFile{Data: []byte(v[0] + "\n")}
		fsys[dir+"phys_state"] = &fstest.MapFile{Data: []byte(v[1] + "\n")}
		fsys[dir+"rate"] = &fstest.MapFile{Data: []byte(v[2] + "\n")}
		fsys[dir+"link_layer"] = &fstest.MapFile{Data: []byte(v[3] + "\n")}
	}
	return fsys
}

func TestReadIB(t *testing.T) {
	fsys := sysfs(map[string][4]string{
		"mlx5_1/1": {"4: ACTIVE", "5: LinkUp", "400 Gb/sec (4X NDR)", "InfiniBand"},
		"mlx5_0/1": {"4: ACTIVE", "5: LinkUp", "400 Gb/sec (4X NDR)", "InfiniBand"},
		"mlx5_2/1": {"1: DOWN", "3: Disabled", "10 Gb/sec (4X SDR)", "InfiniBand"},
		"mlx5_3/1": {"4: ACTIVE", "5: LinkUp", "100 Gb/sec (2X HDR)", "Ethernet"},
	})
	f := ReadIB(fsys)
	if f.IBUnavailable != "" || len(f.IB) != 4 {
		t.Fatalf("got %+v", f)
	}
	want := Port{Device: "mlx5_0", Port: 1, State: "ACTIVE", PhysState: "LinkUp", RateGbps: 400,
		Rate: "400 Gb/sec (4X NDR)", LinkLayer: "InfiniBand", NodeGUID: "0c42:a103:0000:5b3c"}
	if !reflect.DeepEqual(f.IB[0], want) {
		t.Errorf("first port\n got %+v\nwant %+v", f.IB[0], want)
	}
	if f.IB[2].Active() || f.IB[2].State != "DOWN" {
		t.Errorf("mlx5_2 should be down: %+v", f.IB[2])
	}
	s := f.Summarize(LayerInfiniBand)
	if s.Active != 2 || s.MinGbps != 400 || s.TotalGbp != 800 || s.Other != 1 {
		t.Errorf("summary %+v: want 2 active IB ports at 400 Gb/s and one RoCE port", s)
	}
}

func TestReadIBMissing(t *testing.T) {
	f := ReadIB(os.DirFS(t.TempDir() + "/none"))
	if len(f.IB) != 0 || !strings.Contains(f.IBUnavailable, "no /sys/class/infiniband") {
		t.Errorf("got %+v", f)
	}
	if f.IB == nil {
		t.Error("IB must be an empty list, not null, so the JSON says [] ")
	}
}

func TestParseRate(t *testing.T) {
	for in, want := range map[string]float64{
		"400 Gb/sec (4X NDR)": 400, "200 Gb/sec (4X HDR)": 200, "2.5 Gb/sec (1X SDR)": 2.5,
		"": 0, "fast": 0, "-5 Gb/sec": 0, "1e99 Gb/sec": 0,
	} {
		if got := ParseRate(in); got != want {
			t.Errorf("ParseRate(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestParseNCCL(t *testing.T) {
	data, err := os.ReadFile("testdata/all_reduce_2x8.txt")
	if err != nil {
		t.Fatal(err)
	}
	n, err := ParseNCCL(data)
	if err != nil {
		t.Fatal(err)
	}
	want := &NCCL{Ranks: 16, Hosts: []string{"node-a", "node-b"}, MaxBytes: 8589934592,
		BusBWGBs: 146.82, AvgBusBWGBs: 58.087}
	if !reflect.DeepEqual(n, want) {
		t.Errorf("got %+v\nwant %+v", n, want)
	}
}

func TestParseNCCLBad(t *testing.T) {
	good, _ := os.ReadFile("testdata/all_reduce_2x8.txt")
	for name, c := range map[string]struct{ in, err string }{
		"empty":     {"", "no result rows"},
		"header":    {"# nThread 1 nGpus 1\n#\n", "no result rows"},
		"busbw":     {"  8  2  float  sum  -1  61.2  0.00  fast  0\n", "busbw"},
		"wrong":     {"  8  2  float  sum  -1  61.2  0.00  0.00  -3\n", "#wrong"},
		"avg":       {string(good) + "# Avg bus bandwidth : lots\n", "Avg bus bandwidth"},
		"oob":       {"# Out of bounds values : x FAILED\n", "Out of bounds"},
		"too large": {strings.Repeat("#\n", MaxNCCLBytes/2+1), "larger than"},
	} {
		if _, err := ParseNCCL([]byte(c.in)); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: err %v, want one mentioning %q", name, err, c.err)
		}
	}
	// Errors found by the test are counted, not refused.
	bad := strings.Replace(string(good), "146.82      0", "146.82      7", 1)
	bad = strings.Replace(bad, "values : 0 OK", "values : 3 FAILED", 1)
	n, err := ParseNCCL([]byte(bad))
	if err != nil || n.Wrong != 7 || n.OutOfBounds != 3 {
		t.Errorf("got %+v, %v: want 7 wrong and 3 out of bounds", n, err)
	}
}

func FuzzParseNCCL(f *testing.F) {
	testkit.AddSeeds(f, "testdata/all_reduce_*.txt", "  8 2 float sum -1 1 2 3 0 1 2 3 N/A\n# Out of bounds values : 0 OK\n")
	f.Fuzz(func(t *testing.T, data []byte) {
		n, err := ParseNCCL(data)
		if err != nil {
			return
		}
		if n.BusBWGBs < 0 || n.Wrong < 0 || n.OutOfBounds < 0 || n.Ranks < 0 || n.MaxBytes < 0 {
			t.Fatalf("negative figure from %q: %+v", data, n)
		}
	})
}
