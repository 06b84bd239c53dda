package outputs

import (
	"math"
	"slices"
)

// radixMin is the length from which sortFloats sorts by radix; shorter
// slices go to slices.Sort, whose comparisons cost less than the radix
// sort's passes there (BenchmarkSortFloats).
const radixMin = 512

// sortFloats sorts xs in increasing order, as slices.Sort does: NaNs
// first, then the numbers from -Inf to +Inf. It differs from slices.Sort
// in one respect only: -0 comes before +0 (slices.Sort holds them equal
// and leaves them in an order of its own), so that the order is one
// total order, the same at every length.
//
// From radixMin values up, each value's bits are mapped to an unsigned
// key in the values' order (the sign bit set for a positive value, every
// bit inverted for a negative one), and the keys are sorted by a
// least-significant-digit radix sort, one byte a pass (sortRadix): a
// run sorts every measure of every job (Summarise).
func sortFloats(xs []float64) {
	n := len(xs)
	if n < radixMin {
		slices.Sort(xs)
		negZerosFirst(xs)
		return
	}
	sortRadix(xs)
}

// sortRadix is sortFloats by radix at any length.
func sortRadix(xs []float64) {
	keys := make([]uint64, len(xs))
	nan, m := 0, 0
	for _, x := range xs {
		if x != x {
			// NaNs keep their bits and come first, in their order.
			xs[nan] = x
			nan++
			continue
		}
		b := math.Float64bits(x)
		keys[m] = b ^ (uint64(int64(b)>>63) | 1<<63)
		m++
	}
	keys = radixKeys(keys[:m])
	out := xs[nan:]
	for i, k := range keys {
		out[i] = math.Float64frombits(k ^ (uint64(int64(^k)>>63) | 1<<63))
	}
}

// negZerosFirst puts the -0s of sorted xs's zeros before its +0s.
func negZerosFirst(xs []float64) {
	i := 0
	for i < len(xs) && !(xs[i] == 0) {
		i++
	}
	neg, j := 0, i
	for ; j < len(xs) && xs[j] == 0; j++ {
		if math.Signbit(xs[j]) {
			neg++
		}
	}
	for k := i; k < j; k++ {
		xs[k] = math.Copysign(0, float64(k-i-neg))
	}
}

// radixKeys sorts keys by their bytes, least significant first, and
// returns them sorted (in keys or in a buffer of its own). The counts of
// all eight bytes are taken in one pass, and a byte whose value all keys
// share (the low bytes of whole numbers of seconds, the high ones of
// values of one magnitude) takes no pass.
func radixKeys(keys []uint64) []uint64 {
	m := len(keys)
	if m == 0 {
		return keys
	}
	var count [8][256]uint32
	for _, k := range keys {
		count[0][byte(k)]++
		count[1][byte(k>>8)]++
		count[2][byte(k>>16)]++
		count[3][byte(k>>24)]++
		count[4][byte(k>>32)]++
		count[5][byte(k>>40)]++
		count[6][byte(k>>48)]++
		count[7][byte(k>>56)]++
	}
	tmp := make([]uint64, m)
	for d := range 8 {
		c := &count[d]
		shift := 8 * uint(d)
		if int(c[byte(keys[0]>>shift)]) == m {
			continue // every key has this byte
		}
		var at uint32
		for i := range c {
			at, c[i] = at+c[i], at
		}
		for _, k := range keys {
			b := byte(k >> shift)
			tmp[c[b]] = k
			c[b]++
		}
		keys, tmp = tmp, keys
	}
	return keys
}
