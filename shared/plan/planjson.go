package plan

import (
	"encoding/json"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/gpuplan/gpuplan/shared/internal/msgjson"
	"github.com/gpuplan/gpuplan/shared/internal/strictjson"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/planfile"
	"github.com/gpuplan/gpuplan/shared/rentbuild"
)

// The plan file writes each sentence twice, its English text for scripts
// and its message: the types below are the file's form of the plan's
// types, which hold the messages only. The English is written from the
// message here, at encoding; decoding a file that has only the English
// (an older one, or one a script wrote) reads it as that text, as written
// (msg.FromFile). Each decodes strictly, as Decode does the whole file.

// english is the English of ms for the file; nil when there are none, as
// the file has always written it.
func english(ms []msg.M) []string {
	if len(ms) == 0 {
		return nil
	}
	return msg.Strings(msg.En, ms)
}

// planJSON is the plan file's top level.
type planJSON struct {
	Schema          string              `json:"schema"`
	Requirements    Requirements        `json:"requirements"`
	Defaults        []string            `json:"defaults,omitempty"`
	Sizing          Sizing              `json:"sizing"`
	GPU             GPU                 `json:"gpu"`
	Billing         Billing             `json:"billing"`
	Cost            Cost                `json:"cost"`
	RentVsBuild     RentVsBuild         `json:"rent_vs_build"`
	Acceptance      planfile.Acceptance `json:"acceptance"`
	Rules           []string            `json:"rules"`
	Warnings        []string            `json:"warnings"`
	WarningMessages []msg.M             `json:"warning_messages,omitempty"`
	Procurement     *ProcurementResults `json:"procurement,omitempty"`
}

// MarshalJSON writes the plan file.
func (p Plan) MarshalJSON() ([]byte, error) {
	return json.Marshal(planJSON{Schema: p.Schema, Requirements: p.Requirements, Defaults: p.Defaults, Sizing: p.Sizing,
		GPU: p.GPU, Billing: p.Billing, Cost: p.Cost, RentVsBuild: p.RentVsBuild, Acceptance: p.Acceptance, Rules: p.Rules,
		Warnings: english(p.WarningMessages), WarningMessages: p.WarningMessages, Procurement: p.Procurement})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (p *Plan) UnmarshalJSON(b []byte) error {
	var j planJSON
	if err := strictjson.DecodeBytes(b, &j); err != nil {
		return err
	}
	*p = Plan{Schema: j.Schema, Requirements: j.Requirements, Defaults: j.Defaults, Sizing: j.Sizing, GPU: j.GPU,
		Billing: j.Billing, Cost: j.Cost, RentVsBuild: j.RentVsBuild, Acceptance: j.Acceptance, Rules: j.Rules,
		WarningMessages: msg.ListFromFile(j.Warnings, j.WarningMessages), Procurement: j.Procurement}
	return nil
}

// sizingPlain is a Sizing's fields without its methods.
type sizingPlain Sizing

// MarshalJSON writes the sizing with the English of its notes.
func (s Sizing) MarshalJSON() ([]byte, error) {
	return msgjson.Marshal(sizingPlain(s), msgjson.List("notes", "note_messages", &s.NoteMessages).OmitEmpty())
}

// UnmarshalJSON reads what MarshalJSON writes.
func (s *Sizing) UnmarshalJSON(b []byte) error {
	var p sizingPlain
	if err := msgjson.Unmarshal(b, &p, msgjson.List("notes", "note_messages", &p.NoteMessages).OmitEmpty()); err != nil {
		return err
	}
	*s = Sizing(p)
	return nil
}

// reasonJSON is what a Choice adds to its fields in the file.
type reasonJSON struct {
	Reason        string `json:"reason,omitempty"`
	ReasonMessage msg.M  `json:"reason_message,omitzero"`
}

// choicePlain is a Choice's fields without its methods.
type choicePlain Choice

// choiceJSON is a Choice in the file.
type choiceJSON struct {
	choicePlain
	reasonJSON
}

// file is c in the file.
func (c Choice) file() choiceJSON {
	return choiceJSON{choicePlain(c), reasonJSON{c.ReasonMessage.String(), c.ReasonMessage}}
}

// choice is the Choice the file's j holds.
func (j choiceJSON) choice() Choice {
	c := Choice(j.choicePlain)
	c.ReasonMessage = msg.FromFile(j.Reason, j.reasonJSON.ReasonMessage)
	return c
}

// MarshalJSON writes the option with the English of its reason.
func (c Choice) MarshalJSON() ([]byte, error) { return json.Marshal(c.file()) }

// UnmarshalJSON reads what MarshalJSON writes.
func (c *Choice) UnmarshalJSON(b []byte) error {
	var j choiceJSON
	if err := strictjson.DecodeBytes(b, &j); err != nil {
		return err
	}
	*c = j.choice()
	return nil
}

// gpuJSON is a GPU in the file: the choice's fields, then the others.
type gpuJSON struct {
	choiceJSON
	Alternatives []Choice    `json:"alternatives"`
	Offers       []OfferCost `json:"offers,omitempty"`
}

// MarshalJSON writes the GPU section (its Choice's MarshalJSON would
// otherwise write the choice alone).
func (g GPU) MarshalJSON() ([]byte, error) {
	return json.Marshal(gpuJSON{g.Choice.file(), g.Alternatives, g.Offers})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (g *GPU) UnmarshalJSON(b []byte) error {
	var j gpuJSON
	if err := strictjson.DecodeBytes(b, &j); err != nil {
		return err
	}
	*g = GPU{Choice: j.choiceJSON.choice(), Alternatives: j.Alternatives, Offers: j.Offers}
	return nil
}

// billingPlain is a Billing's fields without its methods.
type billingPlain Billing

// MarshalJSON writes the billing section with the English of its reasons.
func (s Billing) MarshalJSON() ([]byte, error) {
	return msgjson.Marshal(billingPlain(s), msgjson.List("reasons", "reason_messages", &s.ReasonMessages))
}

// UnmarshalJSON reads what MarshalJSON writes.
func (s *Billing) UnmarshalJSON(b []byte) error {
	var p billingPlain
	if err := msgjson.Unmarshal(b, &p, msgjson.List("reasons", "reason_messages", &p.ReasonMessages)); err != nil {
		return err
	}
	*s = Billing(p)
	return nil
}

// costPlain is a Cost's fields without its methods.
type costPlain Cost

// MarshalJSON writes the cost with the English of its warning.
func (c Cost) MarshalJSON() ([]byte, error) {
	return msgjson.Marshal(costPlain(c), msgjson.One("warning", "warning_message", &c.WarningMessage).OmitEmpty())
}

// UnmarshalJSON reads what MarshalJSON writes.
func (c *Cost) UnmarshalJSON(b []byte) error {
	var p costPlain
	if err := msgjson.Unmarshal(b, &p, msgjson.One("warning", "warning_message", &p.WarningMessage).OmitEmpty()); err != nil {
		return err
	}
	*c = Cost(p)
	return nil
}

// basisJSON is what a CostItem adds to its fields in the file.
type basisJSON struct {
	Basis             string `json:"basis,omitempty"`
	BasisMessage      msg.M  `json:"basis_message,omitzero"`
	AssumptionMessage msg.M  `json:"assumption_message,omitzero"`
}

// costItemPlain is a CostItem's fields without its methods.
type costItemPlain CostItem

// basisText is the item's basis in English with the default price's
// source in brackets, as the file writes it.
func (it CostItem) basisText() string {
	s := it.BasisMessage.String()
	if s != "" && it.assumption != "" {
		s += " (" + it.assumption + ")"
	}
	return s
}

// MarshalJSON writes the item with the English of its basis.
func (it CostItem) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		costItemPlain
		basisJSON
	}{costItemPlain(it), basisJSON{it.basisText(), it.BasisMessage, it.AssumptionMessage}})
}

