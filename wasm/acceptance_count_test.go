package main

import (
	"testing"

	"github.com/gpuplan/gpuplan/shared/planfile"
)

// TestGPUCountPerNode: a multi-node plan says what each server must show,
// since gpuverify checks one node at a time (rule A1).
func TestGPUCountPerNode(t *testing.T) {
	en, zh := En, Zh
	multi := planfile.Acceptance{GPUCount: 24, GPUsPerNode: 8}
	if got := gpuCount(en, multi); got != "24 in all, 8 on each server" {
		t.Errorf("en = %q", got)
	}
	if got := gpuCount(zh, multi); got != "共 24 张，每台服务器 8 张" {
		t.Errorf("zh = %q", got)
	}
	if got := gpuCount(en, planfile.Acceptance{GPUCount: 2, GPUsPerNode: 2}); got != "2" {
		t.Errorf("one node = %q", got)
	}
}
