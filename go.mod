module github.com/gpuplan/gpuplan

go 1.26

require (
	github.com/NVIDIA/go-nvml v0.13.4-1
	github.com/andybalholm/brotli v1.2.0
	github.com/chromedp/cdproto v0.159.0
	github.com/chromedp/chromedp v0.23.0
	github.com/ebitengine/purego v0.11.3
	github.com/maxence-charriere/go-app/v10 v10.1.11
	github.com/shopspring/decimal v1.4.0
)

require (
	github.com/go-json-experiment/json v0.0.0-20260213210345-44df1a37e875 // indirect
	github.com/google/uuid v1.6.0 // indirect
)
