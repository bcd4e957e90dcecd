// Tensor-core kernels of gpuverify bench: dense BF16 and FP16 matrix
// multiply-accumulate with FP32 accumulate, the precision of the
// catalogue's BF16 figure. They use the warp-wide mma.sync instruction
// (PTX ISA 7.0, sm_80 and newer), written as inline PTX because no CUDA
// header is used.
//
// Each mma.sync.m16n8k16 is 16 * 8 * 16 multiply-adds: 4096 FLOPs per warp.
// Hopper's full tensor rate needs the warp-group wgmma instructions, which
// these kernels do not use; catalog.BenchProfileFor says what fraction
// mma.sync reaches there.
//
// The operands stay in registers: this measures the tensor pipes, not
// memory. TENSOR_CHAINS is read by a test that checks the Go side counts
// the same work.

#define KERNEL extern "C" __attribute__((global))
#define DEVICE static __attribute__((device))

#define TENSOR_CHAINS 4

DEVICE unsigned thread_index(void) {
	return __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() + __nvvm_read_ptx_sreg_tid_x();
}

// Operands: pairs of 16-bit values between 1 and 2 (exponent fixed, low
// mantissa bits from the thread), so every product is finite and the
// accumulators grow slowly.
#define MMA_LOOP(INSTR, ONE)                                                     \
	unsigned t = thread_index();                                                 \
	unsigned lo = (ONE) | (t & 0x7f), hi = (ONE) | ((t >> 7) & 0x7f);            \
	unsigned a0 = lo | (hi << 16), a1 = hi | (lo << 16), a2 = a0 ^ 0x10001u;     \
	unsigned a3 = a1 ^ 0x20002u, b0 = a0 ^ 0x40004u, b1 = a1 ^ 0x80008u;         \
	float d[TENSOR_CHAINS][4];                                                   \
	for (int c = 0; c < TENSOR_CHAINS; c++) {                                    \
		d[c][0] = d[c][1] = d[c][2] = d[c][3] = 0.0f;                            \
	}                                                                            \
	for (int n = 0; n < iters; n++) {                                            \
		_Pragma("unroll") for (int c = 0; c < TENSOR_CHAINS; c++) {              \
			asm volatile(INSTR " {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};" \
			             : "+f"(d[c][0]), "+f"(d[c][1]), "+f"(d[c][2]), "+f"(d[c][3]) \
			             : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1)); \
		}                                                                        \
	}                                                                            \
	float s = 0.0f;                                                              \
	for (int c = 0; c < TENSOR_CHAINS; c++) {                                    \
		s += (d[c][0] + d[c][1]) + (d[c][2] + d[c][3]);                          \
	}                                                                            \
	out[t] = s;

// mma_bf16: iters rounds of TENSOR_CHAINS independent BF16 mma.sync per warp.
KERNEL void mma_bf16(float *out, int iters) {
	MMA_LOOP("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32", 0x3f80u)
}

// mma_fp16: the same with FP16 operands.
KERNEL void mma_fp16(float *out, int iters) {
	MMA_LOOP("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", 0x3c00u)
}
