package script

import (
	"embed"
	"strings"
)

//go:embed templates/*.star
var templateFS embed.FS

// Template is a script that ships with gridplay: the page's "Your
// policy" menu, the docs and the tests use them.
type Template struct {
	// Name is the file's base name ("sjf-easy"), stable: lessons and
	// links name templates by it.
	Name string
	// Title is the menu's label.
	Title string
	// Platform says what the template needs: "one cluster" or "two
	// clusters or more".
	Platform string
	// Source is the script.
	Source string
}

// templateList is the menu's order.
var templateList = []Template{
	{Name: "fcfs", Title: "FCFS (priority by submit time, no backfilling)", Platform: "one cluster"},
	{Name: "sjf-easy", Title: "SJF with EASY backfilling", Platform: "one cluster"},
	{Name: "wfp3", Title: "WFP3 (Tang et al. 2009) with EASY backfilling", Platform: "one cluster"},
	{Name: "largest-first", Title: "Largest first, EASY backfilling", Platform: "one cluster"},
	{Name: "easy-schedule", Title: "EASY backfilling written in schedule(ctx) form", Platform: "one cluster"},
	{Name: "least-loaded", Title: "Two clusters: send each job to the least loaded", Platform: "two clusters or more"},
}

func init() {
	for k := range templateList {
		b, err := templateFS.ReadFile("templates/" + templateList[k].Name + ".star")
		if err != nil {
			panic("script: template " + templateList[k].Name + " is not embedded")
		}
		templateList[k].Source = string(b)
	}
}

// Templates lists the shipped scripts in menu order (a copy).
func Templates() []Template { return append([]Template(nil), templateList...) }

// TemplateByName finds a shipped script by its Name.
func TemplateByName(name string) (Template, bool) {
	for _, t := range templateList {
		if strings.EqualFold(t.Name, name) {
			return t, true
		}
	}
	return Template{}, false
}
