// Kernels of gpuverify bench that run on every CUDA GPU gpuverify supports:
// the FP32 FMA loop, the device-memory copy and the memory pattern test.
//
// Compiled to PTX by clang without the CUDA toolkit (make ptx, see
// verifier/bench.mk); the driver JIT-compiles the PTX for the GPU it runs
// on. No CUDA header is included: threadIdx and friends are the NVVM
// builtins, and fmaf is clang's builtin.
//
// The work each launch does is counted on the Go side (measure.go); the
// FP32_* constants below are read by a test that checks the two agree.

#define KERNEL extern "C" __attribute__((global))
#define DEVICE static __attribute__((device))

#define FP32_CHAINS 8
#define FP32_UNROLL 16

typedef unsigned long long u64;
typedef unsigned int v4u __attribute__((ext_vector_type(4)));

DEVICE unsigned thread_index(void) {
	return __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() + __nvvm_read_ptx_sreg_tid_x();
}

DEVICE u64 thread_count(void) {
	return (u64)__nvvm_read_ptx_sreg_nctaid_x() * __nvvm_read_ptx_sreg_ntid_x();
}

// fp32_fma runs iters rounds of FP32_UNROLL fused multiply-adds on each of
// FP32_CHAINS independent chains per thread: 2 * FP32_CHAINS * FP32_UNROLL *
// iters FLOPs per thread. With a in (0, 1) the chains converge to
// b / (1 - a): no overflow, no denormals. The sum is stored so that the
// compiler cannot drop the loop.
KERNEL void fp32_fma(float *out, int iters, float a, float b) {
	unsigned i = thread_index();
	float x0 = i * 1e-9f, x1 = x0 + 1.0f, x2 = x0 + 2.0f, x3 = x0 + 3.0f;
	float x4 = x0 + 4.0f, x5 = x0 + 5.0f, x6 = x0 + 6.0f, x7 = x0 + 7.0f;
	for (int n = 0; n < iters; n++) {
#pragma unroll
		for (int k = 0; k < FP32_UNROLL; k++) {
			x0 = __builtin_fmaf(x0, a, b);
			x1 = __builtin_fmaf(x1, a, b);
			x2 = __builtin_fmaf(x2, a, b);
			x3 = __builtin_fmaf(x3, a, b);
			x4 = __builtin_fmaf(x4, a, b);
			x5 = __builtin_fmaf(x5, a, b);
			x6 = __builtin_fmaf(x6, a, b);
			x7 = __builtin_fmaf(x7, a, b);
		}
	}
	out[i] = ((x0 + x1) + (x2 + x3)) + ((x4 + x5) + (x6 + x7));
}

// copy_v4 copies n 16-byte words from src to dst with a grid-stride loop:
// 32 * n bytes of device-memory traffic (n read, n written), counted as
// BabelStream counts its Copy kernel.
KERNEL void copy_v4(v4u *dst, const v4u *src, u64 n) {
	u64 step = thread_count();
	for (u64 i = thread_index(); i < n; i += step) {
		dst[i] = src[i];
	}
}

// pattern is the value of 64-bit word number i in a pass with seed: a
// mix of the address, so memory that aliases other memory (a card that
// reports more than it has) reads back another word's value.
DEVICE u64 pattern(u64 i, u64 seed) {
	u64 x = (i + 1) * 0x9E3779B97F4A7C15ull ^ seed;
	x ^= x >> 31;
	x *= 0xBF58476D1CE4E5B9ull;
	x ^= x >> 29;
	return x;
}

// memtest_fill writes the pattern of words base .. base+n-1 to p, XORed
// with invert (0, or all ones for the inverse pass).
KERNEL void memtest_fill(u64 *p, u64 n, u64 base, u64 seed, u64 invert) {
	u64 step = thread_count();
	for (u64 i = thread_index(); i < n; i += step) {
		p[i] = pattern(base + i, seed) ^ invert;
	}
}

// memtest_check reads p back and adds the number of wrong words to
// result[0] and lowers result[1] to the smallest wrong word number.
KERNEL void memtest_check(const u64 *p, u64 n, u64 base, u64 seed, u64 invert, u64 *result) {
	u64 step = thread_count();
	u64 bad = 0, first = ~0ull;
	for (u64 i = thread_index(); i < n; i += step) {
		if (p[i] != (pattern(base + i, seed) ^ invert)) {
			bad++;
			if (base + i < first) {
				first = base + i;
			}
		}
	}
	if (bad != 0) {
		__atomic_fetch_add(&result[0], bad, __ATOMIC_RELAXED);
		__atomic_fetch_min(&result[1], first, __ATOMIC_RELAXED);
	}
}
