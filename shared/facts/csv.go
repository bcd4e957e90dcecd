package facts

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/internal/csvrec"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// queryFields are the --query-gpu fields ParseCSV reads, in the order
// QueryCommand asks for them. Every name is in the --help-query-gpu text of
// drivers 590.48, 595.71, 595.80, 610.57 and 610.62 (the capture fixtures).
// The clock reasons use the older alias clocks_throttle_reasons.active,
// which those drivers still accept and drivers before 535 know.
var queryFields = []string{
	"timestamp", "driver_version", "count", "index",
	"name", "serial", "uuid", "vbios_version",
	"pci.bus_id", "pci.device_id", "pci.sub_device_id",
	"memory.total", "memory.reserved",
	"ecc.mode.current", "ecc.mode.pending",
	"ecc.errors.uncorrected.volatile.total", "ecc.errors.uncorrected.aggregate.total",
	"retired_pages.single_bit_ecc.count", "retired_pages.double_bit.count", "retired_pages.pending",
	"remapped_rows.correctable", "remapped_rows.uncorrectable", "remapped_rows.pending", "remapped_rows.failure",
	"pcie.link.gen.current", "pcie.link.gen.max", "pcie.link.gen.gpumax", "pcie.link.gen.hostmax",
	"pcie.link.width.current", "pcie.link.width.max",
	"clocks.max.sm", "clocks.max.memory",
	"power.default_limit", "enforced.power.limit",
	"clocks_throttle_reasons.active",
	"persistence_mode", "compute_mode", "mig.mode.current", "mig.mode.pending",
	"temperature.gpu", "utilization.gpu", "utilization.memory",
}

// QueryCommand returns the nvidia-smi command whose output ParseCSV reads
// best. The header line is required, so it uses --format=csv (units are
// fine either way).
func QueryCommand() string {
	return "nvidia-smi --query-gpu=" + strings.Join(queryFields, ",") + " --format=csv"
}

// csvAliases maps other names nvidia-smi accepts to the names used here.
var csvAliases = map[string]string{
	"gpu_name":                    "name",
	"gpu_serial":                  "serial",
	"gpu_uuid":                    "uuid",
	"gpu_bus_id":                  "pci.bus_id",
	"clocks_event_reasons.active": "clocks_throttle_reasons.active",
	"clocks.max.mem":              "clocks.max.memory",
	"gpu.power.default_limit":     "power.default_limit",
	"gpu.power.current_limit":     "enforced.power.limit",
	"retired_pages.sbe":           "retired_pages.single_bit_ecc.count",
	"retired_pages.dbe":           "retired_pages.double_bit.count",
	"remapped_rows.sbe":           "remapped_rows.correctable",
	"remapped_rows.dbe":           "remapped_rows.uncorrectable",
}

// isCSVHeaderCell reports whether cell is one header cell: a field name
// (an ASCII letter or "_", then letters, digits, "_" and ".") with an
// optional unit in brackets after one space, "memory.total [MiB]".
func isCSVHeaderCell(cell string) bool {
	if cell == "" || !isNameStart(cell[0]) {
		return false
	}
	_, unit := cutSpan(cell[1:], isNameByte)
	if unit == "" {
		return true
	}
	inner, ok := strings.CutPrefix(unit, " [")
	if !ok {
		return false
	}
	return inner != "" && strings.IndexByte(inner, ']') == len(inner)-1
}

// isNameStart reports whether c may begin a field name: a letter or "_".
func isNameStart(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_'
}

// isNameByte reports whether c may follow in a field name.
func isNameByte(c byte) bool { return isNameStart(c) || isDigit(c) || c == '.' }

// ParseCSV reads the output of nvidia-smi --query-gpu=FIELDS --format=csv,
// with or without nounits. The header line is required: it says which
// column is which. Columns it does not know are ignored; facts the columns
// do not hold are unavailable. Each data row is one GPU.
func ParseCSV(data []byte) (*Facts, error) {
	if err := checkSize("facts.ParseCSV", data); err != nil {
		return nil, err
	}
	rd := csvrec.NewReader(data)
	rd.TrimLeadingSpace = true
	rd.Fields = -1
	rd.LazyQuotes = true
	header, err := rd.Read()
	if err != nil {
		return nil, fmt.Errorf("facts.ParseCSV: reading the header line: %w", err)
	}
	cols, err := csvColumns(header)
	if err != nil {
		return nil, err
	}
	f := newFacts(SourceCSV)
	rows, err := csvRows(rd, len(header), f)
	if err != nil {
		return nil, fmt.Errorf("facts.ParseCSV: %w", err)
	}
	readCSV(f, cols, rows)
	if len(f.GPUs) == 0 && len(f.Problems) > 0 {
		// Rows were there but unusable: say why, not "no data row".
		return nil, fmt.Errorf("facts.ParseCSV: no usable data row: %s: %w", f.Problems[0], ErrNoGPUs)
	}
	if len(f.GPUs) == 0 {
		return nil, fmt.Errorf("facts.ParseCSV: no data row after the header: %w", ErrNoGPUs)
	}
	return f, nil
}

