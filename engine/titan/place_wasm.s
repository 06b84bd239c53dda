#include "go_asm.h"
#include "textflag.h"

// ELEM(base, idx): the i32 address of base[idx], 8-byte elements.
#define ELEM(base, idx) Get base; Get idx; I64Const $3; I64Shl; I64Add; I32WrapI64
// AT(base, idx, dst): dst = base + 8*idx, an element's address as i64.
#define AT(base, idx, dst) Get base; Get idx; I64Const $3; I64Shl; I64Add; Set dst
// PICK(x, y, cmp): y = x if x cmp y (a select, no branch).
#define PICK(x, y, cmp) Get x; Get y; Get x; Get y; cmp; Select; Set y

// func placeTriple(cs *[3]chain, xs *[3]uint64, p1, p2, p3, d1, d2, d3 float64, now uint64)
//
// placeTripleGo (ga.go) step by step, for chain c = 0, 1, 2:
//
//	leave:  st, k := now, 0; for q < ng: m, t := ch.m[q], ch.t[q];
//	        rest := m &^ x; ch.m[k], ch.t[k] = rest, t;
//	        if m&x == 0 { t = st }; st = max(st, t); if rest != 0 { k++ }
//	eq. 3:  en := float(st) + p
//	join:   ch.m[k], ch.t[k] = x, bits(en); ch.ng = k+1;
//	        ch.lastk = max(ch.lastk, bits(en))
//	eq. 9:  late := bits(en - d); ch.th += float(late &^ (late >> 63, signed))
//
// A load of an argument (x+off(FP)) pushes SP itself; p[c] and d[c] are
// loaded from SP+8c at the arguments' raw offsets instead.
//
// Registers: R0 the chain's address, R1 x, R2 st, R3 k, R4 q, R5 ng,
// R6 m, R7 t, R8 rest, R9 c, R10 cs, R11 xs, R13 an element's offset;
// F16 en, F17 the lateness.
TEXT ·placeTriple(SB), NOSPLIT, $0-72
	I64Load cs+0(FP)
	Set R10
	I64Load xs+8(FP)
	Set R11
	I64Const $0
	Set R9

	Loop
		// R0 = &cs[c], R1 = xs[c], st = now, k = q = 0, R5 = ng.
		Get R10
		Get R9
		I64Const $chain__size
		I64Mul
		I64Add
		Set R0
		ELEM(R11, R9)
		I64Load $0
		Set R1
		I64Load now+64(FP)
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

		// en := float(st) + p[c]
		Get R2
		F64ReinterpretI64
		Get SP
		Get R9
		I32WrapI64
		I32Const $3
		I32Shl
		I32Add
		F64Load $24 // p1+16(FP), after the 8-byte return address
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
		// late := bits(en - d[c]); ch.th += float(late &^ (late >> 63))
		Get F16
		Get SP
		Get R9
		I32WrapI64
		I32Const $3
		I32Shl
		I32Add
		F64Load $48 // d1+40(FP)
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

		// c++, while c < 3
		Get R9
		I64Const $1
		I64Add
		Tee R9
		I64Const $3
		I64LtU
		BrIf $0
	End
	RET
