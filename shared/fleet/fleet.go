// Package fleet merges the evidence reports of the nodes of a rented
// cluster into one fleet report, and checks what no single report can: that
// the nodes add up to the plan (GPU and node counts), that every report was
// checked against the same plan, that no machine or GPU was counted twice,
// that the nodes run one driver, that no node is much slower than its
// siblings, and, for multi-node plans, the InfiniBand ports each node sees
// and the NCCL all-reduce bandwidth across them (rules A1–A4).
//
// It is pure: gpuverify merge and the planner site's acceptance page run
// the same Merge.
//
// # Layout (schema "gpuplan.fleet/v1")
//
//	{
//	  "schema": "gpuplan.fleet/v1",
//	  "tool": {"name": "gpuverify", "version": "v0.4.0"},
//	  "time": "2026-12-01T10:00:00Z",
//	  "plan": {"sha256": "9f2c…", "from": "plan-file", "gpu_count": 16, "gpus_per_node": 8,
//	           "nodes": 2, "interconnect": "nvlink+ib"},
//	  "nodes": [{"file": "report-node-a.json", "host": "node-a", "digest": "4be1…",
//	             "digest_ok": true, "verdict": "pass", "gpus": 8, …}, …],
//	  "rejected": [{"file": "report-node-c.json", "reason": "…"}],
//	  "nccl": {"ranks": 16, "busbw_gbs": 146.8, …},      // only when measured
//	  "checks": [{"id": "fleet_gpu_count", "status", "rule", "expected", "measured", "message"}, …],
//	  "summary": {"verdict": "pass", "pass": 9, "warn": 0, "skip": 2, "fail": 0, "total": 11},
//	  "digest": "…"
//	}
//
// The digest is computed as a report's is (see shared/report): the hex
// SHA-256 of the file with the digest value emptied, as json.MarshalIndent
// writes it with two spaces, plus a newline.
package fleet

import (
	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/fabric"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/planfile"
	"github.com/gpuplan/gpuplan/shared/report"
)

// Schema is the schema id of a fleet file.
const Schema = "gpuplan.fleet/v1"

// Bounds of what Merge and Decode accept.
const (
	// MaxReports is the most node reports one merge takes (8,192 GPUs at
	// 8 a node).
	MaxReports = 1024
	// MaxBytes bounds a fleet file: about 3 KB per node.
	MaxBytes = 32 << 20
)

// Where the plan of a fleet comes from.
const (
	FromPlanFile = "plan-file" // gpuverify merge --plan: the plan file itself
	FromReports  = "reports"   // the acceptance block the reports carry
)

// Fleet is the fleet report.
type Fleet struct {
	Schema string      `json:"schema"`
	Tool   report.Tool `json:"tool"`
	// Time is when the reports were merged, RFC 3339 in UTC.
	Time string `json:"time"`
	// Plan is what the fleet was checked against.
	Plan Plan `json:"plan"`
	// Nodes are the reports that were merged, in the order given.
	Nodes []Node `json:"nodes"`
	// Rejected are the files that were not merged, with the reason.
	Rejected []Rejected `json:"rejected"`
	// NCCL is the all-reduce run across the nodes; nil when not measured.
	NCCL *fabric.NCCL `json:"nccl,omitempty"`
	// Checks are the fleet checks.
	Checks []acceptance.Result `json:"checks"`
	// Summary counts the checks by status.
	Summary report.Summary `json:"summary"`
	// Digest is the hex SHA-256 of the canonical form.
	Digest string `json:"digest"`
}

// Plan is what the nodes must add up to.
type Plan struct {
	// SHA256 is the hex SHA-256 of the plan file every report must name.
	SHA256 string `json:"sha256"`
	// From is FromPlanFile or FromReports.
	From string `json:"from"`
	// GPUCount is every GPU of the plan, all nodes together.
	GPUCount int `json:"gpu_count"`
	// GPUsPerNode is what each node must show.
	GPUsPerNode int `json:"gpus_per_node"`
	// Nodes is the plan's node count (gpu.nodes, else GPUCount divided by
	// GPUsPerNode, rounded up).
	Nodes int `json:"nodes"`
	// Interconnect is the plan's interconnect, e.g. "nvlink+ib".
	Interconnect planfile.Interconnect `json:"interconnect"`
}

