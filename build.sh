#!/usr/bin/env bash
# gridplay build script.
#
#   ./build.sh [build]   build the site and the engine into static/
#   ./build.sh serve     build, then serve on http://127.0.0.1:${PORT:-8080}
#   ./build.sh cloudflare  build, then prepare wasm/cf for `npx wrangler dev`
#                        or `npx wrangler deploy` (the engine API plus the
#                        site and its traces as static assets)
#   ./build.sh bench     build, then take the measurements and write them
#                        to docs/performance.md: the benchmark set natively
#                        (also static/bench-native.json, which the benchmark
#                        page static/bench.html compares a visitor's browser
#                        with; BENCH_RUNS timed runs per row, default 5;
#                        BENCH_NOTE says what else ran) and the browser
#                        suite's measurements (wasm/e2e, -tags measure)
#   ./build.sh experiments  run every experiment over 5 seeds
#                        (EXPERIMENTS_QUICK=1: the quick versions;
#                        EXPERIMENTS_SEEDS=N: N seeds) and write
#                        docs/experiments.md, the papers' claims against
#                        this run's numbers, a table per reading set
#   ./build.sh test      build, then run every test: gofmt, vet, native Go
#                        tests, the engine under js/wasm (node), each fuzz
#                        target for ${FUZZTIME:-3s}, the headless-browser
#                        test, and the Cloudflare Workers check (wrangler
#                        dev; skipped when npm cannot install wrangler)
#
# It is idempotent: every run regenerates the same outputs. Every step
# says what it does and stops the script with a clear message on failure.
set -euo pipefail

cd "$(dirname "$0")"
ROOT=$(pwd)
STATIC="$ROOT/static"

# step names what the script does next; under ./build.sh test
# (STEP_T0 set) also when, in seconds since the test began, to compare
# the steps' times between runs.
step() { printf '\n== %s%s\n' "$*" "${STEP_T0:+ (at $((SECONDS - STEP_T0)) s)}"; }
die() {
	printf 'build.sh: error: %s\n' "$*" >&2
	exit 1
}
trap 'rc=$?; [ $rc -eq 0 ] || printf "build.sh: failed (exit %d)\n" "$rc" >&2' EXIT

need_go() {
	command -v go >/dev/null 2>&1 || die "go is not on PATH; install Go 1.26 (https://go.dev/dl/) and retry"
	local v
	v=$(go env GOVERSION)
	case "$v" in
	go1.2[6-9]* | go1.[3-9][0-9]*) ;;
	*) die "Go 1.26 or newer is needed, found $v" ;;
	esac
	GOROOT_WASM="$(go env GOROOT)/lib/wasm"
	[ -f "$GOROOT_WASM/wasm_exec.js" ] || die "$GOROOT_WASM/wasm_exec.js is missing: is the Go installation complete?"
}

# compress writes .gz and .br files next to the web assets of static/
# (wasm/internal/precompress: gzip -9 and brotli, quality ${BROTLI_Q:-11}),
# skipping the files that did not change since.
compress() {
	go run ./wasm/internal/precompress -q "${BROTLI_Q:-11}" "$STATIC" || die "pre-compressing static/ failed"
}

# install_if_changed moves a freshly built $1 over $2 only when the bytes
# differ, so an unchanged binary keeps its time and is not compressed
# again.
install_if_changed() {
	if [ -f "$2" ] && cmp -s "$1" "$2"; then
		rm -f "$1"
	else
		mv -f "$1" "$2"
	fi
}

# sizes prints what the page's binary weighs, as built and as sent.
sizes() {
	local f=app.wasm raw gz br
	raw=$(wc -c <"$STATIC/$f")
	gz=$(wc -c <"$STATIC/$f.gz")
	br=$(wc -c <"$STATIC/$f.br")
	printf '%s (the page and its engine workers) %d bytes (%d gzip, %d brotli)\n' "$f" "$raw" "$gz" "$br"
	printf 'the binary as sent with brotli: %d bytes (%s MB)\n' "$br" "$(awk -v t="$br" 'BEGIN { print t / 1e6 }')"
}

