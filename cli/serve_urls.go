package cli

import (
	"fmt"
	"net"
)

// serveBases are the base addresses ("http://host:port") the server answers on: localhost
// first, then each LAN address (participants in a classroom open those); only the given
// address when serve listens on one. serve prints them and the researcher API's
// capabilities hands them to the wizard, so both say the same.
func serveBases(addr *net.TCPAddr, scheme string) []string {
	hosts := []string{"localhost"}
	if addr.IP != nil && !addr.IP.IsUnspecified() {
		hosts = []string{addr.IP.String()}
	} else {
		hosts = append(hosts, lanAddresses()...)
	}
	out := make([]string, len(hosts))
	for i, h := range hosts {
		out[i] = fmt.Sprintf("%s://%s", scheme, net.JoinHostPort(h, fmt.Sprint(addr.Port)))
	}
	return out
}

// participantURLs are serveBases as the pages' root URLs ("http://host:port/").
func participantURLs(addr *net.TCPAddr, scheme string) []string {
	bases := serveBases(addr, scheme)
	for i := range bases {
		bases[i] += "/"
	}
	return bases
}
