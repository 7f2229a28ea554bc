package find

import "math"

// BM25F (Robertson, Zaragoza and Taylor, "Simple BM25 extension to multiple weighted
// fields", 2004) ranks documents made of fields: a term's frequency in each field is
// normalised by that field's length against its average, weighted by the field, and
// summed before BM25's saturation. An operation's name and path say what it is; its
// description says much else besides, and counts less.

// field is one part of what an operation says of itself.
type field int

const (
	fieldPath field = iota
	fieldName
	fieldSummary
	fieldTags
	fieldAction
	fieldParams
	fieldDescription
	fieldResponse
	numFields
)

// fieldWeight: what an operation is called counts more than what it mentions.
var fieldWeight = [numFields]float64{
	fieldPath:        3,
	fieldName:        2,
	fieldSummary:     3,
	fieldTags:        1.5,
	fieldAction:      1,
	fieldParams:      1,
	fieldDescription: 0.4,
	fieldResponse:    0.1,
}

// fieldB is each field's length normalisation: a long description is no sign of a
// wrong operation, a long path a little more so.
var fieldB = [numFields]float64{
	fieldPath:        0.75,
	fieldName:        0.75,
	fieldSummary:     0.75,
	fieldTags:        0.5,
	fieldAction:      0,
	fieldParams:      0.5,
	fieldDescription: 0.3,
	fieldResponse:    0.3,
}

// bm25K1 is BM25's usual saturation.
const bm25K1 = 1.2

// posting is a term's frequency in one field of one document.
type posting struct {
	doc   int32
	field field
	tf    float32
}

// bm25f is the index: each term's postings, each document's field lengths, and the
// averages.
type bm25f struct {
	postings map[int32][]posting
	lens     [][numFields]float32
	avg      [numFields]float64
	df       map[int32]int
}

// add counts one document's fields: terms[f] are field f's terms by number, in order.
func (x *bm25f) add(doc int32, terms *[numFields][]int32) {
	var lens [numFields]float32
	for f := range numFields {
		counts := map[int32]float32{}
		for _, t := range terms[f] {
			counts[t]++
		}
		lens[f] = float32(len(terms[f]))
		for t, n := range counts {
			x.postings[t] = append(x.postings[t], posting{doc: doc, field: f, tf: n})
		}
	}
	x.lens[doc] = lens
}

// finish computes the averages and document frequencies once every document is in.
func (x *bm25f) finish() {
	n := float64(len(x.lens))
	if n == 0 {
		return
	}
	for _, l := range x.lens {
		for f := range numFields {
			x.avg[f] += float64(l[f])
		}
	}
	for f := range numFields {
		x.avg[f] /= n
	}
	x.df = make(map[int32]int, len(x.postings))
	for t, ps := range x.postings {
		last, c := int32(-1), 0
		for _, p := range ps {
			if p.doc != last {
				c++
				last = p.doc
			}
		}
		x.df[t] = c
	}
}

// idf is the term's inverse document frequency (BM25's, never negative).
func (x *bm25f) idf(t int32) float64 {
	n, df := float64(len(x.lens)), float64(x.df[t])
	return math.Log(1 + (n-df+0.5)/(df+0.5))
}

// score adds each document's score for the query's terms into scores (indexed by
// document), and marks in hit[i][k] whether document i has query term k.
func (x *bm25f) score(query []int32, scores []float64, hit func(doc int32, k int)) {
	pseudo := make(map[int32]float64)
	for k, t := range query {
		clear(pseudo)
		for _, p := range x.postings[t] {
			norm := 1.0
			if b := fieldB[p.field]; b > 0 && x.avg[p.field] > 0 {
				norm = 1 - b + b*float64(x.lens[p.doc][p.field])/x.avg[p.field]
			}
			pseudo[p.doc] += fieldWeight[p.field] * float64(p.tf) / norm
		}
		idf := x.idf(t)
		for doc, tf := range pseudo {
			scores[doc] += idf * tf / (bm25K1 + tf)
			if hit != nil {
				hit(doc, k)
			}
		}
	}
}
