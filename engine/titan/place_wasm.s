#include "go_asm.h"
#include "textflag.h"

// ELEM(base, idx): the i32 address of base[idx], 8-byte elements.
#define ELEM(base, idx) Get base; Get idx; I64Const $3; I64Shl; I64Add; I32WrapI64
// AT(base, idx, dst): dst = base + 8*idx, an element's address as i64.
#define AT(base, idx, dst) Get base; Get idx; I64Const $3; I64Shl; I64Add; Set dst
// PICK(x, y, cmp): y = x if x cmp y (a select, no branch).
#define PICK(x, y, cmp) Get x; Get y; Get x; Get y; cmp; Select; Set y

// func evalChain(ch *chain, o *int32, b *uint64, n int, tbl, dl *float64, m1 int, now uint64)
//
// evalGroups3Go's steps (ga.go) on one chain, for each task i < n of the
// order at o: j := o[i]; x := b[j]; p := tbl[j*m1+popcount(x)];
// d := dl[j]; then placeTripleGo's step for this chain:
//
//	leave:  st, k := now, 0; for q < ng: m, t := ch.m[q], ch.t[q];
//	        rest := m &^ x; ch.m[k], ch.t[k] = rest, t;
//	        if m&x == 0 { t = st }; st = max(st, t); if rest != 0 { k++ }
//	eq. 3:  en := float(st) + p
//	join:   ch.m[k], ch.t[k] = x, bits(en); ch.ng = k+1;
//	        ch.lastk = max(ch.lastk, bits(en))
//	eq. 9:  late := bits(en - d); ch.th += float(late &^ (late >> 63, signed))
//
// A load of an argument (x+off(FP)) pushes SP itself; tbl, dl, m1 and now
// are loaded from the arguments at each task.
//
// Registers: R0 the chain's address, R1 x, R2 st, R3 k, R4 q, R5 ng,
// R6 m, R7 t, R8 rest, R9 i, R10 o, R11 b, R12 j, R13 an element's
// offset, R14 n; F16 en, F17 the lateness, F18 p, F19 d.
TEXT ·evalChain(SB), NOSPLIT, $0-64
	I64Load ch+0(FP)
	Set R0
	I64Load o+8(FP)
	Set R10
	I64Load b+16(FP)
	Set R11
	I64Load n+24(FP)
	Set R14
	I64Const $0
	Set R9

	Block
	Get R14
	I64Eqz
	BrIf $0
	Loop
		// j := o[i]; x := b[j]
		Get R10
		Get R9
		I64Const $2
		I64Shl
		I64Add
		I32WrapI64
		I64Load32S $0
		Set R12
		ELEM(R11, R12)
		I64Load $0
		Set R1
		// p := tbl[j*m1 + popcount(x)]; d := dl[j]
		I64Load tbl+32(FP)
		Get R12
		I64Load m1+48(FP)
		I64Mul
		Get R1
		I64Popcnt
		I64Add
		I64Const $3
		I64Shl
		I64Add
		I32WrapI64
		F64Load $0
		Set F18
		I64Load dl+40(FP)
		Get R12
		I64Const $3
		I64Shl
		I64Add
		I32WrapI64
		F64Load $0
		Set F19
		// st = now, k = q = 0, R5 = ng
		I64Load now+56(FP)
		Set R2
		I64Const $0
		Set R3
		I64Const $0
		Set R4
		Get R0
		I32WrapI64
		I64Load $chain_ng
		I64Const $255
		I64And
		Set R5

		Block
			Get R5
			I64Eqz
			BrIf $0
			Loop
				// m, t := ch.m[q], ch.t[q]
				AT(R0, R4, R13)
				Get R13
				I32WrapI64
				I64Load $chain_m
				Set R6
				Get R13
				I32WrapI64
				I64Load $chain_t
				Set R7
				// rest := m &^ x
				Get R6
				Get R1
				I64Const $-1
				I64Xor
				I64And
				Set R8
				// ch.m[k], ch.t[k] = rest, t
				AT(R0, R3, R13)
				Get R13
				I32WrapI64
				Get R8
				I64Store $chain_m
				Get R13
				I32WrapI64
				Get R7
				I64Store $chain_t
				// if m&x == 0 { t = st }
				Get R2
				Get R7
				Get R6
				Get R1
				I64And
				I64Eqz
				Select
				Set R7
				// st = max(st, t), unsigned
				PICK(R7, R2, I64GtU)
				// if rest != 0 { k++ }
				Get R3
				Get R8
				I64Const $0
				I64Ne
				I64ExtendI32U
				I64Add
				Set R3
				// q++, while q < ng
				Get R4
				I64Const $1
				I64Add
				Tee R4
				Get R5
				I64LtU
				BrIf $0
			End
		End

		// en := float(st) + p
		Get R2
		F64ReinterpretI64
		Get F18
		F64Add
		Set F16
		// ch.m[k], ch.t[k] = x, bits(en)
		AT(R0, R3, R13)
		Get R13
		I32WrapI64
		Get R1
		I64Store $chain_m
		Get R13
		I32WrapI64
		Get F16
		I64ReinterpretF64
		I64Store $chain_t
		// ch.ng = k + 1
		Get R0
		I32WrapI64
		Get R3
		I64Const $1
		I64Add
		I64Store $chain_ng
		// ch.lastk = max(ch.lastk, bits(en)), unsigned
		Get F16
		I64ReinterpretF64
		Set R7
		Get R0
		I32WrapI64
		I64Load $chain_lastk
		Set R6
		Get R0
		I32WrapI64
		Get R7
		Get R6
		Get R7
		Get R6
		I64GtU
		Select
		I64Store $chain_lastk
		// late := bits(en - d); ch.th += float(late &^ (late >> 63))
		Get F16
		Get F19
		F64Sub
		I64ReinterpretF64
		Set R8
		Get R8
		Get R8
		I64Const $63
		I64ShrS
		I64Const $-1
		I64Xor
		I64And
		F64ReinterpretI64
		Set F17
		Get R0
		I32WrapI64
		Get R0
		I32WrapI64
		F64Load $chain_th
		Get F17
		F64Add
		F64Store $chain_th

		// i++, while i < n
		Get R9
		I64Const $1
		I64Add
		Tee R9
		Get R14
		I64LtS
		BrIf $0
	End
	End
	RET
