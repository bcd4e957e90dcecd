package checklist

// Stage is a stage of the purchase journey, in the order the articles walk
// a buyer through it; each checklist item belongs to one.
type Stage string

// The stages, named as the site's routes.
const (
	Requirements Stage = "requirements" // the requirement sheet and the plan (R, G, C1)
	Quotes       Stage = "quotes"       // all-in quotes compared (C1, C5)
	Vendors      Stage = "vendors"      // vendors screened and ranked (V)
	Contract     Stage = "contract"     // the contract reviewed (K)
	POC          Stage = "poc"          // the proof of concept (P)
	Acceptance   Stage = "acceptance"   // the delivered machine checked (A)
	Operations   Stage = "operations"   // running: bills and utilisation (O)
	Renewal      Stage = "renewal"      // renewal or exit (E)
)

// Stages are the stages in journey order.
var Stages = []Stage{Requirements, Quotes, Vendors, Contract, POC, Acceptance, Operations, Renewal}

// stageOf places every item in the stage where a buyer does it: by the
// rules it stands for, and for the articles' broad questions by what the
// answer needs first.
var stageOf = map[string]Stage{
	"000.1": Requirements, // R1
	"000.2": Quotes,       // C1, C3: the full-cost model is built from the quotes
	"000.3": Vendors,      // V2
	"000.4": Contract,     // K1
	"000.5": POC,          // P3
	"000.6": Contract,     // K2
	"000.7": Contract,     // K3
	"000.8": Vendors,      // V5
	"001.1": Requirements, // R1
	"001.2": Requirements, // G1, G2
	"001.3": Vendors,      // V2, V4
	"001.4": Quotes,       // C1
	"001.5": POC,          // V3, P5: a trial before the choice
	"001.6": Contract,     // K1–K3
	"001.7": POC,          // P5: the off-hours ticket during the trial
	"001.8": Operations,   // O1–O3
	"002.1": Requirements, // R1
	"002.2": Quotes,       // V4, C5
	"002.3": Contract,     // K4
	"002.4": Acceptance,   // A1, A2, A4
	"002.5": Operations,   // O2
	"002.6": Renewal,      // E1
	"002.7": Renewal,      // E2, K2
}

// ByStage returns the items of stage st in checklist order, as copies.
func ByStage(st Stage) []Item {
	var out []Item
	for _, l := range lists {
		for _, it := range l.Items {
			if stageOf[it.ID] == st {
				it.Rules = append([]string(nil), it.Rules...)
				out = append(out, it)
			}
		}
	}
	return out
}

// StageProgress counts one stage's items by state.
type StageProgress struct {
	Stage Stage `json:"stage"`
	Counts
}

// StageProgress counts each stage's items by state, in journey order.
func (s State) StageProgress() []StageProgress {
	out := make([]StageProgress, len(Stages))
	at := map[Stage]int{}
	for i, st := range Stages {
		out[i].Stage, at[st] = st, i
	}
	for _, l := range lists {
		for _, it := range l.Items {
			out[at[stageOf[it.ID]]].add(s.Get(it.ID).Status)
		}
	}
	return out
}

// Summary is the progress through the checklists: per article (then all
// of them) and per stage. It is what the plan file carries as the
// checklists' computed result.
type Summary struct {
	Lists  []Progress      `json:"lists"`
	Stages []StageProgress `json:"stages"`
}

// Summary returns the progress per list and per stage.
func (s State) Summary() Summary {
	return Summary{Lists: s.Progress(), Stages: s.StageProgress()}
}