build() {
	need_go
	step "vugugen: generating the Vugu components of site/"
	# Every folder of site/ with .vugu files is one component package.
	local d
	while IFS= read -r d; do
		rm -f "$d/0_components_gen.go" "$d/0_missing_gen.go"
		go tool vugugen -s -skip-main -skip-go-mod "$d" || die "vugugen failed in $d (see the .vugu file named above)"
		gofmt -w "$d/0_components_gen.go"
	done < <(find site -name '*.vugu' -printf '%h\n' | sort -u)

	# GRIDPLAY_SYMBOLS=1 keeps the function names in both binaries, for
	# CPU profiles of the page (DevTools, perf); the default strips them.
	local ldflags="-s -w"
	[ "${GRIDPLAY_SYMBOLS:-}" = 1 ] && ldflags="-w"

	step "go build: site -> static/app.wasm (the page, and the engine of its Web Workers)"
	# One binary: the page's main thread runs it as the Vugu page and each
	# engine worker runs the same compiled module as the engine API
	# (site/main_wasm.go, wasm/engineserve), so the Go runtime, reflect,
	# fmt and encoding/json are sent and compiled once. The tag
	# gridplay_nohttp leaves net/http (and crypto/tls, x509 with it) out:
	# the worker calls engine/api through syscall/js. No inlining in the
	# UI's own packages and Vugu (they render; the engine runs in the
	# workers), except the painting code: this keeps the binary small at
	# no measurable cost in frame time. The engine and the standard
	# library keep full optimisation.
	# It uses a copy of Vugu whose renderer skips the DOM writes that would
	# change nothing (site/internal/vuguwrites: three writes compare first).
	local vg="$ROOT/.vugu-writes"
	go run ./site/internal/vuguwrites -vugu "$(go list -m -f '{{.Dir}}' github.com/vugu/vugu)" -o "$vg" ||
		die "copying Vugu with its renderer's change failed"
	GOOS=js GOARCH=wasm go build -modfile "$vg/go.mod" -tags gridplay_nohttp -trimpath -ldflags="$ldflags" \
		-gcflags=gridplay/site/...=-l -gcflags=github.com/vugu/...=-l \
		-gcflags=gridplay/site/gantt= -gcflags=gridplay/site/jsbridge= -gcflags=gridplay/site/frames= \
		-o "$STATIC/.app.wasm.new" ./site ||
		die "building site/ for js/wasm failed"
	install_if_changed "$STATIC/.app.wasm.new" "$STATIC/app.wasm"
	# The engine's own binary of earlier builds (static/api.wasm), and the
	# syumai/workers browser glue of the first round.
	rm -rf "$STATIC/api.wasm" "$STATIC/api.wasm.gz" "$STATIC/api.wasm.br" "$STATIC/worker"

	step "static/first-run.mjs (the first visit's run, sent by main.js while app.wasm loads)"
	go run ./site/internal/firstrun -o "$STATIC/.first-run.mjs.new" || die "writing static/first-run.mjs failed"
	install_if_changed "$STATIC/.first-run.mjs.new" "$STATIC/first-run.mjs"

	step "wasm_exec.js from $GOROOT_WASM"
	cp "$GOROOT_WASM/wasm_exec.js" "$ROOT/wasm_exec.js"
	cmp -s "$GOROOT_WASM/wasm_exec.js" "$STATIC/wasm_exec.js" || cp "$GOROOT_WASM/wasm_exec.js" "$STATIC/wasm_exec.js"

	[ "${COMPRESS_LATER:-}" = 1 ] && return 0
	step "pre-compressing static assets (gzip, brotli)"
	compress
	sizes
}

serve() {
	build
	local port="${PORT:-8080}"
	step "serving on http://127.0.0.1:$port (Ctrl-C stops)"
	exec go run ./wasm/api serve -addr "127.0.0.1:$port" -dir "$STATIC"
}

