package testkit

import (
	"sync"
	"time"
)

// Clock is a fake clock: Now stands still, and After moves it forward by d
// and fires at once, so a test of a loop that samples every ten seconds for
// an hour takes no time. It is safe for concurrent use.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// NewClock returns a clock that reads t.
func NewClock(t time.Time) *Clock { return &Clock{now: t} }

// Now returns the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// After moves the clock forward by d and returns a channel that already
// holds the new time.
func (c *Clock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	c.now = c.now.Add(d)
	now := c.now
	c.mu.Unlock()
	ch := make(chan time.Time, 1)
	ch <- now
	return ch
}
