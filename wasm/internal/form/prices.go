package form

import (
	"strings"

	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/shared/pricebook"
)

// The buyer's own price list rides in the state as the CSV text they pasted
// or uploaded (the price-list page), kept as typed even when a row is
// refused: the plan uses the list only when every row reads, and the page
// shows each refused cell at its line.

// WithPrices returns s with the price list text set; text longer than the
// list's bound is cut at it (ParseCSV then refuses the size).
func (s State) WithPrices(csv string) State {
	if len(csv) > pricebook.MaxCSVBytes+1 {
		csv = csv[:pricebook.MaxCSVBytes+1]
	}
	s.Prices = csv
	return s
}

// WithAsOf returns s with an imported sheet's as_of, kept only when it is
// a real date.
func (s State) WithAsOf(date string) State {
	if len(date) == 10 && pricebook.ValidDate(date) {
		s.AsOf = date
	} else {
		s.AsOf = ""
	}
	return s
}

// PriceList reads the state's price list: the list and nil, the rows it
// could read and the refused cells, or nothing when there is no list.
func (s State) PriceList() (pricebook.List, pricebook.Errors) {
	if strings.TrimSpace(s.Prices) == "" {
		return pricebook.List{}, nil
	}
	l, err := pricebook.ParseCSV(strings.NewReader(s.Prices))
	if errs, ok := err.(pricebook.Errors); ok {
		return l, errs
	}
	return l, nil
}

// applyPrices lays the state's price list over the sheet's when it reads
// whole, and returns its refused cells.
func applyPrices(st State, req *plan.Requirements) pricebook.Errors {
	l, errs := st.PriceList()
	if errs != nil || len(l.Offers) == 0 {
		return errs
	}
	book := l.Book
	req.Cost.PriceList = &book
	return nil
}

// PricesCSV is a sheet's price list as the CSV text the state keeps; ""
// when it has none.
func PricesCSV(req plan.Requirements) string {
	if req.Cost.PriceList == nil || len(req.Cost.PriceList.Offers) == 0 {
		return ""
	}
	var b strings.Builder
	if err := pricebook.WriteCSV(&b, *req.Cost.PriceList); err != nil {
		return ""
	}
	return b.String()
}

// Today is the date the plans made on the page are built on
// (plan.Requirements.Today), so their offers' ages count from it. The browser sets it to the local date when the app starts;
// it stays "" (the built-in book's date) in the prerender and in tests, so
// their pages do not change with the calendar.
var Today string

// AsOf is the day a plan made now is dated: Today, or the book's date.
func AsOf() string {
	if Today != "" {
		return Today
	}
	return pricebook.BuiltinDate
}
