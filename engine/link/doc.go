// Package link turns a scenario into a share-link token and back:
//
//	token = "v1." + base64url(raw DEFLATE(canonical scenario JSON))
//
// The URL form is https://HOST/#s=<token> (design.md section 4). Decode
// accepts the bare token, a fragment ("#s=...", "#embed=1&s=...") or a
// whole URL, with the token in the fragment or the query (see Token).
//
// Conventions:
//   - The JSON is model.Encode's canonical form, so one scenario gives one
//     token, byte for byte, everywhere.
//   - base64url without padding (RFC 4648 section 5, RawURLEncoding): the
//     token needs no escaping in a URL fragment. Decode also tolerates
//     trailing "=" padding, which some mail clients add.
//   - DEFLATE is raw (RFC 1951, no zlib or gzip header) at the best
//     compression level; Go's compress/flate is deterministic for a given
//     level and input.
//   - Hostile input is expected: a token longer than MaxLinkLen, bad
//     base64, corrupt DEFLATE data and JSON that inflates beyond
//     MaxDecodedBytes (a zip bomb) each fail with their own message on field
//     "link", before any scenario is decoded. Scenario errors then come
//     from model.Decode with their field paths.
//   - A scenario made by a generator keeps its generator and seed instead
//     of a job list, which keeps such links short.
package link