# bench takes the project's measurements and writes them to
# docs/performance.md: the standard benchmark set (engine/api/benchset)
# natively through the API handler in this process (one warm-up and
# BENCH_RUNS timed requests per row, their median also written to
# static/bench-native.json for the benchmark page), then the browser
# suite's measurements (wasm/e2e built with -tags measure): the benchmark
# set in the page against native, the experiments in the page, the soak,
# frame times, the first Gantt and the whole-trace import.
bench() {
	build
	local out="$ROOT/docs/performance.md" log
	log=$(mktemp)
	step "benchmark set, natively (median of ${BENCH_RUNS:-5} runs per row after a warm-up)"
	go run ./wasm/internal/bench/cmd -runs "${BENCH_RUNS:-5}" -note "${BENCH_NOTE:-}" -o "$STATIC/bench-native.json" | tee "$log" ||
		die "the native benchmark failed (see above)"
	compress
	step "the browser suite's measurements (headless chromium, -tags measure)"
	ensure_chromium
	local e2e
	e2e=$(mktemp)
	go test -tags measure -count=1 -timeout 90m -v \
		-run '^(TestBench|TestExperimentsInPage|TestSoak|TestFrameTime|TestTraceOutputsFrameTime|TestPlayground|TestWholeTraceInPage|TestImportedTraceRunsQuickly|TestUserFirstGantt|TestUserWholeTrace)$' \
		./wasm/e2e/ | tee "$e2e" || die "a browser measurement failed (see above)"
	{
		echo "# Performance"
		echo
		echo "Written by \`./build.sh bench\` (do not edit by hand); regenerate it"
		echo "on a quiet machine to compare builds. Times are wall clock, so they"
		echo "move with the machine: compare ratios, and medians of runs"
		echo "alternated with the build you compare against, not single figures."
		echo
		echo "Machine: $(nproc) cores, $(go env GOVERSION), $(chromium --version 2>/dev/null || echo 'chromium unknown')."
		echo
		echo "## The benchmark set, natively"
		echo
		echo '```'
		grep -v -e '^wrote ' -e '^  ' "$log"
		echo '```'
		echo
		echo "## In the browser (headless Chromium)"
		echo
		echo '```'
		grep -E '^gridplay e2e: ' "$e2e" | sed 's/^gridplay e2e: //'
		echo '```'
	} >"$out"
	rm -f "$log" "$e2e"
	printf "wrote %s; static/bench.html compares the native rows with a visitor's browser (./build.sh serve, then open /bench.html)\n" "$out"
}

# experiments_doc runs every experiment (full mode; EXPERIMENTS_QUICK=1 for
# the quick one) over 5 seeds (EXPERIMENTS_SEEDS=N for another count) and
# writes docs/experiments.md: each experiment's claims from its paper beside
# the values the run computed, with the verdicts, a table per reading set.
experiments_doc() {
	need_go
	local out="$ROOT/docs/experiments.md" tmp bin mode="" name seeds="${EXPERIMENTS_SEEDS:-5}" start
	[ "${EXPERIMENTS_QUICK:-}" = 1 ] && mode="-quick"
	tmp=$(mktemp)
	bin=$(mktemp -d)/api
	go build -o "$bin" ./wasm/api || die "building wasm/api failed"
	start=$(date +%s)
	{
		echo "# Experiments against their papers"
		echo
		echo "Written by \`./build.sh experiments\` (do not edit by hand) from the"
		echo "runs of \`go run ./wasm/api experiment NAME -format md${mode:+ $mode} -seeds $seeds\`:"
		echo "every experiment runs over $seeds seeds (1 to $seeds), and each value is"
		echo "the mean over them with its 95% confidence interval. Every claim is"
		echo "evaluated under every reading set of its experiment, a table per set,"
		echo "and the text above the tables names the set under which the most claims"
		echo "hold. A claim that compares (a difference, a trend, a gain \"about X%\")"
		echo "is decided only over at least 5 seeds; the rules and tolerances are in"
		echo "engine/sched/verdict/doc.go."
		echo
	} >"$tmp"
	for name in $("$bin" experiments | grep -E '^[a-z]' | awk '{print $1}'); do
		step "experiment $name${mode:+ ($mode)}, $seeds seeds"
		"$bin" experiment "$name" -format md $mode -seeds "$seeds" >>"$tmp" || die "experiment $name failed"
	done
	mv "$tmp" "$out"
	printf 'wrote %s in %d s\n' "$out" $(($(date +%s) - start))
}

ensure_chromium() {
	if [ -x /usr/bin/chromium ] || command -v chromium >/dev/null 2>&1; then
		return 0
	fi
	if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
		step "installing Debian chromium for the browser test"
		export DEBIAN_FRONTEND=noninteractive
		apt-get update -qq || die "apt-get update failed"
		apt-get install -y -qq chromium >/dev/null || die "apt-get install chromium failed"
	else
		printf 'build.sh: chromium is missing and cannot be installed here (needs root and apt-get)\n' >&2
	fi
}

