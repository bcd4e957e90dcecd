/*
 * A fake libcuda.so.1 for gpuverify's end-to-end test of "gpuverify bench":
 * A100-SXM4-80GB GPUs (as the fake NVML's) that run no code but keep a
 * virtual clock. Every launch and copy advances the clock of the current
 * device by the time the work would take at a fixed rate, and the events
 * read that clock, so the bench's judging runs end to end on canned,
 * exact rates. It knows the work each kernel does from its name and
 * arguments, as in verifier/internal/cuda/kernels/*.cu: if the Go side
 * counted the work differently, the rates the test reads would be off.
 *
 * Device memory: allocations of up to 1 MiB are real (the memtest result
 * buffer is read back); larger ones are addresses without memory, and
 * copies to or from them do nothing.
 *
 * Compiled twice by the test: as is, and with -DFAKE_CUDA_NO_LAUNCH, a
 * library without cuLaunchKernel (gpuverify must refuse it, not crash).
 *
 * Environment:
 *   FAKE_CUDA_INIT=<n>           cuInit returns n (100 = CUDA_ERROR_NO_DEVICE)
 *   FAKE_CUDA_GPUS=<n>           number of GPUs (default 1, at most 4)
 *   FAKE_CUDA_SLOW=<i>           GPU i computes and copies at 60%
 *   FAKE_CUDA_MEMTEST_ERRORS=<n> the pattern check of each GPU finds n wrong words
 *   FAKE_CUDA_JIT_FAIL=1         module loading fails with a JIT error log
 *   FAKE_CUDA_LOG=path           append the name of every function called
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef int CUdevice;
typedef unsigned long long CUdeviceptr;

enum {
	OK = 0, INVALID_VALUE = 1, OUT_OF_MEMORY = 2, NOT_INITIALIZED = 3,
	NO_DEVICE = 100, INVALID_DEVICE = 101, INVALID_PTX = 218, NOT_FOUND = 500,
};

/* Rates of a healthy A100-SXM4-80GB, as ratios of its catalogue figures
 * (19.5 TFLOPS, 312 TFLOPS, 2039 GB/s, PCIe Gen4 x16 31.5 GB/s):
 * 0.97, 0.93, 0.86, 0.79 and 0.83. */
#define FP32_TFLOPS 18.9
#define BF16_TFLOPS 290.0
#define FP16_TFLOPS 291.0
#define MEMORY_GBS 1750.0
#define H2D_GBS 25.0
#define D2H_GBS 26.0

#define MAX_GPUS 4
#define TOTAL_BYTES (81920ULL << 20)
#define CONTEXT_BYTES (512ULL << 20)
#define SMALL (1ULL << 20)
#define VIRTUAL_BASE (1ULL << 56)

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static int initialized;
static double clock_ms[MAX_GPUS];
static unsigned long long used[MAX_GPUS];
static unsigned long long next_virtual = VIRTUAL_BASE;
static __thread int current = -1;

struct alloc { CUdeviceptr p; unsigned long long size; int dev; };
static struct alloc allocs[8192];

struct event { double t; };
struct function { const char *name; };
static struct function functions[] = {
	{"fp32_fma"}, {"copy_v4"}, {"memtest_fill"}, {"memtest_check"}, {"mma_bf16"}, {"mma_fp16"},
};
static int module;

static void called(const char *name) {
	const char *path = getenv("FAKE_CUDA_LOG");
	if (path == NULL) return;
	pthread_mutex_lock(&mu);
	FILE *f = fopen(path, "a");
	if (f != NULL) {
		fprintf(f, "%s\n", name);
		fclose(f);
	}
	pthread_mutex_unlock(&mu);
}

static int env_int(const char *name, int def) {
	const char *v = getenv(name);
	return v == NULL || *v == 0 ? def : atoi(v);
}