// csvColumns maps each known field name to its column. It refuses a first
// line that is not a header of field names.
func csvColumns(header []string) (map[string]int, error) {
	cols := map[string]int{}
	for i, cell := range header {
		cell = strings.TrimSpace(cell)
		if !isCSVHeaderCell(cell) {
			return nil, fmt.Errorf("facts.ParseCSV: first line cell %d %s is not a field name: run %q (the header line is required): %w",
				i+1, quote(cell), "nvidia-smi --query-gpu=... --format=csv", ErrNoCSVHeader)
		}
		name, _, _ := strings.Cut(cell, " [")
		if alias, ok := csvAliases[name]; ok {
			name = alias
		}
		if _, dup := cols[name]; !dup {
			cols[name] = i
		}
	}
	if !knowsAny(cols) {
		return nil, fmt.Errorf("facts.ParseCSV: the header names none of the fields in QueryFields: %w", ErrNoCSVHeader)
	}
	return cols, nil
}

// knowsAny reports whether cols holds at least one field ParseCSV reads.
func knowsAny(cols map[string]int) bool {
	for _, name := range queryFields {
		if _, ok := cols[name]; ok {
			return true
		}
	}
	return false
}

// csvRows reads the data rows. A row whose length differs from the
// header's is skipped and noted; a broken record ends the reading.
func csvRows(rd *csvrec.Reader, width int, f *Facts) ([][]string, error) {
	var rows [][]string
	for line := 2; ; line++ {
		row, err := rd.Read()
		if errors.Is(err, io.EOF) {
			return rows, nil
		}
		if err != nil {
			f.problemf("CSV stops being readable at data row %d: %v", line-1, err)
			return rows, nil
		}
		if line-1 > maxGPUs || len(f.Problems) > maxGPUs {
			return nil, checkGPUs(line - 1)
		}
		if len(row) != width {
			f.problemf("CSV data row %d has %d fields, the header has %d (a comma inside a value must be quoted): skipped", line-1, len(row), width)
			continue
		}
		rows = append(rows, row)
	}
}

// csvRow reads the cells of one row by field name.
type csvRow struct {
	cols  map[string]int
	cells []string
}

// raw returns the cell of field, or false when there is no such column.
func (c csvRow) raw(field string) (string, bool) {
	i, ok := c.cols[field]
	if !ok || i >= len(c.cells) {
		return "", false
	}
	return c.cells[i], true
}

// csvGet converts the cell of field with conv, or says it is not a column.
func csvGet[T any](c csvRow, field string, conv func(string) Value[T]) Value[T] {
	s, ok := c.raw(field)
	if !ok {
		return Unavailable[T](csvMissing)
	}
	return conv(s)
}

// readCSV fills f from the header fields of the first row and one GPU per
// row.
func readCSV(f *Facts, cols map[string]int, rows [][]string) {
	f.Timestamp = Unavailable[string](csvMissing)
	f.DriverVersion = Unavailable[string](csvMissing)
	f.CUDADriverVersion = Unavailable[string](csvMissing)
	f.NVMLVersion = Unavailable[string](csvMissing)
	f.AttachedGPUs = Unavailable[int](csvMissing)
	f.Topology = Unavailable[[]GPUPair](Reasons(csvMissing, msg.New("facts.reason.hint_topology")))
	for i, cells := range rows {
		row := csvRow{cols, cells}
		if i == 0 {
			readCSVHeader(f, row)
		}
		f.GPUs = append(f.GPUs, readCSVGPU(row, i))
	}
	f.checkCount()
}

// readCSVHeader reads the machine-wide fields from the first row.
func readCSVHeader(f *Facts, row csvRow) {
	f.Timestamp = csvGet(row, "timestamp", textValue)
	f.DriverVersion = csvGet(row, "driver_version", textValue)
	f.AttachedGPUs = csvGet(row, "count", func(s string) Value[int] { return intValue(s, "") })
	if _, ok := row.raw("hostname"); ok {
		f.Host.Hostname = csvGet(row, "hostname", textValue)
	}
}

