package msgjson

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/internal/strictjson"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// row is a type with one sentence and one list of them, as a result
// type has.
type row struct {
	Name   string  `json:"name"`
	Count  int     `json:"count,omitempty"`
	Reason msg.M   `json:"-"`
	Notes  []msg.M `json:"-"`
}

func (r *row) sentences() []Sentence {
	return []Sentence{One("reason", "reason_message", &r.Reason), List("notes", "note_messages", &r.Notes)}
}

func (r row) MarshalJSON() ([]byte, error) {
	type plain row
	return Marshal(plain(r), r.sentences()...)
}

func (r *row) UnmarshalJSON(b []byte) error {
	type plain row
	var p plain
	if err := Unmarshal(b, &p, (*row)(&p).sentences()...); err != nil {
		return err
	}
	*r = row(p)
	return nil
}

// handRow is the same JSON written the way each type wrote it before this
// package: a pair struct embedded beside the type's fields.
type handRow struct {
	Name          string   `json:"name"`
	Count         int      `json:"count,omitempty"`
	Reason        string   `json:"reason"`
	ReasonMessage msg.M    `json:"reason_message,omitzero"`
	Notes         []string `json:"notes"`
	NoteMessages  []msg.M  `json:"note_messages,omitempty"`
}

func (r row) hand() handRow {
	return handRow{Name: r.Name, Count: r.Count, Reason: r.Reason.String(), ReasonMessage: r.Reason,
		Notes: english(r.Notes), NoteMessages: r.Notes}
}

func english(ms []msg.M) []string {
	if len(ms) == 0 {
		return nil
	}
	return msg.Strings(msg.En, ms)
}

func (h handRow) row() row {
	return row{Name: h.Name, Count: h.Count, Reason: msg.FromFile(h.Reason, h.ReasonMessage),
		Notes: msg.ListFromFile(h.Notes, h.NoteMessages)}
}

// decodeHand decodes b as the hand-written pair structs did.
func decodeHand(b []byte) (row, error) {
	var h handRow
	err := strictjson.DecodeBytes(b, &h)
	return h.row(), err
}

func TestMarshalWritesWhatAPairStructWrote(t *testing.T) {
	for _, r := range []row{
		{},
		{Name: "a", Count: 2, Reason: msg.New("common.problems", msg.Int(3))},
		{Name: "<b&c>", Reason: msg.Verbatim("x > y"), Notes: []msg.M{msg.Verbatim("one"), msg.New("common.problems", msg.Int(1))}},
		{Notes: []msg.M{}},
	} {
		got, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(r.hand())
		if string(got) != string(want) {
			t.Errorf("Marshal\n got %s\nwant %s", got, want)
		}
	}
}

func TestMarshalOmitEmpty(t *testing.T) {
	type plain struct {
		N int `json:"n,omitempty"`
	}
	var m msg.M
	var ms []msg.M
	got, err := Marshal(plain{}, One("warning", "warning_message", &m).OmitEmpty(), List("notes", "note_messages", &ms).OmitEmpty())
	if err != nil || string(got) != `{}` {
		t.Errorf("empty = %s, %v; want {}", got, err)
	}
	m, ms = msg.Verbatim("w"), []msg.M{msg.Verbatim("n")}
	got, _ = Marshal(plain{N: 1}, One("warning", "warning_message", &m).OmitEmpty(), List("notes", "note_messages", &ms).OmitEmpty())
	want := `{"n":1,"warning":"w","warning_message":{"id":"common.verbatim","args":[{"kind":"text","text":"w"}]},"notes":["n"],"note_messages":[{"id":"common.verbatim","args":[{"kind":"text","text":"n"}]}]}`
	if string(got) != want {
		t.Errorf("full\n got %s\nwant %s", got, want)
	}
	if _, err := Marshal([]int{1}, One("x", "x_message", &m)); err == nil {
		t.Error("Marshal of an array: no error")
	}
}

