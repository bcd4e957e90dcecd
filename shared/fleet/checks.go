package fleet

import (
	"fmt"
	"sort"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/provenance"
)

// checks runs the fleet checks, in the order the report lists them.
func checks(f *Fleet, opt Options) []acceptance.Result {
	out := []acceptance.Result{
		checkInputs(f),
		checkDigests(f),
		checkSignatures(f, opt.AllowedSigners != nil),
		checkVerdicts(f),
		checkNodeCount(f),
		checkGPUCount(f),
		checkHosts(f),
		checkGPUs(f),
		checkDrivers(f),
	}
	out = append(out, checkBench(f)...)
	if f.Plan.Interconnect.MultiNode() {
		out = append(out, checkIB(f), checkNCCL(f))
	}
	return out
}

func result(id, rule, expected string) acceptance.Result {
	return acceptance.Result{ID: id, Rule: rule, Expected: expected}
}

// pass, fail, warn and skip set a result's status, measured value and
// message (its English text the Message a file keeps).
func pass(r acceptance.Result, measured string, m msg.M) acceptance.Result {
	r.Measured = measured
	r.Say(acceptance.Pass, m)
	return r
}

func fail(r acceptance.Result, measured string, m msg.M) acceptance.Result {
	r.Measured = measured
	r.Say(acceptance.Fail, m)
	return r
}

func warn(r acceptance.Result, measured string, m msg.M) acceptance.Result {
	r.Measured = measured
	r.Say(acceptance.Warn, m)
	return r
}

func skip(r acceptance.Result, m msg.M) acceptance.Result {
	r.Measured = "not measured"
	r.Say(acceptance.Skip, m)
	return r
}

// txt is a message argument written as given: names, ids, lists of them.
func txt(s string) msg.Arg { return msg.Text(s) }

// name is how messages name a node: its file and, when known, its host.
func (n Node) name() string {
	if n.Host == "" {
		return n.File
	}
	return fmt.Sprintf("%s (%s)", n.File, n.Host)
}

func checkInputs(f *Fleet) acceptance.Result {
	r := result("fleet_inputs", "A4", "every file is a gpuverify report of the plan")
	measured := fmt.Sprintf("%d merged, %d rejected", len(f.Nodes), len(f.Rejected))
	if len(f.Rejected) == 0 {
		return pass(r, measured, msg.New("fleet.inputs.pass", txt(short(f.Plan.SHA256))))
	}
	parts := make([]string, len(f.Rejected))
	for i, x := range f.Rejected {
		parts[i] = x.File + ": " + x.Reason.String()
	}
	return fail(r, measured, msg.New("fleet.inputs.fail", txt(strings.Join(parts, "; "))))
}

func checkDigests(f *Fleet) acceptance.Result {
	r := result("fleet_digests", "A4", "every report's digest matches its content")
	var bad []string
	for _, n := range f.Nodes {
		if !n.DigestOK {
			bad = append(bad, n.name())
		}
	}
	measured := fmt.Sprintf("%d of %d match", len(f.Nodes)-len(bad), len(f.Nodes))
	if len(f.Nodes) == 0 {
		return skip(r, msg.New("fleet.none"))
	}
	if len(bad) > 0 {
		return fail(r, measured, msg.New("fleet.digests.fail", txt(strings.Join(bad, ", "))))
	}
	return pass(r, measured, msg.New("fleet.digests.pass"))
}

func checkSignatures(f *Fleet, asked bool) acceptance.Result {
	r := result("fleet_signatures", "A4", "every report signed by an allowed signer")
	if !asked {
		return skip(r, msg.New("fleet.sigs.unasked"))
	}
	if len(f.Nodes) == 0 {
		return skip(r, msg.New("fleet.none"))
	}
	var bad, unavailable []string
	signers := map[string]bool{}
	for _, n := range f.Nodes {
		s := n.Signature
		switch {
		case s == nil || s.Status == SigUnavailable:
			unavailable = append(unavailable, n.File)
		case s.Status == SigVerified:
			signers[s.Signer] = true
		default:
			bad = append(bad, fmt.Sprintf("%s %s (%s)", n.File, s.Status, s.Detail))
		}
	}
	measured := fmt.Sprintf("%d of %d verified", len(f.Nodes)-len(bad)-len(unavailable), len(f.Nodes))
	switch {
	case len(bad) > 0:
		return fail(r, measured, msg.New("fleet.sigs.fail", txt(strings.Join(bad, "; "))))
	case len(unavailable) > 0:
		why := "signature verification is unavailable in this build"
		if n := f.Nodes[0].Signature; n != nil && n.Detail != "" {
			why = n.Detail
		}
		return skip(r, msg.New("fleet.sigs.unavailable", txt(why), txt(strings.Join(unavailable, ", "))))
	}
	return pass(r, measured, msg.New("fleet.sigs.pass", txt(strings.Join(sortedKeys(signers), ", "))))
}

func checkVerdicts(f *Fleet) acceptance.Result {
	r := result("fleet_node_verdicts", "A1", "every node's own report passes")
	if len(f.Nodes) == 0 {
		return skip(r, msg.New("fleet.none"))
	}
	var bad, open []string
	for _, n := range f.Nodes {
		switch {
		case n.Origin == provenance.File && n.Verdict != acceptance.VerdictFail:
			open = append(open, fmt.Sprintf("%s: facts from a saved file", n.name()))
		case n.Verdict == acceptance.VerdictPass:
		case n.Verdict == acceptance.VerdictIncomplete:
			open = append(open, fmt.Sprintf("%s: %d checks skipped", n.name(), n.Summary.Skip))
		default:
			bad = append(bad, fmt.Sprintf("%s: %d failed", n.name(), n.Summary.Fail))
		}
	}
	measured := fmt.Sprintf("%d of %d pass", len(f.Nodes)-len(bad)-len(open), len(f.Nodes))
	switch {
	case len(bad) > 0:
		return fail(r, measured, msg.New("fleet.verdicts.fail", txt(strings.Join(bad, "; "))))
	case len(open) > 0:
		r = skip(r, msg.New("fleet.verdicts.open", txt(strings.Join(open, "; "))))
		r.Measured = measured
		return r
	}
	return pass(r, measured, msg.New("fleet.verdicts.pass"))
}

// orFile is "" when the node has a host name, else its file in brackets.
func orFile(n Node) string {
	if n.Host != "" {
		return ""
	}
	return "[" + n.File + "]"
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
