package bench

import (
	"strings"
	"testing"

	"gridplay/engine/api/benchset"
)

// A row that fails names itself and the engine's message.
func TestMeasureNamesFailures(t *testing.T) {
	r := benchset.Request{Name: "x", Label: "no such experiment", Method: "POST", Path: "/api/experiments/nope", Body: []byte("{}")}
	_, err := Measure(r, 1)
	if err == nil || !strings.Contains(err.Error(), "no such experiment: status 404") || !strings.Contains(err.Error(), `unknown experiment \"nope\"`) {
		t.Fatalf("error %v", err)
	}
}

func TestMeasure(t *testing.T) {
	r := benchset.Request{Name: "h", Label: "hybrid-table1 quick", Method: "POST", Path: "/api/experiments/hybrid-table1", Type: "application/json", Body: []byte(benchset.Options)}
	row, err := Measure(r, 2)
	if err != nil {
		t.Fatal(err)
	}
	if row.Status != 200 || len(row.Runs) != 2 || row.MS <= 0 || len(row.SHA256) != 64 || row.Bytes == 0 {
		t.Fatalf("row %+v", row)
	}
	tab := Table([]Row{row}, map[string]float64{"h": row.MS * 3})
	if !strings.Contains(tab, "3.00x  not met") {
		t.Errorf("table:\n%s", tab)
	}
	tab = Table([]Row{row}, map[string]float64{"h": row.MS * 2})
	if !strings.Contains(tab, "2.00x  met") {
		t.Errorf("table:\n%s", tab)
	}
}
