package finding_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/gpuplan/gpuplan/shared/finding"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// TestNew checks that a flag carries its rule, level and the catalogue
// message with its English text, and how it reads in JSON (rule C5: the
// bundled-quote flag of quote).
func TestNew(t *testing.T) {
	f := finding.New("C5", finding.Amber, "quote.flag.bundled")
	want := "Bundled quote: ask for it split into GPU, bandwidth and storage before comparing; a low bundle can hide dear extras."
	if f.Rule != "C5" || f.Level != finding.Amber || f.Message.ID != "quote.flag.bundled" || f.In(msg.En) != want {
		t.Fatalf("New = %+v", f)
	}
	b, err := json.Marshal(f)
	if err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if back["rule"] != "C5" || back["level"] != "amber" || back["text"] != want || back["message"] == nil {
		t.Errorf("JSON = %s", b)
	}
	var flag finding.Flag
	if err := json.Unmarshal(b, &flag); err != nil || !reflect.DeepEqual(flag, f) {
		t.Errorf("decoded %+v, %v; want %+v", flag, err, f)
	}
	old := `{"rule":"C5","level":"amber","text":"as written"}`
	if err := json.Unmarshal([]byte(old), &flag); err != nil || flag.In(msg.Zh) != "as written" {
		t.Errorf("a flag without a message reads %q, %v", flag.In(msg.Zh), err)
	}
	if err := json.Unmarshal([]byte(`{"rule":"C5","level":"amber","text":"x","txet":"y"}`), &flag); err == nil {
		t.Error("a flag with an unknown key decoded")
	}
}

// TestLevelIn checks that a level reads in the reader's language and an
// unknown one as it is.
func TestLevelIn(t *testing.T) {
	for _, c := range []struct {
		v    finding.Level
		l    msg.Lang
		want string
	}{
		{finding.Red, msg.En, "red"},
		{finding.Red, msg.Zh, "红"},
		{finding.Info, msg.Zh, "提示"},
		{"purple", msg.Zh, "purple"},
	} {
		if got := c.v.In(c.l); got != c.want {
			t.Errorf("%s.In(%v) = %q, want %q", c.v, c.l, got, c.want)
		}
	}
}
