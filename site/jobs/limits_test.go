package jobs

import (
	"testing"

	"gridplay/engine/swf"
)

// The table repeats the engine's import caps so that engine/swf stays out
// of the page's binary; this keeps the two copies equal.
func TestCapsMatchEngine(t *testing.T) {
	if MaxImportJobs != swf.MaxImportJobs {
		t.Errorf("MaxImportJobs = %d, engine/swf has %d", MaxImportJobs, swf.MaxImportJobs)
	}
	if MaxUploadBytes != swf.MaxUploadBytes {
		t.Errorf("MaxUploadBytes = %d, engine/swf has %d", MaxUploadBytes, swf.MaxUploadBytes)
	}
}
