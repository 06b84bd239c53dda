// Package all links every paper system into a binary: importing it
// registers all policies and experiments, and gives the schedule checker
// (engine/check) TITAN's application-model predictor.
package all

import (
	"gridplay/engine/check"
	"gridplay/engine/model"
	"gridplay/engine/titan"

	_ "gridplay/engine/backfill"
	_ "gridplay/engine/gamf/repro"
	_ "gridplay/engine/hybrid/repro"
	_ "gridplay/engine/multisite/repro"
	_ "gridplay/engine/muscle/repro"
	_ "gridplay/engine/script"
	_ "gridplay/engine/titan/repro"
)

func init() { check.RegisterAppTime(AppTime) }

// AppTime is TITAN's p_ext(n) for a job with an application model
// (titan.TaskFromJob): the predictor the checker compares run times with.
func AppTime(j *model.Job, n int) (float64, error) {
	t, err := titan.TaskFromJob(*j)
	if err != nil {
		return 0, err
	}
	return t.Pred.Time(n), nil
}
