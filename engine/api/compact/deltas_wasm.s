#include "textflag.h"

// INC(r): r++.
#define INC(r) Get r; I64Const $1; I64Add; Set r
// DONE(i, n): out of the loop (br_if 1) when i >= n, signed.
#define DONE(i, n) Get i; Get n; I64GeS; BrIf $1

// func deltaBytes(dst *byte, nodes *int, n, prev int) int
//
// deltasGo (compact.go) on the n ints at nodes, to the n bytes at dst:
//
//	for i := 0; i < n; i++ {
//		d := nodes[i] - prev
//		z := uint64(d<<1) ^ uint64(d>>63)
//		if z >= 0x80 { return i }
//		dst[i] = byte(z)
//		prev = nodes[i]
//	}
//	return n
//
// Registers: R0 dst, R1 nodes, R2 n, R3 prev, R4 i, R5 x, R6 d and z.
TEXT ·deltaBytes(SB), NOSPLIT, $0-40
	I64Load dst+0(FP)
	Set R0
	I64Load nodes+8(FP)
	Set R1
	I64Load n+16(FP)
	Set R2
	I64Load prev+24(FP)
	Set R3
	I64Const $0
	Set R4
	Block
	Loop
		DONE(R4, R2)
		Get R1
		Get R4
		I64Const $3
		I64Shl
		I64Add
		I32WrapI64
		I64Load $0
		Set R5
		Get R5
		Get R3
		I64Sub
		Set R6
		Get R6
		I64Const $1
		I64Shl
		Get R6
		I64Const $63
		I64ShrS
		I64Xor
		Set R6
		Get R6
		I64Const $0x80
		I64GeU
		BrIf $1
		Get R0
		Get R4
		I64Add
		I32WrapI64
		Get R6
		I64Store8 $0
		Get R5
		Set R3
		INC(R4)
		Br $0
	End
	End
	Get SP
	Get R4
	I64Store ret+32(FP)
	RET
