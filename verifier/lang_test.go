package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/exit"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/shared/report"
	"github.com/gpuplan/gpuplan/shared/sshsig"
	"github.com/gpuplan/gpuplan/verifier/internal/nvml"
)

// quoted is what a Chinese line of gpuverify quotes as it is: digests, key
// fingerprints, the tool's name and version, the keys (Ctrl-C), commands
// and flags it tells the user to type (an ssh-keygen command to the end of its line).
var quoted = regexp.MustCompile(`Ctrl-C|sha256 [0-9a-f]{64}|SHA256:[A-Za-z0-9+/]+|ssh-keygen .*|(gpuverify|ssh-keygen)( [a-z-]+)?|--?[a-z-]+( [A-Za-z0-9_./-]+)?|[a-z0-9_.-]+\.(json|sig)|\b(ssh-)?[Ee][Dd]25519\b|gpuplan-report`)

// englishLeft lists the English words of a Chinese output of gpuverify
// once the data it quotes are taken out: the strings given (file names,
// check ids, a reason a library gave), then what quoted matches.
func englishLeft(out string, data ...string) []string {
	for _, d := range data {
		out = strings.ReplaceAll(out, d, "")
	}
	return testkit.EnglishWords(quoted.ReplaceAllString(out, ""))
}

// transcript runs gpuverify in e and writes the command, its output and
// its exit code for a golden file; check's standard output, the report
// its own goldens hold, is left out.
func (e env) transcript(t *testing.T, b *strings.Builder, stdin string, args ...string) (stdout, stderr string) {
	t.Helper()
	code, stdout, stderr := e.gv(t, context.Background(), stdin, args...)
	if args[0] == "check" {
		stdout = ""
	}
	fmt.Fprintf(b, "$ gpuverify %s\n%s%sexit %d\n\n", strings.Join(args, " "), stdout, stderr, code)
	return stdout, stderr
}

// TestVerifyReportLang: verify-report in Chinese and in English (issue
// 15), every line of it: a genuine report, a changed one, a forged one
// whose checks disagree with its facts, another delivery's nonce, and a
// signed one (rule A4). The goldens hold both; the Chinese has no English
// word left but the data it quotes, and the English is gpuverify's earlier
// text (the other verify-report tests read it).
func TestVerifyReportLang(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, &fakeSession{f: fixtureFacts(t, fx4090)}, nil)
	dir := t.TempDir()
	good := filepath.Join(dir, "report.json")
	e.gv(t, context.Background(), "", "check", "--plan", "testdata/plan-rtx4090x8.json", "--nvidia-smi", fx4090, "--out", good)
	data, _ := os.ReadFile(good)
	forged := forgedReport(t, data)
	signed := filepath.Join(dir, "signed.json")
	key := filepath.Join(dir, "key")
	alice := ed25519.NewKeyFromSeed(bytes.Repeat([]byte{1}, 32))
	os.WriteFile(key, sshsig.MarshalPrivateKey(alice, "alice", 7), 0o600)
	signers := filepath.Join(dir, "allowed_signers")
	os.WriteFile(signers, []byte("alice@buyer "+sshsig.AuthorizedKey(alice.Public().(ed25519.PublicKey))+"\n"), 0o644)

	for _, lang := range []msg.Lang{msg.Zh, msg.En} {
		var b strings.Builder
		l := string(lang)
		outs := []string{}
		run := func(stdin string, args ...string) {
			o, errOut := e.transcript(t, &b, stdin, append(args, "--lang", l)...)
			outs = append(outs, o, errOut)
		}
		run(string(data), "verify-report", "-")
		run(string(bytes.Replace(data, []byte(`"verdict": "incomplete"`), []byte(`"verdict": "pass"`), 1)), "verify-report", "-")
		run(string(forged), "verify-report", "-")
		run(string(data), "verify-report", "-", "--nonce", "fresh-2")
		run("", "check", "--plan", "testdata/plan-rtx4090x8.json", "--out", signed, "--sign", key, "--nonce", "fresh-2")
		run("", "verify-report", signed, "--allowed-signers", signers, "--nonce", "fresh-2")
		run("", "verify-report", signed)
		os.Remove(signed + ".sig")
		run("", "verify-report", signed, "--allowed-signers", signers)
		golden := strings.ReplaceAll(b.String(), dir, "$DIR") // the same in every run
		testkit.Golden(t, filepath.Join("testdata", "verify-report."+l+".txt"), []byte(golden))
		if lang != msg.Zh {
			continue
		}
		checkIDs := regexp.MustCompile(`\b(gpu\d/)?[a-z_]+(: |：)`)
		for _, line := range strings.Split(strings.Join(outs, ""), "\n") {
			if strings.Contains(line, "检查于") || strings.HasPrefix(line, "  gpuverify verify-report") {
				line = strings.ReplaceAll(line, "gpuverify dev", "")
			}
			line = strings.NewReplacer(signed+".sig", "", signed, "").Replace(line)
			if w := englishLeft(checkIDs.ReplaceAllString(line, ""), dir, fx4090, "nvidia-smi-q", "alice@buyer", "gpuverify dev", "YOUR-ID", "allowed_signers", "fresh-2"); len(w) > 0 {
				t.Errorf("English %q left in %q", w, line)
			}
		}
	}
	if msg.En.Text("report.no_verdict") != report.NoVerdict {
		t.Errorf("report.no_verdict is not report.NoVerdict")
	}
}

