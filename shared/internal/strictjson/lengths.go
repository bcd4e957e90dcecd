package strictjson

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// CheckLengths walks data's tokens once, before anything is decoded into
// Go values, and refuses an array longer than its limit. limits maps a
// path to the most elements its array may hold: keys joined by dots, "[]"
// for any element ("facts.gpus", "nodes[].gpu_uuids"). A small object in
// the input can become a large Go value, so the bound must come first.
// A malformed document is left to the decoder.
func CheckLengths(data []byte, limits map[string]int) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	type frame struct {
		array bool
		path  string
		key   string // the object's current key
		want  bool   // the object expects a key next
		n     int    // the array's elements so far
	}
	var stack []frame
	child := func() string { // the path of the value about to start
		if len(stack) == 0 {
			return ""
		}
		f := stack[len(stack)-1]
		if f.array {
			return f.path + "[]"
		}
		if f.path == "" {
			return f.key
		}
		return f.path + "." + f.key
	}
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil
		}
		top := len(stack) - 1
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			if top >= 0 {
				stack = stack[:top]
			}
			if top > 0 && !stack[top-1].array {
				stack[top-1].want = true
			}
			continue
		}
		if top >= 0 && !stack[top].array && stack[top].want {
			stack[top].key, _ = tok.(string)
			stack[top].want = false
			continue
		}
		if top >= 0 && stack[top].array {
			stack[top].n++
			if most, ok := limits[stack[top].path]; ok && stack[top].n > most {
				return &fielderr.Error{Field: strings.ReplaceAll(stack[top].path, "[]", "[…]"), Msg: msg.New("json.err.too_many", msg.Text(strconv.Itoa(most)))}
			}
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, frame{path: child(), want: true})
		case json.Delim('['):
			stack = append(stack, frame{array: true, path: child()})
		default:
			if top >= 0 && !stack[top].array {
				stack[top].want = true
			}
		}
		if len(stack) > maxDepth {
			return &fielderr.Error{Field: "input", Msg: msg.New("json.err.too_deep", msg.Text(strconv.Itoa(maxDepth)))}
		}
	}
}
