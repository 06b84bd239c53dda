//go:build !(js && wasm)

package jsbridge

// EmbedCommand is one command a course page posted to the embed.
type EmbedCommand struct {
	Cmd  string
	T    float64
	Step int
	Link string
}

// EmbedMessage is what the embed tells its parent page.
type EmbedMessage struct {
	Kind    string
	T, End  float64
	Playing bool
	Frame   int
	Frames  int
	Step    int
	Policy  string
	Name    string
	Text    string
}

// OnEmbedCommands never delivers natively.
func OnEmbedCommands() <-chan EmbedCommand { return make(chan EmbedCommand) }

// PostToParent does nothing natively.
func PostToParent(m EmbedMessage) {}
