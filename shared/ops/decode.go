package ops
