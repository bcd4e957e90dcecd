package facts

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"unicode/utf16"
)

// Errors the parsers wrap; test for them with errors.Is.
var (
	// ErrUnknownFormat: the input is none of the formats Parse reads.
	ErrUnknownFormat = errors.New(`not nvidia-smi output Parse can read: run "nvidia-smi -q -x" and give its output`)
	// ErrTableOutput: the input is the plain nvidia-smi table, which holds
	// too little (names cut short, no PCI ids) to check a server with.
	ErrTableOutput = errors.New(`plain "nvidia-smi" table output is not supported: run "nvidia-smi -q -x" and give its output`)
	// ErrNoGPUs: the input has the right shape but lists no GPU.
	ErrNoGPUs = errors.New("no GPU in the output")
	// ErrNoCSVHeader: CSV without the header line of field names.
	ErrNoCSVHeader = errors.New("no CSV header line")
	// ErrTruncated: XML output that ends early or breaks off; the GPUs it
	// lost cannot be checked.
	ErrTruncated = errors.New("output cut short")
)

// The line nvidia-smi -q starts with.
const textBanner = "==============NVSMI LOG=============="

// Parse detects the format of data and parses it:
//   - nvidia-smi -q -x (starts with "<?xml" or "<nvidia_smi_log"): ParseXML;
//   - nvidia-smi -q (starts with the NVSMI LOG banner): ParseText;
//   - nvidia-smi --query-gpu=... --format=csv (a header of field names):
//     ParseCSV;
//   - a capture bundle that holds an nvidia-smi -q section among others
//     (the nvidia_gpu_exporter captures): the first -q section, enriched
//     from the bundle's --version, -L and nvlink -s sections; SourceDetail
//     says which section was read;
//   - -q or XML output after other text (a copied shell prompt): the part
//     from the NVSMI LOG banner or the XML start on, said in SourceDetail.
//
// UTF-16 with a byte-order mark (PowerShell redirection) is read too. The
// plain nvidia-smi table is refused with ErrTableOutput; a first line with
// commas that is not a header of field names gets ParseCSV's ErrNoCSVHeader.
func Parse(data []byte) (*Facts, error) {
	if err := checkSize("facts.Parse", data); err != nil {
		return nil, err
	}
	s := strings.TrimLeft(string(bytes.TrimPrefix(utf8Text(data), []byte("\xef\xbb\xbf"))), " \t\r\n")
	switch {
	case isXML(s):
		return ParseXML([]byte(s))
	case strings.HasPrefix(s, textBanner):
		return ParseText([]byte(s))
	case strings.Contains(s, textBanner):
		return parseBundle(s)
	case strings.Contains(s, "<nvidia_smi_log"):
		return parseEmbeddedXML(s)
	case looksLikeCSV(s):
		return ParseCSV([]byte(s))
	case strings.Count(firstLine(s), ",") >= 2:
		// CSV without the header line: ParseCSV says how to get one.
		return ParseCSV([]byte(s))
	case looksLikeTable(s):
		return nil, fmt.Errorf("facts.Parse: %w", ErrTableOutput)
	}
	return nil, fmt.Errorf("facts.Parse: %w", ErrUnknownFormat)
}

// utf8Text converts UTF-16 text with a byte-order mark, as Windows
// PowerShell writes "nvidia-smi -q > file", to UTF-8. Other input is
// returned as is.
func utf8Text(data []byte) []byte {
	var order binary.ByteOrder
	switch {
	case bytes.HasPrefix(data, []byte{0xff, 0xfe}):
		order = binary.LittleEndian
	case bytes.HasPrefix(data, []byte{0xfe, 0xff}):
		order = binary.BigEndian
	default:
		return data
	}
	units := make([]uint16, 0, len(data)/2)
	for i := 2; i+1 < len(data); i += 2 {
		units = append(units, order.Uint16(data[i:]))
	}
	return []byte(string(utf16.Decode(units)))
}

// parseEmbeddedXML parses XML that follows other text, such as the shell
// prompt a user copied with it.
func parseEmbeddedXML(s string) (*Facts, error) {
	start := strings.Index(s, "<nvidia_smi_log")
	if i := strings.Index(s, "<?xml"); i >= 0 && i < start {
		start = i
	}
	f, err := ParseXML([]byte(s[start:]))
	if err != nil {
		return nil, err
	}
	f.SourceDetail = fmt.Sprintf("read the XML from byte %d on; ignored the text before it", start)
	return f, nil
}

// isXML reports whether s starts like nvidia-smi -q -x output.
func isXML(s string) bool {
	return strings.HasPrefix(s, "<?xml") || strings.HasPrefix(s, "<nvidia_smi_log") ||
		strings.HasPrefix(s, "<!DOCTYPE nvidia_smi_log")
}

// looksLikeCSV reports whether the first line is a CSV header of field
// names that names at least one field ParseCSV reads.
func looksLikeCSV(s string) bool {
	_, err := csvColumns(strings.Split(firstLine(s), ","))
	return err == nil
}

// firstLine returns the first line of s without its line ending.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return strings.TrimRight(line, "\r")
}

// looksLikeTable reports whether s is the plain nvidia-smi table: a box
// drawn with "+---" whose header names NVIDIA-SMI.
func looksLikeTable(s string) bool {
	return strings.Contains(s, "NVIDIA-SMI") && strings.Contains(s, "+---")
}
