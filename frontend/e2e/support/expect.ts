// The suite's `expect`: Playwright's, with expect.poll probing sooner. Its default waits
// 100, 250, 500 and then 1,000 ms between probes, so a condition met just after the first
// probe (an event the outbox sends a few milliseconds later, a row reaching the export)
// cost the test most of a second; a probe here is an export request or a page
// evaluation, cheap enough to repeat every 100 ms. A call's own `intervals` still win.
import { expect as base } from '@playwright/test';

/** POLL_INTERVALS are the waits between expect.poll's probes (the last one repeats). */
export const POLL_INTERVALS = [25, 50, 100];

export const expect: typeof base = new Proxy(base, {
  get(target, prop, receiver) {
    if (prop === 'poll') {
      const poll = target.poll;
      // Its second argument is the options or, in Playwright's short form, a message.
      return ((fn: Parameters<typeof poll>[0], options?: Parameters<typeof poll>[1]) =>
        poll(fn, typeof options === 'string' ? { message: options, intervals: POLL_INTERVALS } : { intervals: POLL_INTERVALS, ...options })) as typeof poll;
    }
    return Reflect.get(target, prop, receiver);
  },
});
