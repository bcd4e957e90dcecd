package main

import (
	"bytes"
	"context"
	"strings"

	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/pricebook"
)

func init() {
	register("prices", "print the price book: every provider's dated, sourced offers (with --prices, the buyer's list over it)", parsePrices)
}

// formatCSV is the CSV output of gpuverify prices: the columns a buyer's
// list is written in, so a printed book reads back with --prices.
const formatCSV = "csv"

// pricesOptions are the flags of gpuverify prices.
type pricesOptions struct {
	prices string // the buyer's CSV list; "" for the built-in book alone
	printing
}

func parsePrices(e env, args []string) (options, error) {
	o := &pricesOptions{}
	fs := newFlags(e, "prices", "[--prices FILE] [--format text|json|csv] [--lang zh|en]")
	fs.StringVar(&o.prices, "prices", "", "the buyer's own price list (CSV, header provider,card,unit,term,price,date,source), laid over the built-in book; - reads standard input")
	formatVar(fs, &o.format, "output format: text, json or csv", formatText, formatJSON, formatCSV)
	langVar(fs, e, &o.lang, "")
	return o, parseFlags(fs, args)
}

func (o *pricesOptions) validate() error { return nil }

func (o *pricesOptions) run(ctx context.Context, e env) error {
	book := pricebook.Builtin()
	if o.prices != "" {
		list, err := readPriceList(e, o.prices, o.lang)
		if err != nil {
			return err
		}
		book = pricebook.Merge(book, list.Book)
	}
	switch o.format {
	case formatJSON:
		data, err := indentedJSON(book)()
		if err != nil {
			return runErr("encoding the output: %v", err)
		}
		_, err = e.stdout.Write(data)
		return err
	case formatCSV:
		return pricebook.WriteCSV(e.stdout, book)
	}
	return pricebook.WriteText(e.stdout, book, o.lang)
}

// readPriceList reads and parses a buyer's CSV list. A refused cell is bad
// input (exit 2): every refused cell is named, its line, column and the
// values allowed, and nothing of the list is used.
func readPriceList(e env, name string, l msg.Lang) (pricebook.List, error) {
	data, err := readInput(e, name, pricebook.MaxCSVBytes+1)
	if err != nil {
		return pricebook.List{}, err
	}
	list, err := pricebook.ParseCSV(bytes.NewReader(data))
	if errs, ok := err.(pricebook.Errors); ok {
		lines := make([]string, len(errs))
		for i, re := range errs {
			lines[i] = name + ": " + re.Message().In(l)
		}
		return pricebook.List{}, usageErr("%s", strings.Join(lines, "\n"))
	}
	return list, err
}
