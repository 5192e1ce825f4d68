// Package cli is feedlab's command line: one file per subcommand, run by Run. Its usage
// is a contract (docs/decisions.md, ground rules) that tests and users depend on:
//
//	feedlab serve   [--addr :8080] [--data ./feedlab-data]      (default when no subcommand)
//	feedlab study create --from params.csv [--owner NAME]      prints the new experiment_id
//	feedlab sets import --name NAME --category CAT [--media DIR] stimuli.tsv
//	feedlab export --study ID --type TYPE [--out FILE] [--raw] [--codebook]
//	               [--dwell-cap-ms N] [--dwell-floor-ms N] [--trim N] [--saw-every-card]
//	feedlab study export --study ID --out FILE.zip
//	feedlab study import FILE.zip [--owner NAME]
//	feedlab backup --out FILE
//	feedlab explain --study ID --user USER_ID
//	feedlab questionnaire show NAME [--language TAG]
//	feedlab researcher add NAME [--password-stdin]
//	feedlab researcher list
//	feedlab researcher unlock NAME
//	feedlab researcher password NAME [--password-stdin]
//	feedlab researcher remove NAME
//	feedlab version
//
// Errors go to stderr with a non-zero exit status; data goes to stdout.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"feedlab/store"
)

// version is stamped by ./build.sh (-ldflags "-X feedlab/cli.version=...").
var version = "dev"

// defaultDataDir is where the database and media live unless --data says otherwise.
const defaultDataDir = "./feedlab-data"

const usage = `feedlab: a research appliance for social-media newsfeed experiments

Usage:
  feedlab serve   [--addr :8080] [--data ./feedlab-data]      (default when no subcommand)
                  [--contact EMAIL|https://...]               contact link on the home page (none: no link)
                  [--tls-cert FILE --tls-key FILE]            serve HTTPS
                  [--behind-proxy]                            trust X-Forwarded-For/-Proto (listen on 127.0.0.1)
                  [--frame-ancestors ORIGINS]                 who may embed the participant pages
                  [--arrivals-per-minute 200] [--signups-per-minute 10]
                                                              per client address
                  [--max-conns-per-client 1500]               open connections per address (0: no cap)
                  [--password-checks-per-minute 60]           password checks across the appliance
                  [--dropped-after 30m]                       dashboard: no event this long = dropped
                  [--pprof 127.0.0.1:6060]                    Go profiler, loopback only
                  [--min-free-space 1GB,5%]                   below this free space (the smaller of
                                                              the two) new participants see "study is
                                                              full", uploads and imports are refused
                  [--media-quota 5GB]                         media one researcher may upload (0: none)
                  [--bundle-max-size 2GB]                     a study bundle's decompressed files
                  [--script-timeout 200ms] [--script-memory 64MB]
                                                              bounds of one custom ranking
                                                              script's run for one participant
                  [--replicate URL]                           stream the database and copy media
                                                              as they change to file:///DIR,
                                                              s3://BUCKET/DIR or sftp://USER@HOST/DIR
  feedlab study create --from params.csv [--owner NAME] [--draft]
                                                              prints the new experiment_id;
                                                              without --owner every researcher sees it;
                                                              --draft: launch it later
  feedlab study open|pause|close ID                           a paused or closed study registers no new
                                                              participant; those in it can finish
  feedlab study launch|archive|restore|delete ID [--confirm ID]
                                                              launch a draft (the wizard's studies are
                                                              drafts); archive hides it and accepts no
                                                              one, restore brings it back; delete
                                                              removes it and its data (a launched
                                                              study needs --confirm ID)
  feedlab sets import --name NAME --category CAT [--media DIR] stimuli.tsv
                  [--min-free-space 1GB,5%]                   refused when the media would go below it
  feedlab export --study ID --type TYPE [--out FILE] [--raw] [--codebook]
                                                              TYPE: engagement, user_form,
                                                              entity_info, experiment_parameters,
                                                              inventory, stimulus_set, participants,
                                                              exposures; --raw: keep cells starting
                                                              =+-@ as stored; --codebook: the
                                                              columns' meanings (Markdown);
                                                              --include-test: keep preview/pilot
                                                              participants (column is_test)
         exposures only: [--dwell-cap-ms N] [--dwell-floor-ms N] [--trim N] [--saw-every-card]
                         [--drop-excluded]                    leave out excluded participants
  feedlab export --type signups [--out FILE] [--raw]         the home page's "Join the alpha" sign-ups
  feedlab study export --study ID --out FILE.zip              the study as a bundle: parameters,
                                                              stimulus sets, media, codebooks
  feedlab study import FILE.zip [--owner NAME] [--draft]      recreate a bundle's study; prints
                                                              the new experiment_id
                  [--bundle-max-size 2GB] [--min-free-space 1GB,5%]
  feedlab backup --out FILE                                   consistent copy while serving
  feedlab restore --from URL --data DIR [--at RFC3339]        rebuild an empty data directory from
                                                              a --replicate destination
  feedlab explain --study ID --user USER_ID                   a participant's feed card by card
                                                              with score and reason
  feedlab questionnaire show NAME [--language TAG]            a built-in questionnaire as a JSON
                                                              definition, to start your own from;
                                                              --language: feedlab's translation
  feedlab reconcile --study ID [--platform P] [--out FILE] LIST.csv
                                                              a platform's list against the study, both
                                                              ways, with each submitted code checked
  feedlab participant exclude STUDY USER_ID --reason TEXT     leave a participant out of the analysis
  feedlab participant include STUDY USER_ID                   (exports mark them); include undoes it
  feedlab researcher add NAME [--password-stdin]
  feedlab researcher list                                     one account a line: name, created (UTC date)
  feedlab researcher unlock NAME                              lift the account's sign-in lockout
                                                              (also while serve runs)
  feedlab researcher password NAME [--password-stdin]         set a new password (at least 10
                                                              characters); ends its sessions
  feedlab researcher remove NAME                              delete the account (not the last one,
                                                              nor one that owns studies)
  feedlab version

Every subcommand takes --data DIR (default ./feedlab-data).
`

