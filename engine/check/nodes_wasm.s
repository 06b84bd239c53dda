#include "textflag.h"

// INC(r): r++.
#define INC(r) Get r; I64Const $1; I64Add; Set r
// DONE(i, n): out of the loop (br_if 1) when i >= n, signed.
#define DONE(i, n) Get i; Get n; I64GeS; BrIf $1

// The i32 address of base[idx], for 8-byte and for 4-byte elements.
#define ELEM(base, idx) Get base; Get idx; I64Const $3; I64Shl; I64Add; I32WrapI64
#define ELEM4(base, idx) Get base; Get idx; I64Const $2; I64Shl; I64Add; I32WrapI64

// 1e-9, tol's constant (check.go), as an f64.
#define NANO I64Const $0x3e112e0be826d695; F64ReinterpretI64

// func stampNodes(st unsafe.Pointer, m int, nodes *int, n int, mark int32) int
//
// stampGo (check.go) on the m int32s at st and the n ints at nodes:
//
//	for i := 0; i < n; i++ {
//		x := nodes[i]
//		if uint64(x) >= uint64(m) || st[x] == mark { return i }
//		st[x] = mark
//	}
//	return n
//
// (m is not negative, so the unsigned comparison is x < 0 || x >= m.)
//
// Registers: R0 st, R1 m, R2 nodes, R3 n, R4 mark, R5 i, R6 x.
TEXT ·stampNodes(SB), NOSPLIT, $0-48
	I64Load st+0(FP)
	Set R0
	I64Load m+8(FP)
	Set R1
	I64Load nodes+16(FP)
	Set R2
	I64Load n+24(FP)
	Set R3
	I64Load32S mark+32(FP)
	Set R4
	I64Const $0
	Set R5
	Block
	Loop
		DONE(R5, R3)
		ELEM(R2, R5)
		I64Load $0
		Set R6
		Get R6
		Get R1
		I64GeU
		BrIf $1
		ELEM4(R0, R6)
		I64Load32S $0
		Get R4
		I64Eq
		BrIf $1
		ELEM4(R0, R6)
		Get R4
		I64Store32 $0
		INC(R5)
		Br $0
	End
	End
	Get SP
	Get R5
	I64Store ret+40(FP)
	RET

// func holdNodes(f unsafe.Pointer, h unsafe.Pointer, m int, nodes *int, n int, start, end float64, k int32) int
//
// holdGo (check.go) on the m float64s at f, the m int32s at h and the n
// ints at nodes:
//
//	for i := 0; i < n; i++ {
//		x := nodes[i]
//		if uint64(x) >= uint64(m) { continue }
//		if start < f[x]-(1e-9+1e-9*|f[x]|) { return i }
//		if end >= f[x] { f[x], h[x] = end, k }
//	}
//	return n
//
// tol's operations in its order, so the same roundings.
//
// Registers: R0 f, R1 h, R2 m, R3 nodes, R4 n, R5 k, R6 i, R7 x; F16
// start, F17 end, F18 f[x].
TEXT ·holdNodes(SB), NOSPLIT, $0-72
	I64Load f+0(FP)
	Set R0
	I64Load h+8(FP)
	Set R1
	I64Load m+16(FP)
	Set R2
	I64Load nodes+24(FP)
	Set R3
	I64Load n+32(FP)
	Set R4
	F64Load start+40(FP)
	Set F16
	F64Load end+48(FP)
	Set F17
	I64Load32S k+56(FP)
	Set R5
	I64Const $0
	Set R6
	Block
	Loop
		DONE(R6, R4)
		ELEM(R3, R6)
		I64Load $0
		Set R7
		Block
			Get R7
			Get R2
			I64GeU
			BrIf $0
			ELEM(R0, R7)
			F64Load $0
			Set F18
			Get F16
			Get F18
			NANO
			NANO
			Get F18
			F64Abs
			F64Mul
			F64Add
			F64Sub
			F64Lt
			BrIf $2
			Get F17
			Get F18
			F64Ge
			If
				ELEM(R0, R7)
				Get F17
				F64Store $0
				ELEM4(R1, R7)
				Get R5
				I64Store32 $0
			End
		End
		INC(R6)
		Br $0
	End
	End
	Get SP
	Get R6
	I64Store ret+64(FP)
	RET
