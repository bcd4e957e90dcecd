package tco_test

import (
	"reflect"
	"testing"

	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/tco"
)

// TestDefaultPriceSources: every default price cites what a reader can
// open or is labelled an assumption, never a repository file.
func TestDefaultPriceSources(t *testing.T) {
	v := reflect.ValueOf(tco.DefaultPrices())
	for i := range v.NumField() {
		p := v.Field(i).Interface().(tco.Price)
		if err := catalog.CheckSource(p.Source); err != nil {
			t.Errorf("%s: %v", v.Type().Field(i).Name, err)
		}
	}
}
