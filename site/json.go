package main

import "encoding/json"

func jsonUnmarshal(b []byte, v any) bool { return json.Unmarshal(b, v) == nil }