# cloudflare_glue builds the engine for Cloudflare Workers into wasm/cf/build:
# wasm/api (engine/api under github.com/syumai/workers, with net/http) and
# the syumai/workers Cloudflare glue around it. wrangler.toml serves static/
# (the site, its .br/.gz forms and static/traces) as assets through
# entry.mjs; the engine reads the traces through the ASSETS binding
# (wasm/api/main_js.go).
cloudflare_glue() {
	local dir="$ROOT/wasm/cf"
	step "Cloudflare Workers: wasm/api -> wasm/cf/build/app.wasm and its glue"
	go tool workers-assets-gen -mode=go -runtime=cloudflare -o "$dir/build" || die "workers-assets-gen (cloudflare) failed"
	GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -o "$dir/build/app.wasm" ./wasm/api ||
		die "building wasm/api for js/wasm failed"
}

# prepare_cloudflare installs the pinned wrangler with npm ci when it is
# missing (it returns 1 when npm cannot install it) and builds the glue.
prepare_cloudflare() {
	local dir="$ROOT/wasm/cf"
	command -v npm >/dev/null 2>&1 || {
		echo "npm is not installed"
		return 1
	}
	if [ ! -x "$dir/node_modules/.bin/wrangler" ]; then
		(cd "$dir" && npm ci --no-audit --no-fund --loglevel=error) || return 1
	fi
	cloudflare_glue
}

cloudflare() {
	build
	step "preparing wasm/cf for wrangler"
	prepare_cloudflare || die "npm could not install wrangler (see above)"
	cat <<MSG
wasm/cf is ready. From there:
  npx wrangler dev --ip 127.0.0.1 --port 8787   # locally, in workerd
  npx wrangler deploy                           # to your Cloudflare account (npx wrangler login first)
Then run an experiment's points on it:
  go run ./wasm/api experiment muscle-fig4 -remote http://127.0.0.1:8787 -parallel 8
MSG
}

# test_workerd serves the engine with wrangler dev (workerd, the Cloudflare
# Workers runtime) and checks that its answers equal the native handler's
# bytes, for runs and for every experiment fanned out over it. It skips,
# with a message, when npm cannot install wrangler (in CI it fails).
test_workerd() {
	step "Cloudflare Workers runtime (wrangler dev, workerd)"
	local dir="$ROOT/wasm/cf"
	if ! prepare_cloudflare; then
		[ "${CI:-}" = true ] && die "wrangler could not be installed (CI=true)"
		echo "skipped: npm could not install wrangler (see above)"
		return 0
	fi
	local port="${WORKERD_PORT:-8787}"
	# setsid: wrangler starts several processes; stop the whole group.
	(cd "$dir" && WRANGLER_SEND_METRICS=false exec setsid npx wrangler dev --ip 127.0.0.1 --port "$port" \
		>"$dir/build/wrangler.log" 2>&1) &
	local pid=$!
	local rc=0
	GRIDPLAY_WORKERD_URL="http://127.0.0.1:$port" go test -count=1 -timeout 30m -v -run '^TestWorkerd' ./wasm/e2e/ || rc=$?
	kill -- -"$pid" 2>/dev/null || kill "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
	if [ $rc -ne 0 ]; then
		tail -n 30 "$dir/build/wrangler.log" >&2 || true
		die "the engine under workerd differs from the native one (or did not start)"
	fi
}
# fuzz_one fuzzes one target on one core (-parallel 1: fuzz_all runs two
# at a time) and prints what it did in one piece. Go 1.26's fuzz
# coordinator can end a duration-limited run with a bare "context deadline
# exceeded" although no input failed (go.dev/issue/75804, fixed in Go
# 1.27), mostly on a loaded machine. Such a run wrote no reproducer to
# testdata/fuzz/NAME; it is reported and not counted as a failure. Any
# other failure returns 1.
fuzz_one() {
	local pkg=$1 name=$2 dir before after out
	dir="$(go list -f '{{.Dir}}' "$pkg")/testdata/fuzz/$name"
	before=$(ls "$dir" 2>/dev/null | sort || true)
	out=$(mktemp)
	if go test -run='^$' -fuzz="^${name}\$" -fuzztime="${FUZZTIME:-3s}" -parallel 1 "$pkg" >"$out" 2>&1; then
		printf -- '-- %s %s\n%s\n' "$pkg" "$name" "$(cat "$out")"
		rm -f "$out"
		return 0
	fi
	printf -- '-- %s %s\n%s\n' "$pkg" "$name" "$(cat "$out")"
	after=$(ls "$dir" 2>/dev/null | sort || true)
	if [ "$before" = "$after" ] && grep -q '^    context deadline exceeded$' "$out" &&
		! grep -q 'Failing input written' "$out"; then
		rm -f "$out"
		printf 'build.sh: note: %s %s ended with the Go 1.26 fuzz-coordinator race (go.dev/issue/75804), no failing input; not a failure\n' "$pkg" "$name"
		return 0
	fi
	rm -f "$out"
	printf 'build.sh: fuzzing %s in %s failed (a failing input is saved under %s)\n' "$name" "$pkg" "$dir" >&2
	return 1
}

