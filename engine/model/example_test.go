package model_test

import (
	"fmt"

	"gridplay/engine/model"
)

func ExampleEncode() {
	s := &model.Scenario{
		Version:  1,
		Seed:     7,
		Platform: model.Platform{Clusters: []model.Cluster{{ID: "a", Nodes: 4, Speed: 1.5}}},
		Jobs:     []model.Job{{ID: "j1", Submit: 0, Size: 2, Runtime: 10.25, Deadline: 40}},
		Policy:   model.Policy{Name: "fcfs", Params: map[string]float64{"b": 2, "a": 1}},
		Events:   []model.Event{}, // empty lists are left out
	}
	b, err := model.Encode(s)
	fmt.Println(string(b), err)
	// Output:
	// {"version":1,"seed":7,"platform":{"clusters":[{"id":"a","nodes":4,"speed":1.5}]},"jobs":[{"id":"j1","submit":0,"size":2,"runtime":10.25,"deadline":40}],"policy":{"name":"fcfs","params":{"a":1,"b":2}}} <nil>
}

func ExampleDecode() {
	_, err := model.Decode([]byte(`{"version":1,"seed":1,"platform":{"clusters":[{"id":"a","nodes":4}]},
		"jobs":[{"id":"j1","submit":0,"size":0,"runtime":5},{"id":"j1","submit":-1,"size":1,"runtime":5}],
		"policy":{"name":"fcfs"}}`))
	for _, e := range err.(model.Errors) {
		fmt.Println(e)
	}
	_, err = model.Decode([]byte(`{"version":1,"jobs":[{"id":"j1","size":2.5}]}`))
	fmt.Println(err)
	// Output:
	// jobs[0].size: must be at least 1
	// jobs[1].id: duplicate job id "j1" (also jobs[0])
	// jobs[1].submit: must not be negative
	// jobs[0].size: must be a whole number
}
