package main

import (
	"os"
	"path/filepath"

	"github.com/gpuplan/gpuplan/shared/fabric"
	"github.com/gpuplan/gpuplan/shared/planfile"
	"github.com/gpuplan/gpuplan/shared/report"
)

// recordFabric adds the InfiniBand ports this node sees (under e.hostRoot)
// to the report of a multi-node plan ("nvlink+ib", "pcie+ib",
// "hccs+roce") and seals it again; gpuverify merge checks them across the
// nodes (rule A3). Saved nvidia-smi output (fromSMI) describes another
// machine, so its report gets no ports of this one.
func recordFabric(e env, r *report.Report, acc planfile.Acceptance, fromSMI bool) error {
	if fromSMI || !acc.Interconnect.MultiNode() {
		return nil
	}
	fb := fabric.ReadIB(os.DirFS(filepath.Join(e.hostRoot, fabric.IBDir)))
	r.Fabric = &fb
	if err := r.Seal(); err != nil {
		return runErr("sealing the report: %v", err)
	}
	return nil
}