# fuzz_all fuzzes every target of engine/, two at a time, each on one
# core: the same fuzzing time per core as one at a time on two, in half
# the wall time, and two targets' instrumented builds side by side.
fuzz_all() {
	local pkg name pid done_pid failed=0
	local -a pids=() rest=()
	for pkg in $(go list ./engine/...); do
		for name in $(go test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true); do
			if [ ${#pids[@]} -ge 2 ]; then
				wait -n -p done_pid "${pids[@]}" || failed=1
				rest=()
				for pid in "${pids[@]}"; do
					[ "$pid" = "$done_pid" ] || rest+=("$pid")
				done
				pids=("${rest[@]}")
			fi
			fuzz_one "$pkg" "$name" &
			pids+=($!)
		done
	done
	for pid in "${pids[@]}"; do
		wait "$pid" || failed=1
	done
	[ $failed -eq 0 ] || die "a fuzz target failed (see above)"
}

test_all() {
	local t0=$SECONDS
	STEP_T0=$t0
	COMPRESS_LATER=1 build

	# Brotli at quality 11 takes app.wasm about 100 s on one core, and
	# only the browser test reads the compressed files: it runs beside
	# the steps before that one.
	step "pre-compressing static assets (gzip, brotli), in the background until the browser test"
	local clog cpid
	clog=$(mktemp)
	compress >"$clog" 2>&1 &
	cpid=$!

	step "gofmt"
	local unformatted
	unformatted=$(gofmt -l engine site wasm)
	[ -z "$unformatted" ] || die "gofmt is needed on: $unformatted"

	step "go vet (native and js/wasm)"
	go vet ./... || die "go vet failed"
	GOOS=js GOARCH=wasm go vet ./engine/... ./site/... ./wasm/api/... || die "go vet for js/wasm failed"
	GOOS=js GOARCH=wasm go vet -tags gridplay_nohttp ./wasm/engineserve/ || die "go vet of wasm/engineserve (tag gridplay_nohttp) failed"

	step "go test (native)"
	go test $(go list ./... | grep -v '/wasm/e2e$') || die "native tests failed"

	step "go test: engine, UI state and the worker's server under js/wasm (node)"
	command -v node >/dev/null 2>&1 || die "node is needed for the js/wasm tests (apt-get install nodejs)"
	GOOS=js GOARCH=wasm go test -exec="$GOROOT_WASM/go_js_wasm_exec" ./engine/... ./site/state/ ./site/gantt/ ||
		die "js/wasm tests failed"
	GOOS=js GOARCH=wasm go test -tags gridplay_nohttp -exec="$GOROOT_WASM/go_js_wasm_exec" ./wasm/engineserve/ ||
		die "js/wasm tests of wasm/engineserve failed"

	step "fuzz targets, ${FUZZTIME:-3s} each, two at a time"
	fuzz_all

	step "waiting for the pre-compression"
	wait "$cpid" || {
		cat "$clog" >&2
		die "pre-compressing static/ failed"
	}
	cat "$clog"
	rm -f "$clog"
	sizes

	step "browser test (headless chromium)"
	ensure_chromium
	go test -count=1 -timeout 60m -v ./wasm/e2e/ || die "browser test failed"

	test_workerd

	step "all tests passed in $((SECONDS - t0)) s"
}

case "${1:-build}" in
build) build ;;
serve) serve ;;
cloudflare) cloudflare ;;
bench) bench ;;
experiments) experiments_doc ;;
test) test_all ;;
-h | --help | help) sed -n '2,25p' "$0" ;;
*) die "unknown verb '$1': use build, serve, cloudflare, bench, experiments or test" ;;
esac
