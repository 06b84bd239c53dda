// Package kernel is the discrete-event core every event-driven policy
// shares: a deterministic event queue (Push, Pop, Peek), and
// availability structures that hold reservations in the future.
//
// Tie order (documented once, used by all): events leave the queue by time,
// then by Kind (Finish, Offline, Online, Exchange, Arrive, Schedule), then
// in insertion order.
package kernel
