package titan

import (
	"fmt"
	"math/bits"

	"gridplay/engine/model"
)

// words is the number of uint64 words per host-map row for m hosts.
func words(m int) int { return (m + 63) / 64 }

// NewSchedule returns a schedule for the given task and host counts with
// the identity order and an empty host map; set at least one host per task
// with Set before using it.
func NewSchedule(tasks, hosts int) Schedule {
	tasks = max(tasks, 0)
	hosts = max(hosts, 0)
	s := Schedule{Order: make([]int, tasks), Hosts: hosts, Bits: make([]uint64, tasks*words(hosts))}
	for i := range s.Order {
		s.Order[i] = i
	}
	return s
}

// Words is the number of uint64 words in one task's row of the host map.
func (s *Schedule) Words() int { return words(s.Hosts) }

func (s *Schedule) inRange(task, host int) bool {
	w := s.Words()
	return task >= 0 && host >= 0 && host < s.Hosts && (task+1)*w <= len(s.Bits)
}

// Set maps (on) or unmaps host for task: M of eq. 2. Out-of-range indices
// are ignored.
func (s *Schedule) Set(task, host int, on bool) {
	if !s.inRange(task, host) {
		return
	}
	i := task*s.Words() + host/64
	if on {
		s.Bits[i] |= 1 << uint(host%64)
	} else {
		s.Bits[i] &^= 1 << uint(host%64)
	}
}

// Has reports whether host is in task's host set β (eq. 2).
func (s *Schedule) Has(task, host int) bool {
	if !s.inRange(task, host) {
		return false
	}
	return s.Bits[task*s.Words()+host/64]&(1<<uint(host%64)) != 0
}

// Count is |β| for task: the number of hosts it runs on.
func (s *Schedule) Count(task int) int {
	w := s.Words()
	if task < 0 || (task+1)*w > len(s.Bits) {
		return 0
	}
	c := 0
	for _, x := range s.Bits[task*w : (task+1)*w] {
		c += bits.OnesCount64(x)
	}
	return c
}

// HostsOf lists task's hosts in increasing order.
func (s *Schedule) HostsOf(task int) []int {
	var out []int
	for h := 0; h < s.Hosts; h++ {
		if s.Has(task, h) {
			out = append(out, h)
		}
	}
	return out
}

// shape verifies that s fits p: Order is a permutation of the task
// indices and the map has one row per task for p's host count. field
// prefixes the error's field path.
func (s *Schedule) shape(p *Problem, field string) error {
	n, m := len(p.Tasks), len(p.Release)
	if s.Hosts != m {
		return model.Errf(field+".hosts", fmt.Sprintf("is %d, the problem has %d hosts", s.Hosts, m))
	}
	if len(s.Order) != n {
		return model.Errf(field+".order", fmt.Sprintf("has %d tasks, the problem has %d", len(s.Order), n))
	}
	seen := make([]bool, n)
	for i, t := range s.Order {
		if t < 0 || t >= n || seen[t] {
			return model.Errf(fmt.Sprintf("%s.order[%d]", field, i), "is not a permutation of the task indices")
		}
		seen[t] = true
	}
	w := words(m)
	if len(s.Bits) != n*w {
		return model.Errf(field+".bits", fmt.Sprintf("has %d words, want %d (tasks x words per row)", len(s.Bits), n*w))
	}
	return nil
}

// check verifies s against p: its shape, no bit beyond the host count
// set and no task with zero hosts.
func (s *Schedule) check(p *Problem, field string) error {
	if err := s.shape(p, field); err != nil {
		return err
	}
	n, m := len(p.Tasks), len(p.Release)
	w := words(m)
	if r := m % 64; r != 0 {
		pad := ^uint64(0) << uint(r)
		for t := 0; t < n; t++ {
			if s.Bits[t*w+w-1]&pad != 0 {
				return model.Errf(fmt.Sprintf("%s.bits[%d]", field, t), "maps a host beyond the host count")
			}
		}
	}
	for t := 0; t < n; t++ {
		if s.Count(t) == 0 {
			return model.Errf(fmt.Sprintf("%s.bits[%d]", field, t), "task has zero hosts")
		}
	}
	return nil
}
