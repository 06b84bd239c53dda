package editor

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"gridplay/engine/model"
	"gridplay/site/jobs"
	"gridplay/site/state"
)

// The platform edits, as plain functions on a scenario, so they are
// tested natively; the component runs each inside state.App.Edit.

// AddCluster appends a cluster of n nodes with a fresh id and returns its
// index. Its other fields stay at their documented defaults (speed, h and
// MIPS 0 meaning the default; no link bandwidth).
func AddCluster(s *model.Scenario, n int) int {
	cs := s.Platform.Clusters
	id := NewID(cs)
	n = min(max(n, 1), model.MaxNodes)
	// Named like the others: by its id alone beside clusters without a
	// name (C1, C2, C3), "cluster N" beside named ones.
	name := ""
	for _, c := range cs {
		name = "cluster " + strconv.Itoa(len(cs)+1)
		if c.Name == "" {
			name = ""
			break
		}
	}
	s.Platform.Clusters = append(cs, model.Cluster{ID: id, Name: name, Nodes: n})
	return len(s.Platform.Clusters) - 1
}

// SetNodes sets cluster i's node count. A hybrid-model cluster's nodes
// are the sum of its servers' (hybrid section III), so for one with
// servers the last server takes the difference, and n is refused when
// that would leave it without nodes.
func SetNodes(s *model.Scenario, i, n int) error {
	if i < 0 || i >= len(s.Platform.Clusters) {
		return errors.New("no such cluster")
	}
	if n < 1 || n > model.MaxNodes {
		return fmt.Errorf("nodes must be between 1 and %d", model.MaxNodes)
	}
	c := &s.Platform.Clusters[i]
	if k := len(c.Servers); k > 0 {
		others := 0
		for _, sv := range c.Servers[:k-1] {
			others += sv.Nodes
		}
		if n-others < 1 {
			return fmt.Errorf("the other servers already have %d nodes; remove a server first", others)
		}
		c.Servers[k-1].Nodes = n - others
	}
	c.Nodes = n
	return nil
}

// RemoveCluster deletes cluster i and what refers to it by id: site links,
// platform events, and job origins (which then mean "no origin").
// It returns what else it changed, for the status line.
func RemoveCluster(s *model.Scenario, i int) string {
	cs := s.Platform.Clusters
	if i < 0 || i >= len(cs) {
		return ""
	}
	id := cs[i].ID
	s.Platform.Clusters = append(cs[:i:i], cs[i+1:]...)
	var notes []string
	if nw := s.Platform.Network; nw != nil {
		// A copy: the scenario's arrays may be an undo step's too.
		kept := slices.DeleteFunc(slices.Clone(nw.Links), func(l model.Link) bool { return l.From == id || l.To == id })
		if d := len(nw.Links) - len(kept); d > 0 {
			notes = append(notes, state.Count(d, "site link"))
		}
		nw.Links = kept
	}
	ev := slices.DeleteFunc(slices.Clone(s.Events), func(e model.Event) bool { return e.Cluster == id })
	if d := len(s.Events) - len(ev); d > 0 {
		notes = append(notes, state.Count(d, "event"))
	}
	if len(ev) == 0 {
		ev = nil
	}
	s.Events = ev
	origins := 0
	for k := range s.Jobs {
		if s.Jobs[k].Origin == id {
			s.Jobs[k].Origin = ""
			origins++
		}
	}
	if origins > 0 {
		notes = append(notes, state.Count(origins, "job origin")+" cleared")
	}
	if len(notes) == 0 {
		return ""
	}
	return "also removed " + strings.Join(notes, ", ")
}

// MoveCluster swaps cluster i with its neighbour i+delta (delta -1 or +1)
// and returns the new index of the moved cluster (i when it cannot move).
func MoveCluster(s *model.Scenario, i, delta int) int {
	j := i + delta
	cs := s.Platform.Clusters
	if i < 0 || i >= len(cs) || j < 0 || j >= len(cs) || (delta != 1 && delta != -1) {
		return i
	}
	cs[i], cs[j] = cs[j], cs[i]
	return j
}

// SetField sets a cluster field from an input's text. Fields: name, id,
// nodes, speed, h, mips, bandwidth, latency_ms (the link latency in ms;
// the model holds seconds), wo, wm, wi (CP weights: setting one creates
// the weights with the others at 0). It returns a message for text that
// does not parse; range checks are model.Validate's.
func SetField(s *model.Scenario, i int, field, v string) string {
	if i < 0 || i >= len(s.Platform.Clusters) {
		return "no such cluster"
	}
	c := &s.Platform.Clusters[i]
	switch field {
	case "name":
		c.Name = v
		return ""
	case "id":
		old := c.ID
		c.ID = strings.TrimSpace(v)
		renameRefs(s, old, c.ID)
		return ""
	case "nodes":
		n, msg := jobs.ParseInt(v)
		if msg != "" {
			return msg
		}
		if err := SetNodes(s, i, n); err != nil {
			return err.Error()
		}
		return ""
	}
	x, msg := jobs.ParseFloat(v)
	if msg != "" {
		return msg
	}
	p, unit := clusterNum(c, field)
	if p == nil {
		return "unknown field " + strconv.Quote(field)
	}
	*p = x / unit
	return ""
}