// readCSVGPU reads the GPU of one row at position pos.
func readCSVGPU(row csvRow, pos int) GPU {
	num := func(field, unit string) Value[int] {
		return csvGet(row, field, func(s string) Value[int] { return intValue(s, unit) })
	}
	num64 := func(field, unit string) Value[int64] {
		return csvGet(row, field, func(s string) Value[int64] { return int64Value(s, unit) })
	}
	g := GPU{Index: num("index", "").Or(pos)}
	readCSVIdentity(&g, row)
	g.MemoryTotalMiB = num64("memory.total", "MiB")
	g.MemoryReservedMiB = num64("memory.reserved", "MiB")
	g.ECCMode = csvGet(row, "ecc.mode.current", enabledValue)
	g.ECCModePending = csvGet(row, "ecc.mode.pending", enabledValue)
	g.ECCUncorrectableVolatile = num64("ecc.errors.uncorrected.volatile.total", "")
	g.ECCUncorrectableAggregate = num64("ecc.errors.uncorrected.aggregate.total", "")
	g.RetiredPages = RetiredPages{
		SingleBit: num64("retired_pages.single_bit_ecc.count", ""),
		DoubleBit: num64("retired_pages.double_bit.count", ""),
		Pending:   csvGet(row, "retired_pages.pending", boolValue),
	}
	g.RemappedRows = RemappedRows{
		Correctable:   num64("remapped_rows.correctable", ""),
		Uncorrectable: num64("remapped_rows.uncorrectable", ""),
		Pending:       csvGet(row, "remapped_rows.pending", boolValue),
		Failure:       csvGet(row, "remapped_rows.failure", boolValue),
	}
	g.PCIe = PCIe{
		GenCurrent:   num("pcie.link.gen.current", ""),
		GenMax:       num("pcie.link.gen.max", ""),
		GenDeviceMax: num("pcie.link.gen.gpumax", ""),
		GenHostMax:   num("pcie.link.gen.hostmax", ""),
		WidthCurrent: num("pcie.link.width.current", ""),
		WidthMax:     num("pcie.link.width.max", ""),
		ReplayCount:  Unavailable[int64](csvMissing),
	}
	readCSVLimits(&g, row, num)
	readCSVModes(&g, row)
	return g
}

func readCSVIdentity(g *GPU, row csvRow) {
	g.BusID = csvGet(row, "pci.bus_id", textValue)
	g.Name = csvGet(row, "name", textValue)
	g.Brand = Unavailable[string](csvMissing)
	g.Architecture = Unavailable[string](csvMissing)
	g.UUID = csvGet(row, "uuid", textValue)
	g.Serial = csvGet(row, "serial", textValue)
	g.BoardPartNumber = Unavailable[string](csvMissing)
	g.VBIOSVersion = csvGet(row, "vbios_version", textValue)
	g.PCIDeviceID = csvGet(row, "pci.device_id", pciIDValue)
	g.PCISubsystemID = csvGet(row, "pci.sub_device_id", pciIDValue)
}

func readCSVLimits(g *GPU, row csvRow, num func(field, unit string) Value[int]) {
	watts := func(field string) Value[float64] {
		return csvGet(row, field, func(s string) Value[float64] { return floatValue(s, "W") })
	}
	g.MaxSMClockMHz = num("clocks.max.sm", "MHz")
	g.MaxMemoryClockMHz = num("clocks.max.memory", "MHz")
	g.DefaultPowerLimitW = watts("power.default_limit")
	g.EnforcedPowerLimitW = watts("enforced.power.limit")
	g.ClockEventReasons = csvGet(row, "clocks_throttle_reasons.active", maskValue)
	g.TemperatureC = num("temperature.gpu", "C")
	g.UtilizationGPUPct = num("utilization.gpu", "%")
	g.UtilizationMemoryPct = num("utilization.memory", "%")
}

// readCSVModes reads the modes. The CSV lists no MIG devices, NVLinks or
// virtualization mode.
func readCSVModes(g *GPU, row csvRow) {
	g.PersistenceMode = csvGet(row, "persistence_mode", enabledValue)
	g.ComputeMode = csvGet(row, "compute_mode", computeValue)
	g.MIG = csvGet(row, "mig.mode.current", enabledValue)
	g.MIGPending = csvGet(row, "mig.mode.pending", enabledValue)
	g.MIGDevices = Unavailable[[]MIGDevice](Reasons(csvMissing, msg.New("facts.reason.hint_mig")))
	if g.MIG.Or("") == Disabled {
		g.MIGDevices = Known([]MIGDevice{})
	}
	g.Virtualization = Unavailable[string](csvMissing)
	g.NVLinks = Unavailable[[]NVLink](Reasons(csvMissing, msg.New("facts.reason.hint_links")))
}

// maskValue reads a clocks-event-reasons bitmask, "0x0000000000000001".
func maskValue(raw string) Value[[]string] {
	if reason, bad := notAReading(raw); bad {
		return Unavailable[[]string](reason)
	}
	s := strings.TrimSpace(raw)
	hex, ok := strings.CutPrefix(strings.ToLower(s), "0x")
	mask, err := strconv.ParseUint(hex, 16, 64)
	if !ok || err != nil {
		return Unavailable[[]string](msg.New("facts.reason.not_bitmask", msg.Text(quote(s))))
	}
	return Known(ReasonsFromMask(mask))
}
