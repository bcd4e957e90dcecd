package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

type inner struct {
	N int `json:"n"`
}

type doc struct {
	Count int             `json:"count"`
	Name  string          `json:"name"`
	Price decimal.Decimal `json:"price"`
	Items []inner         `json:"items"`
	Sub   inner           `json:"sub"`
	Ratio float64         `json:"ratio"`
}

// TestDecodeAccepts checks that one well-formed document fills v, with
// white space around it allowed.
func TestDecodeAccepts(t *testing.T) {
	var d doc
	in := " \n{\"count\":3,\"name\":\"a\",\"price\":\"12.5\",\"items\":[{\"n\":1}],\"sub\":{\"n\":2}}\n\t"
	if err := Decode(strings.NewReader(in), &d); err != nil {
		t.Fatal(err)
	}
	if d.Count != 3 || d.Name != "a" || d.Price.String() != "12.5" || len(d.Items) != 1 || d.Items[0].N != 1 || d.Sub.N != 2 {
		t.Errorf("Decode filled %+v", d)
	}
}

// TestDecodeFieldErrors checks that unknown fields and wrong JSON types come
// back as a *fielderr.Error naming the field and what it must be.
func TestDecodeFieldErrors(t *testing.T) {
	tests := []struct{ in, field, msg string }{
		{`{"nope":1}`, "nope", "unknown field"},
		{`{"sub":{"nope":1}}`, "nope", "unknown field"},
		{`{"count":true}`, "count", "must be a JSON number, got bool"},
		{`{"count":1.5}`, "count", "must be a whole number from -9223372036854775808 to 9223372036854775807, got 1.5"},
		{`{"count":1e400}`, "count", "must be a whole number from -9223372036854775808 to 9223372036854775807, got 1e400"},
		{`{"ratio":1e400}`, "ratio", "must be a number of at most 1.7976931348623157e+308 in size, got 1e400"},
		{`{"name":5}`, "name", "must be a JSON string, got number"},
		{`{"items":{}}`, "items", "must be a JSON array, got object"},
		{`{"sub":[]}`, "sub", "must be a JSON object, got array"},
		{`{"items":[{"n":"x"}]}`, "items.n", "must be a JSON number, got string"},
		{`[]`, "input", "must be a JSON object, got array"},
	}
	for _, tt := range tests {
		var d doc
		err := Decode(strings.NewReader(tt.in), &d)
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != tt.field || fe.Msg.String() != tt.msg {
			t.Errorf("Decode(%s) = %v, want a fielderr.Error %s: %s", tt.in, err, tt.field, tt.msg)
		}
	}
}

// TestDecodeRefuses checks the documents that are not one JSON value: the
// message says what is wrong.
func TestDecodeRefuses(t *testing.T) {
	tests := []struct{ in, want string }{
		{``, "input: empty, expected a JSON object"},
		{"  \n", "input: empty, expected a JSON object"},
		{`{} {}`, "input: unexpected data after the JSON document"},
		{`{} x`, "input: unexpected data after the JSON document"},
		{`{} ]`, "input: unexpected data after the JSON document"},
		{`{} }`, "input: unexpected data after the JSON document"},
		{`{},`, "input: unexpected data after the JSON document"},
		{`{"count":1`, "input: unexpected EOF"},
		{`{"count":x}`, "input: not valid JSON at byte 10: invalid character 'x' looking for beginning of value"},
		{`{"price":"abc"}`, `(decimal values are strings such as "12.5")`},
		{strings.Repeat(" ", MaxInput) + "{}", "input: larger than 1048576 bytes"},
	}
	for _, tt := range tests {
		var d doc
		err := Decode(strings.NewReader(tt.in), &d)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Decode(%.20q) = %v, want an error containing %q", tt.in, err, tt.want)
		}
	}
}

// TestDecodeLimit checks that a document of exactly MaxInput bytes is read.
func TestDecodeLimit(t *testing.T) {
	in := "{}" + strings.Repeat(" ", MaxInput-2)
	var d doc
	if err := Decode(strings.NewReader(in), &d); err != nil {
		t.Errorf("Decode of %d bytes: %v", len(in), err)
	}
}

