package form

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/plan"
)

// LeftOut is one item of a section held back from the figures: a row of
// one of its lists (a quote, a vendor) or, outside a list, one field (a
// contract clause). Err is why, naming the field by its path in the draft.
type LeftOut struct {
	Item string          // the row ("quotes[1]") or the field ("availability_pct")
	List string          // the row's list ("quotes"), "" for a field
	Row  int             // the row's index in the draft, -1 for a field
	Err  *fielderr.Error // the field refused and why
}

// partialSections are the sections whose items stand alone: a quote, a
// vendor, a contract clause. In the others (a POC's figures, a month of
// operations, an exit date) one refused value changes what the rest
// means, so the whole section waits for it.
var partialSections = map[string]bool{"quotes": true, "vendors": true, "contract": true}

// maxLeftOut bounds how many items BuildPartial holds back before it gives
// up and holds the whole section.
const maxLeftOut = 40

// BuildPartial is BuildSection that holds back only what is refused: when
// a field of a row is refused, that row is left out; when a typed field
// outside a list is refused, that field is left out (as if not stated);
// and the rest is built again, until it passes. It returns the section
// built from the rest and the items left out, in the order found; in the
// sections not in partialSections it is BuildSection. When the
// refused field cannot be left out (a required field outside a list, or
// nothing would be left), the section is nil and err says why.
func BuildPartial(name string, d Draft) (*plan.Procurement, []LeftOut, error) {
	if !partialSections[name] {
		sec, err := BuildSection(name, d)
		return sec, nil, err
	}
	var left []LeftOut
	orig := map[string][]int{} // list → the draft's row index of each row still in
	for range maxLeftOut {
		sec, err := BuildSection(name, d)
		if err == nil {
			return sec, left, nil
		}
		fe := ErrAsField(name, err)
		list, row, ok := rowPath(fe.Field)
		switch {
		case ok && row < d.Rows(list):
			if _, seen := orig[list]; !seen {
				orig[list] = make([]int, d.Rows(list))
				for i := range orig[list] {
					orig[list][i] = i
				}
			}
			at := orig[list][row]
			orig[list] = slices.Delete(orig[list], row, row+1)
			moved := *fe
			moved.Field = fmt.Sprintf("%s[%d]%s", list, at, fe.Field[len(fmt.Sprintf("%s[%d]", list, row)):])
			left = append(left, LeftOut{Item: fmt.Sprintf("%s[%d]", list, at), List: list, Row: at, Err: &moved})
			d = d.RemoveRow(list, row)
		case !ok && d.Get(fe.Field) != "":
			left = append(left, LeftOut{Item: fe.Field, Row: -1, Err: fe})
			d = d.With(fe.Field, "")
		default:
			return nil, left, err
		}
	}
	return nil, left, fielderr.Sentence(name, "site.proc.too_many_refused", msg.Int(maxLeftOut))
}

// rowPath splits a path inside a row of a top-level list,
// "quotes[2].vendor", into its list and row; ok is false for any other
// path (a nested list such as "credits.tiers[0]" is part of its clause).
func rowPath(path string) (list string, row int, ok bool) {
	i := strings.Index(path, "[")
	if i <= 0 || strings.Contains(path[:i], ".") {
		return "", 0, false
	}
	row, ok = RowIndex(path, path[:i])
	return path[:i], row, ok
}
