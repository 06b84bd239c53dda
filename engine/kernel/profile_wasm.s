#include "textflag.h"

#define INF $0x7FF0000000000000

// The i32 address of base[idx], of base[idx+1] and of base[idx-1], for
// 8-byte elements.
#define ELEM(base, idx) Get base; Get idx; I64Const $3; I64Shl; I64Add; I32WrapI64
#define NEXT(base, idx) Get base; Get idx; I64Const $1; I64Add; I64Const $3; I64Shl; I64Add; I32WrapI64
#define PREV(base, idx) Get base; Get idx; I64Const $1; I64Sub; I64Const $3; I64Shl; I64Add; I32WrapI64

// BYTES(k): the bytes of steps k..n-1, (n-k)*8, as an i32.
#define BYTES(k) Get R2; Get k; I64Sub; I64Const $3; I64Shl; I32WrapI64

// INDEX(k): k = index(x), x in F16, over the n steps (R2) at t (R0): 0
// when n < 2 or t[1] > x, else the binary search of index (lo R6, hi R7,
// m R8).
#define INDEX(k) \
	I64Const $0; Set k; \
	Block; \
	Get R2; I64Const $2; I64LtS; BrIf $0; \
	Get R0; I32WrapI64; F64Load $8; Get F16; F64Gt; BrIf $0; \
	I64Const $1; Set R6; Get R2; Set R7; \
	Block; Loop; \
	Get R7; Get R6; I64Sub; I64Const $1; I64LeS; BrIf $1; \
	Get R6; Get R7; I64Add; I64Const $1; I64ShrU; Set R8; \
	ELEM(R0, R8); F64Load $0; Get F16; F64Gt; \
	If; Get R8; Set R7; Else; Get R8; Set R6; End; \
	Br $0; \
	End; End; \
	Get R6; Set k; \
	End

// SPLIT: split(x), x in F16, its step's index in R5. Unless t[k] == x
// for k = index(x): k++, the steps from k on move up one (memory.copy),
// t[k] = x, free[k] = free[k-1], n++.
#define SPLIT \
	INDEX(R5); \
	Block; \
	ELEM(R0, R5); F64Load $0; Get F16; F64Eq; BrIf $0; \
	Get R5; I64Const $1; I64Add; Set R5; \
	NEXT(R0, R5); ELEM(R0, R5); BYTES(R5); MemoryCopy; \
	NEXT(R1, R5); ELEM(R1, R5); BYTES(R5); MemoryCopy; \
	Get R2; I64Const $1; I64Add; Set R2; \
	ELEM(R0, R5); Get F16; F64Store $0; \
	ELEM(R1, R5); PREV(R1, R5); I64Load $0; I64Store $0; \
	End

// MERGE(k): if free[k] == free[k-1], remove(k): n--, the steps after k
// move down one.
#define MERGE(k) \
	ELEM(R1, k); I64Load $0; PREV(R1, k); I64Load $0; I64Eq; \
	If; \
	Get R2; I64Const $1; I64Sub; Set R2; \
	ELEM(R0, k); NEXT(R0, k); BYTES(k); MemoryCopy; \
	ELEM(R1, k); NEXT(R1, k); BYTES(k); MemoryCopy; \
	End

// func addSteps(t *float64, free *int, n int, a, b float64, d int) int
//
// addGo (profile.go) after its clamp and checks, on the n steps at t and
// free (room for two more):
//
//	i := split(a); j := n; if b != +Inf { j = split(b) }
//	for k := i; k < j; k++ { free[k] += d }
//	if j < n && free[j] == free[j-1] { remove(j) }
//	if i > 0 && free[i] == free[i-1] { remove(i) }
//	return n
//
// The moves are memory.copy, as Go's memmove is under js/wasm. A load of
// an argument (x+off(FP)) pushes SP itself.
//
// Registers: R0 t, R1 free, R2 n, R3 i, R4 j, R5 split's k, R6 lo,
// R7 hi, R8 m, R9 d, R10 an address, R11 the loop's k; F16 the time
// split splits at, F17 b.
TEXT ·addSteps(SB), NOSPLIT, $0-56
	I64Load t+0(FP)
	Set R0
	I64Load free+8(FP)
	Set R1
	I64Load n+16(FP)
	Set R2
	I64Load d+40(FP)
	Set R9
	F64Load a+24(FP)
	Set F16
	SPLIT
	Get R5
	Set R3
	Get R2
	Set R4
	F64Load b+32(FP)
	Set F17
	Get F17
	I64Const INF
	F64ReinterpretI64
	F64Ne
	If
		Get F17
		Set F16
		SPLIT
		Get R5
		Set R4
	End

	// for k := i; k < j; k++ { free[k] += d }
	Get R3
	Set R11
	Block
	Loop
		Get R11
		Get R4
		I64GeS
		BrIf $1
		Get R1
		Get R11
		I64Const $3
		I64Shl
		I64Add
		Set R10
		Get R10
		I32WrapI64
		Get R10
		I32WrapI64
		I64Load $0
		Get R9
		I64Add
		I64Store $0
		Get R11
		I64Const $1
		I64Add
		Set R11
		Br $0
	End
	End

	// if j < n && free[j] == free[j-1] { remove(j) }
	Get R4
	Get R2
	I64LtS
	If
		MERGE(R4)
	End
	// if i > 0 && free[i] == free[i-1] { remove(i) }
	Get R3
	I64Const $0
	I64GtS
	If
		MERGE(R3)
	End

	Get SP
	Get R2
	I64Store ret+48(FP)
	RET