static int gpus(void) {
	int n = env_int("FAKE_CUDA_GPUS", 1);
	return n < 0 ? 0 : n > MAX_GPUS ? MAX_GPUS : n;
}

/* speed is 0.6 on the slow GPU, else 1. */
static double speed(int dev) { return dev == env_int("FAKE_CUDA_SLOW", -1) ? 0.6 : 1.0; }

/* advance adds the time work takes at rate (units per second) to the
 * current device's clock. */
static void advance(double work, double rate) {
	pthread_mutex_lock(&mu);
	clock_ms[current] += work / (rate * speed(current)) * 1e3;
	pthread_mutex_unlock(&mu);
}

#define NEED_INIT(name) called(name); if (!initialized) return NOT_INITIALIZED
#define NEED_CONTEXT(name) NEED_INIT(name); if (current < 0) return INVALID_VALUE

CUresult cuInit(unsigned int flags) {
	called("cuInit");
	int r = env_int("FAKE_CUDA_INIT", 0);
	if (r == 0 && flags == 0) initialized = 1;
	return flags != 0 ? INVALID_VALUE : r;
}

CUresult cuDriverGetVersion(int *v) { called("cuDriverGetVersion"); *v = 11040; return OK; }

CUresult cuGetErrorName(CUresult r, const char **s) {
	switch (r) {
	case OK: *s = "CUDA_SUCCESS"; return OK;
	case OUT_OF_MEMORY: *s = "CUDA_ERROR_OUT_OF_MEMORY"; return OK;
	case NO_DEVICE: *s = "CUDA_ERROR_NO_DEVICE"; return OK;
	case INVALID_PTX: *s = "CUDA_ERROR_INVALID_PTX"; return OK;
	case NOT_FOUND: *s = "CUDA_ERROR_NOT_FOUND"; return OK;
	}
	return INVALID_VALUE;
}

CUresult cuDeviceGetCount(int *n) { NEED_INIT("cuDeviceGetCount"); *n = gpus(); return OK; }

CUresult cuDeviceGet(CUdevice *d, int ordinal) {
	NEED_INIT("cuDeviceGet");
	if (ordinal < 0 || ordinal >= gpus()) return INVALID_DEVICE;
	*d = ordinal;
	return OK;
}

CUresult cuDeviceGetName(char *name, int len, CUdevice d) {
	NEED_INIT("cuDeviceGetName");
	snprintf(name, len, "NVIDIA A100-SXM4-80GB");
	return OK;
}

CUresult cuDeviceGetPCIBusId(char *id, int len, CUdevice d) {
	NEED_INIT("cuDeviceGetPCIBusId");
	snprintf(id, len, "0000:%02X:00.0", 7 + 8 * d); /* GPU 0 is the fake NVML's 00000000:07:00.0 */
	return OK;
}

CUresult cuDeviceGetAttribute(int *v, int attr, CUdevice d) {
	NEED_INIT("cuDeviceGetAttribute");
	switch (attr) {
	case 16: *v = 108; break;  /* multiprocessors */
	case 39: *v = 2048; break; /* threads per multiprocessor */
	case 75: *v = 8; break;    /* compute capability 8.0 */
	case 76: *v = 0; break;
	default: *v = 0;
	}
	return OK;
}

CUresult cuDeviceTotalMem_v2(size_t *bytes, CUdevice d) { NEED_INIT("cuDeviceTotalMem_v2"); *bytes = TOTAL_BYTES; return OK; }

CUresult cuDevicePrimaryCtxRetain(void **ctx, CUdevice d) {
	NEED_INIT("cuDevicePrimaryCtxRetain");
	*ctx = (void *)(uintptr_t)(d + 1);
	return OK;
}

CUresult cuDevicePrimaryCtxRelease_v2(CUdevice d) { NEED_INIT("cuDevicePrimaryCtxRelease_v2"); return OK; }

CUresult cuCtxSetCurrent(void *ctx) {
	NEED_INIT("cuCtxSetCurrent");
	current = (int)(uintptr_t)ctx - 1;
	return OK;
}

