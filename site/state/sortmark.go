package state

// SortMark is the arrow a sortable column's header shows for its
// aria-sort value: " ▲" ascending, " ▼" descending, "" otherwise.
func SortMark(ariaSort string) string {
	switch ariaSort {
	case "ascending":
		return " ▲"
	case "descending":
		return " ▼"
	}
	return ""
}