// Node is one merged report.
type Node struct {
	// File is the report's name as given.
	File string `json:"file"`
	// Host is the host name the report states; "" when it has none.
	Host string `json:"host"`
	// Time is when the node was checked.
	Time string `json:"time"`
	// Digest is the digest the report states; DigestOK is true when it is
	// the digest of the report's content.
	Digest   string `json:"digest"`
	DigestOK bool   `json:"digest_ok"`
	// Signature is the outcome of checking the report's SSH signature; nil
	// when signatures were not checked.
	Signature *Signature `json:"signature,omitempty"`
	// Verdict and Summary are the report's own.
	Verdict acceptance.Verdict `json:"verdict"`
	Summary report.Summary     `json:"summary"`
	// GPUs is the number of GPUs the report lists; GPUName the model of the
	// most of them.
	GPUs    int    `json:"gpus"`
	GPUName string `json:"gpu_name"`
	// Driver is the NVIDIA driver version; "" when unknown.
	Driver string `json:"driver"`
	// Origin is where the report's facts came from (provenance.Live or
	// provenance.File); a saved file makes the node incomplete.
	Origin string `json:"origin"`
	// UUIDs and Serials are the GPUs' identities that were read.
	UUIDs   []string `json:"gpu_uuids"`
	Serials []string `json:"gpu_serials"`
	// HostIDs are the machine's identities from the kernel, each as its
	// kind and value ("machine-id 4c4c…"), lower-case.
	HostIDs []string `json:"host_ids"`
	// Bench is the median rate of the node's GPUs per bench kind ("fp32",
	// "memory" …), from the report's bench checks; absent when the node
	// ran no bench.
	Bench map[string]float64 `json:"bench,omitempty"`
	// IB summarises the InfiniBand ports the node recorded; nil when the
	// report holds no fabric block.
	IB *IB `json:"ib,omitempty"`
}

// IB is what one node recorded of its InfiniBand ports.
type IB struct {
	// Active counts the active ports of the plan's link layer; MinGbps is
	// the lowest rate among them.
	Active  int     `json:"active"`
	MinGbps float64 `json:"min_gbps"`
	// Other counts active ports of another link layer (RoCE on an IB plan).
	Other int `json:"other"`
	// Down counts the ports that are not active.
	Down int `json:"down"`
	// GUIDs are the adapters' node GUIDs.
	GUIDs []string `json:"guids"`
	// Unavailable says why the ports could not be read.
	Unavailable string `json:"unavailable,omitempty"`
}

// Signature is the outcome of checking one report's SSH signature.
type Signature struct {
	// Status is "verified", "missing", "invalid" or "unavailable" (the
	// report.Sig* values, and SigUnavailable).
	Status string `json:"status"`
	// Signer is the principal of the allowed-signers file that signed.
	Signer string `json:"signer,omitempty"`
	// Detail says what went wrong.
	Detail string `json:"detail,omitempty"`
}

// The signature statuses.
const (
	SigVerified    = "verified"
	SigMissing     = "missing"
	SigInvalid     = "invalid"
	SigUnavailable = "unavailable"
)

// The kinds of host identity in Node.HostIDs.
const (
	IDProductUUID = "product-uuid"
	IDMachineID   = "machine-id"
	IDMAC         = "mac"
)

// Rejected is a file that was not merged.
type Rejected struct {
	File string `json:"file"`
	// Reason is why, a fleet.reject message; the file writes its English
	// (a file read back gives that text as written).
	Reason msg.English `json:"reason"`
}

// reject is the rejection of file for the catalogue message id with args.
func reject(file, id string, args ...msg.Arg) Rejected {
	return Rejected{File: file, Reason: msg.EnglishOf(msg.New(id, args...))}
}
