// The participant link a researcher pastes into a recruitment platform: the study URL
// plus the platform's own placeholders (PLATFORMS.md), which the platform fills in for
// each participant. My studies and the wizard both build links here.

/** PLATFORM_PARAMETERS are the query parameters each platform's link carries. */
export const PLATFORM_PARAMETERS: Readonly<Record<string, string>> = {
  prolific: '&PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}&SESSION_ID={{%SESSION_ID%}}',
  lucid: '&RID=[%RID%]',
  // MTurk adds assignmentId, hitId, workerId and turkSubmitTo to an external question by
  // itself; a custom platform and a classroom (none) add nothing.
  mturk: '',
  custom: '',
  none: '',
  '': '',
};

/**
 * participantLink is the link to a study for participants: base (the address the server
 * listens on, such as "http://192.168.1.20:8080/") + "?experiment_id=…" + the platform's
 * parameters. The platform placeholders stay as written: the platform replaces them.
 */
export function participantLink(base: string, experimentId: string, platform: string): string {
  const root = base.replace(/[?#].*$/, '').replace(/\/*$/, '/');
  const extra = PLATFORM_PARAMETERS[platform.trim().toLowerCase()] ?? '';
  return `${root}?experiment_id=${encodeURIComponent(experimentId)}${extra}`;
}
