package csvfmt

import (
	"math"
	"strconv"
	"testing"
)

func TestFloat(t *testing.T) {
	for _, c := range []struct {
		v    float64
		want string
	}{
		{0, "0"}, {1174966, "1174966"}, {109256855.5, "109256855.5"}, {1e-5, "0.00001"},
		{-2.5, "-2.5"}, {1e21, "1000000000000000000000"}, {1.0 / 3, "0.3333333333333333"},
	} {
		if got := Float(c.v); got != c.want {
			t.Errorf("Float(%v) = %q, want %q", c.v, got, c.want)
		}
		if back, err := strconv.ParseFloat(Float(c.v), 64); err != nil || back != c.v {
			t.Errorf("Float(%v) reads back as %v, %v", c.v, back, err)
		}
	}
	if Float(math.Copysign(0, -1)) != "-0" {
		t.Errorf("-0 prints as %q", Float(math.Copysign(0, -1)))
	}
}

func TestThousands(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 28489: "28,489", 202871: "202,871",
		1234567: "1,234,567", -1000: "-1,000", -999: "-999", -1234567: "-1,234,567"} {
		if got := Thousands(n); got != want {
			t.Errorf("Thousands(%d) = %q, want %q", n, got, want)
		}
	}
}
