// Package e2e holds gpuverify's end-to-end test: it builds the real binary
// (cgo, go-nvml) and runs it against a fake libnvidia-ml.so.1 compiled
// with gcc from testdata/fake_nvml.c, and a fake libcuda.so.1 from
// testdata/fake_cuda.c for gpuverify bench. It has no code of its own.
package e2e
