package facts

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
)

// xmlMissing is the reason for a field the XML output does not hold: the
// driver is too old to print it, or the file was trimmed.
const xmlMissing = "not in the nvidia-smi -q -x output"

// ParseXML reads the output of nvidia-smi -q -x. It accepts every schema
// seen in practice (nvsmi_device_v9 to v13): the fields that moved between
// versions are read from wherever the version put them. Output cut short is
// read as far as it goes and noted in Problems. It returns an error only
// when no <nvidia_smi_log> or no <gpu> could be read.
func ParseXML(data []byte) (*Facts, error) {
	root, err := xmlTree(data)
	log := root.child("nvidia_smi_log")
	if log == nil {
		if err != nil {
			return nil, fmt.Errorf("facts.ParseXML: %w", err)
		}
		return nil, fmt.Errorf("facts.ParseXML: no <nvidia_smi_log> element: %w", ErrUnknownFormat)
	}
	f := newFacts(SourceXML)
	if err != nil {
		f.problemf("XML ends early (%v): output truncated?", err)
	}
	r := reader{xml: true, missing: xmlMissing}
	readHeader(f, log, r)
	readGPUs(f, log.all("gpu"), r)
	f.checkCount()
	if len(f.GPUs) == 0 {
		return nil, fmt.Errorf("facts.ParseXML: no <gpu> element (attached_gpus: %v): %w", f.AttachedGPUs, ErrNoGPUs)
	}
	return f, nil
}

// xmlTree reads XML into a tree under an unnamed root. On a syntax error it
// returns the tree read so far with the error.
func xmlTree(data []byte) (*node, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.CharsetReader = func(_ string, in io.Reader) (io.Reader, error) { return in, nil }
	root := &node{}
	stack := []*node{root}
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return root, nil
		}
		if err != nil {
			return root, err
		}
		stack = xmlStep(stack, tok)
	}
}

// xmlStep applies one token to the stack of open elements.
func xmlStep(stack []*node, tok xml.Token) []*node {
	top := stack[len(stack)-1]
	switch t := tok.(type) {
	case xml.StartElement:
		n := &node{name: t.Name.Local, id: xmlID(t.Attr)}
		top.children = append(top.children, n)
		return append(stack, n)
	case xml.EndElement:
		if len(stack) > 1 {
			return stack[:len(stack)-1]
		}
	case xml.CharData:
		if top != stack[0] {
			top.text += string(t)
		}
	}
	return stack
}

// xmlID returns the id attribute, or "".
func xmlID(attrs []xml.Attr) string {
	for _, a := range attrs {
		if a.Name.Local == "id" {
			return a.Value
		}
	}
	return ""
}
