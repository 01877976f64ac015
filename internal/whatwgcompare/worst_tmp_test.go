package whatwgcompare

import (
	"fmt"
	"net/url"
	"sort"
	"testing"
	"time"

	"github.com/specuri/specuri/uri/whatwg"
)

func TestWorstTmp(t *testing.T) {
	in := loadLines(t, "realistic-abs.txt")
	type r struct {
		s     string
		ratio float64
		ours  float64
	}
	var rs []r
	for _, s := range in {
		bo, bt := time.Duration(1<<62), time.Duration(1<<62)
		for range 30 {
			t0 := time.Now()
			for range 50 {
				_, _ = url.Parse(s)
			}
			t1 := time.Now()
			for range 50 {
				_, _ = whatwg.Parse(s)
			}
			t2 := time.Now()
			bt = min(bt, t1.Sub(t0))
			bo = min(bo, t2.Sub(t1))
		}
		rs = append(rs, r{s, float64(bo) / float64(bt), float64(bo) / 50})
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].ratio > rs[j].ratio })
	for _, x := range rs[:40] {
		fmt.Printf("%.2f %6.0f %s\n", x.ratio, x.ours, x.s)
	}
	fmt.Println("median", rs[len(rs)/2].ratio)
}
