#include "textflag.h"

// INC(r): r++.
#define INC(r) Get r; I64Const $1; I64Add; Set r
// DONE(i, n): out of the loop (br_if 1) when i >= n, signed.
#define DONE(i, n) Get i; Get n; I64GeS; BrIf $1

// The i32 address of base[idx], for 8-byte and for 4-byte elements.
#define ELEM(base, idx) Get base; Get idx; I64Const $3; I64Shl; I64Add; I32WrapI64
#define ELEM4(base, idx) Get base; Get idx; I64Const $2; I64Shl; I64Add; I32WrapI64

// ATMOST(idx) pushes atMost(c[idx], u) (ga.go), c in R0 and u in R2:
// 1 + (int64(u - bits(c[idx])) >> 63).
#define ATMOST(idx) I64Const $1; Get R2; ELEM(R0, idx); I64Load $0; I64Sub; I64Const $63; I64ShrS; I64Add

// func searchCum(c *float64, n int, u uint64) int
//
// searchGo's count (ga.go) on the n (1 to 64) floats at c:
//
//	k := 0
//	for i := 7; i < n; i += 8 { k += atMost(c[i], u) }
//	k *= 8
//	cnt := k
//	for i := k; i < k+8; i++ { cnt += atMost(c[min(i, n-1)], u) }
//	return min(cnt, n)
//
// Registers: R0 c, R1 n, R2 u, R3 k, R4 i, R5 cnt, R6 k+8, R7 min(i,
// n-1), R8 n-1.
TEXT ·searchCum(SB), NOSPLIT, $0-32
	I64Load c+0(FP)
	Set R0
	I64Load n+8(FP)
	Set R1
	I64Load u+16(FP)
	Set R2
	Get R1
	I64Const $1
	I64Sub
	Set R8
	I64Const $0
	Set R3
	I64Const $7
	Set R4
	Block
	Loop
		DONE(R4, R1)
		Get R3
		ATMOST(R4)
		I64Add
		Set R3
		Get R4
		I64Const $8
		I64Add
		Set R4
		Br $0
	End
	End
	Get R3
	I64Const $3
	I64Shl
	Set R3
	Get R3
	Set R5
	Get R3
	Set R4
	Get R3
	I64Const $8
	I64Add
	Set R6
	Block
	Loop
		DONE(R4, R6)
		Get R4
		Get R8
		Get R4
		Get R8
		I64LtS
		Select
		Set R7
		Get R5
		ATMOST(R7)
		I64Add
		Set R5
		INC(R4)
		Br $0
	End
	End
	Get SP
	Get R5
	Get R1
	Get R5
	Get R1
	I64LtS
	Select
	I64Store ret+24(FP)
	RET

// func crossOrderBits(A, B, C *int32, dup *int, n, cut int)
//
// crossOrder64Go (ga.go) on the n (2 to 64) tasks at A, B and C:
//
//	tail := 0
//	for i := cut; i < n; i++ { C[i] = B[i]; tail |= 1 << (B[i] & 63) }
//	used, nd := tail, 0
//	for i := 0; i < cut; i++ {
//		C[i] = A[i]; dup[nd] = i
//		nd += tail >> (A[i] & 63) & 1; used |= 1 << (A[i] & 63)
//	}
//	for i, k := 0, 0; k < nd; i++ { C[dup[k]] = B[i]; k += ^used >> (B[i] & 63) & 1 }
//
// (WebAssembly's i64 shifts take their count mod 64, as & 63.)
//
// Registers: R0 A, R1 B, R2 C, R3 dup, R4 n, R5 cut, R6 i, R7 tail, R8
// used, R9 nd, R10 a task, R11 k, R12 dup[k].
TEXT ·crossOrderBits(SB), NOSPLIT, $0-48
	I64Load A+0(FP)
	Set R0
	I64Load B+8(FP)
	Set R1
	I64Load C+16(FP)
	Set R2
	I64Load dup+24(FP)
	Set R3
	I64Load n+32(FP)
	Set R4
	I64Load cut+40(FP)
	Set R5

	I64Const $0
	Set R7
	Get R5
	Set R6
	Block
	Loop
		DONE(R6, R4)
		ELEM4(R1, R6)
		I64Load32S $0
		Set R10
		ELEM4(R2, R6)
		Get R10
		I64Store32 $0
		Get R7
		I64Const $1
		Get R10
		I64Shl
		I64Or
		Set R7
		INC(R6)
		Br $0
	End
	End

	Get R7
	Set R8
	I64Const $0
	Set R9
	I64Const $0
	Set R6
	Block
	Loop
		DONE(R6, R5)
		ELEM4(R0, R6)
		I64Load32S $0
		Set R10
		ELEM4(R2, R6)
		Get R10
		I64Store32 $0
		ELEM(R3, R9)
		Get R6
		I64Store $0
		Get R9
		Get R7
		Get R10
		I64ShrU
		I64Const $1
		I64And
		I64Add
		Set R9
		Get R8
		I64Const $1
		Get R10
		I64Shl
		I64Or
		Set R8
		INC(R6)
		Br $0
	End
	End

	I64Const $0
	Set R6
	I64Const $0
	Set R11
	Block
	Loop
		DONE(R11, R9)
		ELEM4(R1, R6)
		I64Load32S $0
		Set R10
		ELEM(R3, R11)
		I64Load $0
		Set R12
		ELEM4(R2, R12)
		Get R10
		I64Store32 $0
		Get R11
		Get R8
		I64Const $-1
		I64Xor
		Get R10
		I64ShrU
		I64Const $1
		I64And
		I64Add
		Set R11
		INC(R6)
		Br $0
	End
	End
	RET
