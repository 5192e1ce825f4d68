// Package params reads, checks and writes the per-condition parameters of a study.
//
// A study is defined by rows (condition, param, value), conditions numbered from 1.
// The same rows arrive from three places and leave by one:
//
//   - `feedlab study create --from params.csv`: ParseCSV, then Validate. The file holds
//     plain values (nothing URL-encoded) so that a study can be kept in a file,
//     preregistered and recreated.
//   - the create-study wizard's condition_settings (JSON): decode into []Row (Row accepts
//     the wizard's loose JSON), then FromWizard, which undoes the wizard's URL-encoding of
//     platform, redirect-url, completion-code, consent, custom-msg and instruct, then
//     Validate.
//   - "Verify parameters" and the experiment_parameters export: Study.Rows and WriteCSV,
//     which give back a params.csv that Validate accepts and that defines the same study.
//
// Condition.ExperimentParameters is what a participant's browser receives for its
// condition.
//
// Decisions where the spec is silent (also listed in the package's tests):
//
//   - title is study-wide and optional: one line of plain text, at most MaxTitleLen (200)
//     characters, surrounding spaces trimmed; if given on several conditions it must be the
//     same on each. Study.Rows writes it first, on condition 1 (empty when none), and
//     ExperimentParameters never carries it.
//   - At most MaxConditions (50) conditions. n-conditions may be given on any condition
//     and must equal the number of conditions; Study.Rows writes it once, on condition 1.
//   - Parameter names are exact (lower case); enumerated values (feed, buttons, types,
//     algorithm, platform, randomize_between_subjects, form names) are matched ignoring
//     case and surrounding spaces and stored in lower case. 'none' is accepted for the
//     None choice of intervention-type, custom-msg-type and platform.
//   - number_to_show left empty means all cards; it is stored as the set's size at the
//     time the study is created, so the recorded study says exactly how many cards were
//     shown. Entries of entity_sets may only have the three documented keys.
//   - Settings that do not apply are cleared silently rather than rejected, as the wizard
//     does: intervention-perc and intervention-video without an intervention type (the
//     video also with accprompt-modal), custom-msg without a custom-msg-type,
//     redirect-url unless the platform is prolific, lucid or custom, completion-code
//     unless the platform is mturk. The wizard always sends these fields.
//   - intervention-video is optional: when empty the default-modal shows the built-in demo
//     video. It is a media name or a /media/ path whose segments use only letters,
//     digits, '.', '_' and '-', ending in .mp4, .webm or .ogg; it is stored as the path.
//   - custom-msg is required when custom-msg-type is onpage or modal (there is nothing to
//     show otherwise).
//   - completion-code is optional for mturk: when empty a code is generated per
//     participant. It is at most 100 characters without control characters.
//   - redirect-url is an absolute http or https URL with a host, at most 2,000 characters,
//     without spaces or control characters.
//   - instruct, consent and custom-msg are kept as given except that line breaks become
//     "\n" (a CSV round trip cannot keep "\r"); each is at most MaxTextLen characters.
//   - A form may appear once in forms; an empty value, "null" or [] means no forms.
//   - Values must be valid UTF-8 without NUL characters. A params.csv file may be at most
//     MaxCSVBytes; a byte-order mark is skipped; WriteCSV writes RFC 4180 (CRLF) lines.
//   - The recruitment parameters (recruitment.go) are optional and written by Study.Rows only
//     when they differ from the default: assignment, assignment-active-minutes and
//     quota-total are study-wide (the same wherever given, written on every condition);
//     quota and the redirect-url-* exits are per condition, plain (not URL-encoded) values,
//     never sent to the participant's browser. attention-fail-exit quality-terminate needs
//     redirect-url-quality.
//   - ExperimentParameters URL-encodes exactly the six values the wizard encodes (as
//     encodeURIComponent does) and leaves the others plain: entity_sets and forms are JSON
//     text, the rest are tokens, numbers or a /media/ path. It also carries condition.
package params
