package money_test

import (
	"fmt"

	"github.com/gpuplan/gpuplan/shared/money"
)

func ExampleParse() {
	for _, s := range []string{"55,000", "55000.50", "5.82万", "1e5"} {
		v, err := money.Parse("monthly_price", s)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(v)
	}
	// Output:
	// 55000
	// 55000.5
	// 58200
	// monthly_price = "1e5": want plain digits without an exponent, e.g. 100000 rather than 1e5
}

func ExampleFormatWan() {
	total, _ := money.Parse("total", "58200")
	fmt.Println(money.Format(total), money.FormatCNY(total), money.FormatWan(total))
	// Output: 58,200.00 ¥58,200.00 5.82万
}
