package kubernetes

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	"sigs.k8s.io/yaml"
)

const manifest = "gpuverify.yaml"

// objects are the documents of the manifest, decoded by kind.
type objects struct {
	pvc   *corev1.PersistentVolumeClaim
	jobs  map[string]*batchv1.Job
	kinds []string
}

// decode reads every document of the manifest with the Kubernetes API
// types, strictly: an unknown or misspelled field, a duplicate key or a
// value of the wrong type is an error.
func decode(t *testing.T, data []byte) objects {
	t.Helper()
	out := objects{jobs: map[string]*batchv1.Job{}}
	for i, doc := range regexp.MustCompile(`(?m)^---\s*$`).Split(string(data), -1) {
		if strings.TrimSpace(stripComments(doc)) == "" {
			continue
		}
		var head struct {
			APIVersion string `json:"apiVersion"`
			Kind       string `json:"kind"`
		}
		if err := yaml.Unmarshal([]byte(doc), &head); err != nil {
			t.Fatalf("document %d: %v", i, err)
		}
		out.kinds = append(out.kinds, head.APIVersion+"/"+head.Kind)
		switch head.APIVersion + "/" + head.Kind {
		case "v1/PersistentVolumeClaim":
			var pvc corev1.PersistentVolumeClaim
			strict(t, i, doc, &pvc)
			out.pvc = &pvc
		case "batch/v1/Job":
			var job batchv1.Job
			strict(t, i, doc, &job)
			out.jobs[job.Name] = &job
		default:
			t.Fatalf("document %d: unexpected %s %s", i, head.APIVersion, head.Kind)
		}
	}
	return out
}

func strict(t *testing.T, i int, doc string, v any) {
	t.Helper()
	if err := yaml.UnmarshalStrict([]byte(doc), v); err != nil {
		t.Fatalf("document %d: %v", i, err)
	}
}

func stripComments(s string) string {
	var b strings.Builder
	for _, l := range strings.Split(s, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "#") {
			b.WriteString(l + "\n")
		}
	}
	return b.String()
}

func load(t *testing.T) objects {
	data, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	return decode(t, data)
}

// TestStrictDecoding: a misspelled field fails, so the manifest's fields
// are all real ones.
func TestStrictDecoding(t *testing.T) {
	data, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	bad := bytes.Replace(data, []byte("completionMode: Indexed"), []byte("completionMod: Indexed"), 1)
	var job batchv1.Job
	doc := regexp.MustCompile(`(?m)^---\s*$`).Split(string(bad), -1)[1]
	if err := yaml.UnmarshalStrict([]byte(doc), &job); err == nil || !strings.Contains(err.Error(), "completionMod") {
		t.Errorf("a misspelled field decodes: %v", err)
	}
}

// TestNodeJob: one pod on each GPU node, with every GPU of the node.
func TestNodeJob(t *testing.T) {
	o := load(t)
	job := o.jobs["gpuverify"]
	if job == nil {
		t.Fatalf("no Job gpuverify among %v", o.kinds)
	}
	s := job.Spec
	if s.CompletionMode == nil || *s.CompletionMode != batchv1.IndexedCompletion {
		t.Error("the node Job must be Indexed")
	}
	if s.BackoffLimitPerIndex == nil || *s.BackoffLimitPerIndex != 0 {
		t.Error("backoffLimitPerIndex must be 0: a node that cannot run fails alone, the others finish")
	}
	if s.Completions == nil || s.Parallelism == nil || *s.Completions != *s.Parallelism || *s.Completions < 1 {
		t.Errorf("completions %v and parallelism %v must be equal: every node at once", s.Completions, s.Parallelism)
	}
	pod := s.Template.Spec
	if pod.NodeSelector["nvidia.com/gpu.present"] != "true" {
		t.Errorf("nodeSelector %v: GPU nodes are labelled nvidia.com/gpu.present=true by the GPU operator", pod.NodeSelector)
	}
	if pod.RestartPolicy != corev1.RestartPolicyNever {
		t.Errorf("restartPolicy %s: a node check runs once", pod.RestartPolicy)
	}
	if !pod.HostNetwork {
		t.Error("hostNetwork must be true: the report names the node and reads its InfiniBand adapters")
	}
	// One pod per node: required anti-affinity on the host name, matching
	// the pod's own labels.
	aff := pod.Affinity
	if aff == nil || aff.PodAntiAffinity == nil || len(aff.PodAntiAffinity.RequiredDuringSchedulingIgnoredDuringExecution) != 1 {
		t.Fatal("the node Job needs a required pod anti-affinity")
	}
	term := aff.PodAntiAffinity.RequiredDuringSchedulingIgnoredDuringExecution[0]
	if term.TopologyKey != "kubernetes.io/hostname" {
		t.Errorf("anti-affinity topologyKey %q", term.TopologyKey)
	}
	for k, v := range term.LabelSelector.MatchLabels {
		if s.Template.Labels[k] != v {
			t.Errorf("anti-affinity selects %s=%s, which the pods do not carry", k, v)
		}
	}
	if len(pod.Containers) != 1 {
		t.Fatalf("%d containers", len(pod.Containers))
	}
	c := pod.Containers[0]
	gpus := resource.MustParse("8")
	if q := c.Resources.Limits["nvidia.com/gpu"]; q.Cmp(gpus) != 0 {
		t.Errorf("limits nvidia.com/gpu %s, want all 8 of the node", q.String())
	}
	if q := c.Resources.Requests["nvidia.com/gpu"]; q.Cmp(gpus) != 0 {
		t.Errorf("requests nvidia.com/gpu %s, want 8", q.String())
	}
	script := strings.Join(append(c.Command, c.Args...), " ")
	for _, want := range []string{"gpuverify check --plan /etc/gpuverify/plan.json", "report-$NODE_NAME.json", "--format json"} {
		if !strings.Contains(script, want) {
			t.Errorf("the node command lacks %q", want)
		}
	}
	env := map[string]*corev1.EnvVar{}
	for i := range c.Env {
		env[c.Env[i].Name] = &c.Env[i]
	}
	if e := env["NODE_NAME"]; e == nil || e.ValueFrom == nil || e.ValueFrom.FieldRef == nil || e.ValueFrom.FieldRef.FieldPath != "spec.nodeName" {
		t.Error("NODE_NAME must come from spec.nodeName")
	}
	if e := env["NVIDIA_DRIVER_CAPABILITIES"]; e == nil || !strings.Contains(e.Value, "utility") {
		t.Error("NVIDIA_DRIVER_CAPABILITIES must include utility: it mounts the host's libnvidia-ml.so.1")
	}
	checkMounts(t, job)
}

