//go:build !js && measure

package e2e

// measuring: built with -tags measure, by `./build.sh bench`, the browser
// suite also takes its measurements (see measurement).
const measuring = true
