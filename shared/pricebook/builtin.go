package pricebook

import (
	"slices"

	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/shopspring/decimal"
)

// BuiltinDate is the day the built-in book was put together.
const BuiltinDate = "2026-12-02"

// Where each provider's prices were read. Provider pages change weekly and
// are not archived, so a source names the public transcription read and
// the provider page it copies.
const (
	srcCtyun = "https://www.ctyun.cn/document/10029787/10047957 (GPU云主机规格与价格, page updated 2026-06-05); " +
		"the same figures in https://github.com/seagawhy/ctyunprice/blob/76d3e664/js/gpu-data.js"
	srcCtyunTerms = srcCtyun + "; term discounts from the same page: NVIDIA cards 85% of list for 1 year, " +
		"70% for 2, 50% for 3; domestic cards 85% for 1 to 3 years"
	srcAutoDLOct = "https://www.autodl.com/home, as recorded on 2026-10-04 in " +
		"https://github.com/393799203/libtv/blob/00e83649/docs/research/04-hosted-apis-and-gpu-cloud.md"
	srcAutoDLSep = "AutoDL's homepage price script (originalPrice; Last-Modified 2026-09-24), as recorded in " +
		"https://github.com/393799203/libtv/blob/00e83649/docs/research/03-open-source-selfhost.md"
	srcAutoDLMar = "https://www.autodl.com/docs/price/, as recorded on 2026-03-28 in https://github.com/zjw49246/gpu-hire"
	srcCompshare = "https://www.compshare.cn, as recorded on 2026-10-04 in " +
		"https://github.com/393799203/libtv/blob/00e83649/docs/research/03-open-source-selfhost.md"
	srcCompshareApr = "the 优云智算 CLI's price listing of 2026-04-17 in " +
		"https://github.com/guli20001221/compshare-agent/blob/a349f4eb/eval/real_cli_golden_doubao_lite.md"
	srcGongji = "https://www.gongjiyun.com/pricing, as recorded on 2026-10-04 in " +
		"https://github.com/393799203/libtv/blob/00e83649/docs/research/04-hosted-apis-and-gpu-cloud.md"
	srcTencent = "https://buy.cloud.tencent.com/price/cvm, GT4.4XLARGE96 月付 ¥12,948/GPU, as scraped on 2026-06-15"
	srcJsctyun = "江苏电信云 market page, as published in " +
		"https://github.com/Hppppppf/jsctyun_gpu/blob/2632fbf5/exampleSite/content/english/market/_index.md"
	srcMarket = "market reports of May 2026 on omniyq.com, apetops.com and Sina Finance (2026-05-20): " +
		"asking rents of whole 8-card machines"
)

// providers of the built-in book.
var providers = []Provider{
	{ID: "ctyun", Name: "天翼云 (China Telecom Cloud)", Kind: Cloud, Website: "https://www.ctyun.cn"},
	{ID: "tencent", Name: "腾讯云 (Tencent Cloud)", Kind: Cloud, Website: "https://cloud.tencent.com"},
	{ID: "autodl", Name: "AutoDL", Kind: Marketplace, Website: "https://www.autodl.com"},
	{ID: "compshare", Name: "优云智算 (Compshare)", Kind: Marketplace, Website: "https://www.compshare.cn"},
	{ID: "gongji", Name: "共绩算力 (Gongji)", Kind: Marketplace, Website: "https://www.gongjiyun.com"},
	{ID: "jsctyun", Name: "江苏电信云 (Jiangsu Telecom market)", Kind: Reseller},
	{ID: "market-2026-05", Name: "算力租赁市场行情 (machine brokers, May 2026)", Kind: Reseller},
}

// offer builds one offer from exact decimal strings; high "" means a point
// price.
func offer(provider, card string, unit Unit, term Term, low, high, date, source string) Offer {
	lo := decimal.RequireFromString(low)
	hi := lo
	if high != "" {
		hi = decimal.RequireFromString(high)
	}
	return Offer{Provider: provider, Card: card, Unit: unit, Term: term, Price: money.Range{Low: lo, High: hi}, Date: date, Source: source}
}

// with returns o with what its price includes and a note.
func (o Offer) with(includes, note string) Offer {
	o.Includes, o.Note = includes, note
	return o
}

const (
	ctyunDate = "2026-06-05"
	libtvDate = "2026-10-04"
	node8Note = "An 8-card machine's rent: a card is an eighth of it only when all 8 are rented."
	ctyunYear = "A year at the page's 1-year discount: the month's list price × 12 × 85%."
)

var node8 = NodeUnit(8)

