package planfile

import (
	"reflect"
	"testing"
)

func TestParseDriverVersion(t *testing.T) {
	for in, want := range map[string][]int{
		"535.104.05": {535, 104, 5},
		" 550 ":      {550},
		"1.2.3.4":    {1, 2, 3, 4},
		"999999999":  {999999999},
		"1.2.3.4.5":  nil,
		"1000000000": nil, // ten digits
		"535.":       nil,
		"latest":     nil,
		"+535.104":   nil,
		"535.-1":     nil,
		"535.1 0":    nil,
		"５３５.104.05": nil, // fullwidth digits
	} {
		got, ok := ParseDriverVersion(in)
		if ok != (want != nil) || !reflect.DeepEqual(got, want) && want != nil {
			t.Errorf("ParseDriverVersion(%q) = %v, %v; want %v", in, got, ok, want)
		}
	}
}
