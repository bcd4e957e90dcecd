package report

import (
	"strings"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// tools whose own words a reason quotes as "<tool> says <value>", the
// longest first.
var tools = []string{"nvidia-smi nvlink -s", "nvidia-smi"}

// reasonIn is why a fact is unavailable, in l. A reason is parts joined by
// "; " (facts' readers write e.g. "not in the nvidia-smi -q output;
// nvidia-smi --version shows it"): each part gpuplan writes reads in l
// (msg.Reason); "<tool> says <value>" keeps the tool's value; any other
// part, such as a driver's error text, stays as written. In English the
// reason comes back unchanged.
func reasonIn(reason string, l msg.Lang) string {
	parts := strings.Split(reason, "; ")
	out := reasonPart(parts[0], l)
	for _, p := range parts[1:] {
		out = l.Text("facts.reason.and", msg.Text(out), msg.Text(reasonPart(p, l)))
	}
	return out
}

// reasonPart is one part of a reason in l.
func reasonPart(part string, l msg.Lang) string {
	for _, tool := range tools {
		if value, ok := strings.CutPrefix(part, tool+" says "); ok {
			return l.Text("facts.reason.says", msg.Text(tool), msg.Text(value))
		}
	}
	return msg.Reason(part).In(l)
}
