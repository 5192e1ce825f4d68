package feed

import "context"

// DryRun is DryRunFor for a participant who brings nothing: the sandbox tests' shorthand.
func DryRun(ctx context.Context, src string, cards []Card) error {
	return DryRunFor(ctx, src, cards, Participant{})
}
