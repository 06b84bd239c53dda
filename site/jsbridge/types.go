package jsbridge

// The types the page's packages use on both builds; their browser side is
// in the _js.go files, the native stubs in the _other.go files.

// Key is a key press outside text fields.
type Key struct {
	Key         string
	Ctrl, Shift bool
}

// Pointer is a pointer position over a chart's canvas: X and Y from the
// canvas's top left, W and H its size in CSS pixels, ClientX the page's
// coordinate (for drags) and Buttons the buttons held.
type Pointer struct {
	X, Y, W, H, ClientX float64
	Buttons             int
}

// EmbedCommand is one command a course page posted to the embed (see
// static/embed-example.html): play, pause, seek (to T seconds on the
// chart's clock, or to lesson step Step), or load (a share link's
// fragment, "#s=…&l=…").
type EmbedCommand struct {
	Cmd  string
	T    float64
	Step int
	Link string
}

// EmbedMessage is what the embed tells its parent page.
type EmbedMessage struct {
	Kind    string // "ready", "clock", "error"
	T, End  float64
	Playing bool
	Frame   int
	Frames  int
	Step    int // the lesson step paused at, from 1; 0 for none
	Policy  string
	Name    string
	Text    string // the narration, or the error
}

// ScrollTable is a windowed table body: only the rows in view are in the
// DOM (see outputs_js.go). Natively it keeps its callbacks and paints
// nothing.
type ScrollTable struct {
	// Window is the rows [lo, hi) of n to show for the container
	// scrolled to top and height pixels tall.
	Window func(top, height float64) (lo, hi, n int)
	// Row writes the texts of row i into cells (Cols of them) and
	// returns its data-bar and its class.
	Row func(i int, cells []string) (bar int, class string)
	// Cols is the number of columns; Num marks the right-aligned ones
	// (class "num"), Titled those whose text is also their title (the
	// stylesheet may cut it).
	Cols        int
	Num, Titled []bool
	// RowH is a row's height in CSS pixels.
	RowH float64
	// Hover is called with the data-bar of the row under the pointer,
	// -1 when it leaves the rows.
	Hover func(bar int)
	scrollState
}
