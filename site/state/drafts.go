package state

// Drafts keeps the texts of a form's inputs (the job table's cells, the
// platform editor's side panel) that the model does not hold, by input
// key: the text being typed, which Vugu's render would otherwise replace
// with the model's value under the user's fingers, and text that did not
// parse, with its message. Its zero value is empty.
type Drafts struct {
	typing, raw, rawErr map[string]string
}

// Text is the text of input key when the model's value is not what it
// shows: the text being typed, else the text that did not parse.
func (d *Drafts) Text(key string) (string, bool) {
	if v, ok := d.typing[key]; ok {
		return v, true
	}
	v, ok := d.raw[key]
	return v, ok
}

// Err is the message for the text of key that did not parse, or "".
func (d *Drafts) Err(key string) string { return d.rawErr[key] }

// Type keeps what is being typed in input key (input event).
func (d *Drafts) Type(key, v string) {
	if d.typing == nil {
		d.typing = map[string]string{}
	}
	d.typing[key] = v
}

// Leave forgets the typed text of key (the input lost focus, or its
// change event came).
func (d *Drafts) Leave(key string) { delete(d.typing, key) }

// Keep keeps text v of key, which did not parse, with its message msg;
// msg "" forgets the text kept for key (v was a good value).
func (d *Drafts) Keep(key, v, msg string) {
	if msg == "" {
		delete(d.raw, key)
		delete(d.rawErr, key)
		return
	}
	if d.raw == nil {
		d.raw, d.rawErr = map[string]string{}, map[string]string{}
	}
	d.raw[key], d.rawErr[key] = v, msg
}

// Drop forgets the texts that did not parse, whose keys an edit moved
// (a row or a server deleted, the rows reordered).
func (d *Drafts) Drop() { d.raw, d.rawErr = nil, nil }