// forgedReport is data with every check and the summary set to pass and
// the digest sealed again: a forgery.
func forgedReport(t *testing.T, data []byte) []byte {
	t.Helper()
	r, err := report.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	for i := range r.Checks {
		if r.Checks[i].Status == "skip" {
			r.Checks[i].Status = "pass"
		}
	}
	r.Summary = report.Summary{Verdict: "pass", Pass: len(r.Checks), Total: len(r.Checks)}
	if err := r.Seal(); err != nil {
		t.Fatal(err)
	}
	forged, _ := report.Marshal(r)
	return forged
}

// TestMonitorLang: monitor's note and its O1 summary in Chinese (rule O1),
// the columns aligned with Chinese headers.
func TestMonitorLang(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, &fakeSession{samples: twoGPUs(nil)}, nil)
	out := filepath.Join(t.TempDir(), "util.csv")
	code, stdout, stderr := e.gv(t, context.Background(), "", "monitor", "--interval", "10s", "--duration", "1m", "--out", out, "--lang", "zh")
	if code != exitOK || !strings.Contains(stdout, "O1：平均利用率 40.0%，低于 60%") || !strings.Contains(stderr, "每 10s 采样一次，持续 1m0s") {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	if w := englishLeft(stdout + stderr); len(w) > 0 {
		t.Errorf("English %q left in\n%s%s", w, stdout, stderr)
	}
	lines := strings.Split(stdout, "\n")
	head, row := lines[2], lines[3]
	if displayCol(head, "采样数") != displayCol(row, "7 ") {
		t.Errorf("columns not aligned:\n%s\n%s", head, row)
	}
}

// displayCol is the terminal column where sub starts in line, a Chinese
// character taking two.
func displayCol(line, sub string) int {
	i := strings.Index(line, sub)
	n := 0
	for _, r := range line[:max(i, 0)] {
		n++
		if r >= 0x2E80 {
			n++
		}
	}
	return n
}

// TestPlanICSLang: plan --ics writes the exit calendar's events in the
// --lang language (rules E1, E2, K2); in English it is the file the site's
// renewal page downloads (exit.Calendar.WriteICS) to the byte.
func TestPlanICSLang(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	dir := t.TempDir()
	sheet := "../shared/plan/testdata/procurement.req.json"
	for _, l := range []string{"zh", "en"} {
		ics := filepath.Join(dir, l+".ics")
		if code, _, errOut := e.gv(t, context.Background(), "", "plan", "--in", sheet, "--ics", ics, "--lang", l); code != exitOK {
			t.Fatalf("%s: exit %d %s", l, code, errOut)
		}
	}
	zh, _ := os.ReadFile(filepath.Join(dir, "zh.ics"))
	en, _ := os.ReadFile(filepath.Join(dir, "en.ics"))
	if !strings.Contains(string(zh), "SUMMARY:") || !strings.Contains(exit.UnescapeText(strings.Join(exit.Unfold(string(zh)), "")), "决定：续约还是退出") {
		t.Errorf("the Chinese calendar lacks its events' titles:\n%s", zh)
	}
	f, _ := os.Open(sheet)
	defer f.Close()
	req, err := plan.DecodeRequirements(f)
	if err != nil {
		t.Fatal(err)
	}
	p, err := plan.Build(req)
	if err != nil {
		t.Fatal(err)
	}
	sched, err := exit.Schedule(*p.Requirements.Procurement.Exit)
	if err != nil {
		t.Fatal(err)
	}
	var site bytes.Buffer
	sched.WriteICS(&site, e.now().UTC(), msg.En)
	if !bytes.Equal(en, site.Bytes()) {
		t.Errorf("plan --ics --lang en differs from the site's download:\n%s\n%s", en, site.Bytes())
	}
}

// TestFactsQueryLang: facts --print-query's comments in Chinese; the
// commands are the same in both languages.
func TestFactsQueryLang(t *testing.T) {
	t.Parallel()
	e := fakeEnv(t, nil, nvml.ErrNoLibrary)
	_, zh, _ := e.gv(t, context.Background(), "", "facts", "--print-query", "--lang", "zh")
	_, en, _ := e.gv(t, context.Background(), "", "facts", "--print-query", "--lang", "en")
	zhLines, enLines := strings.Split(zh, "\n"), strings.Split(en, "\n")
	if len(zhLines) != 6 || len(enLines) != 6 {
		t.Fatalf("zh:\n%s\nen:\n%s", zh, en)
	}
	for i := range zhLines {
		if comment := strings.HasPrefix(enLines[i], "#"); !comment && zhLines[i] != enLines[i] {
			t.Errorf("command %q in Chinese, %q in English", zhLines[i], enLines[i])
		} else if comment && len(englishLeft(zhLines[i])) > 0 {
			t.Errorf("English %q left in %q", englishLeft(zhLines[i]), zhLines[i])
		}
	}
}
