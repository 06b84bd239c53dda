package muscle_test

import (
	"fmt"
	"strings"

	"gridplay/engine/muscle"
)

// The composition table of MUSCLE Table 2, from the job sizes of Table 1
// (J1..J6) with m_MAX = 6.
func ExampleBuildTable() {
	sizes := []int{2, 1, 4, 3, 1, 2}
	t := muscle.BuildTable(sizes, 6, nil)
	for j, row := range t.Rows {
		var cs []string
		for _, c := range row {
			var ids []string
			for _, k := range c {
				ids = append(ids, fmt.Sprintf("J%d", k+1))
			}
			cs = append(cs, strings.Join(ids, ","))
		}
		fmt.Printf("%d  %s\n", j+1, strings.Join(cs, " | "))
	}
	// Output:
	// 1  J2 | J5
	// 2  J1 | J5,J2 | J6
	// 3  J2,J1 | J4 | J6,J5
	// 4  J3 | J4,J2 | J6,J1
	// 5  J3,J2 | J4,J1
	// 6  J3,J1 | J6,J4,J2
}
