// Package exit schedules the end of a rental: the renewal decision, the
// export, the deletion certificate and the final reconciliation, each with
// a due date, and writes them as an iCalendar file that calendar programs
// import.
//
// It implements these rules from docs/rules.md:
//
//   - E1: decide on renewal or exit 3–5 days before the contract ends;
//     renewing early leaves room on price.
//   - E2: export weights, data and logs to your own storage; confirm the
//     vendor wiped the disks, with rule K2's certificate; reconcile the
//     final bill before settling.
//   - K2: deletion within 7 working days of termination. Working days skip
//     Saturdays and Sundays; Chinese public holidays and the weekend days
//     worked in their place (调休) change every year, so the caller lists
//     them (Input.Holidays, Input.Workdays).
//
// WriteICS follows RFC 5545: CRLF line endings, lines folded at 75 octets
// without splitting a UTF-8 character, a UID and DTSTAMP on every event,
// all-day dates as DTSTART;VALUE=DATE, and TEXT values with backslash,
// semicolon, comma and newline escaped.
package exit
