package form

import (
	"errors"
	"strings"

	"github.com/gpuplan/gpuplan/shared/pricebook"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/shared/planfile"
)

// This file turns the text of the form into a plan with plan.Build, the
// function gpuverify runs, so the site and the CLI can never differ.

// Outcome is what the pages show for one Input.
type Outcome struct {
	// Req is the sheet as the form gives it (plan.Build normalises a copy).
	Req plan.Requirements
	// Plan is nil when a field is refused or the plan could not be built.
	Plan *plan.Plan
	// Errors are the refused fields: form errors in field order, or the one
	// field plan.Build named.
	Errors []*FieldError
	// Err is a plan error that names no input, e.g. no card holds the job.
	Err error
	// PriceErrors are the refused cells of the buyer's price list; the
	// plan then prices without the list (nothing of it half-applied).
	PriceErrors pricebook.Errors
}

// ToRequirements reads the form into a requirement sheet. The model's size
// and shape count only when no preset is chosen. Fields whose text has the
// wrong form are left out and returned as errors.
func ToRequirements(in Input) (plan.Requirements, []*FieldError) {
	req := plan.Requirements{Schema: planfile.RequirementsSchema}
	custom := in.Get("model.preset") == ""
	var errs []*FieldError
	for _, f := range InputFields {
		if !custom && (f.Key == "model.params_b" || f.Group == GroupShape) {
			continue
		}
		v, ok, err := f.Parse(in.Get(f.Key))
		var fe *FieldError
		if errors.As(err, &fe) {
			errs = append(errs, fe)
			continue
		}
		if ok {
			f.put(&req, v)
		}
	}
	return req, errs
}

// FromRequirements is the form that gives req: the inverse of
// ToRequirements, used to restore an imported plan's sheet.
func FromRequirements(req plan.Requirements) Input {
	in := DefaultInput()
	for _, f := range InputFields {
		v := f.take(req)
		if v == "" && !f.Optional() && (f.Kind == KindInt || f.Kind == KindDecimal || f.Kind == KindMoney) {
			v = "0" // a required number the sheet leaves at zero
		}
		in = in.With(f.Key, v)
	}
	if in.Get("model.preset") != "" {
		// Shape fields never travel with a preset.
		for _, f := range ShapeFields {
			in = in.With(f.Key, f.Default)
		}
		in = in.With("model.params_b", "")
	}
	return in
}

// Compute builds the plan for in. It never panics on bad input: a refused
// field is in Errors, another refusal in Err.
func Compute(in Input) Outcome { return ComputeState(State{Input: in}) }

// ComputeState builds the plan for the state's input and procurement
// sections, as Compute does.
func ComputeState(st State) Outcome {
	in := st.Input
	req, errs := ToRequirements(in)
	req.Procurement = st.Proc.PlanSections()
	priceErrs := applyPrices(st, &req)
	req.Today, req.AsOf = Today, st.AsOf
	o := Outcome{Req: req, Errors: errs, PriceErrors: priceErrs}
	if len(errs) > 0 {
		return o
	}
	p, err := plan.Build(req)
	if err != nil {
		if fe := fieldErrorOf(err, in); fe != nil {
			o.Errors = []*FieldError{fe}
		} else {
			o.Err = err
		}
		return o
	}
	o.Plan = p
	return o
}

// fieldErrorOf maps an error from shared/ onto the input it names, or
// returns nil when it names none.
func fieldErrorOf(err error, in Input) *FieldError {
	var fe *fielderr.Error
	if !errors.As(err, &fe) {
		return nil
	}
	key := keyForErrField(fe.Field, in)
	f, ok := ByKey(key)
	if !ok {
		return nil
	}
	return &FieldError{Key: key, Value: Clip(in.Get(key)), Reason: errPlan, Msg: fe.ProblemMsg(), Range: f.Range, Rule: f.Rule}
}

// keyForErrField finds the input a shared/ field name refers to: the same
// JSON path, or one of a spec's ErrFields. "model" (no model at all) points
// at the size when no preset is chosen.
func keyForErrField(name string, in Input) string {
	if name == "model" && in.Get("model.preset") == "" {
		return "model.params_b"
	}
	if _, ok := ByKey(name); ok {
		return name
	}
	for _, f := range InputFields {
		for _, alias := range f.ErrFields {
			if alias == name {
				return f.Key
			}
		}
	}
	// cost.prices.<id> without .monthly/.hourly, and similar prefixes.
	for _, f := range InputFields {
		if strings.HasPrefix(f.Key, name+".") {
			return f.Key
		}
	}
	return ""
}

// ErrorFor returns the error of one field, or nil.
func (o Outcome) ErrorFor(key string) *FieldError {
	for _, e := range o.Errors {
		if e.Key == key {
			return e
		}
	}
	return nil
}

// FirstFieldError returns the first refused field, or nil.
func (o Outcome) FirstFieldError() *FieldError {
	if len(o.Errors) == 0 {
		return nil
	}
	return o.Errors[0]
}

// Valid reports whether every field was accepted (the plan may still have
// failed for a reason that names no field).
func (o Outcome) Valid() bool { return len(o.Errors) == 0 }