// UnmarshalJSON reads what MarshalJSON writes. The source in brackets is
// data (a citation), kept as the file gives it.
func (it *CostItem) UnmarshalJSON(b []byte) error {
	var j struct {
		costItemPlain
		basisJSON
	}
	if err := strictjson.DecodeBytes(b, &j); err != nil {
		return err
	}
	*it = CostItem(j.costItemPlain)
	it.BasisMessage, it.AssumptionMessage = msg.FromFile(j.Basis, j.basisJSON.BasisMessage), j.basisJSON.AssumptionMessage
	if !j.basisJSON.BasisMessage.IsZero() {
		rest, ok := strings.CutPrefix(j.Basis, j.basisJSON.BasisMessage.String()+" (")
		if source, closed := strings.CutSuffix(rest, ")"); ok && closed {
			it.assumption = source
		}
	}
	return nil
}

// rentVsBuildJSON is a RentVsBuild in the file.
type rentVsBuildJSON struct {
	Decision         rentbuild.Decision `json:"decision"`
	BreakevenMonths  *decimal.Decimal   `json:"breakeven_months"`
	SelfBuildMonthly decimal.Decimal    `json:"self_build_monthly"`
	RentMonthly      decimal.Decimal    `json:"rent_monthly"`
	HybridSaving     decimal.Decimal    `json:"hybrid_saving"`
	Reasons          []string           `json:"reasons"`
	ReasonMessages   []msg.M            `json:"reason_messages,omitempty"`
	D1               []D1Row            `json:"d1"`
}

// MarshalJSON writes the section with the English of its reasons.
func (r RentVsBuild) MarshalJSON() ([]byte, error) {
	return json.Marshal(rentVsBuildJSON{Decision: r.Decision, BreakevenMonths: r.BreakevenMonths,
		SelfBuildMonthly: r.SelfBuildMonthly, RentMonthly: r.RentMonthly, HybridSaving: r.HybridSaving,
		Reasons: english(r.ReasonMessages), ReasonMessages: r.ReasonMessages, D1: r.D1})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (r *RentVsBuild) UnmarshalJSON(b []byte) error {
	var j rentVsBuildJSON
	if err := strictjson.DecodeBytes(b, &j); err != nil {
		return err
	}
	*r = RentVsBuild{Decision: j.Decision, BreakevenMonths: j.BreakevenMonths, SelfBuildMonthly: j.SelfBuildMonthly,
		RentMonthly: j.RentMonthly, HybridSaving: j.HybridSaving,
		ReasonMessages: msg.ListFromFile(j.Reasons, j.ReasonMessages), D1: j.D1}
	return nil
}

// d1RowJSON is a D1Row in the file.
type d1RowJSON struct {
	Dimension    string         `json:"dimension"`
	Value        string         `json:"value"`
	ValueMessage msg.M          `json:"value_message,omitzero"`
	Points       rentbuild.Side `json:"points"`
}

// MarshalJSON writes the row with the English of its value.
func (d D1Row) MarshalJSON() ([]byte, error) {
	return json.Marshal(d1RowJSON{d.Dimension, d.ValueMessage.String(), d.ValueMessage, d.Points})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (d *D1Row) UnmarshalJSON(b []byte) error {
	var j d1RowJSON
	if err := strictjson.DecodeBytes(b, &j); err != nil {
		return err
	}
	*d = D1Row{Dimension: j.Dimension, ValueMessage: msg.FromFile(j.Value, j.ValueMessage), Points: j.Points}
	return nil
}
