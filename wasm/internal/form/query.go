package form

import (
	"errors"
	"maps"
	"net/url"
	"slices"
	"sort"
)

// maxUnknown bounds the notices about keys that are not fields: a hostile
// link may hold thousands.
const maxUnknown = 5

// unknownKeys reports the query keys that are neither fields nor ignored.
func unknownKeys(q url.Values) []Problem {
	var out []Problem
	for _, k := range slices.Sorted(maps.Keys(q)) {
		if _, ok := ByKey(k); !ok && !ignoredQuery[k] && len(out) < maxUnknown {
			out = append(out, Problem{Source: FromURL, Unknown: true, Key: Clip(k)})
		}
	}
	return out
}

// queryMap keeps the first value of every query key but lang.
func queryMap(q url.Values) map[string]string {
	m := make(map[string]string, len(q))
	for k, v := range q {
		if k != "lang" && len(v) > 0 {
			m[k] = v[0]
		}
	}
	return m
}

// ignoredQuery are query keys that are not input and not worth a notice:
// go-app's own switch and the usual campaign tags.
var ignoredQuery = map[string]bool{"lang": true, "wasm": true, "view": true, "utm_source": true,
	"utm_medium": true, "utm_campaign": true, "utm_content": true, "utm_term": true}

// HasInput reports whether the query names at least one planner field:
// then the link, not storage, says what the input is. The language, ignored
// keys and unknown keys (/?x=1) do not make a link's sheet.
func HasInput(q url.Values) bool {
	for k := range q {
		if _, ok := ByKey(k); ok {
			return true
		}
	}
	return false
}

// InputFrom reads every field from m. A missing field takes its default
// (older links lack newer fields); an unknown key, a text of the wrong form
// or a value plan.Build refuses takes the default and adds a Problem.
func InputFrom(src Source, m map[string]string) (Input, []Problem) {
	in := DefaultInput()
	var problems []Problem
	unknown := 0
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		v := m[k]
		f, ok := ByKey(k)
		if !ok {
			if !ignoredQuery[k] && unknown < maxUnknown {
				problems = append(problems, Problem{Source: src, Unknown: true, Key: Clip(k)})
				unknown++
			}
			continue
		}
		if _, _, err := f.Parse(v); err != nil {
			value := Clip(v)
			var fe *FieldError
			if errors.As(err, &fe) {
				value = fe.Value
			}
			problems = append(problems, Problem{Source: src, Key: k, Value: value, Default: f.Default})
			continue
		}
		in = in.With(k, v)
	}
	// Values of the right form may still be out of range; the plan says
	// which. Each round resets one field, so this ends. A sheet at its
	// defaults has nothing to reset (the loop below would stop at once),
	// and the plan is not built for it: a saved state whose sheet was
	// never edited is read on every page start.
	if in.Empty() {
		return in, problems
	}
	for range len(InputFields) {
		fe := Compute(in).FirstFieldError()
		if fe == nil {
			break
		}
		f, _ := ByKey(fe.Key)
		if in.Get(fe.Key) == f.Default {
			break // the default itself is refused: leave it to the page
		}
		problems = append(problems, Problem{Source: src, Key: fe.Key, Value: Clip(in.Get(fe.Key)),
			Default: f.Default, Reason: fe.Msg})
		in = in.With(fe.Key, f.Default)
	}
	return in, problems
}

// Query encodes the state as URL query values: the language and the fields
// that differ from their defaults.
func (s State) Query() url.Values {
	q := url.Values{"lang": {string(s.Lang)}}
	for k, v := range s.Input.v {
		q.Set(k, v)
	}
	return q
}
