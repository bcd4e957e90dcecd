// Package testkit is the one set of test helpers that the tests of shared/,
// verifier/ and wasm/ import (it sits at the module root so that Go's
// internal rule lets all three reach it):
//
//   - golden files in testdata with the one -update flag (Golden, Each,
//     Rendered, Updating); make golden runs every package that calls them;
//   - fuzz seeds from testdata and the JSON round trip (AddSeeds,
//     RoundTrip);
//   - the command runner: a command's main run in the test process (Run)
//     or a built binary (Exec), both giving a Result;
//   - a fake clock that never waits (Clock).
//
// It imports only the standard library, so shared/'s dependency policy
// holds for its tests too.
package testkit
