package ops

// ParseMonitorLimit is ParseMonitor with a smaller byte limit, for tests.
var ParseMonitorLimit = parseMonitor
