// Command feedlab is a research appliance for social-media newsfeed experiments: one
// binary that serves the participant feed, the questionnaires and the researcher pages
// from an embedded SQLite database, and the command line to manage studies and data
// (package cli; run 'feedlab help').
package main

import (
	"os"

	"feedlab/cli"
	"feedlab/feed"
)

func main() {
	feed.RunWorkerIfAsked() // serve starts this binary again to run ranking scripts
	os.Exit(cli.Main())
}