CUresult cuCtxSynchronize(void) { NEED_CONTEXT("cuCtxSynchronize"); return OK; }

CUresult cuMemGetInfo_v2(size_t *free_bytes, size_t *total) {
	NEED_CONTEXT("cuMemGetInfo_v2");
	pthread_mutex_lock(&mu);
	*total = TOTAL_BYTES;
	*free_bytes = TOTAL_BYTES - CONTEXT_BYTES - used[current];
	pthread_mutex_unlock(&mu);
	return OK;
}

CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t size) {
	NEED_CONTEXT("cuMemAlloc_v2");
	CUresult r = OUT_OF_MEMORY;
	pthread_mutex_lock(&mu);
	if (size > 0 && used[current] + size <= TOTAL_BYTES - CONTEXT_BYTES) {
		for (int i = 0; i < (int)(sizeof allocs / sizeof allocs[0]); i++) {
			if (allocs[i].p != 0) continue;
			if (size <= SMALL) {
				allocs[i].p = (CUdeviceptr)(uintptr_t)calloc(1, size);
			} else {
				allocs[i].p = next_virtual;
				next_virtual += size;
			}
			allocs[i].size = size;
			allocs[i].dev = current;
			used[current] += size;
			*p = allocs[i].p;
			r = OK;
			break;
		}
	}
	pthread_mutex_unlock(&mu);
	return r;
}

CUresult cuMemFree_v2(CUdeviceptr p) {
	NEED_CONTEXT("cuMemFree_v2");
	CUresult r = INVALID_VALUE;
	pthread_mutex_lock(&mu);
	for (int i = 0; i < (int)(sizeof allocs / sizeof allocs[0]); i++) {
		if (allocs[i].p != p || p == 0) continue;
		if (p < VIRTUAL_BASE) free((void *)(uintptr_t)p);
		used[allocs[i].dev] -= allocs[i].size;
		allocs[i].p = 0;
		r = OK;
		break;
	}
	pthread_mutex_unlock(&mu);
	return r;
}

CUresult cuMemAllocHost_v2(void **p, size_t size) {
	NEED_CONTEXT("cuMemAllocHost_v2");
	*p = malloc(size);
	return *p == NULL ? OUT_OF_MEMORY : OK;
}

CUresult cuMemFreeHost(void *p) { NEED_CONTEXT("cuMemFreeHost"); free(p); return OK; }

CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t n) {
	NEED_CONTEXT("cuMemcpyHtoD_v2");
	if (dst < VIRTUAL_BASE) memcpy((void *)(uintptr_t)dst, src, n);
	return OK;
}

CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t n) {
	NEED_CONTEXT("cuMemcpyDtoH_v2");
	if (src < VIRTUAL_BASE) memcpy(dst, (void *)(uintptr_t)src, n);
	return OK;
}

CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr dst, const void *src, size_t n, void *stream) {
	NEED_CONTEXT("cuMemcpyHtoDAsync_v2");
	advance((double)n, H2D_GBS * 1e9);
	return OK;
}

CUresult cuMemcpyDtoHAsync_v2(void *dst, CUdeviceptr src, size_t n, void *stream) {
	NEED_CONTEXT("cuMemcpyDtoHAsync_v2");
	advance((double)n, D2H_GBS * 1e9);
	return OK;
}

/* Options 5 and 6 are CU_JIT_ERROR_LOG_BUFFER and its size. */
CUresult cuModuleLoadDataEx(void **mod, const void *image, unsigned int n, int *opts, void **vals) {
	NEED_CONTEXT("cuModuleLoadDataEx");
	char *log = NULL;
	size_t size = 0;
	for (unsigned int i = 0; i < n; i++) {
		if (opts[i] == 5) log = vals[i];
		if (opts[i] == 6) size = (size_t)(uintptr_t)vals[i];
	}
	if (getenv("FAKE_CUDA_JIT_FAIL") != NULL || strstr(image, ".version") == NULL || strstr(image, ".entry") == NULL) {
		if (log != NULL && size > 0) snprintf(log, size, "ptxas fatal   : fake JIT failure\nsecond line");
		return INVALID_PTX;
	}
	*mod = &module;
	return OK;
}

