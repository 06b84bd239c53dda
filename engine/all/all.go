// Package all links every paper system into a binary: importing it
// registers all policies and experiments.
package all

import (
	_ "gridplay/engine/backfill"
	_ "gridplay/engine/gamf"
	_ "gridplay/engine/hybrid"
	_ "gridplay/engine/multisite"
	_ "gridplay/engine/muscle"
	_ "gridplay/engine/titan"
)
