#include "textflag.h"

// INC(r): r++.
#define INC(r) Get r; I64Const $1; I64Add; Set r
// DEC(r): r--.
#define DEC(r) Get r; I64Const $1; I64Sub; Set r

// The i32 address of base[idx], for 8-byte elements.
#define ELEM(base, idx) Get base; Get idx; I64Const $3; I64Shl; I64Add; I32WrapI64

// func takeWords(set *uint64, w, k int, out *int)
//
// takeBitsGo (core.go) on the words at set, k > 0 indices to out:
//
//	for ; k > 0; w++ {
//		b := set[w]
//		for ; b != 0 && k > 0; b &= b - 1 { *out = w*64 + ctz(b); out++; k-- }
//		set[w] = b
//	}
//
// Registers: R0 set, R1 w, R2 k, R3 out, R4 b.
TEXT ·takeWords(SB), NOSPLIT, $0-32
	I64Load set+0(FP)
	Set R0
	I64Load w+8(FP)
	Set R1
	I64Load k+16(FP)
	Set R2
	I64Load out+24(FP)
	Set R3
	Block
	Loop
		Get R2
		I64Eqz
		BrIf $1
		ELEM(R0, R1)
		I64Load $0
		Set R4
		Block
		Loop
			Get R4
			I64Eqz
			BrIf $1
			Get R2
			I64Eqz
			BrIf $1
			Get R3
			I32WrapI64
			Get R1
			I64Const $6
			I64Shl
			Get R4
			I64Ctz
			I64Add
			I64Store $0
			Get R3
			I64Const $8
			I64Add
			Set R3
			Get R4
			Get R4
			I64Const $1
			I64Sub
			I64And
			Set R4
			DEC(R2)
			Br $0
		End
		End
		ELEM(R0, R1)
		Get R4
		I64Store $0
		INC(R1)
		Br $0
	End
	End
	RET

// func putWords(set *uint64, nodes *int, n, low int) int
//
// putBitsGo (core.go) on the n > 0 nodes at nodes, low starting at
// len(set):
//
//	for ; n > 0; n-- { w := *nodes >> 6; set[w] |= 1 << (*nodes & 63); low = min(low, w); nodes++ }
//	return low
//
// (Nodes are not negative, so n/64 is n >> 6; WebAssembly's i64.shl
// takes its count mod 64, as n % 64.)
//
// Registers: R0 set, R1 nodes, R2 n, R3 low, R4 the node, R5 its word.
TEXT ·putWords(SB), NOSPLIT, $0-40
	I64Load set+0(FP)
	Set R0
	I64Load nodes+8(FP)
	Set R1
	I64Load n+16(FP)
	Set R2
	I64Load low+24(FP)
	Set R3
	Block
	Loop
		Get R2
		I64Eqz
		BrIf $1
		Get R1
		I32WrapI64
		I64Load $0
		Set R4
		Get R4
		I64Const $6
		I64ShrU
		Set R5
		ELEM(R0, R5)
		ELEM(R0, R5)
		I64Load $0
		I64Const $1
		Get R4
		I64Shl
		I64Or
		I64Store $0
		Get R5
		Get R3
		I64LtS
		If
			Get R5
			Set R3
		End
		Get R1
		I64Const $8
		I64Add
		Set R1
		DEC(R2)
		Br $0
	End
	End
	Get SP
	Get R3
	I64Store ret+32(FP)
	RET
