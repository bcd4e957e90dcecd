package facts

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
)

// ParseXML reads the output of nvidia-smi -q -x. It accepts every schema
// seen in practice (nvsmi_device_v9 to v13): the fields that moved between
// versions are read from wherever the version put them. Output cut short or
// broken is refused (ErrTruncated): a check must not pass on the GPUs it
// lost. It also returns an error when no <nvidia_smi_log> or no <gpu> could
// be read, and for input past the limits (ErrTooLarge).
func ParseXML(data []byte) (*Facts, error) {
	if err := checkSize("facts.ParseXML", data); err != nil {
		return nil, err
	}
	if err := checkAttrs(data); err != nil {
		return nil, fmt.Errorf("facts.ParseXML: %w", err)
	}
	root, err := xmlTree(data)
	if errors.Is(err, ErrTooLarge) {
		return nil, fmt.Errorf("facts.ParseXML: %w", err)
	}
	log := root.child("nvidia_smi_log")
	if log == nil {
		if err != nil {
			return nil, fmt.Errorf("facts.ParseXML: %w", err)
		}
		return nil, fmt.Errorf("facts.ParseXML: no <nvidia_smi_log> element: %w", ErrUnknownFormat)
	}
	if err != nil {
		// A cut-short file must not pass a check with the GPUs it lost.
		return nil, fmt.Errorf("facts.ParseXML: the XML ends early or is broken (%v): save the whole output of nvidia-smi -q -x again: %w", err, ErrTruncated)
	}
	f := newFacts(SourceXML)
	r := reader{xml: true, missing: xmlMissing}
	gpus := log.all("gpu")
	if err := checkGPUs(len(gpus)); err != nil {
		return nil, fmt.Errorf("facts.ParseXML: %w", err)
	}
	readHeader(f, log, r)
	readGPUs(f, gpus, r)
	f.checkCount()
	if len(f.GPUs) == 0 {
		return nil, fmt.Errorf("facts.ParseXML: no <gpu> element (attached_gpus: %v): %w", f.AttachedGPUs, ErrNoGPUs)
	}
	return f, nil
}

// xmlTree reads XML into a tree under an unnamed root. On a syntax error it
// returns the tree read so far with the error; past the node or depth
// limits, an error wrapping ErrTooLarge.
//
// An element's text is collected in one buffer per open element and made a
// string when the element ends: text split by comments or entities into
// many pieces is assembled in linear time, not by repeated concatenation.
func xmlTree(data []byte) (*node, error) {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.CharsetReader = func(_ string, in io.Reader) (io.Reader, error) { return in, nil }
	root := &node{}
	b := xmlBuilder{stack: []xmlOpen{{n: root}}}
	for {
		tok, err := d.RawToken()
		if err == io.EOF {
			if len(b.stack) > 1 {
				b.closeAll()
				return root, fmt.Errorf("%d elements not closed: %w", len(b.stack)-1, io.ErrUnexpectedEOF)
			}
			return root, nil
		}
		if err != nil {
			b.closeAll()
			return root, err
		}
		if err := b.step(tok); err != nil {
			b.closeAll()
			return root, err
		}
	}
}

// xmlOpen is an open element and its text so far.
type xmlOpen struct {
	n    *node
	text []byte
}

// xmlBuilder applies tokens to the stack of open elements.
type xmlBuilder struct {
	stack []xmlOpen
	count budget
}

// step applies one token. RawToken does not check that end tags match
// their start tags, so an end tag of another name is an error here.
func (b *xmlBuilder) step(tok xml.Token) error {
	top := &b.stack[len(b.stack)-1]
	switch t := tok.(type) {
	case xml.StartElement:
		if err := b.count.add(len(b.stack)); err != nil {
			return err
		}
		n := &node{name: t.Name.Local, id: xmlID(t.Attr)}
		top.n.children = append(top.n.children, n)
		b.stack = append(b.stack, xmlOpen{n: n})
	case xml.EndElement:
		if len(b.stack) == 1 || top.n.name != t.Name.Local {
			return fmt.Errorf("unexpected end element </%s>", t.Name.Local)
		}
		b.close()
	case xml.CharData:
		if len(b.stack) > 1 {
			top.text = append(top.text, t...)
		}
	}
	return nil
}

// close ends the innermost open element.
func (b *xmlBuilder) close() {
	top := b.stack[len(b.stack)-1]
	top.n.text = string(top.text)
	b.stack = b.stack[:len(b.stack)-1]
}

// closeAll ends every open element, keeping the text read so far.
func (b *xmlBuilder) closeAll() {
	for len(b.stack) > 1 {
		b.close()
	}
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
