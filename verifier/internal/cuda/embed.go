package cuda

import _ "embed"

// The kernels, as PTX generated from kernels/*.cu by make ptx.
var (
	//go:embed kernels/basic.ptx
	basicPTX []byte
	//go:embed kernels/tensor.ptx
	tensorPTX []byte
)