// clusterNum is the number field of c that the input named field edits,
// and the input's unit over the model's (the latency is typed in ms, held
// in s). Asking for a CP weight creates c's weights.
func clusterNum(c *model.Cluster, field string) (*float64, float64) {
	switch field {
	case "speed":
		return &c.Speed, 1
	case "h":
		return &c.H, 1
	case "mips":
		return &c.MIPS, 1
	case "bandwidth":
		return &c.Bandwidth, 1
	case "latency_ms":
		return &c.Latency, 1000
	case "wo", "wm", "wi":
		if c.Weights == nil {
			c.Weights = &model.Weights{}
		}
		return map[string]*float64{"wo": &c.Weights.O, "wm": &c.Weights.M, "wi": &c.Weights.I}[field], 1
	}
	return nil, 0
}

// renameRefs follows a cluster id change in links, events and job
// origins, so renaming never breaks a reference.
func renameRefs(s *model.Scenario, old, id string) {
	if old == id || old == "" {
		return
	}
	if nw := s.Platform.Network; nw != nil {
		for k := range nw.Links {
			if nw.Links[k].From == old {
				nw.Links[k].From = id
			}
			if nw.Links[k].To == old {
				nw.Links[k].To = id
			}
		}
	}
	for k := range s.Events {
		if s.Events[k].Cluster == old {
			s.Events[k].Cluster = id
		}
	}
	for k := range s.Jobs {
		if s.Jobs[k].Origin == old {
			s.Jobs[k].Origin = id
		}
	}
}

// AddServer appends a hybrid-model server to cluster i. A cluster's first
// server takes all its nodes (so the sum still matches); later ones start
// with one node, added to the cluster. Each node has one PE of 1000 MIPS.
func AddServer(s *model.Scenario, i int) {
	if i < 0 || i >= len(s.Platform.Clusters) {
		return
	}
	c := &s.Platform.Clusters[i]
	if len(c.Servers) >= model.MaxServers {
		return
	}
	n := 1
	if len(c.Servers) == 0 {
		n = max(c.Nodes, 1)
	} else {
		c.Nodes++
	}
	used := map[string]bool{}
	for _, sv := range c.Servers {
		used[sv.ID] = true
	}
	id := ""
	for k := 0; id == "" || used[id]; k++ {
		id = "s" + strconv.Itoa(k)
	}
	c.Servers = append(c.Servers, model.Server{ID: id, Nodes: n, PEs: 1, Speed: 1000})
}

// RemoveServer deletes server k of cluster i; the cluster's nodes follow
// (minus that server's), and without servers it keeps its node count.
func RemoveServer(s *model.Scenario, i, k int) {
	if i < 0 || i >= len(s.Platform.Clusters) {
		return
	}
	c := &s.Platform.Clusters[i]
	if k < 0 || k >= len(c.Servers) {
		return
	}
	if len(c.Servers) > 1 {
		c.Nodes = max(c.Nodes-c.Servers[k].Nodes, 1)
	}
	c.Servers = append(c.Servers[:k:k], c.Servers[k+1:]...)
	if len(c.Servers) == 0 {
		c.Servers = nil
	}
}

// SetServer sets a server field (id, nodes, pes, speed); a change of nodes
// changes the cluster's nodes by the same amount.
func SetServer(s *model.Scenario, i, k int, field, v string) string {
	if i < 0 || i >= len(s.Platform.Clusters) || k < 0 || k >= len(s.Platform.Clusters[i].Servers) {
		return "no such server"
	}
	c := &s.Platform.Clusters[i]
	sv := &c.Servers[k]
	switch field {
	case "id":
		sv.ID = strings.TrimSpace(v)
	case "nodes", "pes":
		n, msg := jobs.ParseInt(v)
		if msg != "" {
			return msg
		}
		if field == "pes" {
			sv.PEs = n
			return ""
		}
		if n < 1 {
			return "a server needs at least 1 node"
		}
		c.Nodes += n - sv.Nodes
		sv.Nodes = n
	case "speed":
		x, msg := jobs.ParseFloat(v)
		if msg != "" {
			return msg
		}
		sv.Speed = x
	default:
		return "unknown field"
	}
	return ""
}

// inputOf names the input of a model field whose input has another name.
var inputOf = map[string]string{"latency": "latency_ms", "weights": "wo", "weights.o": "wo", "weights.m": "wm", "weights.i": "wi"}

// Errors maps model.Validate's platform problems to the inputs of
// cluster i (none for i < 0): fields are keyed by the SetField names
// ("nodes", "wo", "servers[0].pes"), "" for the cluster as a whole;
// platform lists the problems that belong to no single cluster (no
// clusters at all, too many nodes in all).
func Errors(s *model.Scenario, i int) (fields map[string]string, platform []string) {
	fields = map[string]string{}
	var es model.Errors
	if !errors.As(s.Validate(), &es) {
		return fields, nil
	}
	prefix := "platform.clusters[" + strconv.Itoa(i) + "]"
	for _, fe := range es {
		if fe.Field == "platform.clusters" || (strings.HasPrefix(fe.Field, "platform.") && !strings.HasPrefix(fe.Field, "platform.clusters[")) {
			platform = append(platform, fe.Error())
		}
		rest, ok := strings.CutPrefix(fe.Field, prefix)
		if !ok {
			continue
		}
		key := strings.TrimPrefix(rest, ".")
		if in, ok := inputOf[key]; ok {
			key = in
		}
		fields[key] = jobs.JoinMessages(fields[key], fe.Msg)
	}
	return fields, platform
}
