// Package editor is the playground's platform editor: a Vugu component
// (Platform) that draws the clusters on a canvas around a central switch
// and edits them, and the plain Go behind it (layout, hit-testing,
// gestures, edits, validation mapping), tested natively.
//
// Every change goes through state.App.Edit, so undo, redo and autosave see
// it. Choices:
//   - The model stores no positions, so the canvas lays clusters out in
//     their order, left to right, wrapping into rows under the switch; the
//     order is changed with the up/down buttons. Each cluster is a grid of
//     node squares, as square as possible (Shape).
//   - Dragging on empty canvas draws a rectangle of node squares (Cell px
//     each): a drag over 4 by 3 squares adds a 12-node cluster at the end
//     of the list. A press that moves less than half a square is a click
//     (it clears the selection). Dragging the selected cluster's corner
//     handle sets its nodes to the columns times rows reached, measured
//     with the box's own square size.
//   - The link of each cluster to the switch (GA-MF B^k) is drawn solid
//     and labelled with its bandwidth (and latency, when set); a cluster
//     without a bandwidth gets a dashed line and "no bandwidth set". The
//     side panel edits latency in milliseconds; the model holds seconds.
//   - Deleting a cluster also removes the site links and platform events
//     that name it and clears job origins that name it, and says so;
//     renaming an id follows every reference.
//   - A hybrid-model cluster's nodes are its servers' sum: the first
//     server added takes all the cluster's nodes; resizing puts the
//     difference on the last server.
//   - CP weights are off (nil: the policy's default) until one is set;
//     "clear weights" removes them again.
//   - Keyboard: the canvas is focusable; arrow keys select the previous
//     or next cluster, + and - change its nodes, Delete (or Backspace)
//     removes it, A (or Insert) adds an 8-node cluster. Every action also
//     has a labelled button. The last cluster cannot be deleted (a
//     platform needs one).
//   - Inputs keep the text being typed (input events) until they lose
//     focus (state.Drafts). Text that does not parse stays in its input
//     with a message and changes nothing.
package editor

//go:generate go tool vugugen -s -skip-main -skip-go-mod .
//go:generate gofmt -w 0_components_gen.go