// errUsage marks a command-line mistake: the message is printed with a hint to --help.
var errUsage = errors.New("usage")

// Main runs the process's command line (os.Args, the standard streams; SIGINT and SIGTERM
// cancel it) and returns the exit status: 0, 1 for an error, 2 for a command-line mistake.
func Main() int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := Run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "feedlab:", err)
		if errors.Is(err, errUsage) {
			fmt.Fprintln(os.Stderr, "Run 'feedlab help' for usage.")
			return 2
		}
		return 1
	}
	return 0
}

// Run runs one command line (args without the program name): data goes to stdout,
// progress to stderr; a failure is returned for the caller to print.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 || (len(args[0]) > 0 && args[0][0] == '-' && args[0] != "-h" && args[0] != "--help" && args[0] != "--version") {
		return cmdServe(ctx, args, stdout, stderr)
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "serve":
		return cmdServe(ctx, rest, stdout, stderr)
	case "study":
		switch {
		case len(rest) > 0 && rest[0] == "create":
			return cmdStudyCreate(ctx, rest[1:], stdout, stderr)
		case len(rest) > 0 && (rest[0] == "open" || rest[0] == "pause" || rest[0] == "close"):
			return cmdStudyStatus(ctx, rest[0], rest[1:], stdout, stderr)
		case len(rest) > 0 && (rest[0] == "launch" || rest[0] == "archive" || rest[0] == "restore" || rest[0] == "delete"):
			return cmdStudyLifecycle(ctx, rest[0], rest[1:], stdout, stderr)
		case len(rest) > 0 && rest[0] == "export":
			return cmdStudyExport(ctx, rest[1:], stdout, stderr)
		case len(rest) > 0 && rest[0] == "import":
			return cmdStudyImport(ctx, rest[1:], stdout, stderr)
		}
		return fmt.Errorf("%w: expected 'feedlab study create --from params.csv', 'feedlab study open|pause|close ID', 'feedlab study launch|archive|restore|delete ID', 'feedlab study export --study ID --out FILE.zip' or 'feedlab study import FILE.zip'", errUsage)
	case "sets":
		if len(rest) == 0 || rest[0] != "import" {
			return fmt.Errorf("%w: expected 'feedlab sets import --name NAME --category CAT [--media DIR] stimuli.tsv'", errUsage)
		}
		return cmdSetsImport(ctx, rest[1:], stdout, stderr)
	case "export":
		return cmdExport(ctx, rest, stdout, stderr)
	case "backup":
		return cmdBackup(ctx, rest, stdout, stderr)
	case "restore":
		return cmdRestore(ctx, rest, stdout, stderr)
	case "explain":
		return cmdExplain(ctx, rest, stdout, stderr)
	case "participant":
		return cmdParticipant(ctx, rest, stdout, stderr)
	case "reconcile":
		return cmdReconcile(ctx, rest, stdout, stderr)
	case "questionnaire":
		return cmdQuestionnaire(ctx, rest, stdout, stderr)
	case "researcher":
		switch {
		case len(rest) > 0 && rest[0] == "add":
			return cmdResearcherAdd(ctx, rest[1:], stdin, stdout, stderr)
		case len(rest) > 0 && rest[0] == "list":
			return cmdResearcherList(ctx, rest[1:], stdout, stderr)
		case len(rest) > 0 && rest[0] == "unlock":
			return cmdResearcherUnlock(ctx, rest[1:], stdout, stderr)
		case len(rest) > 0 && rest[0] == "password":
			return cmdResearcherPassword(ctx, rest[1:], stdin, stdout, stderr)
		case len(rest) > 0 && rest[0] == "remove":
			return cmdResearcherRemove(ctx, rest[1:], stdout, stderr)
		}
		return fmt.Errorf("%w: expected 'feedlab researcher add NAME [--password-stdin]', 'feedlab researcher list', 'feedlab researcher unlock NAME', 'feedlab researcher password NAME [--password-stdin]' or 'feedlab researcher remove NAME'", errUsage)
	case "version", "--version":
		fmt.Fprintln(stdout, "feedlab", version)
		return nil
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		return fmt.Errorf("%w: unknown command %q", errUsage, cmd)
	}
}

// newFlags makes a flag set for a subcommand that reports errors instead of exiting.
func newFlags(name string, stderr io.Writer) (*flag.FlagSet, *string) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	data := fs.String("data", defaultDataDir, "data directory (database and media)")
	return fs, data
}

// noPositional refuses arguments a command does not take, so a forgotten flag name
// ("export ... out.csv") is an error instead of being silently ignored.
func noPositional(pos []string) error {
	if len(pos) > 0 {
		return fmt.Errorf("%w: unexpected argument %q", errUsage, pos[0])
	}
	return nil
}

// requireDatabase refuses a data directory without a database, so a mistyped --data for
// a command that reads data says so instead of creating an empty database.
func requireDatabase(dir string) error {
	if _, err := os.Stat(filepath.Join(dir, store.DatabaseFile)); err != nil {
		return fmt.Errorf("no feedlab database in %s (check --data): %w", dir, err)
	}
	return nil
}

// parseFlags parses flags that may come before, between or after positional arguments
// ("researcher add NAME --password-stdin") and returns the positionals.
func parseFlags(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, fmt.Errorf("%w: %v", errUsage, err)
		}
		args = fs.Args()
		if len(args) == 0 {
			return positional, nil
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
}
