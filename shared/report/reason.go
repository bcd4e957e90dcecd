package report

import (
	"strings"
	"sync"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// tools whose own words a reason quotes as "<tool> says <value>", the
// longest first.
var tools = []string{"nvidia-smi nvlink -s", "nvidia-smi"}

// reasonIn is why a fact is unavailable, in l. A reason is parts joined by
// "; " (facts' readers write e.g. "not in the nvidia-smi -q output;
// nvidia-smi --version shows it"): each part gpuplan writes reads in l
// (fileReasons); "<tool> says <value>" keeps the tool's value; any other
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
	if id, ok := fileReasons()[part]; ok {
		return msg.New(id).In(l)
	}
	return msg.Verbatim(part).In(l)
}

// fileReasonIDs are the facts.reason entries: the fixed phrases gpuverify's
// facts readers write for a fact they cannot read.
var fileReasonIDs = []string{
	"facts.reason.not_in_q_x", "facts.reason.not_in_q", "facts.reason.not_in_csv", "facts.reason.not_in_smi",
	"facts.reason.not_in_nvlink", "facts.reason.not_collected", "facts.reason.link_inactive",
	"facts.reason.hint_profiles", "facts.reason.hint_uuids", "facts.reason.hint_mig", "facts.reason.hint_nvml",
	"facts.reason.hint_version", "facts.reason.hint_topology", "facts.reason.hint_links",
	"facts.reason.nvml_timestamp", "facts.reason.own_time", "facts.reason.nvml_bus_id",
	"facts.reason.nvml_host_max", "facts.reason.mig_mode_only",
}

// fileReasons maps the English of each fileReasonIDs entry to its id. A
// facts file is a format scripts read, and it carries a reason as English
// text only ({"unavailable": "…"}), so a reader of the file has nothing
// else to go by: this decoder of the file format, and no other code, maps
// those fixed phrases back to their messages.
var fileReasons = sync.OnceValue(func() map[string]string {
	m := make(map[string]string, len(fileReasonIDs))
	for _, id := range fileReasonIDs {
		m[msg.New(id).String()] = id
	}
	return m
})
