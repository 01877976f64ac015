package dataurl_test

import (
	"fmt"

	"github.com/specuri/specuri/uri/dataurl"
)

func Example() {
	d, err := dataurl.Parse("data:text/plain;charset=utf-8;base64,SGVsbG8sIOS4lueVjA==")
	if err != nil {
		fmt.Println(err)
		return
	}
	b, _ := d.Data()
	fmt.Println(d.MediaType(), d.Base64(), string(b))

	// RFC 2397 §2: no media type is text/plain;charset=US-ASCII.
	fmt.Println(dataurl.MustParse("data:,A%20brief%20note").MediaType())

	// The web's reading accepts what RFC 2397 refuses.
	_, err = dataurl.Parse("data:text/plain;charset=,x")
	fmt.Println(err != nil)
	mt, body, _ := dataurl.ProcessWeb("data:text/plain;charset=,x")
	fmt.Println(mt, string(body))
	// Output:
	// text/plain;charset=utf-8 true Hello, 世界
	// text/plain;charset=US-ASCII
	// true
	// text/plain x
}
