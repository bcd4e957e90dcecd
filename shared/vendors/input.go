package vendors

import (
	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/internal/valid"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// Input is the candidate vendors and how to weigh them.
type Input struct {
	// Weights weigh the five dimensions; nil or all zero means equal.
	Weights *Weights `json:"weights,omitempty"`
	// Vendors are the candidates, 1 to 20, names distinct.
	Vendors []Vendor `json:"vendors"`
	// Cards is the number of cards to split between the primary and the
	// backup vendor (rule V5), in [0, 100000]; 0 skips the split.
	Cards int `json:"cards,omitempty"`
}

// Weights are the relative weights of the five dimensions of rule V1, each
// in [0, 100]. Only their ratios matter.
type Weights struct {
	GPUCoverage       decimal.Decimal `json:"gpu_coverage"`
	SLA               decimal.Decimal `json:"sla"`
	DataSecurity      decimal.Decimal `json:"data_security"`
	PriceTransparency decimal.Decimal `json:"price_transparency"`
	Network           decimal.Decimal `json:"network"`
}

func (w Weights) list() []decimal.Decimal {
	return []decimal.Decimal{w.GPUCoverage, w.SLA, w.DataSecurity, w.PriceTransparency, w.Network}
}

// EqualWeights gives every dimension weight 1.
func EqualWeights() Weights {
	one := decimal.NewFromInt(1)
	return Weights{one, one, one, one, one}
}

// Scores are a vendor's marks on the five dimensions of rule V1, each a
// whole number in [1, 5].
type Scores struct {
	GPUCoverage       int `json:"gpu_coverage"`
	SLA               int `json:"sla"`
	DataSecurity      int `json:"data_security"`
	PriceTransparency int `json:"price_transparency"`
	Network           int `json:"network"`
}

func (s Scores) list() []int {
	return []int{s.GPUCoverage, s.SLA, s.DataSecurity, s.PriceTransparency, s.Network}
}

// dimensions are the JSON names of the five dimensions, in list order.
var dimensions = []string{"gpu_coverage", "sla", "data_security", "price_transparency", "network"}

// SLAPays says how a vendor's SLA compensates.
type SLAPays string

// The forms of SLA compensation.
const (
	PaysMoney   SLAPays = "money"   // a stated amount of money
	PaysVoucher SLAPays = "voucher" // vouchers for the same product
	PaysHours   SLAPays = "hours"   // extra service time (补时长)
	PaysNothing SLAPays = "none"    // no compensation clause
)

// POC says whether a vendor offers a proof of concept.
type POC string

// The POC answers.
const (
	POCOffered POC = "offered"
	POCRefused POC = "refused"
)

// Vendor is one candidate. A nil *bool means "not checked yet".
type Vendor struct {
	// Name names the vendor, 1 to 100 bytes.
	Name string `json:"name"`
	// B11Licence is the B11 value-added telecom licence (IDC / cloud).
	B11Licence *bool `json:"b11_licence,omitempty"`
	// BusinessLicence is the business licence (营业执照).
	BusinessLicence *bool `json:"business_licence,omitempty"`
	// VATSpecialInvoice is corporate bank transfer with a VAT special
	// invoice (增值税专票).
	VATSpecialInvoice *bool `json:"vat_special_invoice,omitempty"`
	// SLAPays is how the SLA compensates: "money", "voucher", "hours" or
	// "none"; empty when not checked.
	SLAPays SLAPays `json:"sla_pays,omitempty"`
	// Scores are the five V1 marks.
	Scores Scores `json:"scores"`
	// Tier3GPURoom is a Tier 3+ data centre with a dedicated GPU room (not
	// a converted IDC).
	Tier3GPURoom *bool `json:"tier3_gpu_room,omitempty"`
	// SameCardCases is enterprise customer cases on the same GPU model.
	SameCardCases *bool `json:"same_card_cases,omitempty"`
	// POC is "offered" or "refused"; empty when not asked.
	POC POC `json:"poc,omitempty"`
	// Preemptible is true when the capacity is preemptible and may run out
	// at peak.
	Preemptible *bool `json:"preemptible,omitempty"`
}

var maxWeight = decimal.NewFromInt(100)

// Validate reports the first input outside its allowed range, naming it.
func (in Input) Validate() error {
	if in.Weights != nil {
		for i, w := range in.Weights.list() {
			if err := valid.InRange("weights."+dimensions[i], w, decimal.Zero, maxWeight, true, msg.New("want.in", msg.Label("want.noun.weight"), msg.Text("[0, 100]"))); err != nil {
				return err
			}
		}
	}
	names := valid.Distinct{}
	err := valid.Rows("vendors", in.Vendors, 1, 20, "want.rows.vendors", func(f string, v Vendor) error {
		if err := v.validate(f); err != nil {
			return err
		}
		return names.Add(f+".name", v.Name, msg.New("want.unique_vendor"))
	})
	if err != nil {
		return err
	}
	return valid.IntRange("cards", in.Cards, 0, 100000)
}

func (v Vendor) validate(f string) error {
	if v.Name == "" || len(v.Name) > 100 {
		return &fielderr.Error{Field: f + ".name", Value: v.Name, Want: msg.New("want.vendor_name")}
	}
	if err := valid.OneOf(f+".sla_pays", string(v.SLAPays), "", "money", "voucher", "hours", "none"); err != nil {
		return err
	}
	if err := valid.OneOf(f+".poc", string(v.POC), "", "offered", "refused"); err != nil {
		return err
	}
	for i, s := range v.Scores.list() {
		if err := valid.IntRange(f+".scores."+dimensions[i], s, 1, 5); err != nil {
			return err
		}
	}
	return nil
}

// weights returns the weights in force: the input's, or equal ones when
// they are absent or all zero.
func (in Input) weights() Weights {
	if in.Weights == nil {
		return EqualWeights()
	}
	for _, w := range in.Weights.list() {
		if !w.IsZero() {
			return *in.Weights
		}
	}
	return EqualWeights()
}
