#include "go_asm.h"
#include "textflag.h"

// ELEM(base, idx): the i32 address of base[idx], 8-byte elements.
#define ELEM(base, idx) Get base; Get idx; I64Const $3; I64Shl; I64Add; I32WrapI64
// PICK(x, y, cmp): y = x if x cmp y (a select, no branch).
#define PICK(x, y, cmp) Get x; Get y; Get x; Get y; cmp; Select; Set y

#define INF $0x7FF0000000000000
#define NEGINF $-4503599627370496

// func coScan(ws *coWin, sites *int, nw int, caps *int, size, minEach int, d, now, limit float64) float64
//
// The loop of coStartGo (select.go), step by step:
//
//	t := now
//	for {
//		sum, ok, next, least, short := 0, true, +Inf, +Inf, -Inf
//		for each site i, window w = ws[sites[i]]:
//			for l+1 < n && ts[l+1] <= t { l++ }
//			r = max(r, l)
//			for r < n { if r > l && !(ts[r] < t+d) { break }
//				for tail > head && fs[dq[tail-1]] >= fs[r] { tail-- }
//				dq[tail] = r; tail++; r++ }
//			for head < tail && dq[head] < l { head++ }
//			k := dq[head]; f := fs[k]; caps[i] = f
//			bound := ts[k+1] if k+1 < n, else +Inf
//			if bound < least { least = bound }
//			if f < minEach { ok = false; if bound > short { short = bound } }
//			sum += f
//			if l+1 < n && ts[l+1] < next { next = ts[l+1] }
//		if ok && sum >= size { return t }
//		if sum < size && least > next { next = least }
//		if short > next { next = short }
//		if next == +Inf || next > limit { return +Inf }
//		t = next
//	}
//
// nw is at least 1 and every window has at least one step (coStart).
// A load of an argument (x+off(FP)) pushes SP itself.
//
// Registers: R0 the window's address, R1 i, R2 ts, R3 fs, R4 dq, R5 n,
// R6 l, R7 r, R8 head, R9 tail, R10 fs[r] then f, R11 sum, R12 ok,
// R13 k, R14 a scratch index; F16 t, F17 d, F18 limit, F19 next,
// F20 least, F21 short, F22 t+d, F23 bound, F24 a scratch time.
TEXT ·coScan(SB), NOSPLIT, $0-80
	F64Load d+48(FP)
	Set F17
	F64Load limit+64(FP)
	Set F18
	F64Load now+56(FP)
	Set F16

	Block // the answer is stored: out
	Loop // candidates
		I64Const $0
		Set R11
		I64Const $1
		Set R12
		I64Const INF
		F64ReinterpretI64
		Set F19
		I64Const INF
		F64ReinterpretI64
		Set F20
		I64Const NEGINF
		F64ReinterpretI64
		Set F21
		Get F16
		Get F17
		F64Add
		Set F22
		I64Const $0
		Set R1

		Loop // windows
			// R0 = &ws[sites[i]]
			I64Load ws+0(FP)
			I64Load sites+8(FP)
			Get R1
			I64Const $3
			I64Shl
			I64Add
			I32WrapI64
			I64Load $0
			I64Const $coWin__size
			I64Mul
			I64Add
			Set R0
			Get R0
			I32WrapI64
			I64Load $coWin_ts
			Set R2
			Get R0
			I32WrapI64
			I64Load $coWin_n
			Set R5
			Get R0
			I32WrapI64
			I64Load $coWin_fs
			Set R3
			Get R0
			I32WrapI64
			I64Load $coWin_dq
			Set R4
			Get R0
			I32WrapI64
			I64Load $coWin_l
			Set R6

			// for l+1 < n && ts[l+1] <= t { l++ }
			Block
				Loop
					Get R6
					I64Const $1
					I64Add
					Tee R14
					Get R5
					I64GeS
					BrIf $1
					ELEM(R2, R14)
					F64Load $0
					Get F16
					F64Le
					I32Eqz
					BrIf $1
					Get R14
					Set R6
					Br $0
				End
			End

			// r = max(r, l)
			Get R0
			I32WrapI64
			I64Load $coWin_r
			Set R7
			PICK(R6, R7, I64GtS)
			Get R0
			I32WrapI64
			I64Load $coWin_head
			Set R8
			Get R0
			I32WrapI64
			I64Load $coWin_tail
			Set R9

			// for r < n { if r > l && !(ts[r] < t+d) { break }; push r }
			Block
				Loop
					Get R7
					Get R5
					I64GeS
					BrIf $1
					Get R7
					Get R6
					I64GtS
					ELEM(R2, R7)
					F64Load $0
					Get F22
					F64Lt
					I32Eqz
					I32And
					BrIf $1
					// R10 = fs[r]
					ELEM(R3, R7)
					I64Load $0
					Set R10
					// for tail > head && fs[dq[tail-1]] >= fs[r] { tail-- }
					Block
						Loop
							Get R9
							Get R8
							I64LeS
							BrIf $1
							Get R3
							Get R4
							Get R9
							I64Const $1
							I64Sub
							I64Const $3
							I64Shl
							I64Add
							I32WrapI64
							I64Load $0
							I64Const $3
							I64Shl
							I64Add
							I32WrapI64
							I64Load $0
							Get R10
							I64LtS
							BrIf $1
							Get R9
							I64Const $1
							I64Sub
							Set R9
							Br $0
						End
					End
					// dq[tail] = r; tail++; r++
					ELEM(R4, R9)
					Get R7
					I64Store $0
					Get R9
					I64Const $1
					I64Add
					Set R9
					Get R7
					I64Const $1
					I64Add
					Set R7
					Br $0
				End
			End

			// for head < tail && dq[head] < l { head++ }
			Block
				Loop
					Get R8
					Get R9
					I64GeS
					BrIf $1
					ELEM(R4, R8)
					I64Load $0
					Get R6
					I64GeS
					BrIf $1
					Get R8
					I64Const $1
					I64Add
					Set R8
					Br $0
				End
			End

			Get R0
			I32WrapI64
			Get R6
			I64Store $coWin_l
			Get R0
			I32WrapI64
			Get R7
			I64Store $coWin_r
			Get R0
			I32WrapI64
			Get R8
			I64Store $coWin_head
			Get R0
			I32WrapI64
			Get R9
			I64Store $coWin_tail

			// k := dq[head]; f := fs[k]; caps[i] = f
			ELEM(R4, R8)
			I64Load $0
			Set R13
			ELEM(R3, R13)
			I64Load $0
			Set R10
			I64Load caps+24(FP)
			Get R1
			I64Const $3
			I64Shl
			I64Add
			I32WrapI64
			Get R10
			I64Store $0

			// bound := ts[k+1] if k+1 < n, else +Inf
			I64Const INF
			F64ReinterpretI64
			Set F23
			Get R13
			I64Const $1
			I64Add
			Tee R14
			Get R5
			I64LtS
			If
				ELEM(R2, R14)
				F64Load $0
				Set F23
			End
			// if bound < least { least = bound }
			PICK(F23, F20, F64Lt)
			// if f < minEach { ok = false; if bound > short { short = bound } }
			Get R10
			I64Load minEach+40(FP)
			I64LtS
			If
				I64Const $0
				Set R12
				PICK(F23, F21, F64Gt)
			End
			// sum += f
			Get R11
			Get R10
			I64Add
			Set R11
			// if l+1 < n && ts[l+1] < next { next = ts[l+1] }
			Get R6
			I64Const $1
			I64Add
			Tee R14
			Get R5
			I64LtS
			If
				ELEM(R2, R14)
				F64Load $0
				Set F24
				PICK(F24, F19, F64Lt)
			End

			// the next window, while i < nw
			Get R1
			I64Const $1
			I64Add
			Tee R1
			I64Load nw+16(FP)
			I64LtS
			BrIf $0
		End

		// if ok && sum >= size { return t }
		Get R12
		I64Eqz
		I32Eqz
		Get R11
		I64Load size+32(FP)
		I64GeS
		I32And
		If
			Get SP
			Get F16
			F64Store ret+72(FP)
			Br $2
		End
		// if sum < size && least > next { next = least }
		Get R11
		I64Load size+32(FP)
		I64LtS
		Get F20
		Get F19
		F64Gt
		I32And
		If
			Get F20
			Set F19
		End
		// if short > next { next = short }
		PICK(F21, F19, F64Gt)
		// if next == +Inf || next > limit { return +Inf }
		Get F19
		I64Const INF
		F64ReinterpretI64
		F64Eq
		Get F19
		Get F18
		F64Gt
		I32Or
		If
			Get SP
			I64Const INF
			F64ReinterpretI64
			F64Store ret+72(FP)
			Br $2
		End
		Get F19
		Set F16
		Br $0
	End
	End
	RET
