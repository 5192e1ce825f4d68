package feed

import "errors"

// ErrRankingFailed marks every failure to rank a participant's feed with the condition's
// algorithm at their arrival (a custom script that errs, runs over its time or memory
// bound, or returns something that is not a permutation). The arrival is refused with a
// page saying the study cannot start right now, nothing is registered, and a retry may
// succeed.
var ErrRankingFailed = errors.New("feed: ranking failed")
