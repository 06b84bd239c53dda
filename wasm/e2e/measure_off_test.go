//go:build !js && !measure

package e2e

// measuring is false in `./build.sh test`: the suite asserts behaviour,
// and `./build.sh bench` (-tags measure) takes the measurements.
const measuring = false
