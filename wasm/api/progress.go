package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// progress reports the points done on stderr: one line rewritten in place
// on a terminal, a line per point otherwise (a log, a CI job).
type progress struct {
	w     io.Writer
	tty   bool
	name  string
	total int
	where string
	start time.Time
}

func newProgress(w io.Writer, name string, total int, where string) *progress {
	p := &progress{w: w, tty: isTerminal(w), name: name, total: total, where: where, start: time.Now()}
	fmt.Fprintf(w, "%s: %d %s on %s", name, total, plural(total, "point"), where)
	if !p.tty {
		fmt.Fprintln(w)
	}
	return p
}

func (p *progress) done(n int) {
	line := fmt.Sprintf("%s: %d/%d points done, %.1f s", p.name, n, p.total, time.Since(p.start).Seconds())
	if p.tty {
		fmt.Fprintf(p.w, "\r\033[K%s", line)
		return
	}
	fmt.Fprintln(p.w, line)
}

func (p *progress) end() {
	if p.tty {
		fmt.Fprintln(p.w)
	}
}

func plural(n int, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// lockedWriter serialises the writes of several goroutines.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(b)
}

func isTerminal(w io.Writer) bool {
	if l, ok := w.(*lockedWriter); ok {
		w = l.w
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
