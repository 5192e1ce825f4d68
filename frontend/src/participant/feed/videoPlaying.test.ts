// The play window's own changes to a card video are marked so the card does not report them
// as the participant's; each change clears only its own mark.
import assert from 'node:assert/strict';
import { describe, it, mock } from 'node:test';
import { setVideoPlaying } from './Card';

/** fakeVideo is what setVideoPlaying touches of a <video>; play() resolves when told. */
function fakeVideo() {
  let resolvePlay: () => void = () => {};
  const v = {
    paused: true,
    dataset: {} as Record<string, string | undefined>,
    play() {
      v.paused = false;
      return new Promise<void>((resolve) => {
        resolvePlay = resolve;
      });
    },
    pause() {
      v.paused = true;
    },
  };
  return { v, started: () => resolvePlay() };
}

describe('setVideoPlaying', () => {
  it("a pause's late timer does not unmark the play that came after it", async () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    try {
      const { v, started } = fakeVideo();
      v.paused = false;
      setVideoPlaying(v as unknown as HTMLVideoElement, false);
      assert.equal(v.dataset.auto, 'pause');
      setVideoPlaying(v as unknown as HTMLVideoElement, true); // scrolled back within 100 ms
      mock.timers.tick(100); // the pause's timer
      assert.equal(v.dataset.auto, 'play', "the play's mark stays until it has started");
      started();
      await Promise.resolve();
      await Promise.resolve();
      assert.equal(v.dataset.auto, undefined);
    } finally {
      mock.timers.reset();
    }
  });
});
