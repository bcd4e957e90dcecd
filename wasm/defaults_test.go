package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/wasm/internal/form"
)

// TestSiteAndCLIShareDefaults: the site's first page and gpuverify plan on
// the smallest sheet build the same plan file, byte for byte, so a report
// checked against the CLI's plan reads "the same plan" on the site (issue
// 15; before, the site pre-filled 2 TB, 5 TB/month and 2 IPs and the CLI 0).
func TestSiteAndCLIShareDefaults(t *testing.T) {
	for _, tc := range []struct{ name, sheet, workload string }{
		{"inference", `{"workload":"inference","model":{"preset":"llama-3.1-70b"}}`, ""},
		{"lora", `{"workload":"lora","model":{"preset":"llama-3.1-70b"}}`, "lora"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req, err := plan.DecodeRequirements(strings.NewReader(tc.sheet))
			if err != nil {
				t.Fatal(err)
			}
			p, err := plan.Build(req)
			if err != nil {
				t.Fatal(err)
			}
			cli, _ := planJSON(p)
			in := form.DefaultInput()
			if tc.workload != "" {
				in = in.With("workload", tc.workload)
			}
			o := form.Compute(in)
			if o.Plan == nil {
				t.Fatalf("site: %v %v", o.Err, o.Errors)
			}
			site, _ := planJSON(o.Plan)
			if !bytes.Equal(cli, site) {
				t.Errorf("the site's plan differs from gpuverify plan's:\nsite %s\ncli  %s", head(site), head(cli))
			}
			if got := o.Plan.Requirements; got.StorageTB.String() != "2" || got.EgressTBMonth.String() != "5" || got.ExtraIPs != 2 {
				t.Errorf("volumes %s TB, %s TB/month, %d IPs; want the shared 2, 5, 2", got.StorageTB, got.EgressTBMonth, got.ExtraIPs)
			}
		})
	}
}

// TestImportedCLIPlanMatches: a plan file from gpuverify, imported, gives the
// page the same plan file (what makes a report of it "the same plan").
func TestImportedCLIPlanMatches(t *testing.T) {
	p, err := plan.Build(mustSheet(t, `{"workload":"inference","model":{"preset":"qwen2.5-7b"},"storage_tb":"0","extra_ips":0}`))
	if err != nil {
		t.Fatal(err)
	}
	cli, _ := planJSON(p)
	req, err := importSheet(cli)
	if err != nil {
		t.Fatal(err)
	}
	o := form.Compute(form.FromRequirements(req))
	if o.Plan == nil {
		t.Fatalf("site: %v %v", o.Err, o.Errors)
	}
	site, _ := planJSON(o.Plan)
	if !bytes.Equal(cli, site) {
		t.Errorf("imported plan differs:\nsite %s\ncli  %s", head(site), head(cli))
	}
}

func mustSheet(t *testing.T, s string) plan.Requirements {
	t.Helper()
	r, err := plan.DecodeRequirements(strings.NewReader(s))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// head is the start of a plan file, for a failure message.
func head(b []byte) string {
	if len(b) > 1500 {
		b = b[:1500]
	}
	return string(b)
}