// offers of the built-in book, grouped by provider.
var offers = []Offer{
	// 天翼云: same page for the hour, the month and the term discounts.
	offer("ctyun", "a100-40g-pcie", CardUnit, Hour, "21.31", "", ctyunDate, srcCtyun).with("P8A.6xlarge.4: 24 vCPU, 96 GiB; disks extra", "The page says A100 40G without PCIe or SXM; listed as the PCIe card, the lesser of the two: check the form factor at acceptance."),
	offer("ctyun", "a100-40g-pcie", CardUnit, Month, "10229.09", "", ctyunDate, srcCtyun).with("P8A.6xlarge.4: 24 vCPU, 96 GiB; disks extra", "A month is 480 hours of the hourly price (16 hours a day over 30 days)."),
	offer("ctyun", "a100-40g-pcie", CardUnit, Year, "104336.72", "", ctyunDate, srcCtyunTerms).with("P8A.6xlarge.4: 24 vCPU, 96 GiB; disks extra", ctyunYear),
	offer("ctyun", "l40s-48g", CardUnit, Hour, "31.28", "", ctyunDate, srcCtyun).with("PN8S.5xlarge.4: 20 vCPU, 74 GiB; disks extra", ""),
	offer("ctyun", "l40s-48g", CardUnit, Month, "15012", "", ctyunDate, srcCtyun).with("PN8S.5xlarge.4: 20 vCPU, 74 GiB; disks extra", ""),
	offer("ctyun", "l40s-48g", CardUnit, Year, "153122.40", "", ctyunDate, srcCtyunTerms).with("PN8S.5xlarge.4: 20 vCPU, 74 GiB; disks extra", ctyunYear),
	offer("ctyun", "l20-48g", CardUnit, Hour, "15.72", "", ctyunDate, srcCtyun).with("PN8I.4xlarge.8: 16 vCPU, 128 GiB; disks extra", ""),
	offer("ctyun", "l20-48g", CardUnit, Month, "7545", "", ctyunDate, srcCtyun).with("PN8I.4xlarge.8: 16 vCPU, 128 GiB; disks extra", ""),
	offer("ctyun", "l20-48g", CardUnit, Year, "76959", "", ctyunDate, srcCtyunTerms).with("PN8I.4xlarge.8: 16 vCPU, 128 GiB; disks extra", ctyunYear),
	offer("ctyun", "ascend-910b", CardUnit, Hour, "38.45", "", ctyunDate, srcCtyun).with("PAK3.4xlarge.8: 16 vCPU, 128 GiB; disks extra", ""),
	offer("ctyun", "ascend-910b", CardUnit, Month, "18454", "", ctyunDate, srcCtyun).with("PAK3.4xlarge.8: 16 vCPU, 128 GiB; disks extra", ""),
	offer("ctyun", "ascend-910b", CardUnit, Year, "188230.80", "", ctyunDate, srcCtyunTerms).with("PAK3.4xlarge.8: 16 vCPU, 128 GiB; disks extra", "A year at the page's discount for domestic cards: the month's list price × 12 × 85%."),

	// 腾讯云: a month only.
	offer("tencent", "a100-40g-sxm", CardUnit, Month, "12948", "", "2026-06-15", srcTencent).with("GT4.4XLARGE96, per GPU; disks and bandwidth extra", "GT4 is Tencent's NVLink A100 40GB instance; no hourly price was recorded."),

	// AutoDL: hour and month for the 4090 and 4090 D; hourly lists for the rest.
	offer("autodl", "rtx-4090", CardUnit, Hour, "1.88", "1.98", libtvDate, srcAutoDLOct).with("GPU, CPU and memory of one card's share; data disk partly free", "1.88 is the member price (95%); the median over 500 listed machines was 2.19."),
	offer("autodl", "rtx-4090", CardUnit, Month, "1052", "", libtvDate, srcAutoDLOct).with("GPU, CPU and memory of one card's share", "A month is 531 hours of the list hourly price."),
	offer("autodl", "rtx-4090d", CardUnit, Hour, "2.08", "", libtvDate, srcAutoDLOct).with("GPU, CPU and memory of one card's share", ""),
	offer("autodl", "rtx-4090d", CardUnit, Month, "946", "", libtvDate, srcAutoDLOct).with("GPU, CPU and memory of one card's share", "A month is 455 hours of the hourly price."),
	offer("autodl", "a800-80g-sxm", CardUnit, Hour, "5.59", "5.88", "2026-09-24", srcAutoDLSep).with("", "5.59 is the member price; AutoDL lists \"A800 80GB\" without saying PCIe or SXM."),
	offer("autodl", "a100-80g-sxm", CardUnit, Hour, "7.03", "", "2026-09-24", srcAutoDLSep).with("", "Listed as A100 SXM4 80GB."),
	offer("autodl", "h800-80g-sxm", CardUnit, Hour, "10.50", "", "2026-09-24", srcAutoDLSep).with("", ""),
	offer("autodl", "h20-96g", CardUnit, Hour, "10.50", "", "2026-09-24", srcAutoDLSep).with("", ""),
	offer("autodl", "l20-48g", CardUnit, Hour, "3.87", "", "2026-09-24", srcAutoDLSep).with("", ""),
	offer("autodl", "ascend-910b", CardUnit, Hour, "3.87", "", "2026-09-24", srcAutoDLSep).with("", "Listed as Ascend 910B2."),
	offer("autodl", "a100-40g-pcie", CardUnit, Hour, "3.28", "", "2026-03-28", srcAutoDLMar).with("", "AutoDL's \"A100 40GB\" is the PCIe card (A100-PCIE-40GB in its API)."),

	// 优云智算: hour, day and month for the 4090.
	offer("compshare", "rtx-4090", CardUnit, Hour, "1.92", "", libtvDate, srcCompshare).with("the whole instance: GPU, CPU, memory", "\"1.92 and up\": the lowest listed."),
	offer("compshare", "rtx-4090", CardUnit, Month, "1154.64", "", libtvDate, srcCompshare).with("the whole instance: GPU, CPU, memory", "A month is 601 hours of the hourly price."),
	offer("compshare", "rtx-4090", CardUnit, Day, "34.90", "36.73", "2026-04-17", srcCompshareApr).with("the whole instance: GPU, CPU, memory", "34.90 discounted, 36.73 list."),

	// 共绩算力: card hours, and a month of a whole 8-card machine.
	offer("gongji", "rtx-4090", CardUnit, Hour, "1.98", "", libtvDate, srcGongji).with("", "Pre-emptible jobs pay 60% (1.19)."),
	offer("gongji", "rtx-4090", node8, Month, "8314.10", "", libtvDate, srcGongji).with("8-card bare-metal machine, 30 days", "1,039.26 a card when all 8 are rented: 525 hours of the card's hourly price."),
	offer("gongji", "l40s-48g", CardUnit, Hour, "4.98", "", libtvDate, srcGongji).with("", ""),
	offer("gongji", "l20-48g", CardUnit, Hour, "4.00", "", libtvDate, srcGongji).with("", ""),
	offer("gongji", "a800-80g-sxm", CardUnit, Hour, "7.80", "", libtvDate, srcGongji).with("", ""),
	offer("gongji", "h800-80g-sxm", CardUnit, Hour, "25.00", "", libtvDate, srcGongji).with("", ""),

	// 江苏电信云: months of whole 8-card machines.
	offer("jsctyun", "h100-80g-sxm", node8, Month, "70000", "", "2025-04-01", srcJsctyun).with("8-card machine", node8Note),
	offer("jsctyun", "h800-80g-sxm", node8, Month, "70000", "", "2025-04-01", srcJsctyun).with("8-card machine", node8Note),
	offer("jsctyun", "h200-141g", node8, Month, "80000", "", "2025-04-01", srcJsctyun).with("8-card machine", node8Note),
	offer("jsctyun", "h20-141g", node8, Month, "35000", "", "2025-04-01", srcJsctyun).with("8-card machine", node8Note),
	offer("jsctyun", "a100-80g-sxm", node8, Month, "35000", "", "2025-04-01", srcJsctyun).with("8-card machine", node8Note),
	offer("jsctyun", "a800-80g-sxm", node8, Month, "35000", "", "2025-04-01", srcJsctyun).with("8-card machine", node8Note),
	offer("jsctyun", "rtx-4090", node8, Month, "8000", "", "2025-04-01", srcJsctyun).with("8-card machine", node8Note),
	offer("jsctyun", "ascend-910b", node8, Month, "28000", "30000", "2025-04-01", srcJsctyun).with("Atlas 800T A2, 8 NPUs", node8Note),

	// Brokers' asking rents, May 2026.
	offer("market-2026-05", "h800-80g-sxm", node8, Month, "45000", "64000", "2026-05-20", srcMarket).with("8-card machine", "Asking prices; rents rose about 30% after the 2026 Spring Festival."),
	offer("market-2026-05", "h20-96g", node8, Month, "30000", "", "2026-05-20", srcMarket).with("8-card machine", "Asking price."),
	offer("market-2026-05", "h20-141g", node8, Month, "40000", "41000", "2026-05-20", srcMarket).with("8-card machine", "Asking prices."),
	offer("market-2026-05", "ascend-910b", node8, Month, "15000", "", "2026-05-20", srcMarket).with("8-NPU machine", "Asking price."),
}

// Builtin returns the built-in book: public list prices of Chinese GPU
// providers, every offer dated and sourced. The slices are copies.
func Builtin() Book {
	return Book{Date: BuiltinDate, Providers: slices.Clone(providers), Offers: slices.Clone(offers)}
}