CUresult cuModuleGetFunction(void **f, void *mod, const char *name) {
	NEED_CONTEXT("cuModuleGetFunction");
	for (size_t i = 0; i < sizeof functions / sizeof functions[0]; i++) {
		if (strcmp(functions[i].name, name) == 0) {
			*f = &functions[i];
			return OK;
		}
	}
	return NOT_FOUND;
}

CUresult cuModuleUnload(void *mod) { NEED_CONTEXT("cuModuleUnload"); return OK; }

CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *n, void *f, int block, size_t shmem) {
	NEED_CONTEXT("cuOccupancyMaxActiveBlocksPerMultiprocessor");
	*n = 2048 / block;
	return OK;
}

#ifndef FAKE_CUDA_NO_LAUNCH
CUresult cuLaunchKernel(void *fn, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                        unsigned shmem, void *stream, void **params, void **extra) {
	NEED_CONTEXT("cuLaunchKernel");
	const char *name = ((struct function *)fn)->name;
	double threads = (double)gx * bx;
	if (strcmp(name, "fp32_fma") == 0) {
		advance(threads * *(int *)params[1] * 8 * 16 * 2, FP32_TFLOPS * 1e12);
	} else if (strcmp(name, "mma_bf16") == 0) {
		advance(threads / 32 * *(int *)params[1] * 4 * 4096, BF16_TFLOPS * 1e12);
	} else if (strcmp(name, "mma_fp16") == 0) {
		advance(threads / 32 * *(int *)params[1] * 4 * 4096, FP16_TFLOPS * 1e12);
	} else if (strcmp(name, "copy_v4") == 0) {
		advance(32.0 * *(unsigned long long *)params[2], MEMORY_GBS * 1e9);
	} else if (strcmp(name, "memtest_fill") == 0) {
		advance(8.0 * *(unsigned long long *)params[1], MEMORY_GBS * 1e9);
	} else if (strcmp(name, "memtest_check") == 0) {
		unsigned long long base = *(unsigned long long *)params[2];
		unsigned long long *result = (unsigned long long *)(uintptr_t)*(CUdeviceptr *)params[5];
		int errors = env_int("FAKE_CUDA_MEMTEST_ERRORS", 0);
		advance(8.0 * *(unsigned long long *)params[1], MEMORY_GBS * 1e9);
		if (errors > 0 && base == 0) {
			result[0] += errors;
			if (result[1] > 4242) result[1] = 4242;
		}
	} else {
		return INVALID_VALUE;
	}
	return OK;
}
#endif

CUresult cuEventCreate(void **ev, unsigned int flags) {
	NEED_CONTEXT("cuEventCreate");
	*ev = calloc(1, sizeof(struct event));
	return OK;
}

CUresult cuEventRecord(void *ev, void *stream) {
	NEED_CONTEXT("cuEventRecord");
	pthread_mutex_lock(&mu);
	((struct event *)ev)->t = clock_ms[current];
	pthread_mutex_unlock(&mu);
	return OK;
}

CUresult cuEventSynchronize(void *ev) { NEED_CONTEXT("cuEventSynchronize"); return OK; }

CUresult cuEventElapsedTime(float *ms, void *start, void *end) {
	NEED_CONTEXT("cuEventElapsedTime");
	*ms = (float)(((struct event *)end)->t - ((struct event *)start)->t);
	return OK;
}

CUresult cuEventDestroy_v2(void *ev) { NEED_CONTEXT("cuEventDestroy_v2"); free(ev); return OK; }
