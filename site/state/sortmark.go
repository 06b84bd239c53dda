package state

// AriaSort is a sortable column's aria-sort value: "none" when the
// table is not sorted by it, else "descending" or "ascending".
func AriaSort(sorted, desc bool) string {
	switch {
	case !sorted:
		return "none"
	case desc:
		return "descending"
	}
	return "ascending"
}

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