func TestUnmarshal(t *testing.T) {
	problems := msg.New("common.problems", msg.Int(2))
	pj, _ := json.Marshal(problems)
	for _, c := range []struct {
		name, in string
		want     row
		field    string // the field an error names; "" when it decodes
		says     string
	}{
		{name: "round trip", in: `{"name":"a","reason":"x","reason_message":` + string(pj) + `,"notes":["y"],"note_messages":[` + string(pj) + `]}`,
			want: row{Name: "a", Reason: problems, Notes: []msg.M{problems}}},
		{name: "English only reads as written", in: `{"name":"a","reason":"as written","notes":["one","two"]}`,
			want: row{Name: "a", Reason: msg.Verbatim("as written"), Notes: []msg.M{msg.Verbatim("one"), msg.Verbatim("two")}}},
		{name: "no sentences", in: `{"count":3}`, want: row{Count: 3}},
		{name: "null", in: `null`, want: row{}},
		{name: "keys escaped", in: `{"n\u0061me":"a","re\u0061son":"r"}`, want: row{Name: "a", Reason: msg.Verbatim("r")}},
		{name: "unknown key", in: `{"name":"a","reasons":"x"}`, field: "reasons", says: "unknown field"},
		{name: "duplicate key", in: `{"name":"a","name":"b"}`, field: "name", says: "duplicate key"},
		{name: "duplicate sentence", in: `{"reason":"a","reason":"b"}`, field: "reason", says: "duplicate key"},
		{name: "duplicate message", in: `{"reason_message":` + string(pj) + `,"reason_message":` + string(pj) + `}`, field: "reason_message", says: "duplicate key"},
		{name: "sentence in capitals", in: `{"REASON":"a"}`, field: "REASON", says: `must be spelt "reason"`},
		{name: "key in capitals", in: `{"NAME":"a"}`, field: "NAME", says: `must be spelt "name"`},
		{name: "English not a string", in: `{"reason":5}`, field: "reason", says: "must be a JSON string, got number"},
		{name: "English list of numbers", in: `{"notes":[1]}`, field: "notes", says: "must be a JSON string, got number"},
		{name: "English list not a list", in: `{"notes":"x"}`, field: "notes", says: "must be a JSON array, got string"},
		{name: "message not an object", in: `{"reason_message":"x"}`, field: "reason_message", says: "must be a JSON object, got string"},
		{name: "message id not a string", in: `{"note_messages":[{"id":5}]}`, field: "note_messages.id", says: "must be a JSON string"},
		{name: "message key repeated", in: `{"note_messages":[{"id":"a","id":"b"}]}`, field: "note_messages[0].id", says: "duplicate key"},
		{name: "unknown key in a message", in: `{"reason_message":{"id":"a","idx":1}}`, field: "idx", says: "unknown field"},
		{name: "hostile decimal in a message", in: `{"reason_message":{"id":"a","args":[{"kind":"money","dec":"1e999999"}]}}`, field: "reason_message.args[0].dec", says: "must be"},
		{name: "not an object", in: `[1]`, field: "input", says: "must be a JSON object, got array"},
		{name: "data after", in: `{"name":"a"} {}`, says: "unexpected data after the JSON document"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got row
			err := got.UnmarshalJSON([]byte(c.in))
			hand, handErr := decodeHand([]byte(c.in))
			if c.field == "" && c.says == "" {
				if err != nil || !reflect.DeepEqual(got, c.want) {
					t.Errorf("got %+v, %v; want %+v", got, err, c.want)
				}
				if handErr != nil || !reflect.DeepEqual(hand, c.want) {
					t.Errorf("the pair struct read %+v, %v", hand, handErr)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), c.says) || c.field != "" && !strings.HasPrefix(err.Error(), c.field+":") {
				t.Errorf("error %v; want %s: …%s…", err, c.field, c.says)
			}
			if handErr == nil || err.Error() != handErr.Error() {
				t.Errorf("error %v; the pair struct said %v", err, handErr)
			}
		})
	}
}

// FuzzUnmarshal: for any document, Unmarshal accepts what the pair struct
// accepted, reads the same value and refuses with the same error; what it
// reads it writes back as the pair struct would.
func FuzzUnmarshal(f *testing.F) {
	for _, s := range []string{
		`{"name":"a","reason":"x","reason_message":{"id":"common.problems","args":[{"kind":"int","int":2}]},"notes":["y"]}`,
		`{"reason":"a","reason":"b"}`, `{"Notes":[]}`, `{"note_messages":[{"id":"a","id":"b"}]}`, `null`, `{}`, `[]`, `{"name":1}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if !json.Valid(b) {
			return // encoding/json checks a document before a decoder sees it
		}
		var got row
		err := got.UnmarshalJSON(b)
		hand, handErr := decodeHand(b)
		if (err == nil) != (handErr == nil) {
			t.Fatalf("%s: error %v; the pair struct said %v", b, err, handErr)
		}
		if err != nil {
			return
		}
		if !reflect.DeepEqual(got, hand) {
			t.Fatalf("%s: read %+v; the pair struct read %+v", b, got, hand)
		}
		out, err := json.Marshal(got)
		want, _ := json.Marshal(got.hand())
		if err != nil || string(out) != string(want) {
			t.Fatalf("%s: wrote %s, %v; want %s", b, out, err, want)
		}
	})
}
