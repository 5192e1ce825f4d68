package limit

import (
	"net"
	"sync"
)

// Listener caps the open connections per client address: a client past Max gets its new
// connection closed at once, so one address cannot hold every file descriptor (slowloris).
// Max 0 means no cap.
type Listener struct {
	net.Listener
	Max int

	mu   sync.Mutex
	open map[string]int
}

// NewListener wraps ln with a cap of max open connections per remote IP.
func NewListener(ln net.Listener, max int) *Listener {
	return &Listener{Listener: ln, Max: max, open: map[string]int{}}
}

// Accept returns the next connection within the cap, closing those beyond it.
func (l *Listener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil || l.Max <= 0 {
			return c, err
		}
		ip := remoteIP(c)
		l.mu.Lock()
		if l.open[ip] >= l.Max {
			l.mu.Unlock()
			c.Close()
			continue
		}
		l.open[ip]++
		l.mu.Unlock()
		return &countedConn{Conn: c, release: func() { l.release(ip) }}, nil
	}
}

func (l *Listener) release(ip string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[ip]--; l.open[ip] <= 0 {
		delete(l.open, ip)
	}
}

func remoteIP(c net.Conn) string {
	host, _, err := net.SplitHostPort(c.RemoteAddr().String())
	if err != nil {
		return c.RemoteAddr().String()
	}
	return host
}

// countedConn gives its slot back once, however many times it is closed.
type countedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *countedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