// TestMergeJob: the merge waits for the nodes' reports on the same volume
// and merges them against the same plan.
func TestMergeJob(t *testing.T) {
	o := load(t)
	node, merge := o.jobs["gpuverify"], o.jobs["gpuverify-merge"]
	if merge == nil || node == nil {
		t.Fatalf("jobs %v", o.kinds)
	}
	c := merge.Spec.Template.Spec.Containers[0]
	script := strings.Join(append(c.Command, c.Args...), " ")
	if !strings.Contains(script, "gpuverify merge --plan /etc/gpuverify/plan.json --out fleet.json report-*.json") {
		t.Errorf("merge command: %s", script)
	}
	nodes := ""
	for _, e := range c.Env {
		if e.Name == "NODES" {
			nodes = e.Value
		}
	}
	if want := *node.Spec.Completions; nodes != resource.NewQuantity(int64(want), resource.DecimalSI).String() {
		t.Errorf("NODES %q, want the node Job's completions %d", nodes, want)
	}
	if o.pvc == nil || len(o.pvc.Spec.AccessModes) != 1 || o.pvc.Spec.AccessModes[0] != corev1.ReadWriteMany {
		t.Error("the reports volume must be ReadWriteMany: every node writes to it")
	}
	checkMounts(t, merge)
	if claim(node) != o.pvc.Name || claim(merge) != o.pvc.Name {
		t.Errorf("both jobs must mount PVC %s", o.pvc.Name)
	}
}

func claim(j *batchv1.Job) string {
	for _, v := range j.Spec.Template.Spec.Volumes {
		if v.PersistentVolumeClaim != nil {
			return v.PersistentVolumeClaim.ClaimName
		}
	}
	return ""
}

// checkMounts: every mount names a volume of the pod.
func checkMounts(t *testing.T, j *batchv1.Job) {
	t.Helper()
	vols := map[string]bool{}
	for _, v := range j.Spec.Template.Spec.Volumes {
		vols[v.Name] = true
	}
	for _, c := range j.Spec.Template.Spec.Containers {
		for _, m := range c.VolumeMounts {
			if !vols[m.Name] {
				t.Errorf("%s: container %s mounts volume %q, which the pod does not have", j.Name, c.Name, m.Name)
			}
		}
	}
}

// TestKubectlDryRun runs kubectl create --dry-run=client where kubectl is
// installed. kubectl maps kinds through the API server's discovery even on
// a client dry run, so without a reachable cluster it is skipped with the
// reason.
func TestKubectlDryRun(t *testing.T) {
	kubectl, err := exec.LookPath("kubectl")
	if err != nil {
		t.Skip("kubectl not installed: the strict decoding above still checks every field")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, kubectl, "create", "--dry-run=client", "--request-timeout=10s", "-f", manifest, "-o", "name").CombinedOutput()
	text := string(out)
	if err != nil {
		for _, offline := range []string{"connection refused", "no such host", "unable to recognize", "failed to download openapi", "i/o timeout", "no configuration has been provided"} {
			if strings.Contains(text, offline) {
				t.Skipf("kubectl create --dry-run=client needs an API server for discovery, and none is reachable: %s", firstLine(text))
			}
		}
		t.Fatalf("kubectl create --dry-run=client: %v\n%s", err, text)
	}
	for _, want := range []string{"persistentvolumeclaim/gpuverify-reports", "job.batch/gpuverify", "job.batch/gpuverify-merge"} {
		if !strings.Contains(text, want) {
			t.Errorf("kubectl output lacks %s:\n%s", want, text)
		}
	}
}

func firstLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, "error") || strings.Contains(l, "unable") {
			return strings.TrimSpace(l)
		}
	}
	line, _, _ := strings.Cut(strings.TrimSpace(s), "\n")
	return line
}

// TestDepsStayHere: the Kubernetes modules reach this test only, never the
// gpuverify binary, the site or shared/.
func TestDepsStayHere(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "../../verifier", "../../wasm/...", "../../shared/...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	for _, p := range strings.Fields(string(out)) {
		if strings.HasPrefix(p, "k8s.io/") || strings.HasPrefix(p, "sigs.k8s.io/") {
			t.Errorf("%s reaches the binary, the site or shared/", p)
		}
	}
}
