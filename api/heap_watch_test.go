package api

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// watchHeap samples the heap in use every interval, after a collection, until the stop it
// returns is called; stop answers by how much the heap in use grew at its highest (the
// tests that prove a body is streamed, not held, read it).
func watchHeap(every time.Duration) (stop func() (grew int64)) {
	runtime.GC()
	var base runtime.MemStats
	runtime.ReadMemStats(&base)
	var peak atomic.Uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		var m runtime.MemStats
		for {
			select {
			case <-done:
				return
			case <-time.After(every):
			}
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
		}
	}()
	return func() int64 {
		close(done)
		wg.Wait()
		return int64(peak.Load()) - int64(base.HeapInuse)
	}
}
