package sched

import (
	"context"
	"encoding/json"
	"errors"
	"strconv"
	"testing"

	"gridplay/engine/model"
)

// twoPoints is an experiment of two Table points whose merge adds a note
// counting the rows.
type twoPoints struct{}

func (twoPoints) Info() ExperimentInfo { return ExperimentInfo{Name: "two"} }

func (twoPoints) Plan(ExperimentOptions) ([]PointInfo, error) {
	return []PointInfo{{Index: 0, Label: "a"}, {Index: 1, Label: "b"}}, nil
}

func (twoPoints) Point(_ context.Context, _ ExperimentOptions, k int, _ Recorder) (Report, error) {
	t := &Table{Experiment: "two"}
	t.Add(strconv.Itoa(k), "p", "m", float64(10*k+1))
	return t, nil
}

func (twoPoints) Merge(_ ExperimentOptions, parts []Report) (Report, error) {
	t, err := ConcatTables("two", 2, parts)
	if err != nil {
		return nil, err
	}
	t.Notes = []string{strconv.Itoa(len(t.Rows)) + " rows"}
	return t, nil
}

func (twoPoints) DecodePoint(_ ExperimentOptions, _ int, b []byte) (Report, error) {
	return DecodeTable(b)
}

// MergePoints of the points' JSON is the whole run's report; a wrong
// number of points or a point that does not decode is an error naming
// the field.
func TestMergePoints(t *testing.T) {
	e, opt := twoPoints{}, ExperimentOptions{}
	whole, err := RunExperiment(context.Background(), e, opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	var points []json.RawMessage
	for k := range 2 {
		rep, _ := e.Point(context.Background(), opt, k, nil)
		b, _ := json.Marshal(rep)
		points = append(points, b)
	}
	merged, err := MergePoints(e, opt, points)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(merged)
	b, _ := json.Marshal(whole)
	if string(a) != string(b) || string(a) != `{"experiment":"two","rows":[{"experiment":"two","x":"0","policy":"p","metric":"m","value":1},{"experiment":"two","x":"1","policy":"p","metric":"m","value":11}],"notes":["2 rows"]}` {
		t.Errorf("merged %s\nwhole %s", a, b)
	}
	for _, c := range []struct {
		points []json.RawMessage
		field  string
	}{
		{points[:1], "points"},
		{[]json.RawMessage{points[0], []byte(`[`)}, "points[1]"},
	} {
		_, err := MergePoints(e, opt, c.points)
		var fe *model.FieldError
		if !errors.As(err, &fe) || fe.Field != c.field {
			t.Errorf("%d points: error %v, want one on %s", len(c.points), err, c.field)
		}
	}
}