// checked is a document whose Validate wants a count in [1, 10].
type checked struct {
	Count int `json:"count"`
}

// Validate refuses a count outside [1, 10].
func (c checked) Validate() error {
	if c.Count < 1 || c.Count > 10 {
		return &fielderr.Error{Field: "count", Msg: msg.Verbatim("must be in [1, 10]")}
	}
	return nil
}

// TestDecodeValid checks that DecodeValid returns the value only when both
// the JSON and Validate accept it, and the zero value with the error.
func TestDecodeValid(t *testing.T) {
	tests := []struct {
		in      string
		want    int
		wantErr string
	}{
		{`{"count":3}`, 3, ""},
		{`{"count":11}`, 0, "count: must be in [1, 10]"},
		{`{"count":"3"}`, 0, "count: must be a JSON number, got string"},
		{`{"count":3} ]`, 0, "input: unexpected data after the JSON document"},
	}
	for _, tt := range tests {
		got, err := DecodeValid[checked](strings.NewReader(tt.in))
		msg := ""
		if err != nil {
			msg = err.Error()
		}
		if got.Count != tt.want || msg != tt.wantErr {
			t.Errorf("DecodeValid(%s) = %+v, %q; want count %d, %q", tt.in, got, msg, tt.want, tt.wantErr)
		}
	}
}

// plain is doc without the decimal, whose huge exponents would make the
// fuzzer measure decimal's String rather than Decode.
type plain struct {
	Count int     `json:"count"`
	Name  string  `json:"name"`
	Items []inner `json:"items"`
	Sub   inner   `json:"sub"`
}

// FuzzDecode checks that Decode never panics and that whatever it accepts
// survives a round trip: encoding the value and decoding it again gives
// the same value.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{`{"count":1,"name":"x","items":[{"n":2}],"sub":{"n":3}}`, `{} ]`, `{"nope":1}`, `{"count":1.5}`, ``, `null`, `[]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var p plain
		if err := Decode(bytes.NewReader(data), &p); err != nil {
			return
		}
		b, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		var again plain
		if err := Decode(bytes.NewReader(b), &again); err != nil {
			t.Fatalf("round trip of %q: %v", data, err)
		}
		if b2, _ := json.Marshal(again); !bytes.Equal(b, b2) {
			t.Fatalf("round trip of %q changed the value:\n%s\n%s", data, b, b2)
		}
	})
}

// TestDuplicateAndCaseKeys: encoding/json keeps the last of two equal keys
// and matches keys case-insensitively; Decode refuses both, naming the
// field (a forged report hid a second "ACCEPTANCE" block that jq does
// not show).
func TestDuplicateAndCaseKeys(t *testing.T) {
	for _, c := range []struct{ in, field, msg string }{
		{`{"count":1,"count":2}`, "count", "duplicate key"},
		{`{"Count":1}`, "Count", `must be spelt "count"`},
		{`{"items":[{"n":1},{"N":2}]}`, "items[1].N", `must be spelt "n"`},
		{`{"sub":{"n":1,"n":1}}`, "sub.n", "duplicate key"},
		{`{"price":"1","PRICE":"2"}`, "PRICE", `must be spelt "price"`},
	} {
		var d doc
		err := Decode(strings.NewReader(c.in), &d)
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != c.field || !strings.Contains(fe.Msg.String(), c.msg) {
			t.Errorf("%s: %v, want %s: %s", c.in, err, c.field, c.msg)
		}
	}
	// Keys of a map and of undocumented parts are free, but not repeated.
	var m struct {
		Extra map[string]int `json:"extra"`
	}
	if err := CheckKeys([]byte(`{"extra":{"A":1,"a":2}}`), &m); err != nil {
		t.Errorf("map keys: %v", err)
	}
	if err := CheckKeys([]byte(`{"other":{"x":1,"x":2}}`), &m); err == nil || !strings.Contains(err.Error(), "other.x: duplicate key") {
		t.Errorf("undocumented object: %v", err)
	}
	deep := strings.Repeat("[", maxDepth+5) + strings.Repeat("]", maxDepth+5)
	if err := CheckKeys([]byte(deep), &m); err == nil || !strings.Contains(err.Error(), "nested deeper") {
		t.Errorf("deep: %v", err)
	}
}
