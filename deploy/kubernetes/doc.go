// Package kubernetes holds the manifests that run gpuverify on every GPU
// node of a Kubernetes cluster (gpuverify.yaml) and their test, which
// decodes them strictly with the Kubernetes API types. It has no code of
// its own: the Kubernetes modules reach only its test, never shared/, wasm/
// or the gpuverify binary.
package kubernetes
