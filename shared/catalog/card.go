// Package catalog holds the GPU cards people rent: their specs, the names and
// ids the driver reports for them, and reference purchase prices for the
// rent-or-build comparison. Every figure carries the source it was taken from
// and the date of that source, so the planner can show where a number came
// from. What renting a card costs lives apart, in shared/pricebook.
package catalog

import (
	"github.com/shopspring/decimal"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// Ref names where a figure comes from.
type Ref struct {
	// Source is a short citation a reader can follow (CheckSource): a web
	// address (a datasheet, another project's nvidia-smi capture, a price
	// page), one of the three articles of docs/rules.md, or gpuplan's own
	// derivation with its arithmetic in Note.
	Source string `json:"source"`
	// Date is when the source was published or read, as YYYY, YYYY-MM or
	// YYYY-MM-DD.
	Date string `json:"date"`
	// Unconfirmed is true when research could not confirm the figure.
	Unconfirmed bool `json:"unconfirmed,omitempty"`
	// Note explains a disagreement between sources or a caveat: a
	// catalog.note.* message (catalogue/notes.txt), written in JSON as its
	// English text.
	Note msg.English `json:"note,omitzero"`
}

// Spec is a non-money figure (memory, bandwidth, TFLOPS, watts, MHz) with its
// source. A zero Value with an empty Ref.Source means "not applicable".
type Spec struct {
	Value float64 `json:"value"`
	Ref   Ref     `json:"ref"`
}

// Known reports whether the figure is present.
func (s Spec) Known() bool { return s.Ref.Source != "" }

// PriceRange is a reference purchase price range in CNY for one card, with its
// source.
type PriceRange struct {
	Low  decimal.Decimal `json:"low"`
	High decimal.Decimal `json:"high"`
	Ref  Ref             `json:"ref"`
}

// Interconnect is how the cards of one node talk to each other.
type Interconnect string

// Interconnect kinds.
const (
	PCIeOnly Interconnect = "pcie"   // no GPU-to-GPU link beyond PCIe
	NVLink   Interconnect = "nvlink" // NVLink / NVSwitch inside a node
	HCCS     Interconnect = "hccs"   // Huawei Cache Coherent System (Ascend)
)

// Card is one rentable accelerator model.
type Card struct {
	// ID is the stable catalogue id, e.g. "h100-80g-sxm".
	ID string `json:"id"`
	// Name is the human name, e.g. "NVIDIA H100 80GB SXM5".
	Name string `json:"name"`
	// Vendor is "nvidia" or "huawei".
	Vendor string `json:"vendor"`
	// Architecture is the NVML architecture name ("Ada Lovelace", "Ampere",
	// "Hopper") or "Da Vinci" for Ascend.
	Architecture string `json:"architecture"`
	// Domestic is true for Chinese (信创) hardware.
	Domestic bool `json:"domestic"`
	// FormFactor is "pcie" or "sxm" (or "oam" / "module").
	FormFactor string `json:"form_factor"`

	MemoryGB      Spec         `json:"memory_gb"`     // marketed size; vendors mean GiB here (an "80GB" card reports ~81,559 MiB)
	MemoryMiB     Spec         `json:"memory_mib"`    // total as NVML / nvidia-smi report it
	MemoryType    string       `json:"memory_type"`   // "HBM3", "GDDR6X", ...
	BandwidthGBs  Spec         `json:"bandwidth_gbs"` // memory bandwidth, GB/s
	BF16TFLOPS    Spec         `json:"bf16_tflops"`   // dense tensor BF16/FP16, FP32 accumulate
	FP8TFLOPS     Spec         `json:"fp8_tflops"`    // dense tensor FP8, FP32 accumulate; unknown when the card has none
	INT8TOPS      Spec         `json:"int8_tops"`     // dense tensor INT8
	FP32TFLOPS    Spec         `json:"fp32_tflops"`   // non-tensor FP32
	FP64TFLOPS    Spec         `json:"fp64_tflops"`   // non-tensor FP64
	TDPW          Spec         `json:"tdp_w"`         // board power, W
	Interconnect  Interconnect `json:"interconnect"`
	NVLinkGBs     Spec         `json:"nvlink_gbs"`   // total GPU-GPU bandwidth; zero when none
	NVLinkLinks   int          `json:"nvlink_links"` // links per GPU when NVLink is present
	PCIeGen       Spec         `json:"pcie_gen"`
	PCIeWidth     Spec         `json:"pcie_width"`
	MaxSMClockMHz Spec         `json:"max_sm_clock_mhz"` // max SM (graphics) clock
	DefaultPowerW Spec         `json:"default_power_w"`  // default power limit

	// NVLinkBridgeGBs is the bandwidth of the optional NVLink bridge that
	// joins two PCIe cards (A100 PCIe, H100 PCIe). Such a card still has
	// Interconnect PCIeOnly: a bridge pairs two cards and is fitted only if
	// the vendor says so. Zero when no bridge exists for the card.
	NVLinkBridgeGBs Spec `json:"nvlink_bridge_gbs"`

	// PCIDeviceIDs are the combined device/vendor ids NVML reports in
	// pciInfo.PciDeviceId, formatted "0x233010DE".
	PCIDeviceIDs []string `json:"pci_device_ids"`
	// ProductNames are the names nvmlDeviceGetName / nvidia-smi report, e.g.
	// "NVIDIA H100 80GB HBM3".
	ProductNames []string `json:"product_names"`
	// IDRef cites the PCI ids and product names.
	IDRef Ref `json:"id_ref"`

	// Caveats are warnings a buyer must see (export status, software
	// stack): catalog.caveat.* messages (catalogue/catalog.txt), written in
	// JSON as their English text.
	Caveats []msg.English `json:"caveats,omitempty"`
}

// HasNVLink reports whether the cards of one node share a fast GPU-GPU link
// (NVLink or HCCS) suitable for tensor parallelism.
func (c Card) HasNVLink() bool { return c.Interconnect == NVLink || c.Interconnect == HCCS }
