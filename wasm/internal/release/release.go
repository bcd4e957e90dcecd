// Package release reads release.json, the manifest of the gpuverify
// downloads that belong to one build of the site. It has no go-app import:
// the generator checks the manifest with it, and the page reads it back.
package release

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// The release manifest: which gpuverify downloads belong to this build of
// the site, with their SHA-256. verifier/release/release-json.sh writes it
// (build/release/release.json) from goreleaser's checksums.txt; the
// generator reads it (-release) and hands it to the page through go-app's
// environment, inside app.js. The page never fetches it: it is part of the
// build, like the page itself, and what the acceptance page shows is what
// the release checked.

// Schema is the schema id of release.json.
const Schema = "gpuplan.release/v1"

// EnvVar is the go-app environment variable that carries release.json,
// compacted, from the generator to the page.
const EnvVar = "GPUPLAN_RELEASE"

// Manifest is release.json.
type Manifest struct {
	Schema string `json:"schema"`
	// Version is the release version, e.g. "0.3.0" or
	// "0.3.1-snapshot+abc1234".
	Version string `json:"version"`
	// Tag is the git tag; null for a snapshot.
	Tag        *string `json:"tag"`
	Commit     string  `json:"commit"`
	CommitDate string  `json:"commit_date"`
	Snapshot   bool    `json:"snapshot"`
	// BaseURL + a file name is the file's download link; "" when the
	// files are not published anywhere (a snapshot).
	BaseURL string `json:"base_url"`
	// Checksums is the name of the checksum file next to the files.
	Checksums string `json:"checksums"`
	Files     []File `json:"files"`
}

// File is one download.
type File struct {
	Name   string `json:"name"`
	Kind   string `json:"kind"` // tar.gz, deb or rpm
	OS     string `json:"os"`
	Arch   string `json:"arch"`
	Size   int64  `json:"size"`   // bytes
	SHA256 string `json:"sha256"` // lower-case hex
}

// Published reports whether the release has files to download.
func (r *Manifest) Published() bool {
	return r != nil && r.BaseURL != "" && len(r.Files) > 0
}

// Decode reads release.json strictly: unknown fields, trailing data
// and values release-json.sh never writes are refused, naming the field.
func Decode(data []byte) (*Manifest, error) {
	var r Manifest
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("release.json: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("release.json: data after the JSON document")
	}
	if err := r.validate(); err != nil {
		return nil, fmt.Errorf("release.json: %w", err)
	}
	return &r, nil
}

// validate checks every field against what release-json.sh writes.
func (r *Manifest) validate() error {
	switch {
	case r.Schema != Schema:
		return fmt.Errorf("schema must be %q, got %q", Schema, r.Schema)
	case r.Version == "":
		return errors.New("version must not be empty")
	case r.Snapshot != (r.Tag == nil):
		return fmt.Errorf("tag must be null exactly for a snapshot (snapshot %v)", r.Snapshot)
	case r.BaseURL != "" && !(strings.HasPrefix(r.BaseURL, "https://") || strings.HasPrefix(r.BaseURL, "http://")):
		return fmt.Errorf("base_url must be empty or an http(s) URL, got %q", r.BaseURL)
	case r.BaseURL != "" && !strings.HasSuffix(r.BaseURL, "/"):
		return fmt.Errorf("base_url must end with /, got %q", r.BaseURL)
	case !plainName(r.Checksums):
		return fmt.Errorf("checksums must be a file name, got %q", r.Checksums)
	}
	for i, f := range r.Files {
		if err := f.validate(); err != nil {
			return fmt.Errorf("files[%d].%w", i, err)
		}
	}
	return nil
}

// validate checks one file.
func (f File) validate() error {
	switch {
	case !plainName(f.Name):
		return fmt.Errorf("name must be a file name, got %q", f.Name)
	case f.Kind != "tar.gz" && f.Kind != "deb" && f.Kind != "rpm":
		return fmt.Errorf("kind must be tar.gz, deb or rpm, got %q", f.Kind)
	case f.OS == "" || f.Arch == "":
		return fmt.Errorf("os and arch must not be empty, got %q and %q", f.OS, f.Arch)
	case f.Size <= 0:
		return fmt.Errorf("size must be positive, got %d", f.Size)
	case !isHex64(f.SHA256):
		return fmt.Errorf("sha256 must be 64 lower-case hex digits, got %q", f.SHA256)
	}
	return nil
}

// plainName accepts a file name that is safe in a URL path and a shell
// command: letters, digits and . _ + ~ -, not starting with a dot.
func plainName(s string) bool {
	if s == "" || s[0] == '.' {
		return false
	}
	for _, c := range s {
		ok := c == '.' || c == '_' || c == '+' || c == '~' || c == '-' ||
			(c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
		if !ok {
			return false
		}
	}
	return true
}

// isHex64 reports whether s is 64 lower-case hex digits.
func isHex64(s string) bool {
	if len(s) != 64 {
		return false
	}
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}
